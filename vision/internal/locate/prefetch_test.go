package locate

import (
	"slices"
	"testing"
)

// A lattice search cuts the next boundary map's blobs on another
// goroutine while it looks at this one's (prefetchBlobs). Whichever
// goroutine cuts them, and in whatever order the maps are asked for, a
// copy gives the blobs CellBlobs gives its plane; and closing the copies
// while a prefetch still cuts waits for it (the leak check of TestMain
// and the race detector would see it otherwise).
func TestPrefetchedBlobsAreCellBlobs(t *testing.T) {
	img := squaresAndRings(12, 12, 40, 0.5, 3)
	defer img.Close()
	for _, tc := range []struct {
		name     string
		prefetch []edgeVariant
	}{
		{"none ahead", nil},
		{"each ahead", EdgeVariants},
		{"the last first", []edgeVariant{faintLines, cannyEdges}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs := NewCopies(img)
			lc := cs.at(LocateSide)
			for _, v := range tc.prefetch {
				lc.prefetchBlobs(greyPlane, v)
			}
			for _, v := range EdgeVariants {
				want := CellBlobs(lc.gray, v)
				if got := lc.cellBlobs(greyPlane, v); !slices.Equal(got, want) {
					t.Errorf("map %d: %d blobs, want %d", v, len(got), len(want))
				}
			}
			// Asked for again, ahead, then closed at once.
			lc.prefetchBlobs(greyPlane, darkRidges)
			lc.prefetchBlobs(flatPlane, cannyEdges)
			cs.Close()
		})
	}
}
