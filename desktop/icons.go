//go:build ignore

// Command icons writes the app icon in the hicolor theme's sizes, scaled
// from gui/icon.png with Go's own image code, so that `make install` needs
// no ImageMagick (whose `convert` may be another program of that name).
//
//	go run desktop/icons.go SRC.png OUTDIR SIZE...
//
// writes OUTDIR/SIZE.png for each SIZE.
package main

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/image/draw"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "icons:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) < 3 {
		return fmt.Errorf("usage: go run desktop/icons.go SRC.png OUTDIR SIZE...")
	}
	f, err := os.Open(args[0])
	if err != nil {
		return err
	}
	defer f.Close()
	src, err := png.Decode(f)
	if err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	if err := os.MkdirAll(args[1], 0o755); err != nil {
		return err
	}
	for _, s := range args[2:] {
		size, err := strconv.Atoi(s)
		if err != nil || size < 1 || size > 1024 {
			return fmt.Errorf("size %q is not a number of pixels from 1 to 1024", s)
		}
		dst := image.NewNRGBA(image.Rect(0, 0, size, size))
		// CatmullRom keeps the small sizes sharp where bilinear blurs them.
		draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
		out, err := os.Create(filepath.Join(args[1], s+".png"))
		if err != nil {
			return err
		}
		if err := png.Encode(out, dst); err != nil {
			out.Close()
			return err
		}
		if err := out.Close(); err != nil {
			return err
		}
	}
	return nil
}
