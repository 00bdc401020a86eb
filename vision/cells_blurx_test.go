package vision

import "testing"

// TestBlurFilledXNotDisc: blur on small X's fills their arms into solid
// hourglasses, as solid as discs by their fill, yet notched at their
// flanks; a grid of them and O's is X/O, not discs and circles. Real discs
// beside the same rings, inked all along their flanks, stay discs. The
// features are those measured on blurred 16x12 photos (seed 4242 photos
// 150 and 157) and on disc/circle photos.
func TestBlurFilledXNotDisc(t *testing.T) {
	ring := cellFeatures{ink: 0.6, centre: 0.3, ends: 0.97, flanks: 0.95, hole: 0.08, fill: 0.69, aspect: 0.82, tone: 0.4}
	hourglass := cellFeatures{ink: 0.45, centre: 1, ends: 0.85, flanks: 0.55, fill: 0.87, aspect: 0.67, tone: 1.08}
	disc := cellFeatures{ink: 0.7, centre: 1, ends: 1, flanks: 0.93, fill: 0.8, aspect: 0.95, tone: 1.1}
	for _, c := range []struct {
		name  string
		solid cellFeatures
		want  Style
	}{
		{"blur-filled X's", hourglass, StyleXO},
		{"discs", disc, StyleDiscCircle},
	} {
		var feats []cellFeatures
		for i := 0; i < 40; i++ {
			switch i % 3 {
			case 0:
				feats = append(feats, ring)
			case 1:
				feats = append(feats, c.solid)
			default:
				feats = append(feats, cellFeatures{})
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
