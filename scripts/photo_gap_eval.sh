#!/bin/bash
# How well a photo model carries over to real sets (the gap between renders and
# photos), for comparing models trained on renders alone (train_photo.py without
# --real): the crops of the 34 chesscog photos of ../shared/data/photos and of
# the held-out renders (build/photos/heldout; cut here when missing), then end
# to end the 32 chesscog photos after the first two (the ones issue 8's profile
# is measured on) and the 5 samryan photos of ../shared/data/real.
#   bash scripts/photo_gap_eval.sh MODEL.onnx
set -euo pipefail
cd "$(dirname "$0")/.."
model=$1
out=build/photos
mkdir -p $out build/profile
# Crops are cut at the size the model reads (its input's width and height);
# other sizes than the release's 32x64 get folders of their own.
read -r w h < <(/usr/bin/python3 -c '
import onnx, sys
d = onnx.load(sys.argv[1]).graph.input[0].type.tensor_type.shape.dim
print(d[3].dim_value, d[2].dim_value)' "$model")
size=""
[ "${w}x$h" = 32x64 ] || size=_${w}x$h
[ -f $out/crops_real$size/y.npy ] ||
	go run ./scripts/photocrops -w "$w" -h "$h" -o $out/crops_real$size -jitter 4 -seed 2 -upright yes ../shared/data/photos/labels.csv 2>/dev/null
[ -f $out/crops_heldout$size/y.npy ] ||
	go run ./scripts/photocrops -w "$w" -h "$h" -o $out/crops_heldout$size -jitter 0 -upright no $out/heldout/labels.csv 2>/dev/null
go build -o $out/fenscan ./cmd/fenscan
/usr/bin/python3 scripts/label_rows.py ../shared/data/photos/labels.csv build/profile/photos_rest.csv --from 2
/usr/bin/python3 scripts/label_rows.py ../shared/data/real/labels.csv $out/real_photos.csv --kind photo
for d in crops_real crops_heldout; do
	/usr/bin/python3 scripts/crop_accuracy.py "$model" $out/$d$size
done
for set in build/profile/photos_rest.csv $out/real_photos.csv; do
	$out/fenscan eval --jobs 2 --json --photo-model "$model" "$set" | /usr/bin/python3 -c '
import json, sys
o = json.load(sys.stdin)["overall"]
print("%s end to end: %d pictures, %.2f%% of squares, %.1f%% of boards" % (
    sys.argv[1], o["images"], 100 * o["square_acc"], 100 * o["board_acc"]))' "$set"
done
