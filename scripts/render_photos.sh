#!/bin/sh
# Render the synthetic board photos the photo model trains and is tested on (needs
# Debian's blender; CPU Cycles, ~4-6 s a picture on 2 cores). Resumable: a rerun continues
# after the pictures already listed in each labels.csv.
#   sh scripts/render_photos.sh [TRAIN_COUNT] [HELDOUT_COUNT]
set -eu
cd "$(dirname "$0")/.."
bash scripts/setup_model.sh photo
train=${1:-700}
heldout=${2:-60}
out=build/photos
mkdir -p "$out"
render() { # dir count seed [--heldout]
	dir=$1 count=$2 seed=$3
	shift 3
	done=0 # the number after the last picture listed
	if [ -f "$dir/labels.csv" ] && [ "$(wc -l <"$dir/labels.csv")" -gt 1 ]; then
		done=$(($(tail -n 1 "$dir/labels.csv" | sed 's|^images/0*\([0-9][0-9]*\)\.jpg.*|\1|') + 1))
	fi
	[ "$done" -ge "$count" ] && return 0
	blender -b -P scripts/photo_render.py -- --out "$dir" --n $((count - done)) --start "$done" --seed "$seed" "$@" \
		2>&1 | grep --line-buffered '^rendered' >>"$out/render.log"
}
render "$out/heldout" "$heldout" 2 --heldout
# The boards players photograph: positions from real games (internal/gamepos -all), where
# the renders' play is pseudo-legal and partly random; twice as many held-out scenes.
games=$(go mod download -json github.com/corentings/chess/v2 | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')/fixtures/pgns
[ "$(cat "$out/heldout_games.txt" 2>/dev/null | wc -l)" -eq $((2 * heldout)) ] ||
	go run ./internal/gamepos -all -n $((2 * heldout)) -seed 1 -exclude "$games/big_big.pgn" "$games/big.pgn" >"$out/heldout_games.txt"
render "$out/heldout_games" $((2 * heldout)) 2 --heldout --positions "$out/heldout_games.txt"
# Held-out boards seen from 80 to 90 degrees above, how a game is most often photographed.
render "$out/heldout_top" 30 3 --heldout --elev 80,90
render "$out/train" "$train" 1
# The fifth stage's: the 512 scenes of seed 5 in a harder tone (the Standard view or Filmic
# with contrast), and 800 drawn three quarters from random placements of all twelve pieces
# alike, because in play a queen stands on about one square in a hundred.
render "$out/train5t" 512 5 --tone mixed
render "$out/bal" 800 11 --play 0.25 --tone mixed
echo "photos rendered $(date)" >>"$out/render.log"
