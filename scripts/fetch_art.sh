#!/bin/sh
# Fetch (not install) Debian packages that contain free chess piece art and fonts,
# and unpack them under build/art/PKG. Idempotent.
set -e
cd "$(dirname "$0")/.."
mkdir -p build/art build/debs
PKGS="pychess scid-data eboard pgn2web texlive-games xboard knights gnome-chess"
for p in $PKGS; do
  if [ -d "build/art/$p" ]; then echo "have $p"; continue; fi
  ( cd build/debs && rm -f ${p}_*.deb && apt-get download "$p" ) || { echo "WARN: could not download $p"; continue; }
  deb=$(ls build/debs/${p}_*.deb | head -1)
  mkdir -p "build/art/$p.tmp" && dpkg -x "$deb" "build/art/$p.tmp" && mv "build/art/$p.tmp" "build/art/$p"
  echo "unpacked $p"
done
