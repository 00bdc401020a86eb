package vision

import (
	"os"
	"path/filepath"
	"sort"
	"syscall"
	"testing"
	"time"
)

// TestReadProbe reads every PNG in BINOCLE_READ_DIR a few times (twenty with
// BINOCLE_READ_REPS set, for a CPU profile) and logs
// the least CPU time each took: wall time on a shared machine says more
// about the neighbours than about the code. An offline probe.
func TestReadProbe(t *testing.T) {
	dir := os.Getenv("BINOCLE_READ_DIR")
	if dir == "" {
		t.Skip("offline probe")
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	var all []float64
	reps := 7
	if os.Getenv("BINOCLE_READ_REPS") != "" {
		reps = 20
	}
	for _, p := range paths {
		best := time.Hour
		var err error
		for i := 0; i < reps; i++ {
			s := cpuNow()
			_, err = ReadFile(p)
			best = min(best, cpuNow()-s)
		}
		ms := float64(best.Microseconds()) / 1000
		all = append(all, ms)
		t.Logf("%-45s %6.1f ms cpu err=%v", filepath.Base(p), ms, err)
	}
	t.Logf("median %.1f", probeMedian(all))
}

func probeMedian(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	return (s[(len(s)-1)/2] + s[len(s)/2]) / 2
}

// cpuNow is the process's CPU time.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
