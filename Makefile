# fenscan: build, test and rebuild the model.
GO ?= go

.PHONY: build test bench fuzz testdata

BIN ?= fenscan

# The binary links OpenCV's modules but imgcodecs, videoio and highgui:
# Debian's builds of those three pull in GDAL, ffmpeg, GStreamer and GTK,
# about 230 more shared libraries that cost every fenscan process 0.2 s of
# dynamic linking before main runs. fenscan never calls them (pictures are
# decoded by internal/codec and Go; TestLeanBinary runs every reading path
# of the binary built here), so the linker is told to leave gocv's wrappers
# of them unresolved. A plain `go build` links everything and works too.
LEAN_MODULES = dnn calib3d features2d flann objdetect photo video imgproc core
LEAN_ENV = CGO_CPPFLAGS="$$(pkg-config --cflags opencv4)" \
	CGO_LDFLAGS="$(foreach m,$(LEAN_MODULES),-lopencv_$(m)) -Wl,--unresolved-symbols=ignore-in-object-files"

build:
	$(LEAN_ENV) $(GO) build -tags customenv -o $(BIN) ./cmd/fenscan

# The README's test command runs this: vet, every test, and a short fuzz.
test: fuzz
	$(GO) vet ./...
	$(GO) test -count=1 ./...

# Each fuzz target for a fixed number of inputs (go test -fuzz takes one at a time).
# Counts, not durations: with -fuzztime as a duration the fuzz engine can fail with
# "context deadline exceeded" when time runs out while it minimizes a new input
# (seen on CI), and a count does the same work on a slow machine as on a fast one.
fuzz:
	$(GO) test -run XXX -fuzz '^FuzzDecode$$' -fuzztime 3000x .
	$(GO) test -run XXX -fuzz '^FuzzReadDone$$' -fuzztime 50000x ./batch/
	$(GO) test -run XXX -fuzz '^FuzzAssemble$$' -fuzztime 20000x ./assemble/
	$(GO) test -run XXX -fuzz '^FuzzJPEGOrientation$$' -fuzztime 20000x .
	$(GO) test -run XXX -fuzz '^FuzzParseRange$$' -fuzztime 20000x ./pdfpages/
	$(GO) test -run XXX -fuzz '^FuzzDecodePNG$$' -fuzztime 20000x ./internal/codec/
	$(GO) test -run XXX -fuzz '^FuzzDecodeHEIF$$' -fuzztime 20000x ./internal/codec/
	$(GO) test -run XXX -fuzz '^FuzzLoad$$' -fuzztime 20000x ./wholeboard/

bench:
	GOMAXPROCS=1 $(GO) test -run XXX -bench . -benchtime 50x ./...

# Re-render the pictures the tests read (scripts/setup_model.sh installs rsvg-convert and python3-pil).
testdata:
	bash scripts/setup_model.sh
	/usr/bin/python3 scripts/make_testdata.py
	/usr/bin/python3 scripts/make_framed.py

# Rebuild models/digital.onnx from scratch (fetch art, render, train, export, evaluate,
# regenerate testdata/heldout and models/README.md); ~85 min on 2 CPU cores.
.PHONY: model second-model whole-board photo-model coords-model
model:
	sh scripts/build_model.sh

# Rebuild models/digital2.onnx, the second digital model, from models/digital.onnx and a partner
# network trained from scratch (~5.5 hours; after `make model`, which renders the held-out
# crops it is measured on).
second-model:
	sh scripts/build_second_model.sh

# Rebuild models/wholeboard.bin, the head that reads a flat board's squares together, for
# models/digital.onnx and models/digital2.onnx (~60 minutes on 2 cores).
whole-board:
	sh scripts/build_wholeboard.sh

# Rebuild models/photo.onnx (Blender renders and real photos; ~6 hours on 2 cores).
photo-model:
	sh scripts/build_photo_model.sh

# Rebuild models/coords.onnx, the reader of printed coordinates (fonts from Debian;
# ~35 minutes on 2 cores).
coords-model:
	sh scripts/build_coords_model.sh

# Regenerate the assembler's square prior from the 10,000 lichess games that
# ship with the chess module (a test dependency, so already in the module cache).
.PHONY: prior
prior:
	$(GO) run ./internal/priorgen -o assemble/prior_table.go \
		"$$($(GO) list -m -f '{{.Dir}}' github.com/corentings/chess/v2)/fixtures/pgns/big_big.pgn"
