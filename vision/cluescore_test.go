package vision

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"gocv.io/x/gocv"

	"binocle/solver"
)

// TestClueScore scores the edge clues alone over BINOCLE_CLUE_DIR (a
// directory of images with truth JSON; BINOCLE_SCORE_MATCH filters names).
// Only images read at the right size count, since a clue can only be right
// on the right lattice. With BINOCLE_CLUE_TRUTH=1 the grid is rectified
// from the truth corners instead of the reader's, which leaves the locator's
// error out. BINOCLE_CLUE_TRACE=1 (or =map, with the dark pixels) prints
// how every site that reached the templates matched (BINOCLE_CLUE_RAW=1
// with =map adds the window's grey values; BINOCLE_CLUE_TRACE_READER=1
// traces the reader's own read instead of a re-rectified grid); BINOCLE_CLUE_TIME
// times findClues alone. BINOCLE_CLUE_DUMP writes every truth or read clue site, cut
// out of the rectified grid and enlarged, to that directory.
func TestClueScore(t *testing.T) {
	dir := os.Getenv("BINOCLE_CLUE_DIR")
	if dir == "" {
		t.Skip("set BINOCLE_CLUE_DIR to score the edge clues on a directory of images with truth JSON")
	}
	match := os.Getenv("BINOCLE_SCORE_MATCH")
	useTruth := os.Getenv("BINOCLE_CLUE_TRUTH") != ""
	dump := os.Getenv("BINOCLE_CLUE_DUMP")
	jsons, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	sort.Slice(jsons, func(i, j int) bool { return naturalLess(jsons[i], jsons[j]) })
	var s clueTally
	for _, js := range jsons {
		base := strings.TrimSuffix(js, ".json")
		name := filepath.Base(base)
		if match != "" && !strings.Contains(name, match) {
			continue
		}
		img := base + ".jpg"
		if _, err := os.Stat(img); err != nil {
			img = base + ".png"
		}
		data, err := os.ReadFile(js)
		if err != nil {
			t.Fatal(err)
		}
		var tr dirTruth
		if err := json.Unmarshal(data, &tr); err != nil || strings.Contains(strings.Join(tr.Cells, ""), "#") {
			continue
		}
		r, err := ReadFile(img)
		if err != nil || r.Rows != tr.Rows || r.Cols != tr.Cols {
			s.sizeWrong++
			continue
		}
		edges := r.Edges
		if os.Getenv("BINOCLE_CLUE_TRACE") != "" {
			useTruth = false
			want := edgeMap(tr.Edges)
			clueTrace = func(cd *clueDetector, cx, cy int, vertical bool, match, amp float64, kind clueShapeKind) {
				px := cd.ci.px
				e := solver.Edge{R1: (cy - px/2) / px, C1: cx/px - 1}
				e.R2, e.C2 = e.R1, e.C1+1
				if !vertical {
					e = solver.Edge{R1: cy/px - 1, C1: (cx - px/2) / px}
					e.R2, e.C2 = e.R1+1, e.C1
				}
				rel, ok := want[edgeKey(e)]
				fmt.Printf("site %s want %s match %.2f amp %.2f (of contrast %.0f) kind %d %.2f centre %.2f diag %.2f px %d\n", edgeKey(e), relName(rel, ok), match, amp/cd.contrast, cd.contrast, kind, cd.kindBest, cd.centreRatio, cd.diagonal, cd.ci.px)
				if os.Getenv("BINOCLE_CLUE_TRACE") != "map" {
					return
				}
				w := 2*cd.across + 1
				if os.Getenv("BINOCLE_CLUE_RAW") != "" {
					for v := -cd.along; v <= cd.along; v++ {
						fmt.Printf("%3.0f\n", cd.win[(v+cd.along)*w:(v+cd.along+1)*w])
					}
				}
				for v := -cd.core; v <= cd.core; v++ {
					row := make([]byte, 0, w)
					for u := -cd.core; u <= cd.core; u++ {
						ch := byte('.')
						switch d := cd.e[(v+cd.along)*w+u+cd.across]; {
						case d > 2*cd.inkLevel:
							ch = '#'
						case d > cd.inkLevel:
							ch = '+'
						}
						row = append(row, ch)
					}
					fmt.Println(string(row))
				}
			}
			clueProfileTrace = func(top, bottom []float64, paper, hide float64) {
				if os.Getenv("BINOCLE_CLUE_TRACE") == "map" {
					fmt.Printf("profile paper %.0f u0 %.0f\n top %.0f\n bot %.0f\n", paper, hide, top, bottom)
				}
			}
			if os.Getenv("BINOCLE_CLUE_TRACE_READER") != "" {
				// The reader's own grid, bent as it rectifies it, rather
				// than a homography's.
				r2, err := ReadFile(img)
				if err == nil {
					edges = r2.Edges
				}
			} else {
				m, _ := LoadFile(img)
				ci, _ := truthCellImage(m, tr, r, false)
				m.Close()
				edges = findClues(ci)
			}
			clueTrace, clueProfileTrace = nil, nil
		}
		if os.Getenv("BINOCLE_CLUE_TIME") != "" {
			m, err := LoadFile(img)
			if err != nil {
				t.Fatal(err)
			}
			ci, _ := truthCellImage(m, tr, r, false)
			m.Close()
			start := time.Now()
			findClues(ci)
			fmt.Printf("TIME %s %dx%d px %d: %.2f ms\n", name, tr.Rows, tr.Cols, ci.px, float64(time.Since(start).Microseconds())/1000)
		}
		if useTruth || dump != "" {
			m, err := LoadFile(img)
			if err != nil {
				t.Fatal(err)
			}
			ci, ok := truthCellImage(m, tr, r, useTruth)
			m.Close()
			if !ok {
				continue
			}
			if useTruth {
				edges = findClues(ci)
			}
			if dump != "" {
				dumpClueSites(t, dump, name, ci, tr.Edges, edges)
			}
		}
		cellsOK := true
		for i := 0; i < tr.Rows*tr.Cols; i++ {
			if tr.Cells[i/tr.Cols][i%tr.Cols] != r.Cells[i].Char() {
				cellsOK = false
			}
		}
		if line := s.add(tr.Edges, edges, cellsOK); line != "" {
			fmt.Printf("CLUE %s: %s\n", name, line)
		}
	}
	fmt.Printf("clue photos %d (perfect edges %d = %.1f%%, perfect reading %d = %.1f%%); clue-free %d with spurious clues %d; size wrong %d\n",
		s.withClues, s.edgesPerfect, pctOf(s.edgesPerfect, s.withClues), s.perfect, pctOf(s.perfect, s.withClues), s.without, s.spuriousImages, s.sizeWrong)
	fmt.Printf("edges: truth %d, read %d, right %d, kind wrong %d, missed %d, spurious %d; precision %.1f%%, recall %.1f%%\n",
		s.truth, s.read, s.right, s.kindWrong, s.missed, s.spurious, pctOf(s.right, s.read), pctOf(s.right, s.truth))
}

type clueTally struct {
	withClues, without, edgesPerfect, perfect, spuriousImages, sizeWrong int
	truth, read, right, kindWrong, missed, spurious                      int
}

// add counts one image and describes what went wrong in it, if anything.
func (s *clueTally) add(truth, read []solver.Edge, cellsOK bool) string {
	want, got := edgeMap(truth), edgeMap(read)
	if len(want) > 0 {
		s.withClues++
	} else {
		s.without++
	}
	s.truth += len(want)
	s.read += len(got)
	var notes []string
	for k, rel := range want {
		g, ok := got[k]
		switch {
		case !ok:
			s.missed++
			notes = append(notes, "miss "+k+rel.String())
		case g != rel:
			s.kindWrong++
			notes = append(notes, "kind "+k+rel.String()+">"+g.String())
		default:
			s.right++
		}
	}
	extra := 0
	for k, rel := range got {
		if _, ok := want[k]; !ok {
			extra++
			notes = append(notes, "extra "+k+rel.String())
		}
	}
	s.spurious += extra
	if len(want) == 0 && extra > 0 {
		s.spuriousImages++
	}
	if len(want) > 0 && len(notes) == 0 {
		s.edgesPerfect++
		if cellsOK {
			s.perfect++
		}
	}
	sort.Strings(notes)
	return strings.Join(notes, ", ")
}

func edgeKey(e solver.Edge) string {
	if e.R2 < e.R1 || (e.R2 == e.R1 && e.C2 < e.C1) {
		e.R1, e.C1, e.R2, e.C2 = e.R2, e.C2, e.R1, e.C1
	}
	return fmt.Sprintf("%d,%d-%d,%d", e.R1, e.C1, e.R2, e.C2)
}

func edgeMap(edges []solver.Edge) map[string]solver.Relation {
	m := map[string]solver.Relation{}
	for _, e := range edges {
		m[edgeKey(e)] = e.Rel
	}
	return m
}

// truthCellImage rectifies the full-size image from the truth corners, or
// from the reading's homography, at the reader's cell size.
func truthCellImage(m gocv.Mat, tr dirTruth, r *Reading, useTruth bool) (cellImage, bool) {
	px := cellPixels(tr.Rows, tr.Cols)
	h := scaling(CellPx/float64(px), CellPx/float64(px)).then(homography(r.Homography))
	if useTruth {
		var ok bool
		h, ok = homographyFromQuads(rectCorners(float64(tr.Cols*px), float64(tr.Rows*px)), tr.Corners)
		if !ok {
			return cellImage{}, false
		}
	}
	bgr := toBGR(m)
	defer bgr.Close()
	grid := warp(bgr, h, tr.Cols*px, tr.Rows*px)
	defer grid.Close()
	return newCellImage(grid, tr.Rows, tr.Cols, px), true
}

// dumpClueSites writes each site that holds a truth or a read clue as an
// enlarged crop of one cell square centred on the site's midpoint, named
// by what was wanted and what was read.
func dumpClueSites(t *testing.T, dir, name string, ci cellImage, truth, read []solver.Edge) {
	want, got := edgeMap(truth), edgeMap(read)
	sites := map[string]solver.Edge{}
	for _, e := range append(append([]solver.Edge(nil), truth...), read...) {
		sites[edgeKey(e)] = e
	}
	for k, e := range sites {
		if e.R2 < e.R1 || (e.R2 == e.R1 && e.C2 < e.C1) {
			e.R1, e.C1, e.R2, e.C2 = e.R2, e.C2, e.R1, e.C1
		}
		cx, cy := (e.C2)*ci.px, e.R1*ci.px+ci.px/2
		if e.C1 == e.C2 {
			cx, cy = e.C1*ci.px+ci.px/2, e.R2*ci.px
		}
		w, ok := want[k]
		g, ok2 := got[k]
		label := fmt.Sprintf("%s_%s_want%s_got%s", name, strings.ReplaceAll(k, ",", "."), relName(w, ok), relName(g, ok2))
		crop := gocv.NewMatWithSize(ci.px, ci.px, gocv.MatTypeCV8UC3)
		for y := 0; y < ci.px; y++ {
			for x := 0; x < ci.px; x++ {
				sx := min(max(cx-ci.px/2+x, 0), ci.gray.w-1)
				sy := min(max(cy-ci.px/2+y, 0), ci.gray.h-1)
				b, gg, rr := ci.bgr.at(sx, sy)
				crop.SetUCharAt(y, 3*x, b)
				crop.SetUCharAt(y, 3*x+1, gg)
				crop.SetUCharAt(y, 3*x+2, rr)
			}
		}
		big := gocv.NewMat()
		gocv.Resize(crop, &big, pt(8*ci.px, 8*ci.px), 0, 0, gocv.InterpolationNearestNeighbor)
		if err := WritePNG(filepath.Join(dir, label+".png"), big); err != nil {
			t.Fatal(err)
		}
		big.Close()
		crop.Close()
	}
}

func relName(r solver.Relation, ok bool) string {
	if !ok {
		return "none"
	}
	if r == solver.Equal {
		return "eq"
	}
	return "x"
}
