package store

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The reliability tests re-run this test binary as child processes that
// write to a store; these variables tell a child what to do.
const (
	childModeEnv = "BINOCLE_STORE_CRASH_CHILD" // "crash" or "concurrent"
	childDirEnv  = "BINOCLE_STORE_CHILD_DIR"
	childBaseEnv = "BINOCLE_STORE_CHILD_BASE" // first sequence number
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(childModeEnv); mode != "" {
		base, _ := strconv.Atoi(os.Getenv(childBaseEnv))
		if err := runChild(mode, os.Getenv(childDirEnv), base); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	code := m.Run()
	removeBenchStore()
	os.Exit(code)
}

// concurrentSaves is how many records each concurrent child saves.
const concurrentSaves = 80

// childWork is what a child saves at step i: the record, and the photo
// bytes (every third record has its own photo, the next one shares it).
func childWork(base, i int) (*Record, []byte) {
	seq := base + i
	rec := sampleRecord(seq)
	switch i % 3 {
	case 0:
		return rec, samplePhoto(seq)
	case 1:
		return rec, samplePhoto(seq - 1)
	}
	return rec, nil
}

// runChild saves (and now and then deletes) records, printing each one
// after the call returned: "saved ID SEQ", "deleted ID". A deletion is
// announced first ("deleting ID"), as the kill may cut it short after its
// commit.
func runChild(mode, dir string, base int) error {
	st, err := Open(dir)
	if err != nil {
		return err
	}
	fmt.Println("ready")
	var ids []int64
	for i := 0; mode == "crash" || i < concurrentSaves; i++ {
		rec, photo := childWork(base, i)
		id, err := st.Save(rec, photo)
		if err != nil {
			return err
		}
		fmt.Printf("saved %d %d\n", id, base+i)
		ids = append(ids, id)
		if i%5 == 4 {
			victim := ids[len(ids)-3]
			fmt.Printf("deleting %d\n", victim)
			if err := st.Delete(victim); err != nil {
				return err
			}
			fmt.Printf("deleted %d\n", victim)
		}
	}
	return st.Close()
}

// childLog is what a child reported before it died.
type childLog struct {
	saved    map[int64]int // ID to sequence number
	deleted  map[int64]bool
	deleting map[int64]bool // started, maybe finished
}

// startChild starts a child; ready closes once its Open has returned.
func startChild(t *testing.T, mode, dir string, base int) (cmd *exec.Cmd, ready <-chan struct{}, done <-chan childLog) {
	t.Helper()
	cmd = exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childModeEnv+"="+mode, childDirEnv+"="+dir, childBaseEnv+"="+strconv.Itoa(base))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	logc := make(chan childLog, 1)
	readyc := make(chan struct{})
	go func() {
		log := childLog{saved: map[int64]int{}, deleted: map[int64]bool{}, deleting: map[int64]bool{}}
		r := bufio.NewReader(out)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				break // a line cut by the kill was never fully reported
			}
			f := strings.Fields(line)
			switch {
			case len(f) == 1 && f[0] == "ready":
				close(readyc)
			case len(f) == 3 && f[0] == "saved":
				id, _ := strconv.ParseInt(f[1], 10, 64)
				seq, _ := strconv.Atoi(f[2])
				log.saved[id] = seq
			case len(f) == 2 && (f[0] == "deleted" || f[0] == "deleting"):
				id, _ := strconv.ParseInt(f[1], 10, 64)
				if f[0] == "deleted" {
					log.deleted[id] = true
				} else {
					log.deleting[id] = true
				}
			}
		}
		io.Copy(io.Discard, out)
		logc <- log
	}()
	return cmd, readyc, logc
}

func TestCrashSafety(t *testing.T) {
	kills := 50
	if testing.Short() {
		kills = 10
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(2024, 1))
	saved := map[int64]int{}
	deleted := map[int64]bool{}
	deleting := map[int64]bool{}
	for run := 0; run < kills; run++ {
		cmd, ready, logc := startChild(t, "crash", dir, run*100_000)
		// Most kills land amid saves; every fifth during start-up, inside
		// Open's migration or clean-up.
		if run%5 == 0 {
			time.Sleep(time.Duration(rng.IntN(40)) * time.Millisecond)
		} else {
			select {
			case <-ready:
			case <-time.After(10 * time.Second): // not a timing assertion: the kill below ends the child either way
			}
			time.Sleep(time.Duration(rng.IntN(200)) * time.Millisecond)
		}
		cmd.Process.Signal(syscall.SIGKILL)
		err := cmd.Wait()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("run %d: the child ended by itself (%v) before the kill", run, err)
		}
		log := <-logc
		for id, seq := range log.saved {
			if _, dup := saved[id]; dup {
				t.Fatalf("run %d: ID %d reported saved twice", run, id)
			}
			saved[id] = seq
		}
		for id := range log.deleted {
			deleted[id] = true
		}
		for id := range log.deleting {
			deleting[id] = true
		}
	}
	t.Logf("%d kills: %d saves and %d deletes returned before a kill", kills, len(saved), len(deleted))

	st, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var check string
	if err := st.db.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check: %q, %v", check, err)
	}

	// Every record is one a child meant to save, complete; every save that
	// returned is there unless a returned delete removed it.
	all, _, err := st.List(Filter{})
	if err != nil {
		t.Fatal(err)
	}
	present := map[int64]bool{}
	unreported := 0
	for _, got := range all {
		present[got.ID] = true
		seq, reported := saved[got.ID]
		if !reported {
			unreported++
			if _, err := fmt.Sscanf(got.Notes, "seq %d", &seq); err != nil {
				t.Errorf("record #%d is no record a child saved: notes %q", got.ID, got.Notes)
				continue
			}
		}
		checkChildRecord(t, st, got, seq)
	}
	if unreported > kills {
		t.Errorf("%d records whose save was not reported, more than the %d kills could cut short", unreported, kills)
	}
	for id := range saved {
		if !present[id] && !deleting[id] {
			t.Errorf("record #%d was reported saved and is gone", id)
		}
	}
	for id := range deleted {
		if present[id] {
			t.Errorf("record #%d was reported deleted and is still there", id)
		}
	}
	checkNoOrphans(t, st, all)
}

// checkChildRecord compares a record with what childWork saved as seq.
func checkChildRecord(t *testing.T, st *Store, got Record, seq int) {
	t.Helper()
	base := seq / 100_000 * 100_000
	want, photo := childWork(base, seq-base)
	if photo != nil {
		want.PhotoHash = HashPhoto(photo)
	}
	want.ID, want.Updated = got.ID, got.Updated
	want.Created = want.Created.UTC()
	if !reflect.DeepEqual(&got, want) {
		t.Errorf("record #%d (seq %d) is not what was saved:\n got %+v\nwant %+v", got.ID, seq, got, *want)
		return
	}
	if photo != nil {
		data, err := st.Photo(got.PhotoHash)
		if err != nil || HashPhoto(data) != got.PhotoHash {
			t.Errorf("record #%d: photo missing or damaged (%v)", got.ID, err)
		}
		if st.ThumbnailPath(got.PhotoHash) == "" {
			t.Errorf("record #%d: thumbnail missing", got.ID)
		}
	}
}

// checkNoOrphans: every file under photos/ belongs to a record's photo.
func checkNoOrphans(t *testing.T, st *Store, all []Record) {
	t.Helper()
	used := map[string]bool{}
	for _, r := range all {
		used[r.PhotoHash] = true
	}
	filepath.WalkDir(filepath.Join(st.Dir(), photosDir), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		hash, _, _ := strings.Cut(d.Name(), ".")
		if !used[hash] {
			t.Errorf("orphan file %s", p)
		}
		return nil
	})
}

func TestTwoProcessesWriteAtOnce(t *testing.T) {
	dir := t.TempDir() // fresh: the two also race to create and migrate it
	type child struct {
		cmd  *exec.Cmd
		logc <-chan childLog
	}
	var children []child
	for i := 0; i < 2; i++ {
		// Same base for both: their photos are the same bytes, so they
		// also race on storing and removing the same files.
		cmd, _, logc := startChild(t, "concurrent", dir, 500_000)
		children = append(children, child{cmd, logc})
	}
	saved := map[int64]int{}
	deleted := map[int64]bool{}
	for i, c := range children {
		if err := c.cmd.Wait(); err != nil {
			t.Errorf("child %d failed (its error is above): %v", i, err)
		}
		log := <-c.logc
		for id, seq := range log.saved {
			saved[id] = seq
		}
		for id := range log.deleted {
			deleted[id] = true
		}
	}
	if len(saved) != 2*concurrentSaves {
		t.Fatalf("%d distinct saves reported, want %d", len(saved), 2*concurrentSaves)
	}
	st, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	all, total, err := st.List(Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if total != len(saved)-len(deleted) {
		t.Errorf("%d records, want %d saved - %d deleted", total, len(saved), len(deleted))
	}
	for _, r := range all {
		if deleted[r.ID] {
			t.Errorf("record #%d deleted but present", r.ID)
		}
		checkChildRecord(t, st, r, saved[r.ID])
	}
	checkNoOrphans(t, st, all)
}
