package vision

import "binocle/vision/internal/raster"

// TraceLocate makes every later read tell f about each grid candidate it
// weighs and why it keeps or drops it, until restore is called: the lab's
// view into the locator (cmd/visionlab trace). It must not be called while
// a read runs.
func TraceLocate(f func(format string, args ...any)) (restore func()) {
	old := raster.Trace
	raster.Trace = f
	return func() { raster.Trace = old }
}
