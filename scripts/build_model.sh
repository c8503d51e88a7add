#!/bin/sh
# Rebuild models/digital.onnx from scratch: fetch art, rasterize, render, train, export, evaluate.
# Fixed seeds; ~55 min on 2 CPU cores. Override TRAIN_MIN / BOARDS for quicker runs.
set -e
cd "$(dirname "$0")/.."
PY=${PY:-/usr/bin/python3}
TRAIN_MIN=${TRAIN_MIN:-42}
BOARDS=${BOARDS:-250}
HELD_BOARDS=${HELD_BOARDS:-60}
mkdir -p build/data build/logs
T0=$(date +%s)
echo "$(date +%T) fetch art"; sh scripts/fetch_art.sh
echo "$(date +%T) rasterize sets"; $PY scripts/prep_art.py
echo "$(date +%T) render train"; $PY scripts/render.py --split train --boards-per-set $BOARDS --keep-empty 0.4 --seed 11 --out build/data/train.npz
echo "$(date +%T) render heldout"; $PY scripts/render.py --split heldout --boards-per-set $HELD_BOARDS --keep-empty 1.0 --seed 22 --out build/data/heldout.npz
echo "$(date +%T) train"; $PY scripts/train.py --train build/data/train.npz --heldout build/data/heldout.npz --minutes $TRAIN_MIN --out models/digital.onnx --report build/report.json --worst-png build/worst_set.png
T1=$(date +%s)
echo "$(date +%T) total $((T1 - T0)) s" | tee build/build_time.txt
