package synth

import (
	"flag"
	"testing"
)

var (
	synthOut    = flag.String("synth-out", "", "write the suite's images and truth JSON to this directory")
	synthPhotos = flag.Int("synth-photos", 210, "photos to write with -synth-out")
	synthClean  = flag.Int("synth-clean", 42, "clean screenshots to write with -synth-out")
	synthSeed   = flag.Uint64("synth-seed", 20240611, "suite seed for -synth-out (the vision report's seed by default)")
)

func datasetsDir(t testing.TB) string {
	dir, err := SharedDir("datasets")
	if err != nil {
		t.Skipf("shared datasets absent: %v", err)
	}
	return dir
}

func library(t testing.TB) *Library {
	lib, err := LoadLibrary(datasetsDir(t))
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// TestWriteSuite writes the suite for inspection:
// go test ./vision/internal/synth -run TestWriteSuite -synth-out /tmp/synth
func TestWriteSuite(t *testing.T) {
	if *synthOut == "" {
		t.Skip("set -synth-out DIR to write the suite")
	}
	lib := library(t)
	for _, k := range []struct {
		kind Kind
		n    int
	}{{KindClean, *synthClean}, {KindPhoto, *synthPhotos}} {
		specs, err := lib.Suite(*synthSeed, k.kind, k.n)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range specs {
			sample, err := Render(s)
			if err != nil {
				t.Fatal(err)
			}
			if err := sample.WriteFiles(*synthOut); err != nil {
				t.Fatal(err)
			}
		}
	}
}
