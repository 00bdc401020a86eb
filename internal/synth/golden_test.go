package synth

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"binocle/solver"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/tuned-golden.json from the current renderer")

// goldenSeed is the report suite's seed (vision/lab.ReportSeed): the
// suite README's accuracy tables are measured on.
const goldenSeed = 20240611

// goldenPhotoPixels caps the photos hashed, so that the test stays quick on
// two cores; the small photos cover every style all the same.
const goldenPhotoPixels = 2_100_000

// TestTunedPixelsUnchanged guards the tuned suites: the report's numbers
// are only comparable from one day to the next while their specs and
// pixels stay exactly as they are, whatever the wild looks add. It hashes
// the spec lists (a Suite that draws one more random number shifts every
// later spec) and the decoded pixels and truth corners of a few renders of
// each kind.
func TestTunedPixelsUnchanged(t *testing.T) {
	lib := library(t)
	got := map[string]string{}
	for _, kind := range []Kind{KindClean, KindPhoto} {
		specs, err := lib.Suite(goldenSeed, kind, 240)
		if err != nil {
			t.Fatal(err)
		}
		var legacy []tunedFields
		for _, s := range specs {
			legacy = append(legacy, tunedFieldsOf(s))
			if !reflect.DeepEqual(s, legacy[len(legacy)-1].spec()) {
				t.Errorf("tuned spec %s sets a field the tuned looks never had", s.Name)
			}
		}
		js, err := json.Marshal(legacy)
		if err != nil {
			t.Fatal(err)
		}
		got["specs "+string(kind)] = digest(js)
		styles := map[string]bool{}
		for i, s := range specs {
			small := s.Width*s.Height <= goldenPhotoPixels
			if i >= 9 && (styles[s.Style] || !small) || kind == KindPhoto && !small {
				continue
			}
			styles[s.Style] = true
			sample, err := Render(s)
			if err != nil {
				t.Fatal(err)
			}
			got[s.Name] = sampleDigest(t, sample)
		}
	}
	for _, style := range Styles {
		sample, err := Render(handSpec(KindClean, style, lookFor(style), 7, 9))
		if err != nil {
			t.Fatal(err)
		}
		got["hand "+style] = sampleDigest(t, sample)
	}
	data, err := NoGrid(3, 800, 600)
	if err != nil {
		t.Fatal(err)
	}
	got["nogrid"] = sampleDigest(t, Sample{Data: data, Ext: ".jpg"})

	path := filepath.Join("testdata", "tuned-golden.json")
	if *updateGolden {
		js, _ := json.MarshalIndent(got, "", "  ")
		if err := os.WriteFile(path, append(js, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]string
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(got) {
		t.Errorf("%d golden entries, %d rendered", len(want), len(got))
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: digest %s, golden %s: the tuned look changed", k, got[k], w)
		}
	}
}

// tunedFields are the Spec fields the tuned suites had before the wild
// looks came; the spec lists are hashed through them, so that a new field
// (zero in every tuned spec) leaves the digest as it was.
type tunedFields struct {
	Name, Style, Source      string
	Seed                     uint64
	Kind                     Kind
	Look                     Look
	Rows, Cols               int
	Cells, Givens            []string
	Edges                    []solver.Edge
	Width, Height            int
	Fill, Tilt, Rotate, Bend float64
	Orientation              int
	ClueScale, ClueStroke    float64
	ClueBadge, Dark          bool
}

func tunedFieldsOf(s Spec) tunedFields {
	return tunedFields{s.Name, s.Style, s.Source, s.Seed, s.Kind, s.Look, s.Rows, s.Cols, s.Cells, s.Givens, s.Edges,
		s.Width, s.Height, s.Fill, s.Tilt, s.Rotate, s.Bend, s.Orientation, s.ClueScale, s.ClueStroke, s.ClueBadge, s.Dark}
}

func (f tunedFields) spec() Spec {
	return Spec{Name: f.Name, Seed: f.Seed, Kind: f.Kind, Style: f.Style, Look: f.Look, Source: f.Source,
		Rows: f.Rows, Cols: f.Cols, Cells: f.Cells, Givens: f.Givens, Edges: f.Edges, Width: f.Width, Height: f.Height,
		Fill: f.Fill, Tilt: f.Tilt, Rotate: f.Rotate, Bend: f.Bend, Orientation: f.Orientation,
		ClueScale: f.ClueScale, ClueStroke: f.ClueStroke, ClueBadge: f.ClueBadge, Dark: f.Dark}
}

func digest(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:12])
}

// sampleDigest hashes decoded pixels, not file bytes, so that a different
// zlib does not read as a changed picture; the corners come with them.
func sampleDigest(t *testing.T, s Sample) string {
	t.Helper()
	img := decode(t, s)
	h := sha256.New()
	switch m := img.(type) {
	case *image.YCbCr:
		h.Write(m.Y)
		h.Write(m.Cb)
		h.Write(m.Cr)
	case *image.RGBA:
		h.Write(m.Pix)
	case *image.NRGBA:
		h.Write(m.Pix)
	case *image.Gray:
		h.Write(m.Pix)
	default:
		t.Fatalf("unexpected decoded image %T", img)
	}
	fmt.Fprintf(h, "%v", s.Truth.Corners)
	return hex.EncodeToString(h.Sum(nil)[:12])
}
