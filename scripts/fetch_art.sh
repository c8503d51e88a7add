#!/bin/sh
# Fetch (not install) Debian packages that contain free chess piece art and fonts,
# and unpack them under build/art/PKG. Idempotent. Other packages into another
# folder (scripts/fetch_fonts.sh): sh scripts/fetch_art.sh DIR PKG...
set -e
cd "$(dirname "$0")/.."
dest=build/art
PKGS="pychess scid-data eboard pgn2web texlive-games xboard knights gnome-chess tagua-data
  fonts-dejavu-core fonts-symbola fonts-noto-core fonts-freefont-ttf
  fonts-unifont fonts-horai-umefont fonts-konatu fonts-naver-d2coding fonts-wqy-microhei
  fonts-georgewilliams fonts-ukij-uyghur fonts-seto fonts-yozvox-yozfont-new-kana chess.app"
if [ $# -gt 0 ]; then
  dest=$1; shift; PKGS="$*"
fi
mkdir -p "$dest" build/debs
for p in $PKGS; do
  if [ -d "$dest/$p" ]; then echo "have $p"; continue; fi
  ( cd build/debs && rm -f ${p}_*.deb && apt-get download "$p" ) || { echo "WARN: could not download $p"; continue; }
  deb=$(ls build/debs/${p}_*.deb | head -1)
  mkdir -p "$dest/$p.tmp" && dpkg -x "$deb" "$dest/$p.tmp" && mv "$dest/$p.tmp" "$dest/$p"
  echo "unpacked $p"
done
