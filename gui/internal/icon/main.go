package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
)

// layer is one shape: inside reports whether a point (in 0..1 icon
// coordinates) is covered, colour what covers it there.
type layer struct {
	inside func(x, y float64) bool
	colour func(x, y float64) color.NRGBA
}

func solid(c color.NRGBA) func(x, y float64) color.NRGBA {
	return func(float64, float64) color.NRGBA { return c }
}

func roundedRect(x0, y0, x1, y1, r float64) func(x, y float64) bool {
	return func(x, y float64) bool {
		if x < x0 || x > x1 || y < y0 || y > y1 {
			return false
		}
		cx := math.Max(x0+r, math.Min(x, x1-r))
		cy := math.Max(y0+r, math.Min(y, y1-r))
		return math.Hypot(x-cx, y-cy) <= r
	}
}

func disc(cx, cy, r float64) func(x, y float64) bool {
	return func(x, y float64) bool { return math.Hypot(x-cx, y-cy) <= r }
}

func ring(cx, cy, r, width float64) func(x, y float64) bool {
	return func(x, y float64) bool {
		d := math.Hypot(x-cx, y-cy)
		return d <= r && d >= r-width
	}
}

func layers() []layer {
	navy := color.NRGBA{R: 0x12, G: 0x22, B: 0x55, A: 0xFF}
	paper := color.NRGBA{R: 0xF7, G: 0xF8, B: 0xFC, A: 0xFF}
	amber := color.NRGBA{R: 0xF2, G: 0x9A, B: 0x1D, A: 0xFF}
	gradient := func(x, y float64) color.NRGBA {
		top := [3]float64{0x46, 0x7C, 0xF0}
		bottom := [3]float64{0x1F, 0x3A, 0x98}
		t := y
		mix := func(i int) uint8 { return uint8(top[i] + (bottom[i]-top[i])*t) }
		return color.NRGBA{R: mix(0), G: mix(1), B: mix(2), A: 0xFF}
	}
	const lensY, lensR = 0.56, 0.235
	left, right := 0.30, 0.70
	return []layer{
		{roundedRect(0.03, 0.03, 0.97, 0.97, 0.2), gradient},
		// The bridge and the eyepieces join the lenses into binoculars.
		{roundedRect(0.40, 0.30, 0.60, 0.50, 0.04), solid(navy)},
		{roundedRect(0.20, 0.18, 0.40, 0.40, 0.05), solid(navy)},
		{roundedRect(0.60, 0.18, 0.80, 0.40, 0.05), solid(navy)},
		{disc(left, lensY, lensR), solid(paper)},
		{disc(right, lensY, lensR), solid(paper)},
		{ring(left, lensY, lensR, 0.045), solid(navy)},
		{ring(right, lensY, lensR, 0.045), solid(navy)},
		// 1 as a filled square, 0 as an open circle in the puzzle's colours.
		{roundedRect(left-0.085, lensY-0.085, left+0.085, lensY+0.085, 0.015), solid(navy)},
		{ring(right, lensY, 0.10, 0.035), solid(amber)},
	}
}

// render supersamples each pixel on a 4×4 grid so the curves are smooth.
func render(size int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	ls := layers()
	const ss = 4
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, g, b, a float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/ss) / float64(size)
					y := (float64(py) + (float64(sy)+0.5)/ss) / float64(size)
					var c color.NRGBA
					for _, l := range ls {
						if l.inside(x, y) {
							c = l.colour(x, y)
						}
					}
					fa := float64(c.A) / 255
					r += float64(c.R) * fa
					g += float64(c.G) * fa
					b += float64(c.B) * fa
					a += fa
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(px, py, color.NRGBA{R: uint8(r / a), G: uint8(g / a), B: uint8(b / a), A: uint8(a / (ss * ss) * 255)})
		}
	}
	return img
}

func main() {
	out := flag.String("o", "icon.png", "where to write the PNG")
	size := flag.Int("size", 512, "edge length in pixels")
	flag.Parse()
	if err := write(*out, *size); err != nil {
		fmt.Fprintln(os.Stderr, "icon:", err)
		os.Exit(1)
	}
}

func write(path string, size int) error {
	if size < 16 || size > 4096 {
		return fmt.Errorf("size %d is out of range 16..4096", size)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, render(size)); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}
