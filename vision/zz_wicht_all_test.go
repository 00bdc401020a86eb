package vision_test

import (
	"os"
	"strings"
	"testing"
)

// TestWichtAll measures the reader on every wicht-sudoku photo when
// BINOCLE_WICHT_ALL is set, without the rest of the full report.
func TestWichtAll(t *testing.T) {
	if os.Getenv("BINOCLE_WICHT_ALL") == "" {
		t.Skip("set BINOCLE_WICHT_ALL")
	}
	var out strings.Builder
	measureWicht(t, wichtPhotos(t, 1)).write(&out)
	t.Log("\n" + out.String())
}
