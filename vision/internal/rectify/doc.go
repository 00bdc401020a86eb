// Package rectify warps a located grid flat, rows x cols cells of px
// pixels each. It takes the picture, the projective map the locator
// fitted (a geom.Homography) and the cell centres it measured, and gives
// the rectified grid (Grid) and, when those centres show the paper bent,
// the BentMap that follows the page instead of one plane.
//
// It exists as its own stage because a bent page is not a plane: the
// locator also straightens one through WarpBentArea to adjust a lattice
// there, and the reading keeps the BentMap so that drawings follow the
// paper. The map itself is geom's; the thresholds are Rectifying's
// fields (mesh.go).
package rectify
