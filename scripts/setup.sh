#!/usr/bin/env bash
# Install what fenscan needs to build and test on Debian 12, as root: OpenCV
# 4.6 (for gocv), libjpeg, libpng, libdeflate and libheif, a C compiler, make and Go. Safe to run
# again.
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive
need=()
dpkg -s libopencv-dev >/dev/null 2>&1 || need+=(libopencv-dev)
# libjpeg-turbo, libpng and libdeflate decode pictures (internal/codec).
dpkg -s libjpeg-dev >/dev/null 2>&1 || need+=(libjpeg-dev)
dpkg -s libpng-dev >/dev/null 2>&1 || need+=(libpng-dev)
dpkg -s libdeflate-dev >/dev/null 2>&1 || need+=(libdeflate-dev)
# libheif decodes HEIC (phone photos) and AVIF (internal/codec/heif.go).
dpkg -s libheif-dev >/dev/null 2>&1 || need+=(libheif-dev)
command -v gcc >/dev/null 2>&1 || need+=(build-essential)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v make >/dev/null 2>&1 || need+=(make)
command -v git >/dev/null 2>&1 || need+=(git ca-certificates)
# poppler renders PDF pages for `fenscan scan book.pdf`.
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
# Any Python 3 checks the photo model's card against its saved figures (models/card_test.go).
command -v python3 >/dev/null 2>&1 || need+=(python3)

# Go: the module asks for a newer release than Debian 12 ships; any Go from
# 1.21 on fetches that toolchain from the module proxy by itself
# (GOTOOLCHAIN=auto), so Debian's backported 1.23 is enough to start from.
gobin=""
for g in go /usr/local/go/bin/go; do
	if command -v "$g" >/dev/null 2>&1; then gobin=$(command -v "$g"); break; fi
done
if [ -z "$gobin" ]; then
	if ! grep -rqs bookworm-backports /etc/apt/sources.list /etc/apt/sources.list.d/; then
		echo "deb http://deb.debian.org/debian bookworm-backports main" >/etc/apt/sources.list.d/backports.list
	fi
	need+=(golang-1.23-go)
fi

if [ ${#need[@]} -gt 0 ]; then
	apt-get update -q
	apt-get install -y -q --no-install-recommends "${need[@]}"
fi
if [ -z "$gobin" ]; then
	ln -sf /usr/lib/go-1.23/bin/go /usr/local/bin/go
	gobin=/usr/local/bin/go
elif [ "$gobin" = /usr/local/go/bin/go ] && ! command -v go >/dev/null 2>&1; then
	ln -sf /usr/local/go/bin/go /usr/local/bin/go
fi
cd "$(dirname "$0")/.."
GOTOOLCHAIN=auto go mod download
go version
