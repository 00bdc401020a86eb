// Command visionlab is the image reader's lab bench: it records what the
// reader reads on every suite (snapshot) and compares two records (diff),
// so that a change to the reader can be shown to change no reading; it
// scores suites and folders against their truth and prints the tables
// README quotes (score). A suite kept never looked into (lab.Suite.Blind)
// is only measured: score, givens, clues and endtoend print its totals,
// withhold every line that names one of its images, and refuse to write
// its debug images; diff counts its changed readings without naming
// them. Run it from inside the repository, with the
// shared test data at ../shared:
//
//	go run -tags migrated_fynedo ./cmd/visionlab help
package main
