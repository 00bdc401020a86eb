// Package solver is Binocle's puzzle engine: the puzzle model, the rule
// checks, the text, Unruly and JSON Lines formats, and a solver that proves
// whether a puzzle has exactly one solution.
//
// The solver keeps every row and column as bitmasks of the symbols each cell
// may still hold. Cheap bit rules (pairs, sandwiches, balance, edge clues)
// run first; where they stall, an exact line solver decides each line alone,
// then distinct-line reasoning (Takuzu), and only then a search that counts
// solutions up to two.
//
// Beside the fast solver sits a human-style step solver (NextStep, Steps):
// a ladder of techniques, cheapest first, each explaining itself in one
// sentence, for hints. Grade rates a puzzle by the hardest rung it needs,
// and Generate builds new puzzles on both solvers: the fast one proves
// uniqueness, the step solver checks the grade.
//
// It imports nothing but the standard library, so the app, the CLI and the
// tests all share it.
package solver
