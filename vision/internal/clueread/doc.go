// Package clueread is where '=' and '×' are found: the clues drawn on
// the line between two cells.
//
// RectifySites warps the grid again, as fine as the picture's cells are,
// for the sites (patch.go); ClueSites cuts one patch per line segment, in
// one canonical orientation; the site classifier (net.go, the embedded
// vision/model/sites.onnx) gives each the odds of nothing, '=' and '×';
// Read turns them into the Reading's clues and keeps the sites it
// doubted (read.go). FindClues, the template detector (templates.go,
// site.go), gives a second opinion on a site the net half believes, and
// reads the clues alone should the model fail to load. Looks (looks.go)
// splits a board's clues by how alike their patches are, for the rules
// to name each look's kind where the net misreads one glyph at every
// site (vision/clue_rules.go). ColourClues (colour.go) reads the sites
// again from a plane of the colour of the clues the net was sure of,
// where grey loses clues drawn as bright as the tiles under them, for the
// rules to weigh (vision/clue_rules.go).
//
// It takes the rectified cells (cellread.Image) and gives solver.Edges
// and ClueSites.
package clueread
