package lab

import (
	"strings"
	"testing"
)

func TestFindSuiteNames(t *testing.T) {
	for _, tc := range []struct {
		name      string
		wantName  string
		wantSeed  uint64
		wantN     int
		wantError string
	}{
		{name: "wild-photos", wantName: "wild-photos", wantSeed: 9002, wantN: 140},
		{name: "wild-photos:12", wantName: "wild-photos", wantSeed: 9002, wantN: 12},
		{name: "wild-photos@9502", wantName: "wild-photos@9502", wantSeed: 9502, wantN: 140},
		{name: "wild-clean@77:5", wantName: "wild-clean@77", wantSeed: 77, wantN: 5},
		{name: "wild-clean@x", wantError: "seed after '@'"},
		{name: "screens@5", wantError: "seed after '@'"},
		{name: "wild-clean:0", wantError: "positive count"},
		{name: "no-such-suite", wantError: "no suite or folder"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := FindSuite(tc.name)
			if tc.wantError != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantError) {
					t.Fatalf("FindSuite(%q) = %+v, %v; want an error saying %q", tc.name, s, err, tc.wantError)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Name != tc.wantName || s.Seed != tc.wantSeed || s.N != tc.wantN {
				t.Errorf("FindSuite(%q) = %s seed %d, %d images; want %s seed %d, %d", tc.name, s.Name, s.Seed, s.N, tc.wantName, tc.wantSeed, tc.wantN)
			}
		})
	}
}
