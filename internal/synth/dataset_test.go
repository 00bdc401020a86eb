package synth

import (
	"strings"
	"testing"
)

const goodRecord = `{"id": "t-1", "source": "s", "rules": "threeinarow", "rows": 2, "cols": 2, "givens": ["0.", ".."], "solution": ["01", "10"], "edges": [{"r1": 0, "c1": 0, "r2": 0, "c2": 1, "rel": "x"}], "difficulty": null}`

func TestParseDataset(t *testing.T) {
	ps, err := ParseDataset(strings.NewReader(goodRecord+"\n\n"+goodRecord+"\n"), "two.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || ps[0].ID != "t-1" || ps[0].Givens[0] != "0." || len(ps[0].Edges) != 1 {
		t.Errorf("parsed %+v", ps)
	}
}

func TestParseDatasetErrorsNameTheLine(t *testing.T) {
	cases := []struct {
		name, line, want string
	}{
		{"not JSON", `{"id": `, "bad.jsonl:2:"},
		{"size", strings.Replace(goodRecord, `"rows": 2`, `"rows": 99`, 1), "size 99x2"},
		{"short givens", strings.Replace(goodRecord, `["0.", ".."]`, `["0."]`, 1), "givens has 1 rows"},
		{"ragged row", strings.Replace(goodRecord, `["01", "10"]`, `["01", "1"]`, 1), "solution row 1 has 1 cells"},
		{"bad symbol", strings.Replace(goodRecord, `["0.", ".."]`, `["0.", ".7"]`, 1), "row 1 column 1"},
		{"far edge", strings.Replace(goodRecord, `"c2": 1`, `"c2": 5`, 1), "edge 0"},
		{"bad relation", strings.Replace(goodRecord, `"rel": "x"`, `"rel": "<"`, 1), "bad.jsonl:2:"},
	}
	for _, tc := range cases {
		_, err := ParseDataset(strings.NewReader(goodRecord+"\n"+tc.line+"\n"), "bad.jsonl")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "bad.jsonl:2") {
			t.Errorf("%s: got %v, want an error at bad.jsonl:2 about %q", tc.name, err, tc.want)
		}
	}
}

func FuzzParseDataset(f *testing.F) {
	f.Add(goodRecord)
	f.Add(goodRecord + "\n" + goodRecord)
	f.Add(`{"rows": -1}`)
	f.Add(`{"id":"x","rows":2,"cols":2,"givens":["..",".."],"solution":["01","10"],"edges":[{"r1":1,"c1":1,"r2":1,"c2":1,"rel":"="}]}`)
	f.Fuzz(func(t *testing.T, text string) {
		ps, err := ParseDataset(strings.NewReader(text), "fuzz.jsonl")
		if err != nil {
			return
		}
		for _, p := range ps {
			if len(p.Givens) != p.Rows || len(p.Solution) != p.Rows {
				t.Fatalf("accepted %+v with mismatched rows", p)
			}
			for _, row := range append(append([]string{}, p.Givens...), p.Solution...) {
				if len(row) != p.Cols {
					t.Fatalf("accepted a row %q of the wrong width", row)
				}
			}
		}
	})
}
