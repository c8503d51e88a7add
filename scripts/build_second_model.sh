#!/bin/sh
# Rebuild models/digital2.onnx, the second digital model, which reads a flat board's doubtful
# squares beside the first (models/README.md, Second model): a first model fine-tuned with
# bends (--shape-aug --elastic) on boards of another seed, then measured paired with the
# first on the held-out crops (scripts/pair_eval.py). ~55 min on 2 CPU cores.
#   FIRST        the first model to start from (default models/digital.onnx, from which the
#                shipped digital2 was made in session 44)
#   SECOND_SEED  the seed of the renders and of training (default 161, as the shipped one)
#   SECOND_MIN   minutes of fine-tuning (default 35, as the shipped one)
#   SECOND_ELASTIC  how far crops are bent, in pixels (default 0.4, as the shipped one;
#                the second before it was made with 0.8 and seed 131 from stage 10)
#   BOARDS       boards rendered per training set (default 250, as make model). The renders
#                are kept in build/data/train_sSEED.npz and reused: delete them after
#                changing the art or render.py.
# Run `make model` (or at least its art and held-out steps) first: it fetches the art and
# renders build/data/heldout.npz. The new model replaces models/digital2.onnx whatever it
# measures; the figures are in build/pair_eval_second.txt (git checkout restores the old).
set -e
cd "$(dirname "$0")/.."
if [ ! -f build/data/heldout.npz ] || [ ! -f build/pieces/sets.json ]; then
  echo "build/data/heldout.npz or the rasterized art (build/pieces) is missing: run make model first" >&2
  exit 1
fi
bash scripts/setup_model.sh
PY=${PY:-/usr/bin/python3}
FIRST=${FIRST:-models/digital.onnx}
SEED=${SECOND_SEED:-161}
MIN=${SECOND_MIN:-35}
ELASTIC=${SECOND_ELASTIC:-0.4}
BOARDS=${BOARDS:-250}
mkdir -p build/data build/logs
T0=$(date +%s)
data=build/data/train_s$SEED.npz
[ "$BOARDS" = 250 ] || data=build/data/train_s${SEED}_b$BOARDS.npz
if [ ! -f "$data" ]; then
  echo "$(date +%T) render train, seed $SEED"
  $PY scripts/render.py --split train --boards-per-set $BOARDS --keep-empty 0.4 --seed "$SEED" --out "$data"
fi
# Two networks that err on different crops make a pair; fresh boards and bent crops move this
# one's errors away from the first's (the shipped one also saw five designs the release never did).
echo "$(date +%T) fine-tune $FIRST ($MIN min, lr 1e-3, elastic $ELASTIC)"
$PY scripts/train.py --train "$data" --heldout build/data/heldout.npz --minutes "$MIN" --lr 1e-3 \
    --init-onnx "$FIRST" --shape-aug --elastic "$ELASTIC" --seed "$SEED" \
    --out build/digital2.onnx --report build/report_second.json --worst-png build/worst_set_second.png
echo "$(date +%T) paired with $FIRST on the held-out crops (the current second, then this one)"
$PY scripts/pair_eval.py --first "$FIRST" models/digital2.onnx build/digital2.onnx >build/pair_eval_second.txt
cat build/pair_eval_second.txt
cp build/digital2.onnx models/digital2.onnx
echo "$(date +%T) total $(( $(date +%s) - T0 )) s"
