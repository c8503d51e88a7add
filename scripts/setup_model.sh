#!/usr/bin/env bash
# Install what rebuilding the models and the test pictures needs on Debian 12, as root, beyond
# scripts/setup.sh: Debian's PyTorch and ONNX, numpy, OpenCV, PIL and fontTools for
# /usr/bin/python3, rsvg-convert for the SVG piece sets, METAFONT (mf, gftype) for Elmar
# Bartel's diagram fonts, and the DejaVu fonts (test pictures, coordinates); with "photo",
# Blender too (the photo renders). The tests need none of it. Safe to run again.
#   bash scripts/setup_model.sh [photo]
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive
need=()
for p in python3-torch python3-onnx python3-numpy python3-opencv python3-pil python3-fonttools librsvg2-bin fonts-dejavu-core texlive-binaries texlive-base; do
	dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ "${1:-}" = photo ]; then
	dpkg -s blender >/dev/null 2>&1 || need+=(blender)
fi
if [ ${#need[@]} -gt 0 ]; then
	apt-get update -q
	apt-get install -y -q --no-install-recommends "${need[@]}"
fi
