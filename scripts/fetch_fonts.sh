#!/bin/sh
# Fetch (not install) Debian font packages for the coordinates model
# (scripts/gen_glyphs.py) and unpack them under build/fonts/PKG. Idempotent.
# Their licenses are in models/coords.md.
set -e
cd "$(dirname "$0")/.."
mkdir -p build/fonts build/debs
PKGS="fonts-liberation2 fonts-freefont-ttf fonts-urw-base35 fonts-texgyre fonts-linuxlibertine fonts-crosextra-carlito fonts-roboto-unhinted fonts-open-sans fonts-lato fonts-go fonts-ebgaramond"
for p in $PKGS; do
  if [ -d "build/fonts/$p" ]; then echo "have $p"; continue; fi
  ( cd build/debs && rm -f ${p}_*.deb && apt-get download "$p" ) || { echo "WARN: could not download $p"; continue; }
  deb=$(ls build/debs/${p}_*.deb | head -1)
  mkdir -p "build/fonts/$p.tmp" && dpkg -x "$deb" "build/fonts/$p.tmp" && mv "build/fonts/$p.tmp" "build/fonts/$p"
  echo "unpacked $p"
done
