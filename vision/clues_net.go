package vision

import (
	_ "embed"
	"fmt"
	"math"
	"sync"
	"unsafe"

	"gocv.io/x/gocv"
)

// siteModel is the clue-site classifier: a small convolutional net that
// takes a normalised siteSide² patch and gives a score for each of
// nothing but the line, '=' and '×'. vision/model/train_sites.py trains
// it on rendered suites (make model); its accuracy is held by
// TestSiteModelAccuracy.
//
//go:embed model/sites.onnx
var siteModel []byte

// The classes, in the net's output order.
const (
	siteNone = iota
	siteEqual
	siteCross
	siteClasses
)

// siteMinSpread is the least spread, in grey levels, a patch is divided
// by: a patch of paper and noise is not blown up into strokes. The
// trainer divides by the same (train_sites.py MIN_SPREAD).
const siteMinSpread = 32

// siteNet holds the loaded net. OpenCV's Net is not safe for concurrent
// Forward calls, and loading it costs a few milliseconds, so one is
// loaded on first use and shared under a lock.
var siteNet struct {
	once sync.Once
	mu   sync.Mutex
	net  gocv.Net
	err  error
}

func loadSiteNet() error {
	siteNet.once.Do(func() {
		n, err := gocv.ReadNetFromONNXBytes(siteModel)
		if err != nil {
			siteNet.err = fmt.Errorf("vision: the clue-site model does not load: %v", err)
			return
		}
		siteNet.net = n
	})
	return siteNet.err
}

// normaliseSite writes the patch's middle siteSide² into dst as the net
// takes it: less its median, over its largest departure from it (at
// least siteMinSpread), so that light clues on a dark theme and dark ones
// on paper differ only in sign, and contrast does not matter.
func normaliseSite(pix []uint8, dst []float32) {
	side := siteSide + 2*siteMargin
	var hist [256]int
	for i := 0; i < siteSide; i++ {
		for _, v := range pix[(i+siteMargin)*side+siteMargin : (i+siteMargin)*side+siteMargin+siteSide] {
			hist[v]++
		}
	}
	// The median of an even count is the mean of its two middle values,
	// as numpy's is.
	n := siteSide * siteSide
	lo, hi := -1, -1
	seen := 0
	for v, c := range hist {
		seen += c
		if lo < 0 && seen >= n/2 {
			lo = v
		}
		if seen >= n/2+1 {
			hi = v
			break
		}
	}
	med := float32(lo+hi) / 2
	spread := float32(siteMinSpread)
	for v, c := range hist {
		if c > 0 {
			spread = max(spread, float32(math.Abs(float64(float32(v)-med))))
		}
	}
	for i := 0; i < siteSide; i++ {
		row := pix[(i+siteMargin)*side+siteMargin:]
		for j := 0; j < siteSide; j++ {
			dst[i*siteSide+j] = (float32(row[j]) - med) / spread
		}
	}
}

// classifySites gives each patch's class probabilities.
func classifySites(sites []sitePatch) ([][siteClasses]float64, error) {
	if len(sites) == 0 {
		return nil, nil
	}
	if err := loadSiteNet(); err != nil {
		return nil, err
	}
	in := make([]float32, len(sites)*siteSide*siteSide)
	for i, s := range sites {
		normaliseSite(s.pix, in[i*siteSide*siteSide:(i+1)*siteSide*siteSide])
	}
	bytes := unsafe.Slice((*byte)(unsafe.Pointer(&in[0])), len(in)*4)
	blob, err := gocv.NewMatWithSizesFromBytes([]int{len(sites), 1, siteSide, siteSide}, gocv.MatTypeCV32F, bytes)
	if err != nil {
		return nil, err
	}
	defer blob.Close()
	siteNet.mu.Lock()
	siteNet.net.SetInput(blob, "")
	out := siteNet.net.Forward("")
	siteNet.mu.Unlock()
	defer out.Close()
	logits, err := out.DataPtrFloat32()
	if err != nil {
		return nil, err
	}
	if len(logits) != len(sites)*siteClasses {
		return nil, fmt.Errorf("vision: the clue-site model gave %d scores for %d sites", len(logits), len(sites))
	}
	probs := make([][siteClasses]float64, len(sites))
	for i := range probs {
		probs[i] = softmax(logits[i*siteClasses : (i+1)*siteClasses])
	}
	return probs, nil
}

func softmax(l []float32) [siteClasses]float64 {
	var p [siteClasses]float64
	top := float64(l[0])
	for _, v := range l[1:] {
		top = math.Max(top, float64(v))
	}
	sum := 0.0
	for i, v := range l {
		p[i] = math.Exp(float64(v) - top)
		sum += p[i]
	}
	for i := range p {
		p[i] /= sum
	}
	return p
}
