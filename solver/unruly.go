package solver

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Unruly game IDs come from Simon Tatham's Portable Puzzle Collection:
// "WxH[u]:DESC", where u asks for distinct rows and columns (Takuzu). In
// DESC, 'a'+k is k empty cells then a 0 (Unruly's white), 'A'+k is k empty
// cells then a 1 (black), and 'z' or 'Z' is 25 empty cells. The last letter
// places its symbol one past the grid, which ends the description.

// looksLikeUnrulyID says whether s is meant as an Unruly ID: one word that
// starts with a size such as "6x6u:". The description is not checked here,
// so that a damaged ID gets ParseUnruly's message rather than the text
// parser's "unknown header".
func looksLikeUnrulyID(s string) bool {
	if strings.ContainsFunc(s, unicode.IsSpace) {
		return false
	}
	params, _, ok := strings.Cut(s, ":")
	if !ok || params == "" || params[0] < '0' || params[0] > '9' {
		return false
	}
	for _, ch := range params {
		if !(ch >= '0' && ch <= '9') && !(ch >= 'a' && ch <= 'z') {
			return false
		}
	}
	return true
}

// ParseUnruly reads an Unruly game ID such as "8x8:dBgbAc..." (threeinarow)
// or "8x8u:..." (takuzu). Sizes are taken from 2 to 64, wider than Unruly's
// own even sizes from 6.
func ParseUnruly(id string) (*Puzzle, error) {
	id = strings.TrimSpace(id)
	params, desc, ok := strings.Cut(id, ":")
	if !ok {
		return nil, fmt.Errorf("bad Unruly ID %q: want WIDTHxHEIGHT:DESCRIPTION", shorten(id))
	}
	w, h, rules, err := parseUnrulyParams(params)
	if err != nil {
		return nil, err
	}
	p, err := NewPuzzle(rules, h, w)
	if err != nil {
		return nil, fmt.Errorf("bad Unruly ID: %w", err)
	}
	size := w * h
	pos := 0
	for i, ch := range desc {
		var v Cell
		switch {
		case ch == 'z' || ch == 'Z':
			pos += 25
			continue
		case ch >= 'a' && ch < 'z':
			pos += int(ch - 'a')
			v = Zero
		case ch >= 'A' && ch < 'Z':
			pos += int(ch - 'A')
			v = One
		default:
			return nil, fmt.Errorf("bad Unruly ID: description character %d is %q, want a letter", i+1, ch)
		}
		if pos < size {
			p.Cells[pos] = v
		} else if pos > size || i != len(desc)-1 {
			return nil, fmt.Errorf("bad Unruly ID: description runs past the %dx%d grid at character %d", w, h, i+1)
		}
		pos++
	}
	if pos != size+1 {
		return nil, fmt.Errorf("bad Unruly ID: description covers %d of %d cells; it must end with a letter one past the grid", pos, size)
	}
	return p, nil
}

func shorten(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

func parseUnrulyParams(params string) (w, h int, rules Rules, err error) {
	bad := func(why string) (int, int, Rules, error) {
		return 0, 0, 0, fmt.Errorf("bad Unruly ID: parameters %q: %s", shorten(params), why)
	}
	digits := func(s string) (int, string) {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i > 4 {
			return -1, s
		}
		n, _ := strconv.Atoi(s[:i])
		return n, s[i:]
	}
	rest := params
	if w, rest = digits(rest); w < 0 {
		return bad("want a width")
	}
	h = w
	if strings.HasPrefix(rest, "x") {
		if h, rest = digits(rest[1:]); h < 0 {
			return bad("want a height after 'x'")
		}
	}
	rules = ThreeInARow
	if strings.HasPrefix(rest, "u") {
		rules, rest = Takuzu, rest[1:]
	}
	// A full ID may carry the difficulty it was generated at; solving does not need it.
	if len(rest) == 2 && rest[0] == 'd' && strings.ContainsRune("ten", rune(rest[1])) {
		rest = ""
	}
	if rest != "" {
		return bad(fmt.Sprintf("unexpected %q", rest))
	}
	return w, h, rules, nil
}

// FormatUnruly writes the puzzle as an Unruly game ID. Unruly has no edge
// clues, no third symbol, and only even sizes from 6.
func FormatUnruly(p *Puzzle) (string, error) {
	if err := p.checkShape(); err != nil {
		return "", err
	}
	switch {
	case p.Rules == Troix:
		return "", fmt.Errorf("unruly ids cannot hold troix puzzles")
	case len(p.Edges) > 0:
		return "", fmt.Errorf("unruly ids cannot hold edge clues")
	case p.Rows%2 != 0 || p.Cols%2 != 0 || p.Rows < 6 || p.Cols < 6:
		return "", fmt.Errorf("unruly needs even sizes of at least 6, got %dx%d", p.Rows, p.Cols)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d", p.Cols, p.Rows)
	if p.Rules == Takuzu {
		b.WriteByte('u')
	}
	b.WriteByte(':')
	run := 0
	for i := 0; i <= len(p.Cells); i++ {
		v := Zero
		if i < len(p.Cells) {
			v = p.Cells[i]
		}
		if v == Empty {
			run++
			continue
		}
		base, skip := byte('a'), byte('z')
		if v == One {
			base, skip = 'A', 'Z'
		}
		for ; run > 24; run -= 25 {
			b.WriteByte(skip)
		}
		b.WriteByte(base + byte(run))
		run = 0
	}
	return b.String(), nil
}
