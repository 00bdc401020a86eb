// Package model embeds the reader's two trained classifiers, so that the
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
