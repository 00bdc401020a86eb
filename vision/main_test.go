//go:build matprofile

package vision

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"gocv.io/x/gocv"
)

// TestMain fails the run when any test left a gocv Mat open: with the
// matprofile tag gocv counts every Mat created and not yet closed.
func TestMain(m *testing.M) {
	code := m.Run()
	if n := gocv.MatProfile.Count(); n != 0 {
		var b bytes.Buffer
		gocv.MatProfile.WriteTo(&b, 1)
		fmt.Fprintf(os.Stderr, "vision tests left %d gocv Mats open:\n%s", n, b.String())
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}
