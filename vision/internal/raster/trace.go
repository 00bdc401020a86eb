package raster

// Trace, when set (by tests, or through vision.TraceLocate), is told
// about every grid candidate the stages weigh and why they keep or drop
// it. It lives here because every stage reports to it.
var Trace func(format string, args ...any)
