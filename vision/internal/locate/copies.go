package locate

import (
	"sync"

	"gocv.io/x/gocv"

	"binocle/vision/internal/raster"
)

// copies are the downscaled copies of one picture a ladder's rungs search,
// each made when a rung first asks for it and shared by the rungs after:
// the lattice rung, its refinements and the outline rung all search the
// located copy, and the flat and glyph rungs its flattened gray.
type copies struct {
	img    gocv.Mat
	bySide map[int]*locatedCopy
}

// locatedCopy is the picture downscaled to one long side.
type locatedCopy struct {
	small gocv.Mat // a view of the picture itself when it is no larger
	gray  gocv.Mat
	scale float64 // from the copy's pixels to the picture's
	// flat is gray with the light divided out (flattenLight), made on
	// the first ask; the planes are gray's and flat's pixels, copied out
	// once.
	flat                 *gocv.Mat
	grayPlane, flatPlane *raster.Plane
	// chroma is the copy's two colour planes (chromaPlanes), made on
	// the first ask; blobs the cells each boundary map closes in a
	// plane, kept because the loose-lattice rungs look again at what
	// the flat and chroma rungs saw (rung_loose.go).
	chroma *[]gocv.Mat
	// blobsCache is guarded by blobsMu: a lattice search cuts the next
	// boundary map's blobs on another goroutine while it looks at this
	// one's (prefetchBlobs), and pending counts those still cutting, which
	// Close waits for.
	blobsMu    sync.Mutex
	blobsCache map[blobsKey]*blobsEntry
	pending    sync.WaitGroup
}

// blobsEntry is one plane's CellBlobs under one boundary map, cut once by
// whichever goroutine asks first.
type blobsEntry struct {
	once  sync.Once
	blobs []cellBlob
}

// blobsKey names one plane of a copy and one boundary map.
type blobsKey struct {
	plane copyPlane
	v     edgeVariant
}

// copyPlane names a plane of a located copy.
type copyPlane int

const (
	greyPlane copyPlane = iota
	flatPlane
	chromaAPlane
	chromaBPlane
)

func NewCopies(img gocv.Mat) *copies {
	return &copies{img: img, bySide: map[int]*locatedCopy{}}
}

// at returns the copy whose long side is at most side.
func (cs *copies) at(side int) *locatedCopy {
	if c, ok := cs.bySide[side]; ok {
		return c
	}
	small, scale := Downscale(cs.img, side)
	c := &locatedCopy{small: small, gray: raster.ToGray(small), scale: scale}
	cs.bySide[side] = c
	return c
}

// searched is the copy whose pixels are scale of the picture's: the one a
// rung that reports scale searched. A rung's finding in a copy of its
// own (the half-size lattice) is looked at in the located copy: making
// another costs more than it tells.
func (cs *copies) searched(scale float64) *locatedCopy {
	for _, c := range cs.bySide {
		if c.scale == scale {
			return c
		}
	}
	return cs.at(LocateSide)
}

// lit returns the copy's gray, with the light divided out when flat.
func (c *locatedCopy) lit(flat bool) gocv.Mat {
	if !flat {
		return c.gray
	}
	if c.flat == nil {
		f := flattenLight(c.gray)
		c.flat = &f
	}
	return *c.flat
}

// litPlane names lit(flat).
func litPlane(flat bool) copyPlane {
	if flat {
		return flatPlane
	}
	return greyPlane
}

// chromaPlanes returns the copy's colour planes (chromaPlanes), which
// the copy closes.
func (c *locatedCopy) chromaPlanes() []gocv.Mat {
	if c.chroma == nil {
		planes := chromaPlanes(c.small)
		c.chroma = &planes
	}
	return *c.chroma
}

// planeMat returns the copy's plane named p, and false where the copy
// has none such (no colour planes in a grey picture).
func (c *locatedCopy) planeMat(p copyPlane) (gocv.Mat, bool) {
	switch p {
	case greyPlane, flatPlane:
		return c.lit(p == flatPlane), true
	}
	chroma := c.chromaPlanes()
	if i := int(p - chromaAPlane); i < len(chroma) {
		return chroma[i], true
	}
	return gocv.Mat{}, false
}

// cellBlobs returns CellBlobs of the copy's plane named p under v, made
// once.
func (c *locatedCopy) cellBlobs(p copyPlane, v edgeVariant) []cellBlob {
	m, ok := c.planeMat(p)
	if !ok {
		return nil
	}
	e := c.blobsEntry(blobsKey{p, v})
	e.cut(m, v)
	return e.blobs
}

// prefetchBlobs starts cutting cellBlobs(p, v) on another goroutine, so
// that a search trying the boundary maps in turn finds the next one's
// blobs cut while it looked at this one's: most photos and app
// screenshots try four or five, each as costly as the rest of the rung.
// The plane is made here, on the caller's goroutine, as planeMat makes
// planes on first ask.
func (c *locatedCopy) prefetchBlobs(p copyPlane, v edgeVariant) {
	m, ok := c.planeMat(p)
	if !ok {
		return
	}
	e := c.blobsEntry(blobsKey{p, v})
	c.pending.Add(1)
	go func() {
		defer c.pending.Done()
		e.cut(m, v)
	}()
}

// cut cuts the entry's blobs from plane m under v, unless a goroutine
// has (or is cutting them now, which it waits for).
func (e *blobsEntry) cut(m gocv.Mat, v edgeVariant) {
	e.once.Do(func() { e.blobs = CellBlobs(m, v) })
}

// blobsEntry returns the cache's entry for k, adding an empty one.
func (c *locatedCopy) blobsEntry(k blobsKey) *blobsEntry {
	c.blobsMu.Lock()
	defer c.blobsMu.Unlock()
	if c.blobsCache == nil {
		c.blobsCache = map[blobsKey]*blobsEntry{}
	}
	e, ok := c.blobsCache[k]
	if !ok {
		e = &blobsEntry{}
		c.blobsCache[k] = e
	}
	return e
}

// plane returns lit(flat)'s pixels.
func (c *locatedCopy) plane(flat bool) raster.Plane {
	p := &c.grayPlane
	if flat {
		p = &c.flatPlane
	}
	if *p == nil {
		q := raster.PlaneOf(c.lit(flat))
		*p = &q
	}
	return **p
}

func (cs *copies) Close() {
	for _, c := range cs.bySide {
		c.pending.Wait()
		c.small.Close()
		c.gray.Close()
		if c.flat != nil {
			c.flat.Close()
		}
		if c.chroma != nil {
			for _, p := range *c.chroma {
				p.Close()
			}
		}
	}
}
