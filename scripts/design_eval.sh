#!/bin/sh
# Board accuracy per held-out piece design, with and without --consistency, end to end
# (fenscan finds, reads and orients each board). Prints a markdown table for the model
# card. Renders the boards first if they are missing (scripts/make_design_boards.py).
#   sh scripts/design_eval.sh [DIR] [FENSCAN]
set -eu
cd "$(dirname "$0")/.."
dir=${1:-build/designs}
bin=${2:-./fenscan}
[ -d "$dir" ] || /usr/bin/python3 scripts/make_design_boards.py --out "$dir"
[ -x "$bin" ] || make -s build BIN="$bin"
field() { # key of the "overall" summary; fractions as percentages
	python3 -c 'import json, sys
v = json.load(sys.stdin)["overall"][sys.argv[1]]
print("%.2f%%" % (100 * v) if isinstance(v, float) else v)' "$1"
}
echo "| design | boards | found | squares | boards right | squares, consistency | boards right, consistency |"
echo "|---|---|---|---|---|---|---|"
for d in "$dir"/*/; do
	set=$(basename "$d")
	plain=$("$bin" eval --json "$d/labels.csv")
	cons=$("$bin" eval --json --consistency "$d/labels.csv")
	printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$set" \
		"$(echo "$plain" | field images)" "$(echo "$plain" | field found)" \
		"$(echo "$plain" | field square_acc)" "$(echo "$plain" | field board_acc)" \
		"$(echo "$cons" | field square_acc)" "$(echo "$cons" | field board_acc)"
done
