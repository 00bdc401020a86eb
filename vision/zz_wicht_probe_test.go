package vision_test

import (
	"os"
	"strings"
	"testing"
)

// TestWichtProbe measures all the wicht-sudoku photos alone; an offline
// probe (BINOCLE_WICHT=1), a fifth of the time of the full report.
func TestWichtProbe(t *testing.T) {
	if os.Getenv("BINOCLE_WICHT") == "" {
		t.Skip("offline probe")
	}
	var out strings.Builder
	measureWicht(t, wichtPhotos(t, 1)).write(&out)
	t.Log("\n" + out.String())
}
