// Package lab is the reader engineer's tooling, kept out of the reader: it
// names the image suites the reader is measured on, scores readings against
// truth, prints the tables README quotes, and records every reading of a
// suite so that a change to the reader can be shown to change nothing
// (Snapshot, Diff). cmd/visionlab is its command line; vision's tests use
// the same scoring so that the floors they assert and the tables README
// quotes are one computation.
package lab
