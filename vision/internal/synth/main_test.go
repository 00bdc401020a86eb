//go:build matprofile

package synth

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"gocv.io/x/gocv"
)

// TestMain fails the run when rendering left a gocv Mat open.
func TestMain(m *testing.M) {
	code := m.Run()
	if n := gocv.MatProfile.Count(); n != 0 {
		var b bytes.Buffer
		gocv.MatProfile.WriteTo(&b, 1)
		fmt.Fprintf(os.Stderr, "synth left %d gocv Mats open:\n%s", n, b.String())
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}
