# Binocle's two user-facing commands are `make run` and `make test`.
# Both first install whatever system packages are missing, so they work on a
# brand-new Debian or Ubuntu machine, as root or through sudo.

GO      ?= go
TAGS    := migrated_fynedo
BIN     := ./binocle
# gocv compiles against OpenCV's headers; Fyne's GLFW needs GL, X11, Wayland
# and xkbcommon headers even on an X11-only desktop.
# cgo needs a C and C++ compiler; the module download needs CA certificates.
BUILD_PKGS := build-essential ca-certificates libopencv-dev libgl1-mesa-dev xorg-dev libwayland-dev libxkbcommon-dev pkg-config
# The window smoke test and the real-window suite run the real binary on a
# virtual display, drive it with xdotool and screenshot it.
TEST_PKGS  := xvfb xauth imagemagick xdotool

export CGO_ENABLED := 1
# Some distributions pin GOTOOLCHAIN=local in their go.env; go.mod names the Go we need.
export GOTOOLCHAIN ?= auto

.PHONY: run test build deps test-deps go-check vet fmt-check unit vision-test gui-smoke gui-window bench vision-report fuzz clean

run: deps build
	$(BIN)

build: go-check
	$(GO) mod download
	$(GO) build -tags $(TAGS) -o $(BIN) .

test: deps test-deps go-check fmt-check vet unit vision-test
	@if command -v xvfb-run >/dev/null 2>&1; then $(MAKE) --no-print-directory gui-smoke gui-window; \
	else echo "gui-smoke, gui-window: skipped, xvfb-run is not installed"; fi

# apt-get only for what is missing, so a warm machine pays nothing.
deps:
	@./.ci/install-packages $(BUILD_PKGS)

test-deps:
	@./.ci/install-packages $(TEST_PKGS)

# A distribution's Go of 1.21 or newer fetches the toolchain go.mod asks
# for by itself (GOTOOLCHAIN=auto); an older one cannot, so say so plainly.
go-check:
	@command -v $(GO) >/dev/null 2>&1 || ./.ci/install-packages golang-go
	@$(GO) version | awk '{ split($$3, v, "[.]"); sub("go", "", v[1]); \
		if (v[1] == 1 && v[2] < 21) { print "Binocle needs Go 1.21 or newer (found " $$3 "); install a newer Go and run make again."; exit 1 } }'
	@$(GO) version

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed on: $$out"; exit 1; fi

vet:
	$(GO) vet -tags $(TAGS) ./...

# The packages that work on gocv Mats: the reader, the camera, printing and
# the synthetic renderer.
GOCV_PKGS := ./vision/... ./camera/... ./printout/... ./internal/synth/...

# Everything except the gocv packages, which run below with the Mat leak profiler on.
unit:
	$(GO) test -tags $(TAGS) $$($(GO) list ./... | grep -v -e '^binocle/vision' -e '^binocle/camera' -e '^binocle/printout' -e '^binocle/internal/synth' -e '^binocle/internal/matleak')

# matprofile makes gocv count every Mat; the tests assert none is left open.
vision-test:
	$(GO) test -tags "$(TAGS) matprofile" $(GOCV_PKGS)

gui-smoke: build
	./.ci/gui-smoke $(BIN)

# Each user story in the real window: Open (button, menu, Ctrl+O), every
# Export, history export and import, typing and undo in the grid, the
# resize round trip, rename and search. SHOTS=DIR keeps the screenshots.
gui-window: build
	$(GO) test -count=1 ./gui/internal/windowtest -args -binary $(abspath $(BIN)) $(if $(SHOTS),-shots $(abspath $(SHOTS)))

bench:
	$(GO) test -tags $(TAGS) -run '^$$' -bench . -benchmem ./solver/ ./store/ ./vision/ ./camera/ ./printout/

# The reader's lab command prints README's accuracy tables; it has more
# (snapshot, diff, score of any suite or folder): go run ./cmd/visionlab help.
vision-report:
	$(GO) run -tags $(TAGS) ./cmd/visionlab score -fail-dir /tmp/synth-fail report screens
	$(GO) run -tags $(TAGS) ./cmd/visionlab endtoend screens seed555 seed7

# Each parser's fuzz target for FUZZTIME; the seed corpora also run in `make test`.
# Minimisation is capped because it otherwise stalls for a minute per new input.
FUZZTIME ?= 30s
FUZZ_TARGETS := solver:FuzzParseText solver:FuzzParseUnruly solver:FuzzSteps store:FuzzImport \
	vision:FuzzLoadBytesRead vision:FuzzJPEGComplete vision/exif:FuzzOrientation
fuzz:
	@for t in $(FUZZ_TARGETS); do pkg=$${t%%:*}; fn=$${t##*:}; \
		echo "== $$fn ($$pkg)"; \
		$(GO) test -tags "$(TAGS)" -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 5s ./$$pkg/ || exit 1; \
	done

clean:
	rm -f $(BIN)
