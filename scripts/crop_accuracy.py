#!/usr/bin/env python3
"""Accuracy of an exported model on crops cut by scripts/photocrops (x.npy, y.npy), read
through OpenCV DNN as fenscan reads them: squares and occupied squares right.
  /usr/bin/python3 scripts/crop_accuracy.py MODEL.onnx CROPS_DIR [LABELS.csv]
With the labels of renders (scripts/photo_render.py) the crops were cut from, with
-jitter 0 so that group.npy counts their rows, it also splits the figures by the
camera's elevation and lists the commonest confusions: where a photo model fails."""
import collections
import csv
import re
import sys

import cv2
import numpy as np

CLASSES = "empty P N B R Q K p n b r q k".split()
BANDS = [(40, 52), (52, 58), (58, 70), (70, 80), (80, 90.1)]


def predict(model, x):
    """The class OpenCV DNN reads for each uint8 crop of x (N x H x W)."""
    net = cv2.dnn.readNetFromONNX(model)
    pred = []
    # The exported graph has a fixed batch of 64: pad the last batch.
    for i in range(0, len(x), 64):
        b = x[i:i + 64].astype(np.float32)[:, None] / 255.0
        n = len(b)
        b = np.concatenate([b, np.zeros((64 - n,) + b.shape[1:], np.float32)])
        net.setInput(b, "input")
        pred.append(net.forward("logits")[:n].argmax(1))
    return np.concatenate(pred)


def by_elevation(labels, group, y, p):
    """Print the figures per band of camera elevation, then the commonest errors."""
    rows = list(csv.DictReader(open(labels)))
    elev = np.array([float(re.search(r"elevation ([\d.]+)", r["notes"]).group(1)) for r in rows])
    if len(rows) != group.max() + 1:
        sys.exit("%s has %d rows but the crops come from %d pictures: cut them with -jitter 0" % (
            labels, len(rows), group.max() + 1))
    e, ok, occ = elev[group], p == y, y != 0
    for lo, hi in BANDS:
        s = (e >= lo) & (e < hi)
        if s.any():
            print("  elevation %2d-%2d: %3d pictures, %.2f%% right, pieces %.2f%%" % (
                lo, min(hi, 90), len(np.unique(group[s])), 100 * ok[s].mean(), 100 * ok[s & occ].mean()))
    errors = collections.Counter((CLASSES[a], CLASSES[b]) for a, b in zip(y, p) if a != b)
    print("  commonest errors (true>read): " + ", ".join("%s>%s %d" % (a, b, n) for (a, b), n in errors.most_common(8)))


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    model, d = sys.argv[1], sys.argv[2]
    x, y = np.load(d + "/x.npy"), np.load(d + "/y.npy")
    p = predict(model, x)
    occ = y != 0
    print("%s on %s: %d crops, %.2f%% right, pieces %.2f%%" % (
        model, d, len(y), 100 * (p == y).mean(), 100 * (p[occ] == y[occ]).mean()))
    # Per class, since a model that misses one piece of a set can still score well overall.
    print("  per class: " + ", ".join("%s %.0f%%" % (c, 100 * (p[y == i] == i).mean())
                                      for i, c in enumerate(CLASSES) if (y == i).any()))
    if len(sys.argv) == 4:
        by_elevation(sys.argv[3], np.load(d + "/group.npy"), y, p)


if __name__ == "__main__":
    main()
