package cellread

import "testing"

// TestBlurFilledXNotDisc: blur on small X's fills their arms into solid
// hourglasses, as solid as discs by their fill, yet notched at their
// flanks; a grid of them and O's is X/O, not discs and circles. Real discs
// beside the same rings, inked all along their flanks, stay discs. The
// features are those measured on blurred 16x12 photos (seed 4242 photos
// 150 and 157) and on disc/circle photos.
func TestBlurFilledXNotDisc(t *testing.T) {
	ring := Features{Ink: 0.6, Centre: 0.3, Ends: 0.97, Flanks: 0.95, Hole: 0.08, Fill: 0.69, Aspect: 0.82, Tone: 0.4}
	hourglass := Features{Ink: 0.45, Centre: 1, Ends: 0.85, Flanks: 0.55, Fill: 0.87, Aspect: 0.67, Tone: 1.08}
	disc := Features{Ink: 0.7, Centre: 1, Ends: 1, Flanks: 0.93, Fill: 0.8, Aspect: 0.95, Tone: 1.1}
	for _, c := range []struct {
		name  string
		solid Features
		want  Style
	}{
		{"blur-filled X's", hourglass, StyleXO},
		{"discs", disc, StyleDiscCircle},
	} {
		var feats []Features
		for i := 0; i < 40; i++ {
			switch i % 3 {
			case 0:
				feats = append(feats, ring)
			case 1:
				feats = append(feats, c.solid)
			default:
				feats = append(feats, Features{})
			}
		}
		if got := detectStyle(feats); got != c.want {
			t.Errorf("%s: style %v, want %v", c.name, got, c.want)
		}
		cells, _ := labelFeatures(c.want, feats)
		if cells[0] != cells[3] || cells[1] != cells[4] || cells[0] == cells[1] {
			t.Errorf("%s: rings and solids not told apart: %v %v", c.name, cells[0], cells[1])
		}
	}
}
