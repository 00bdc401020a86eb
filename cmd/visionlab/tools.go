package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"binocle/vision"
	"binocle/vision/lab"
)

func init() {
	commands["render"] = command{
		usage:   "-o DIR SUITE ...",
		summary: "write synthetic suites to DIR as images with truth JSON (to score as a folder, or look at)",
		run: func(fs *flag.FlagSet, args []string, newEnv func() (*lab.Env, error)) int {
			out, ok := parseOut(fs, args, true)
			if !ok {
				return 2
			}
			env, suites, err := envAndSuites(newEnv, fs.Args())
			if err != nil {
				return fail(err)
			}
			for _, s := range suites {
				n, err := env.WriteSuite(out, s)
				if err != nil {
					return fail(err)
				}
				fmt.Fprintf(stderr, "%s: %d images written\n", s.Name, n)
			}
			return 0
		},
	}
	commands["nogrid"] = command{
		usage:   "[-n PAGES]",
		summary: "read synthetic newspaper pages without a puzzle; exit 1 if a grid is found in any",
		run: func(fs *flag.FlagSet, args []string, _ func() (*lab.Env, error)) int {
			n := fs.Int("n", 30, "pages (seeds 1 to n)")
			w := fs.Int("width", 1280, "page width in pixels")
			h := fs.Int("height", 960, "page height in pixels")
			if err := fs.Parse(args); err != nil {
				return 2
			}
			found, err := lab.NoGridPages(*n, *w, *h, stdout)
			if err != nil {
				return fail(err)
			}
			fmt.Fprintf(stdout, "%d of %d pages without a grid had one found\n", found, *n)
			if found > 0 {
				return 1
			}
			return 0
		},
	}
	commands["debug"] = command{
		usage:   "-o DIR IMAGE ...",
		summary: "read each image and write its reading (JSON) and the reader's debug image to DIR",
		run: func(fs *flag.FlagSet, args []string, _ func() (*lab.Env, error)) int {
			out, ok := parseOut(fs, args, true)
			if !ok {
				return 2
			}
			if err := os.MkdirAll(out, 0o755); err != nil {
				return fail(err)
			}
			status := 0
			for _, path := range fs.Args() {
				base := filepath.Join(out, strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)))
				r, err := vision.ReadFile(path)
				if err != nil {
					fmt.Fprintf(stdout, "%s: %v\n", path, err)
					status = 1
					continue
				}
				js, err := r.MarshalJSON()
				if err == nil {
					err = os.WriteFile(base+".reading.json", append(js, '\n'), 0o644)
				}
				if err == nil {
					err = lab.WriteDebug(path, r, base+".debug.png")
				}
				if err != nil {
					return fail(err)
				}
				fmt.Fprintf(stdout, "%s: %dx%d %s\n", path, r.Rows, r.Cols, r.Style)
			}
			return status
		},
	}
}

func init() {
	commands["trace"] = command{
		usage:   "IMAGE ...",
		summary: "read each image as ReadFile does (the reduced decode, then the full one if no grid is found) and print every grid candidate the locator weighs",
		run: func(fs *flag.FlagSet, args []string, _ func() (*lab.Env, error)) int {
			if err := fs.Parse(args); err != nil {
				return 2
			}
			if fs.NArg() == 0 {
				fs.Usage()
				return 2
			}
			defer vision.TraceLocate(func(format string, args ...any) { fmt.Fprintf(stdout, format+"\n", args...) })()
			for _, p := range fs.Args() {
				fmt.Fprintln(stdout, "==", p)
				r, err := vision.ReadFile(p)
				if err != nil {
					fmt.Fprintln(stdout, "error:", err)
					continue
				}
				fmt.Fprintf(stdout, "read %dx%d style %s corners %v\n", r.Rows, r.Cols, r.Style, r.Corners)
			}
			return 0
		},
	}
}
