package vision

import (
	"fmt"
	"time"

	"binocle/solver"
	"binocle/vision/internal/cellread"
	"binocle/vision/internal/clueread"
)

// SitePatchSide is the side of a TrainingSite's patch: the classifier's
// input and the margin the trainer shifts it by.
const SitePatchSide = clueread.SiteSide + 2*clueread.SiteMargin

// TrainingSite is one clue site as the site classifier sees it, for the
// trainer (cmd/visionlab patches): Edge names the two cells (its Rel is
// unset), Pix is SitePatchSide² grey levels with the line running down
// the middle.
type TrainingSite struct {
	Edge solver.Edge
	Pix  []uint8
}

// ReadTrainingSites reads an encoded image as ReadBytes does and returns,
// besides the reading, the clue sites of the grid read, cut exactly as
// the reader cuts them for its classifier, so that the model is trained
// on what it will be shown.
func ReadTrainingSites(data []byte) (*Reading, []TrainingSite, error) {
	var sites []TrainingSite
	r, err := readDataObserved(data, time.Now(), func(_ cellread.Image, si clueread.SiteImage) {
		sites = sites[:0] // a reduced copy's grid, read and then retried in full, does not count
		for _, s := range clueread.ClueSites(si) {
			sites = append(sites, TrainingSite{Edge: s.Edge, Pix: s.Pix})
		}
	})
	if err != nil {
		return nil, nil, err
	}
	return r, sites, nil
}

// ClassifyTrainingSites gives each site's probability of holding nothing
// but the line, '=' and '×', as the reader's classifier does: for the
// model's accuracy test.
func ClassifyTrainingSites(sites []TrainingSite) ([][3]float64, error) {
	patches := make([]clueread.SitePatch, len(sites))
	for i, s := range sites {
		if len(s.Pix) != SitePatchSide*SitePatchSide {
			return nil, fmt.Errorf("vision: site %d has %d pixels, not %d", i, len(s.Pix), SitePatchSide*SitePatchSide)
		}
		patches[i] = clueread.SitePatch{Edge: s.Edge, Pix: s.Pix}
	}
	return clueread.ClassifySites(patches)
}
