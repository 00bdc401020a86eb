package vision

// Probe for big grids: BINOCLE_BIG=path[,path] decodes as ReadFile does,
// traces locate, and writes the blobs of every boundary map to
// BINOCLE_BIG_OUT.

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gocv.io/x/gocv"
)

func TestBigProbe(t *testing.T) {
	paths := os.Getenv("BINOCLE_BIG")
	if paths == "" {
		t.Skip("set BINOCLE_BIG")
	}
	out := os.Getenv("BINOCLE_BIG_OUT")
	if os.Getenv("BINOCLE_BIG_TRACE") != "" {
		locateTrace = func(format string, args ...any) {
			if !strings.HasPrefix(format, "walk from") {
				fmt.Printf(format+"\n", args...)
			}
		}
		defer func() { locateTrace = nil }()
	}
	for _, p := range strings.Split(paths, ",") {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		d, err := decodeImage(data, envInt(t, "BINOCLE_BIG_SIDE", readSide))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Println("==", p, d.mat.Cols(), d.mat.Rows())
		if out != "" {
			small, _ := downscale(d.mat, locateSide)
			gray := toGray(small)
			for vi, v := range edgeVariants {
				img := toBGR(gray)
				blobs := cellBlobs(gray, v)
				for _, b := range blobs {
					r := image.Rect(int(b.x)-b.w/2, int(b.y)-b.h/2, int(b.x)+b.w/2, int(b.y)+b.h/2)
					gocv.Rectangle(&img, r, color.RGBA{R: 255, A: 255}, 1)
				}
				fits := findLattices(blobs)
				for k, f := range fits {
					if k > 2 {
						break
					}
					fmt.Printf("variant %d fit %d: %dx%d cells %d size %.1f resid %.3f\n", vi, k, f.rows, f.cols, f.cells, f.cellSize, f.residual)
					q := f.quad()
					c := []color.RGBA{{G: 200, A: 255}, {B: 255, A: 255}, {R: 200, B: 200, A: 255}}[k]
					for i := range q {
						j := (i + 1) % 4
						gocv.Line(&img, pt(int(q[i][0]), int(q[i][1])), pt(int(q[j][0]), int(q[j][1])), c, 2)
					}
				}
				name := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
				if err := WritePNG(filepath.Join(out, fmt.Sprintf("%s.v%d.png", name, vi)), img); err != nil {
					t.Fatal(err)
				}
				img.Close()
			}
			gray.Close()
			small.Close()
		}
		t0 := time.Now()
		c, scale, err := locate(d.mat)
		fmt.Printf("locate: %dx%d scale %.2f err %v quad %v in %v\n", c.rows.n, c.cols.n, scale, err, c.quad, time.Since(t0))
		if out != "" && err == nil {
			small, _ := downscale(d.mat, locateSide)
			for _, q := range c.centres {
				gocv.Circle(&small, pt(int(q[0]), int(q[1])), 1, color.RGBA{R: 255, A: 255}, -1)
			}
			name := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
			_ = WritePNG(filepath.Join(out, name+".centres.png"), small)
			small.Close()
		}
		d.mat.Close()
	}
}
