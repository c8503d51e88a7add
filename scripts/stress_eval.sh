#!/bin/sh
# What fenscan loses on pictures handled as users' pictures are (see
# scripts/stress_pictures.py): every variant of LABELS.csv's flat pictures, read
# end to end. Default LABELS: ../shared/data/real/labels.csv.
#   sh scripts/stress_eval.sh [LABELS.csv [FENSCAN]]
set -eu
cd "$(dirname "$0")/.."
labels=${1:-../shared/data/real/labels.csv}
bin=${2:-./fenscan}
/usr/bin/python3 scripts/stress_pictures.py "$labels" build/stress
for d in build/stress/*/; do
	printf '%-8s' "$(basename "$d")"
	"$bin" eval --jobs 2 "$d/labels.csv" | tail -1
done
