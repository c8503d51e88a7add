#!/bin/sh
# Rebuild models/coords.onnx, the reader of the letters and digits printed around
# a board and in its edge squares: fetch fonts (Debian packages), draw cells
# (scripts/gen_glyphs.py), train (scripts/train_coords.py) in two stages: beside
# the board from scratch, then on those and on corners of edge squares, where
# screens print coordinates. About 12 minutes of drawing and 25 + 15 of training
# on 2 CPU cores; progress in build/coords/*.log.
#   sh scripts/build_coords_model.sh [MINUTES [INNER_MINUTES]]
set -eu
cd "$(dirname "$0")/.."
minutes=${1:-25}
inner_minutes=${2:-15}
mkdir -p build/coords
bash scripts/setup_model.sh
sh scripts/fetch_fonts.sh > build/coords/fonts.log 2>&1
gen() { /usr/bin/python3 scripts/gen_glyphs.py "$@" | tee -a build/coords/gen.log; }
gen --n 150000 --seed 1 --out build/coords/train.npz
gen --n 30000 --seed 4 --easy --out build/coords/easy.npz
gen --n 8000 --seed 2 --out build/coords/val.npz
gen --n 8000 --seed 3 --heldout --out build/coords/heldout.npz
gen --n 60000 --seed 5 --inner 1 --out build/coords/inner.npz
gen --n 4000 --seed 8 --inner 1 --out build/coords/val_inner.npz
gen --n 4000 --seed 6 --inner 1 --heldout --out build/coords/heldout_inner.npz
/usr/bin/python3 scripts/train_coords.py --minutes "$minutes" --out build/coords/stage1.onnx \
	--report build/coords/report_stage1.json 2>&1 | tee build/coords/train.log
/usr/bin/python3 scripts/train_coords.py --minutes "$inner_minutes" --lr 1e-3 --init-onnx build/coords/stage1.onnx \
	--train build/coords/train.npz,build/coords/inner.npz \
	--val-inner build/coords/val_inner.npz --heldout-inner build/coords/heldout_inner.npz \
	--out models/coords.onnx 2>&1 | tee build/coords/train_inner.log
