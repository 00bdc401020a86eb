//go:build matprofile

package matleak

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"gocv.io/x/gocv"
)

// Main runs the tests and exits, failing the run when any Mat is still
// open at the end; pkg names the package in the message.
func Main(m *testing.M, pkg string) {
	code := m.Run()
	if n := gocv.MatProfile.Count(); n != 0 {
		var b bytes.Buffer
		gocv.MatProfile.WriteTo(&b, 1)
		fmt.Fprintf(os.Stderr, "%s tests left %d gocv Mats open:\n%s", pkg, n, b.String())
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}
