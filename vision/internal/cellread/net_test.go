package cellread

import (
	"fmt"
	"math/rand"
	"slices"
	"sync"
	"testing"
)

// Reads running at once get the same probabilities as one at a time. Big
// batches from many goroutines make the collector busy enough that an
// input freed while the net still read it was overwritten here.
func TestSoftmaxRowsConcurrent(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	const batches, per = 8, CellChannels * CellSide * CellSide
	inputs := make([][]float32, batches)
	want := make([][][]float64, batches)
	shape := func(in []float32) []int { return []int{len(in) / per, CellChannels, CellSide, CellSide} }
	for b := range inputs {
		inputs[b] = make([]float32, (b+1)*40*per)
		for i := range inputs[b] {
			inputs[b][i] = rng.Float32()*2 - 1
		}
		var err error
		if want[b], err = cellNet.SoftmaxRows(inputs[b], shape(inputs[b]), KindCount); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, batches*60)
	for round := 0; round < 60; round++ {
		for b := range inputs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got, err := cellNet.SoftmaxRows(inputs[b], shape(inputs[b]), KindCount)
				if err != nil {
					errs <- err.Error()
					return
				}
				for i := range got {
					if !slices.Equal(got[i], want[b][i]) {
						errs <- fmt.Sprintf("batch %d row %d: got %v want %v", b, i, got[i][:3], want[b][i][:3])
						return
					}
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
