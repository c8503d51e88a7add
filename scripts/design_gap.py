#!/usr/bin/env python3
"""How much of the digital model's held-out error is the piece design, and how much the
renders' damage: fresh renders of the designs it trained on (render.py with a seed it did
not train on) against the held-out designs, style by style, weighted to the held-out
class mix (training data keeps fewer empty squares).
  /usr/bin/python3 scripts/design_gap.py MODEL.onnx SEEN.npz HELDOUT.npz [SKIP_PREFIX...]
SKIP_PREFIX drops sets of SEEN.npz whose name starts with it (sets MODEL never saw)."""
import sys

import numpy as np

from classes import STYLES
from crop_accuracy import predict


def main():
    model, seen_path, held_path, skip = sys.argv[1], sys.argv[2], sys.argv[3], tuple(sys.argv[4:])
    seen, held = np.load(seen_path), np.load(held_path)
    known = np.array([not n.startswith(skip) for n in seen["sets"]])  # startswith(()) is False
    idx = np.where(known[seen["s"]])[0]
    idx = np.random.default_rng(0).choice(idx, min(40000, len(idx)), replace=False)
    ys, sts, ps = seen["y"][idx], seen["st"][idx], predict(model, seen["x"][idx])
    yh, sth, ph = held["y"], held["st"], predict(model, held["x"])
    print("| style | designs trained on | held-out designs | pieces, trained on | pieces, held out |")
    print("|---|---|---|---|---|")
    for k, name in enumerate(["all"] + STYLES):
        ms = np.ones(len(ys), bool) if k == 0 else sts == k - 1
        mh = np.ones(len(yh), bool) if k == 0 else sth == k - 1
        w = np.bincount(yh[mh], minlength=13) / mh.sum()
        acc_s = np.array([(ps[ms & (ys == c)] == c).mean() for c in range(13)])
        acc_h = np.array([(ph[mh & (yh == c)] == c).mean() for c in range(13)])
        pieces = lambda a: (a[1:] * w[1:]).sum() / w[1:].sum()
        print("| %s | %.2f%% | %.2f%% | %.2f%% | %.2f%% |" % (
            name, 100 * (acc_s * w).sum(), 100 * (acc_h * w).sum(), 100 * pieces(acc_s), 100 * pieces(acc_h)))


if __name__ == "__main__":
    main()
