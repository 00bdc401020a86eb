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
# virtual display, drive it with xdotool and screenshot it; desktop-check
# validates the desktop entry.
TEST_PKGS  := xvfb xauth imagemagick xdotool desktop-file-utils

export CGO_ENABLED := 1
# Some distributions pin GOTOOLCHAIN=local in their go.env; go.mod names the Go we need.
export GOTOOLCHAIN ?= auto

# `make install` puts the binary, the desktop entry and the icon under
# $(DESTDIR)$(PREFIX), the layout packagers and `sudo make install` expect.
PREFIX  ?= /usr/local
APP_ID  := io.github.binocle
DESKTOP := desktop/$(APP_ID).desktop
# The hicolor theme's usual application icon sizes.
ICON_SIZES := 16 24 32 48 64 128 256 512
ICON_DIR   := build/icons
BINDIR      = $(DESTDIR)$(PREFIX)/bin
APPDIR      = $(DESTDIR)$(PREFIX)/share/applications
HICOLOR     = $(DESTDIR)$(PREFIX)/share/icons/hicolor

.PHONY: model run test build deps test-deps go-check vet fmt-check unit vision-test gui-smoke gui-window race bench vision-report fuzz clean install uninstall icons desktop-check

run: deps build
	$(BIN)

build: go-check
	$(GO) mod download
	$(GO) build -tags $(TAGS) -o $(BIN) .

test: deps test-deps go-check fmt-check vet desktop-check unit vision-test race
	@if command -v xvfb-run >/dev/null 2>&1; then $(MAKE) --no-print-directory gui-smoke gui-window; \
	else echo "gui-smoke, gui-window: skipped, xvfb-run is not installed"; fi

icons:
	$(GO) run desktop/icons.go gui/icon.png $(ICON_DIR) $(ICON_SIZES)

# The entry's Exec names the installed binary by its full path, so that the
# launcher finds it even where PREFIX/bin is not on the session's PATH.
install: build icons
	install -d $(BINDIR) $(APPDIR)
	install -m 755 $(BIN) $(BINDIR)/binocle
	sed 's|^Exec=binocle |Exec=$(PREFIX)/bin/binocle |' $(DESKTOP) > $(APPDIR)/$(APP_ID).desktop
	chmod 644 $(APPDIR)/$(APP_ID).desktop
	for s in $(ICON_SIZES); do \
		install -d $(HICOLOR)/$${s}x$${s}/apps && \
		install -m 644 $(ICON_DIR)/$$s.png $(HICOLOR)/$${s}x$${s}/apps/$(APP_ID).png || exit 1; \
	done
	@# Refresh the caches on a live system only; a staged DESTDIR has none.
	@if [ -z "$(DESTDIR)" ]; then \
		command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q $(PREFIX)/share/applications || true; \
		command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t $(PREFIX)/share/icons/hicolor || true; \
	fi

uninstall:
	rm -f $(BINDIR)/binocle $(APPDIR)/$(APP_ID).desktop
	for s in $(ICON_SIZES); do rm -f $(HICOLOR)/$${s}x$${s}/apps/$(APP_ID).png; done

# The entry as shipped and as installed both pass the freedesktop validator,
# and an install into a scratch DESTDIR is undone completely by uninstall.
desktop-check:
	desktop-file-validate $(DESKTOP)
	@stage=$$(mktemp -d) && trap 'rm -rf "$$stage"' EXIT && \
	$(MAKE) --no-print-directory install DESTDIR="$$stage" PREFIX=/usr >/dev/null && \
	desktop-file-validate "$$stage/usr/share/applications/$(APP_ID).desktop" && \
	for f in usr/bin/binocle usr/share/applications/$(APP_ID).desktop usr/share/icons/hicolor/16x16/apps/$(APP_ID).png usr/share/icons/hicolor/512x512/apps/$(APP_ID).png; do \
		test -s "$$stage/$$f" || { echo "desktop-check: make install did not install $$f"; exit 1; }; done && \
	$(MAKE) --no-print-directory uninstall DESTDIR="$$stage" PREFIX=/usr >/dev/null && \
	left=$$(find "$$stage" -type f) && \
	if [ -n "$$left" ]; then echo "desktop-check: make uninstall left $$left"; exit 1; fi
	@echo "desktop-check: entry valid, install and uninstall complete"

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

# The reader's concurrent paths under the race detector: the lattice
# rung's blobs cut ahead on another goroutine (the locate package), and a
# grid's cells and clue sites read side by side (readings of fixtures,
# half-played boards, dark themes and app boards).
RACE_TESTS := TestReadFixtures|TestGivensByRules|TestShadedCellsAreGivens|TestDarkBoards|TestAppBoardFindsBoard
race:
	$(GO) test -race -tags "$(TAGS) matprofile" ./vision/internal/locate/
	$(GO) test -race -tags "$(TAGS) matprofile" -run '$(RACE_TESTS)' ./vision/

gui-smoke: build
	./.ci/gui-smoke $(BIN)

# Each user story in the real window: Open (button, menu, Ctrl+O), every
# Export, history export and import, typing and undo in the grid, the
# resize round trip, rename and search, checking a half-played photo,
# accepting a suggested fix, and a rival reading warned of. SHOTS=DIR
# keeps the screenshots.
gui-window: build
	$(GO) test -count=1 ./gui/internal/windowtest -args -binary $(abspath $(BIN)) $(if $(SHOTS),-shots $(abspath $(SHOTS)))

# The clue-site, cell and marks models: cut the labelled patches from
# renders with seeds no measured suite uses, then train on the CPU from a
# fixed seed. It rewrites vision/model/sites.onnx, cells.onnx and
# marks_*.onnx, which are committed and embedded; CI never runs this.
MODEL_PKGS := python3-torch python3-onnx python3-numpy
MODEL_DATA ?= build/model-data
model: deps
	@./.ci/install-packages $(MODEL_PKGS)
	$(GO) run -tags $(TAGS) ./cmd/visionlab patches -o $(MODEL_DATA)
	/usr/bin/python3 vision/model/train_sites.py $(MODEL_DATA) vision/model/sites.onnx
	$(GO) run -tags $(TAGS) ./cmd/visionlab cellpatches -o $(MODEL_DATA)/cells
	/usr/bin/python3 vision/model/train_cells.py $(MODEL_DATA)/cells vision/model/cells.onnx
	$(GO) run -tags $(TAGS) ./cmd/visionlab markpatches -o $(MODEL_DATA)/marks
	/usr/bin/python3 vision/model/train_marks.py $(MODEL_DATA)/marks vision/model/marks

bench:
	$(GO) test -tags $(TAGS) -run '^$$' -bench . -benchmem ./solver/ ./store/ ./vision/ ./camera/ ./printout/

# The reader's lab command prints README's accuracy tables; it has more
# (snapshot, diff, score of any suite or folder): go run ./cmd/visionlab help.
vision-report:
	$(GO) run -tags $(TAGS) ./cmd/visionlab score -fail-dir /tmp/synth-fail report screens wild-clean wild-photos fresh-clean fresh-photos fresh2-clean fresh2-photos fresh3-clean fresh3-photos
	$(GO) run -tags $(TAGS) ./cmd/visionlab endtoend screens seed555 seed7 wild-clean wild-photos fresh-clean fresh-photos fresh2-clean fresh2-photos fresh3-clean fresh3-photos
	$(GO) run -tags $(TAGS) ./cmd/visionlab givens wild-clean wild-photos fresh-clean fresh-photos

# Each parser's fuzz target for FUZZTIME; the seed corpora also run in `make test`.
# Minimisation is capped because it otherwise stalls for a minute per new input.
FUZZTIME ?= 30s
FUZZ_TARGETS := solver:FuzzParseText solver:FuzzParseUnruly solver:FuzzRecordReader solver:FuzzSteps store:FuzzImport \
	vision:FuzzLoadBytesRead vision:FuzzJPEGComplete vision/exif:FuzzOrientation
fuzz:
	@for t in $(FUZZ_TARGETS); do pkg=$${t%%:*}; fn=$${t##*:}; \
		echo "== $$fn ($$pkg)"; \
		$(GO) test -tags "$(TAGS)" -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 5s ./$$pkg/ || exit 1; \
	done

clean:
	rm -f $(BIN)
	rm -rf $(ICON_DIR)
