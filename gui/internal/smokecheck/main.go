package main

import (
	"flag"
	"fmt"
	"image"
	_ "image/png"
	"os"
)

// isOverlay accepts vision's solved colour (0, 170, 90) drawn at 85%
// opacity over anything from shadowed to white paper.
func isOverlay(r, g, b uint32) bool {
	r, g, b = r>>8, g>>8, b>>8
	return r <= 70 && g >= 135 && g <= 210 && b >= 75 && b <= 135 && g >= r+90 && g >= b+40
}

// count returns the overlay pixels and how many distinct colours the image
// holds, which tells a real window from a blank screen.
func count(img image.Image) (overlay, colours int) {
	seen := map[uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if isOverlay(r, g, bl) {
				overlay++
			}
			if len(seen) < 4096 {
				seen[(r>>8)<<16|(g>>8)<<8|bl>>8] = true
			}
		}
	}
	return overlay, len(seen)
}

func main() {
	min := flag.Int("min", 300, "overlay pixels needed to pass")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: smokecheck [-min N] screenshot.png")
		os.Exit(2)
	}
	path := flag.Arg(0)
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "smokecheck:", err)
		os.Exit(2)
	}
	img, _, err := image.Decode(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(os.Stderr, "smokecheck: %s: %v\n", path, err)
		os.Exit(2)
	}
	overlay, colours := count(img)
	fmt.Printf("smokecheck: %s: %d overlay pixels (need %d), %d colours\n", path, overlay, *min, colours)
	if colours < 16 {
		fmt.Println("smokecheck: the screen is blank")
		os.Exit(1)
	}
	if overlay < *min {
		fmt.Println("smokecheck: no solved overlay on screen")
		os.Exit(1)
	}
}
