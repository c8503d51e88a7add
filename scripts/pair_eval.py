"""Held-out crop accuracy of the digital model read alone, with shifted
crops, and paired with second models, much as fenscan reads a flat
board's doubtful squares (fenscan.go readScales, which also scales the
outline and shifts it by 2 pixels of a crop): squares the first model
reads below 0.9 take the summed log-probabilities of the crop and its four
1-pixel shifts, by the first model and by the second.

usage: /usr/bin/python3 scripts/pair_eval.py [--first models/digital.onnx]
           [--data build/data/heldout.npz] SECOND.onnx...
"""
import argparse
import sys

import cv2
import numpy as np
import onnx
import torch

sys.path.insert(0, "scripts")
import join_models  # noqa: E402
import train  # noqa: E402

SHIFTS = [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]
DOUBT = 0.9


def shifted(X, dx, dy):
    M = np.float32([[1, 0, dx], [0, 1, dy]])
    return np.stack([cv2.warpAffine(x, M, (32, 32), borderMode=cv2.BORDER_REPLICATE) for x in X])


def log_probs(path, views):
    """Each view's log-probabilities by the model at path; a joined model's
    networks' logits averaged by their shares, as the joined graph computes
    them."""
    joined = onnx.load(path)
    nets = [train.load_onnx(m) for m in join_models.split(joined)]
    ws = join_models.joined_shares(joined)
    return {s: torch.log_softmax(sum(w * train.predict(m, X)[0] for w, m in zip(ws, nets)), 1).numpy()
            for s, X in views.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--first", default="models/digital.onnx", help="the model read first")
    ap.add_argument("--data", default="build/data/heldout.npz", help="crops and labels (render.py --split heldout)")
    ap.add_argument("second", nargs="*", help="second models to pair with it")
    a = ap.parse_args()
    torch.set_num_threads(2)
    d = np.load(a.data)
    X, y = d["x"], d["y"]
    views = {s: X if s == (0, 0) else shifted(X, *s) for s in SHIFTS}
    first = log_probs(a.first, views)
    p0 = np.exp(first[(0, 0)])
    doubt = p0.max(1) < DOUBT
    s1 = sum(first.values())

    def acc(summed):
        return (np.where(doubt, summed.argmax(1), p0.argmax(1)) == y).mean()
    print("%s alone %.4f, with shifted crops of its squares below %.1f (%.1f%% of crops) %.4f"
          % (a.first, (p0.argmax(1) == y).mean(), DOUBT, 100 * doubt.mean(), acc(s1)))
    for path in a.second:
        second = log_probs(path, views)
        print("%s alone %.4f, paired %.4f" % (path, (second[(0, 0)].argmax(1) == y).mean(), acc(s1 + sum(second.values()))))


if __name__ == "__main__":
    main()
