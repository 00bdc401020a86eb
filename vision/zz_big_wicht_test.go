package vision_test

import (
	"os"
	"strings"
	"testing"
)

// TestBigWicht prints the wicht-sudoku measures over every photo
// (BINOCLE_BIG_WICHT=1).
func TestBigWicht(t *testing.T) {
	if os.Getenv("BINOCLE_BIG_WICHT") == "" {
		t.Skip("set BINOCLE_BIG_WICHT")
	}
	w := measureWicht(t, wichtPhotos(t, 1))
	var b strings.Builder
	w.write(&b)
	t.Log(b.String())
}
