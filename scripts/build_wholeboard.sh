#!/bin/sh
# Rebuild models/wholeboard.bin, the whole-board head (package wholeboard), for the digital
# models in models/digital.onnx and models/digital2.onnx: render whole boards (all 64 squares)
# of all training designs, of designs of their own bent from them (render.py --morph) and of
# book diagrams with instructional marks and routes drawn over them (render.py --book-paths),
# read them with both, train the head on their readings (scripts/context_head.py) and measure
# it on the held-out designs. Not the ten designs the first model never saw: the second model
# trained on them, and its readings there would teach the head to trust it more than it may
# on designs neither saw. The head reads the second model's reading of only the squares the
# first reads below 0.99 (--second-sure), so that fenscan runs the second model on those
# alone (a quarter of the held-out squares). About 60 minutes on 2 CPU cores; needs the art of
# scripts/build_model.sh (fetched here if missing). Fixed seeds and a fixed number of steps.
set -e
cd "$(dirname "$0")/.."
bash scripts/setup_model.sh
PY=${PY:-/usr/bin/python3}
STEPS=${STEPS:-6000}
mkdir -p build/data build/logs
if [ ! -f build/pieces/sets.json ]; then
  sh scripts/fetch_art.sh
  $PY scripts/prep_art.py
fi
[ -f build/data/heldout.npz ] || $PY scripts/render.py --split heldout --boards-per-set 60 --keep-empty 1.0 --seed 22 --out build/data/heldout.npz
$PY scripts/render.py --split train --boards-per-set 40 --keep-empty 1.0 --seed 302 --out build/data/ctx_old.npz
$PY scripts/render.py --split train --boards-per-set 30 --keep-empty 1.0 --seed 304 --tone 0.3 --out build/data/ctx_old2.npz
$PY scripts/render.py --split train --boards-per-set 50 --keep-empty 1.0 --seed 305 --tone 0.15 --morph 1.0 --out build/data/ctx_morph.npz
$PY scripts/render.py --split train --boards-per-set 80 --keep-empty 1.0 --seed 306 --tone 0.3 --morph 1.0 --out build/data/ctx_morph2.npz
$PY scripts/render.py --split train --boards-per-set 40 --keep-empty 1.0 --seed 307 --tone 0.3 --morph 0.5 --book-paths 1.0 --out build/data/ctx_marks.npz
$PY scripts/context_head.py --train build/data/ctx_old.npz,build/data/ctx_old2.npz,build/data/ctx_morph.npz,build/data/ctx_morph2.npz,build/data/ctx_marks.npz \
    --second-input models/digital2.onnx --second-sure 0.99 --steps "$STEPS" --shuffle 0.7 --kingless 0.15 --seed 1 --save build/wholeboard.pt --export models/wholeboard.bin > build/logs/wholeboard.log
cat build/logs/wholeboard.log
