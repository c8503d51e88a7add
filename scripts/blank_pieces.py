#!/usr/bin/env python3
"""Count the piece squares of rendered boards that the render's damage left blank: the
crop's middle (24 of 32 pixels across) flat (grey levels' standard deviation under 3)
and as light as the empty squares of its shade on that board (their median, within 8
levels). No reader can tell such a square from an empty one, so they bound the accuracy
any model can reach on the file.
  /usr/bin/python3 scripts/blank_pieces.py build/data/heldout.npz
The file holds crops of whole boards, 64 in a row, as render.py writes them."""
import sys

import numpy as np

from classes import STYLES


def blank(x, y):
    """Which squares of the boards x (n, 64, 32, 32) labelled y (n, 64) hold a piece
    drawn blank."""
    mid = x[:, :, 4:28, 4:28].astype(np.float32)
    mean, std = mid.mean((2, 3)), mid.std((2, 3))
    shade = np.array([(i // 8 + i % 8) % 2 for i in range(64)])
    out = np.zeros(y.shape, bool)
    for b in range(len(y)):
        for s in (0, 1):
            empty = (y[b] == 0) & (shade == s)
            if not empty.any():
                continue
            level = np.median(mean[b, empty])
            out[b] |= (y[b] != 0) & (shade == s) & (std[b] < 3) & (np.abs(mean[b] - level) < 8)
    return out


def main(path):
    d = np.load(path)
    x, y = d["x"].reshape(-1, 64, 32, 32), d["y"].reshape(-1, 64)
    b = blank(x, y)
    print("%s: %d boards, %d piece squares blank (%.3f%% of squares, the best any reader can do %.3f%%), "
          "on %d boards" % (path, len(y), b.sum(), 100 * b.mean(), 100 * (1 - b.mean()), b.any(1).sum()))
    if "st" in d.files:
        st = d["st"].reshape(-1, 64)[:, 0]
        for k, name in enumerate(STYLES):
            m = st == k
            if m.any():
                print("  %-6s %4d boards, %3d blank (%.3f%%)" % (name, m.sum(), b[m].sum(), 100 * b[m].mean()))


if __name__ == "__main__":
    main(sys.argv[1])
