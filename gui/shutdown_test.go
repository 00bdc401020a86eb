package gui

import (
	"testing"
	"time"
)

// Once the window is going away, Fyne runs late fyne.Do calls on the
// calling goroutine after GLFW is gone, and touching a window there panics.
// A job that finishes then must leave the window alone, and closing must
// not wait for it forever.
func TestBackgroundResultAfterStop(t *testing.T) {
	tests := []struct {
		name        string
		stopBefore  bool // stopped before the job finishes its work
		wantApplied bool
	}{
		{"running window applies the result", false, true},
		{"stopped window drops the result", true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := newTestUI(t)
			release := make(chan struct{})
			applied := false
			u.backgroundAlways(func() func() {
				<-release
				return func() { applied = true }
			})
			if tc.stopBefore {
				u.stopped.Store(true)
			}
			close(release)
			done := make(chan struct{})
			go func() { u.pending.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("the background job never finished: close would hang")
			}
			if applied != tc.wantApplied {
				t.Errorf("result applied = %v, want %v", applied, tc.wantApplied)
			}
		})
	}
}
