package synth

import "testing"

func datasetsDir(t testing.TB) string {
	dir, err := SharedDir("datasets")
	if err != nil {
		t.Skipf("shared datasets absent: %v", err)
	}
	return dir
}

func library(t testing.TB) *Library {
	lib, err := LoadLibrary(datasetsDir(t))
	if err != nil {
		t.Fatal(err)
	}
	return lib
}
