package locate

import (
	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

// chromaRung looks for the lattice of closed cells again, in the copy's
// two colour planes (CIE Lab's a and b) instead of its grey: an app's
// tiles can differ from the page around them and from the gaps between
// them in hue alone, pink-grey tiles on a greenish page or a pale
// board on cream, the same grey to within a few levels, so that no
// boundary map of the grey closes them. The lattice's accept rule is the
// lattice rung's (gridRule), the lines being measured in the same colour
// plane. It comes after every grey rung: a colour plane shows coloured
// print and pictures as boldly as tiles.
var chromaRung = locator{
	name: "chroma",
	Run: func(cs *copies) (Sighting, bool) {
		lc := cs.at(LocateSide)
		for _, plane := range []copyPlane{chromaAPlane, chromaBPlane} {
			chroma, ok := lc.planeMat(plane)
			if !ok {
				continue
			}
			var fits []LatticeFit
			for _, v := range EdgeVariants {
				fits = PreferFiner(append(fits, FindLattices(lc.cellBlobs(plane, v))...))
			}
			f, ev, ok := FirstGrid(chroma, fits)
			if !ok {
				continue
			}
			// Not grown by its lines as the lattice rung's is: the
			// stretch that shows the tiles shows a JPEG's colour grain
			// and the page's print as ridges too, and the followers
			// grew it over the text beside the board.
			f = AdjustBent(chroma, f)
			c := latticeCandidate(f, ev)
			c.Evidence.Chroma = true
			return Sighting{C: c, scale: lc.scale, fit: f}, true
		}
		return Sighting{}, false
	},
}

// chromaGain stretches a colour plane about its median: a hue step that
// tells tiles from a page is a handful of Lab levels, which the boundary
// maps, tuned on grey lines tens of levels deep, would take for grain.
const chromaGain = 6

// chromaPlanes returns img's Lab a and b planes, each stretched by
// chromaGain about its median and centred on mid-grey. The caller closes
// them.
func chromaPlanes(img gocv.Mat) []gocv.Mat {
	if img.Channels() < 3 {
		return nil
	}
	bgr := raster.ToBGR(img)
	defer bgr.Close()
	lab := gocv.NewMat()
	defer lab.Close()
	gocv.CvtColor(bgr, &lab, gocv.ColorBGRToLab)
	chans := gocv.Split(lab)
	if neutral(chans[1:]) {
		for _, c := range chans {
			c.Close()
		}
		return nil
	}
	var out []gocv.Mat
	for i, c := range chans {
		if i == 0 {
			c.Close()
			continue
		}
		// A camera keeps colour at a fraction of its grey's resolution
		// and its grain is in every channel: smoothed first, the
		// stretch shows the tiles' hue rather than the grain's.
		gocv.GaussianBlur(c, &c, raster.Pt(5, 5), 0, 0, gocv.BorderReplicate)
		med := raster.Percentile(sampledLevels(raster.PlaneOf(c)), 0.5)
		st := gocv.NewMat()
		c.ConvertToWithParams(&st, gocv.MatTypeCV8U, chromaGain, float32(128-chromaGain*med))
		c.Close()
		out = append(out, st)
	}
	return out
}

// neutralSpread is the widest range of levels, in an 8-bit Lab colour
// plane, of a picture with no hue at all: a grey page's JPEG rounds its
// channels apart by a level or two. Tiles that differ from their page
// in hue alone differ by a handful of levels over much of the picture;
// in a picture this neutral the colour planes would show nothing but
// the rounding, stretched by chromaGain, and the boundary maps that
// search them are the costliest part of a read the rules send down
// both ladders.
const neutralSpread = 2

// neutral tells whether every colour plane stays within neutralSpread.
func neutral(planes []gocv.Mat) bool {
	for _, c := range planes {
		lo, hi, _, _ := gocv.MinMaxLoc(c)
		if raster.Trace != nil {
			raster.Trace("chroma plane levels %.0f..%.0f", lo, hi)
		}
		if hi-lo > neutralSpread {
			return false
		}
	}
	return true
}

// sampledLevels is every seventh pixel's level, enough for a median.
func sampledLevels(p raster.Plane) []float64 {
	var v []float64
	for k := 0; k < len(p.Pix); k += 7 {
		v = append(v, float64(p.Pix[k]))
	}
	return v
}
