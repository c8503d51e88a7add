#!/bin/sh
# How fenscan turns screen boards shown from Black's side (see scripts/flipped_boards.py):
# 300 positions from real games, drawn and read end to end.
#   sh scripts/flipped_eval.sh [FENSCAN]
set -eu
cd "$(dirname "$0")/.."
bin=${1:-./fenscan}
mkdir -p build/flipped
go run ./internal/gamepos -n 300 -seed 3 >build/flipped/positions.txt
/usr/bin/python3 scripts/flipped_boards.py build/flipped/positions.txt build/flipped
"$bin" eval --jobs 2 build/flipped/labels.csv
