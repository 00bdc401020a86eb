// Package matleak fails a package's test run when a test left a gocv Mat
// open. gocv counts Mats only when built with the matprofile tag, so the
// check exists only under that tag, and each gocv package's TestMain
// (itself tagged matprofile) calls Main.
package matleak
