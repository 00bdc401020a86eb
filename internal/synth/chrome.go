package synth

import (
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"

	"gocv.io/x/gocv"
)

// chromeLayout is what a screenshot's chrome leaves for the board and for
// body text (empty: none), and how much of its area the board takes.
type chromeLayout struct {
	board, text image.Rectangle
	fill        float64
}

// accents are the colours apps and sites paint their bars and buttons in.
var accents = []color.RGBA{{10, 102, 194, 255}, {22, 160, 133, 255}, {231, 76, 60, 255}, {142, 68, 173, 255},
	{243, 156, 18, 255}, {52, 73, 94, 255}, {0, 150, 136, 255}, {63, 81, 181, 255}}

var siteURLs = []string{"www.puzzle-binairo.com/binairo-20x20-hard/", "binarypuzzle.com/puzzles.php?size=10&level=3",
	"www.linkedin.com/games/tango/", "0hh1.com", "www.janko.at/Raetsel/Binairo/index.htm", "takuzu.app/daily"}

// drawChrome paints the spec's Chrome around where the board will go.
func drawChrome(m *gocv.Mat, spec *Spec, rng *rand.Rand, page, ink color.RGBA) chromeLayout {
	W, H := m.Cols(), m.Rows()
	accent := accents[rng.IntN(len(accents))]
	muted := shade(page, 0.35)
	switch spec.Chrome {
	case ChromePhone:
		return phoneChrome(m, spec, rng, page, ink, muted, accent)
	case ChromeWeb:
		return webChrome(m, spec, rng, page, ink, muted, accent)
	}
	mg := int(float64(min(W, H)) * (0.005 + 0.05*rng.Float64()))
	return chromeLayout{board: image.Rect(mg, mg, W-mg, H-mg), fill: 0.95 + 0.05*rng.Float64()}
}

func phoneChrome(m *gocv.Mat, spec *Spec, rng *rand.Rand, page, ink, muted, accent color.RGBA) chromeLayout {
	W, H := m.Cols(), m.Rows()
	u := float64(W) / 100
	px := func(f float64) int { return int(f * u) }
	// Status bar: the clock, signal bars and the battery.
	putLeft(m, fmt.Sprintf("%d:%02d", 7+rng.IntN(15), rng.IntN(60)), image.Pt(px(5), px(4.5)), 2.6*u, gocv.FontHersheySimplex, ink)
	for i := 0; i < 4; i++ {
		gocv.Rectangle(m, image.Rect(px(78+1.6*float64(i)), px(4.5-0.7*float64(i+1)), px(79+1.6*float64(i)), px(4.5)), ink, -1)
	}
	gocv.Rectangle(m, image.Rect(px(87), px(2), px(94), px(4.6)), ink, max(1, px(0.3)))
	gocv.Rectangle(m, image.Rect(px(87.6), px(2.6), px(87.6+5.8*(0.2+0.8*rng.Float64())), px(4)), ink, -1)
	// Header: back chevron, title, menu.
	top := px(7)
	hh := px(12)
	hdrInk := ink
	if rng.IntN(3) == 0 {
		gocv.Rectangle(m, image.Rect(0, top, W, top+hh), accent, -1)
		hdrInk = grey(250)
	}
	cy := top + hh/2
	t := max(1, px(0.6))
	bar(m, image.Pt(px(7), cy), image.Pt(px(4.5), cy-px(2.5)), t, hdrInk)
	bar(m, image.Pt(px(7), cy), image.Pt(px(4.5), cy+px(2.5)), t, hdrInk)
	putCentred(m, appTitles[rng.IntN(len(appTitles))], image.Pt(W/2, cy), 4.2*u, gocv.FontHersheyDuplex, max(1, px(0.5)), hdrInk)
	for i := -1; i <= 1; i++ {
		gocv.Rectangle(m, image.Rect(px(89), cy+i*px(1.8)-t/2, px(95), cy+i*px(1.8)+t/2+1), hdrInk, -1)
	}
	// Level and timer.
	info := top + hh + px(7)
	putLeft(m, []string{"Level ", "Puzzle #", "Easy ", "Hard "}[rng.IntN(4)]+fmt.Sprint(1+rng.IntN(300)), image.Pt(px(5), info), 3*u, gocv.FontHersheySimplex, muted)
	timer := fmt.Sprintf("%02d:%02d", rng.IntN(20), rng.IntN(60))
	gocv.CircleWithParams(m, image.Pt(px(78), info-px(1.3)), px(1.5), muted, max(1, px(0.3)), gocv.LineAA, 0)
	putLeft(m, timer, image.Pt(px(81), info), 3*u, gocv.FontHersheySimplex, muted)
	// Home indicator and a row of round buttons with labels.
	rgbaRoundRect{image.Rect(W/2-px(18), H-px(3), W/2+px(18), H-px(2)), px(1)}.fill(m, ink)
	labels := [][]string{{"Undo", "Hint", "Erase"}, {"Undo", "Redo", "Hint", "Check"}, {"Clear", "Hint", "Notes"}}[rng.IntN(3)]
	by := H - px(17)
	for i, l := range labels {
		x := W * (2*i + 1) / (2 * len(labels))
		gocv.CircleWithParams(m, image.Pt(x, by), px(5), accent, -1, gocv.LineAA, 0)
		putCentred(m, l[:1], image.Pt(x, by), 3.2*u, gocv.FontHersheyDuplex, max(1, px(0.4)), grey(250))
		putCentred(m, l, image.Pt(x, by+px(8)), 2.2*u, gocv.FontHersheySimplex, max(1, px(0.25)), muted)
	}
	return chromeLayout{board: image.Rect(px(4), info+px(3), W-px(4), by-px(8)), fill: 0.85 + 0.15*rng.Float64()}
}

func webChrome(m *gocv.Mat, spec *Spec, rng *rand.Rand, page, ink, muted, accent color.RGBA) chromeLayout {
	W, H := m.Cols(), m.Rows()
	u := float64(H) / 100
	px := func(f float64) int { return int(f * u) }
	frame := shade(page, 0.12)
	// Tab strip and address bar.
	gocv.Rectangle(m, image.Rect(0, 0, W, px(11)), frame, -1)
	rgbaRoundRect{image.Rect(px(2), px(1), px(2)+W/4, px(6)), px(1)}.fill(m, page)
	putLeft(m, []string{"Binairo - play online", "Binary Puzzle", "Tango | LinkedIn", "Takuzu daily"}[rng.IntN(4)], image.Pt(px(4), px(4.3)), 1.7*u, gocv.FontHersheySimplex, ink)
	for i := 0; i < 3; i++ {
		gocv.CircleWithParams(m, image.Pt(px(3+4*float64(i)), px(8.5)), px(1.2), muted, max(1, px(0.25)), gocv.LineAA, 0)
	}
	field := image.Rect(px(15), px(6.8), W-px(8), px(10.2))
	rgbaRoundRect{field, field.Dy() / 2}.fill(m, page)
	putLeft(m, siteURLs[rng.IntN(len(siteURLs))], image.Pt(field.Min.X+px(2), field.Max.Y-px(1)), 1.6*u, gocv.FontHersheySimplex, muted)
	// The site's own header with its name and menu.
	gocv.Rectangle(m, image.Rect(0, px(11), W, px(19)), accent, -1)
	putLeft(m, []string{"Binairo", "BinaryPuzzle.com", "Puzzle Games", "Logic Grids"}[rng.IntN(4)], image.Pt(px(3), px(16.5)), 3.5*u, gocv.FontHersheyDuplex, grey(250))
	for i, w := range []string{"Puzzles", "Rules", "Daily", "Login"} {
		putLeft(m, w, image.Pt(W-px(11*float64(4-i)), px(16)), 1.8*u, gocv.FontHersheySimplex, grey(240))
	}
	// The board on one side, text and an advert on the other, buttons under the board.
	split := W * (55 + rng.IntN(15)) / 100
	boardSide, textSide := image.Rect(px(3), px(22), split, H-px(11)), image.Rect(split+px(3), px(22), W-px(3), H-px(3))
	if rng.IntN(3) == 0 {
		boardSide = image.Rect(W-split, px(22), W-px(3), H-px(11))
		textSide = image.Rect(px(3), px(22), W-split-px(3), H-px(3))
	}
	if rng.IntN(2) == 0 {
		ad := image.Rect(textSide.Min.X, textSide.Max.Y-textSide.Dy()/3, textSide.Max.X, textSide.Max.Y)
		gocv.Rectangle(m, ad, shade(page, 0.06), -1)
		putCentred(m, "Advertisement", image.Pt((ad.Min.X+ad.Max.X)/2, ad.Min.Y+px(3)), 1.5*u, gocv.FontHersheySimplex, 1, muted)
		textSide.Max.Y = ad.Min.Y - px(2)
	}
	labels := []string{"Check", "Restart", "Solve"}
	for i, l := range labels {
		r := image.Rect(boardSide.Min.X+i*px(16), H-px(9), boardSide.Min.X+i*px(16)+px(14), H-px(4))
		rgbaRoundRect{r, px(1)}.fill(m, accent)
		putCentred(m, l, image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2), 1.8*u, gocv.FontHersheySimplex, 1, grey(250))
	}
	return chromeLayout{board: boardSide, text: textSide, fill: 0.8 + 0.2*rng.Float64()}
}

// putLeft writes text whose baseline starts at p, size pixels tall.
func putLeft(m *gocv.Mat, s string, p image.Point, size float64, font gocv.HersheyFont, col color.RGBA) {
	thick := max(1, int(size/12))
	unit := gocv.GetTextSize("0", font, 1, thick)
	scale := size / float64(max(1, unit.Y))
	gocv.PutTextWithParams(m, s, p, font, scale, col, thick, gocv.LineAA, false)
}
