#!/bin/bash
# Measures what a profile (fenscan adapt) gains on a piece set it was made
# for, as issue 8 asks, and writes the tables to build/profile_eval.md:
#   - ../shared/data/photos: a profile from the first 2 photos, evaluated
#     on the other 32;
#   - one book of ../shared/data/real (the "cropped puzzle book diagram"
#     rows): a profile from its first 2 crops, evaluated on its others;
#   - the held-out designs' boards of build/designs*/ (make_design_boards.py,
#     12 boards per design and seed, never trained on), when there: for each
#     design and seed, a profile from its first 2 boards, evaluated on the
#     other 10; summed per design.
# Usage: scripts/profile_eval.sh [PHOTO_MODEL.onnx]
# A photo model other than the embedded one (which trained on all 34
# chesscog photos, so that their figures say nothing about adapting) is
# given to every command with --photo-model.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/profile
out=build/profile
go build -o $out/fenscan ./cmd/fenscan
photo=()
if [ $# -gt 0 ]; then photo=(--photo-model "$1"); fi

# split LABELS FILTER TRAIN EVAL: the rows whose notes start with FILTER
# (all rows when empty), the first two into TRAIN and the rest into EVAL,
# with absolute image paths.
split() {
	/usr/bin/python3 scripts/label_rows.py "$1" "$3" --notes "$2" --to 2
	/usr/bin/python3 scripts/label_rows.py "$1" "$4" --notes "$2" --from 2
}

# measure NAME TRAIN EVAL [KIND]: eval without and with a profile made from
# TRAIN; with KIND, also without a profile read as KIND, as a profile of
# pictures of that kind reads them (default auto may read a doubtful photo
# flat, which would count as the profile's gain).
measure() {
	local name=$1 train=$2 rest=$3 kind=${4:-}
	$out/fenscan adapt "${photo[@]}" "$train" -o $out/$name.profile >&2
	echo "### $name ($(($(wc -l <"$rest") - 1)) pictures)"
	echo
	echo '| | squares | boards |'
	echo '|---|---|---|'
	for with in no ${kind:+kind} yes; do
		local p=() label="without profile"
		case $with in
		kind) p=(--kind "$kind") label="without profile, --kind $kind" ;;
		yes) p=(--profile $out/$name.profile) label="with profile" ;;
		esac
		$out/fenscan eval --jobs 2 --json "${photo[@]}" "${p[@]}" "$rest" |
			/usr/bin/python3 -c '
import json, sys
o = json.load(sys.stdin)["overall"]
print("| %s | %.2f%% | %.1f%% |" % (sys.argv[1], 100 * o["square_acc"], 100 * o["board_acc"]))' "$label"
	done
	echo
}

split ../shared/data/photos/labels.csv "" $out/photos_train.csv $out/photos_rest.csv
split ../shared/data/real/labels.csv "cropped puzzle book diagram" $out/book_train.csv $out/book_rest.csv
# designs: the held-out designs' table, one row per design, seeds summed.
designs() {
	local rows=$out/designs.tsv
	: >$rows
	for labels in build/designs*/*/labels.csv; do
		local design seed name
		design=$(basename "$(dirname "$labels")")
		seed=$(basename "$(dirname "$(dirname "$labels")")")
		name=$seed-$design
		split "$labels" "" $out/${name}_train.csv $out/${name}_rest.csv
		# A design whose two boards cannot both be read gets no profile; its
		# boards are left out of both columns, and said so.
		if ! $out/fenscan adapt "${photo[@]}" "$out/${name}_train.csv" -o $out/$name.profile >&2; then
			echo "$name: no profile, left out" >&2
			continue
		fi
		for with in no yes; do
			local p=()
			if [ $with = yes ]; then p=(--profile $out/$name.profile); fi
			$out/fenscan eval --jobs 2 --json "${photo[@]}" "${p[@]}" "$out/${name}_rest.csv" |
				/usr/bin/python3 -c '
import json, sys
o = json.load(sys.stdin)["overall"]
n = o["images"]
print(sys.argv[1], sys.argv[2], n, round(o["square_acc"] * n * 64), round(o["board_acc"] * n), sep="\t")' "$design" $with >>$rows
		done
	done
	/usr/bin/python3 - $rows <<'EOF'
import collections, sys
tot = collections.defaultdict(lambda: [0, 0, 0])
for line in open(sys.argv[1]):
    design, with_, n, squares, boards = line.split()
    for key in ((design, with_), ("all", with_)):
        t = tot[key]
        t[0] += int(n); t[1] += int(squares); t[2] += int(boards)
if not tot:
    sys.exit("no design could be adapted to")
designs = sorted({d for d, _ in tot if d != "all"}) + ["all"]
print("### held-out designs (%d boards, each read without and with a profile of 2 others of its design)" % tot[("all", "no")][0])
print()
print("| design | boards | squares | boards right | squares, profile | boards right, profile |")
print("|---|---|---|---|---|---|")
for d in designs:
    a, b = tot[(d, "no")], tot[(d, "yes")]
    print("| %s | %d | %.2f%% | %d | %.2f%% | %d |" % (d, a[0], 100 * a[1] / (64 * a[0]), a[2], 100 * b[1] / (64 * b[0]), b[2]))
print()
EOF
}

{
	echo "Photo model: ${1:-embedded}"
	echo
	measure chesscog $out/photos_train.csv $out/photos_rest.csv photo
	measure book $out/book_train.csv $out/book_rest.csv
	if compgen -G "build/designs*/*/labels.csv" >/dev/null; then designs; fi
} | tee $out/../profile_eval.md
