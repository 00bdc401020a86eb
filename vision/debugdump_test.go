package vision

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDumpFixtureDebug writes each fixture and its debug image to the
// directory named by BINOCLE_DEBUG_DIR, for looking at what the reader
// sees; without it the test is skipped.
func TestDumpFixtureDebug(t *testing.T) {
	dir := os.Getenv("BINOCLE_DEBUG_DIR")
	if dir == "" {
		t.Skip("set BINOCLE_DEBUG_DIR to write fixture debug images")
	}
	for _, f := range fixtures {
		img, _ := f.render()
		name := strings.ReplaceAll(f.name, " ", "_")
		if err := WritePNG(filepath.Join(dir, name+".png"), img); err != nil {
			t.Fatal(err)
		}
		if r, err := Read(img); err == nil {
			dbg := DrawDebug(img, r)
			if err := WritePNG(filepath.Join(dir, name+"_debug.png"), dbg); err != nil {
				t.Fatal(err)
			}
			dbg.Close()
		}
		img.Close()
	}
}

// TestWriteReaderTestdata regenerates the images under testdata/reader/
// that the CLI tests read; it runs only when BINOCLE_WRITE_TESTDATA is set.
func TestWriteReaderTestdata(t *testing.T) {
	if os.Getenv("BINOCLE_WRITE_TESTDATA") == "" {
		t.Skip("set BINOCLE_WRITE_TESTDATA=1 to regenerate testdata/reader")
	}
	files := map[string]string{"takuzu 6x6 binarypuzzle-6x6-L1-000": "takuzu6.png", "tango-002": "tango6.png"}
	for _, f := range fixtures {
		name, ok := files[f.name]
		if !ok {
			continue
		}
		img, _ := f.render()
		err := WritePNG(filepath.Join("testdata", "reader", name), img)
		img.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
}
