package vision_test

import (
	"testing"

	"binocle/internal/synth"
	"binocle/vision/lab"
)

// labEnv finds the shared data beside the repository, or skips the test
// when it is not there.
func labEnv(t testing.TB) *lab.Env {
	env, err := lab.NewEnv("")
	if err != nil {
		t.Skipf("shared test data absent: %v", err)
	}
	return env
}

func synthLibrary(t testing.TB) *synth.Library {
	lib, err := labEnv(t).Library()
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// wichtDir is the wicht-sudoku photos' folder.
func wichtDir(t testing.TB) string {
	env := labEnv(t)
	s, err := lab.FindSuite("wicht")
	if err != nil {
		t.Fatal(err)
	}
	return env.Dir(s)
}

// wichtPhotos lists every stride-th wicht photo, or skips without them.
func wichtPhotos(t testing.TB, stride int) []string {
	paths, err := lab.WichtPhotos(wichtDir(t), stride)
	if err != nil {
		t.Skip(err)
	}
	return paths
}

// renderSuite renders specs beside the caller's reading (lab.RenderSuite)
// and fails the test on a spec that cannot be rendered.
func renderSuite(t testing.TB, specs []synth.Spec) <-chan synth.Sample {
	out := make(chan synth.Sample, 2)
	go func() {
		defer close(out)
		for rd := range lab.RenderSuite(specs) {
			if rd.Err != nil {
				t.Error(rd.Err)
				continue
			}
			out <- rd.Sample
		}
	}()
	return out
}
