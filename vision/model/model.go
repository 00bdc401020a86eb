// Package model embeds the reader's trained classifiers, so that the
// stages that run them can sit in packages of their own: go:embed reaches
// only files at or below the embedding package. The .py files beside them
// train them (make model).
package model

import _ "embed"

// Cells is the cell classifier as ONNX (train_cells.py).
//
//go:embed cells.onnx
var Cells []byte

// Sites is the clue-site classifier as ONNX (train_sites.py).
//
//go:embed sites.onnx
var Sites []byte

// MarksCell, MarksBoard and MarksGate tell a printed given from the
// player's mark (train_marks.py): the first encodes each filled cell, the
// second reads a cell beside its board's and its symbol's, the third
// says whether a board holds marks at all.
//
//go:embed marks_cell.onnx
var MarksCell []byte

//go:embed marks_board.onnx
var MarksBoard []byte

//go:embed marks_gate.onnx
var MarksGate []byte
