package main

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"binocle/vision/lab"
)

// withheld passes on what a command prints about a blind suite
// (lab.Suite.Blind) except the lines that name one of its images, and
// counts those: the totals of a suite never looked into are what it is
// for, and a name read once (a wrong answer's, a slow board's) is enough
// to tune on it without meaning to.
type withheld struct {
	w       io.Writer
	names   []string
	pending []byte
	dropped int
}

// withhold wraps w for suite s, whose images cases are; a suite that is
// not blind gets w itself, and a nil w stays nil.
func withhold(w io.Writer, s lab.Suite, cases []lab.Case) io.Writer {
	if !s.Blind || w == nil {
		return w
	}
	h := &withheld{w: w}
	for _, c := range cases {
		h.names = append(h.names, strings.TrimSuffix(c.Name, filepath.Ext(c.Name)))
	}
	return h
}

func (h *withheld) Write(p []byte) (int, error) {
	h.pending = append(h.pending, p...)
	for {
		i := bytes.IndexByte(h.pending, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := h.pending[:i+1]
		if h.namesAnImage(line) {
			h.dropped++
		} else if _, err := h.w.Write(line); err != nil {
			return len(p), err
		}
		h.pending = h.pending[i+1:]
	}
}

func (h *withheld) namesAnImage(line []byte) bool {
	for _, n := range h.names {
		if bytes.Contains(line, []byte(n)) {
			return true
		}
	}
	return false
}

// endWithheld ends what is left of an unfinished last line, and says how many
// lines were withheld, so that an empty list is not taken for a clean
// suite.
func endWithheld(w io.Writer, suite string) {
	h, ok := w.(*withheld)
	if !ok {
		return
	}
	if len(h.pending) > 0 {
		if !h.namesAnImage(h.pending) {
			h.w.Write(append(h.pending, '\n'))
		}
		h.pending = nil
	}
	if h.dropped > 0 {
		fmt.Fprintf(h.w, "(%d lines naming %s's images withheld: it is kept never looked into)\n", h.dropped, suite)
	}
	h.dropped = 0
}
