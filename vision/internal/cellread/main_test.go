//go:build matprofile

package cellread

import (
	"testing"

	"binocle/internal/matleak"
)

// TestMain fails the run when any test left a gocv Mat open: with the
// matprofile tag gocv counts every Mat created and not yet closed.
func TestMain(m *testing.M) { matleak.Main(m, "vision/internal/cellread") }
