#!/bin/sh
# Fetch (not install) Debian font packages for the coordinates model
# (scripts/gen_glyphs.py) and unpack them under build/fonts/PKG. Idempotent.
# Their licences are in models/coords.md.
set -e
cd "$(dirname "$0")/.."
exec sh scripts/fetch_art.sh build/fonts fonts-liberation2 fonts-freefont-ttf fonts-urw-base35 \
  fonts-texgyre fonts-linuxlibertine fonts-crosextra-carlito fonts-roboto-unhinted fonts-open-sans \
  fonts-lato fonts-go fonts-ebgaramond
