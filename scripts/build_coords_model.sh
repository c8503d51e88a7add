#!/bin/sh
# Rebuild models/coords.onnx, the reader of the letters and digits printed around
# a board: fetch fonts (Debian packages), draw border cells (scripts/gen_glyphs.py),
# train (scripts/train_coords.py). About 10 minutes of drawing and 25 of training on
# 2 CPU cores; progress in build/coords/*.log.
#   sh scripts/build_coords_model.sh [MINUTES]
set -eu
cd "$(dirname "$0")/.."
minutes=${1:-25}
mkdir -p build/coords
bash scripts/setup_model.sh
sh scripts/fetch_fonts.sh > build/coords/fonts.log 2>&1
gen() { /usr/bin/python3 scripts/gen_glyphs.py "$@" | tee -a build/coords/gen.log; }
gen --n 150000 --seed 1 --out build/coords/train.npz
gen --n 30000 --seed 4 --easy --out build/coords/easy.npz
gen --n 8000 --seed 2 --out build/coords/val.npz
gen --n 8000 --seed 3 --heldout --out build/coords/heldout.npz
/usr/bin/python3 scripts/train_coords.py --minutes "$minutes" --out models/coords.onnx 2>&1 | tee build/coords/train.log
