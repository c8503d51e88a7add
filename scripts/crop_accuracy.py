#!/usr/bin/env python3
"""Accuracy of an exported model on crops cut by scripts/photocrops (x.npy, y.npy), read
through OpenCV DNN as fenscan reads them: squares and occupied squares right.
  /usr/bin/python3 scripts/crop_accuracy.py MODEL.onnx CROPS_DIR"""
import sys

import cv2
import numpy as np


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


def main():
    model, d = sys.argv[1], sys.argv[2]
    x, y = np.load(d + "/x.npy"), np.load(d + "/y.npy")
    p = predict(model, x)
    occ = y != 0
    print("%s on %s: %d crops, %.2f%% right, pieces %.2f%%" % (
        model, d, len(y), 100 * (p == y).mean(), 100 * (p[occ] == y[occ]).mean()))


if __name__ == "__main__":
    main()
