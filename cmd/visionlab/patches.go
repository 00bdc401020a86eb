package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"binocle/internal/synth"
	"binocle/vision"
	"binocle/vision/lab"
)

func init() {
	commands["patches"] = cutCommand("the clue-site model", lab.TrainingSets, lab.ValidationSets,
		func(lib *synth.Library, dir string, sets []lab.PatchSet) (string, error) {
			sites, st, err := lab.CutSites(lib, sets, stderr)
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%d images, %d read in place; %d sites (none %d, = %d, × %d); the ink test kept %d of %d clues",
				st.Images, st.Aligned, st.Sites, st.ByClass[0], st.ByClass[1], st.ByClass[2], st.CluesKept, st.Clues), lab.WriteSites(dir, sites, st)
		})
	commands["cellpatches"] = cutCommand("the cell model", lab.CellTrainingSets, lab.CellValidationSets,
		func(lib *synth.Library, dir string, sets []lab.PatchSet) (string, error) {
			cells, st, err := lab.CutCells(lib, sets, stderr)
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%d images, %d read in place; %d cells, by kind %v", st.Images, st.Aligned, st.Cells, st.ByKind), lab.WriteCells(dir, cells, st)
		})
	commands["markpatches"] = cutCommand("the marks model (printed given or the player's mark)", lab.MarkTrainingSets, lab.MarkValidationSets,
		func(lib *synth.Library, dir string, sets []lab.PatchSet) (string, error) {
			cells, st, err := lab.CutMarks(lib, sets, stderr)
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%d images, %d read in place; %d given and %d marked cells", st.Images, st.Aligned, st.Given, st.Mark), lab.WriteMarks(dir, cells, st)
		})
}

// cutCommand is a command that cuts the labelled patches a model trains
// on (DIR/train) and is validated on (DIR/val); cut writes one set's to
// its folder and says what it cut.
func cutCommand(model string, train, val []lab.PatchSet, cut func(lib *synth.Library, dir string, sets []lab.PatchSet) (string, error)) command {
	return command{
		usage:   "[-j N] -o DIR",
		summary: "cut the labelled patches " + model + " trains on (DIR/train) and is validated on (DIR/val)",
		run: func(fs *flag.FlagSet, args []string, newEnv func() (*lab.Env, error)) int {
			fs.IntVar(&lab.CutWorkers, "j", lab.CutWorkers, "renders read at once (the patches are the same whatever it is)")
			out, ok := parseOut(fs, args, false)
			if !ok {
				return 2
			}
			lib, err := library(newEnv)
			if err != nil {
				return fail(err)
			}
			for _, set := range []struct {
				name string
				sets []lab.PatchSet
			}{{"train", train}, {"val", val}} {
				said, err := cut(lib, filepath.Join(out, set.name), set.sets)
				if err != nil {
					return fail(err)
				}
				fmt.Fprintf(stdout, "%s: %s\n", set.name, said)
			}
			return 0
		},
	}
}

// library is the renderer's library of the data the lab found.
func library(newEnv func() (*lab.Env, error)) (*synth.Library, error) {
	env, err := newEnv()
	if err != nil {
		return nil, err
	}
	return env.Library()
}

func init() {
	commands["sites"] = command{
		usage:   "-o FILE.u8 IMAGE",
		summary: "cut one image's clue-site patches as the reader does, print each with the classifier's probabilities, and write them to FILE.u8",
		run: func(fs *flag.FlagSet, args []string, _ func() (*lab.Env, error)) int {
			out, ok := parseOut(fs, args, true)
			if !ok {
				return 2
			}
			data, err := os.ReadFile(fs.Arg(0))
			if err != nil {
				return fail(err)
			}
			r, sites, err := vision.ReadTrainingSites(data)
			if err != nil {
				return fail(err)
			}
			probs, err := vision.ClassifyTrainingSites(sites)
			if err != nil {
				return fail(err)
			}
			var pix []byte
			for i, s := range sites {
				pix = append(pix, s.Pix...)
				fmt.Fprintf(stdout, "%3d r%dc%d-r%dc%d none %.3f = %.3f x %.3f\n", i, s.Edge.R1+1, s.Edge.C1+1, s.Edge.R2+1, s.Edge.C2+1, probs[i][0], probs[i][1], probs[i][2])
			}
			fmt.Fprintf(stdout, "%dx%d, %d sites, side %d\n", r.Rows, r.Cols, len(sites), vision.SitePatchSide)
			return boolStatus(os.WriteFile(out, pix, 0o644))
		},
	}
}

func boolStatus(err error) int {
	if err != nil {
		return fail(err)
	}
	return 0
}
