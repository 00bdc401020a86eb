package raster

// Share is a fraction compared exactly, in integers: part/whole >= num/den.
type Share struct{ Num, Den int }

// Of tells whether part is at least the share of whole.
func (s Share) Of(part, whole int) bool { return s.Den*part >= s.Num*whole }

// FloorOf is the share of n, rounded down.
func (s Share) FloorOf(n int) int { return n * s.Num / s.Den }
