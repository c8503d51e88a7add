#!/usr/bin/env python3
"""Held-out accuracy of an ONNX model broken down by effective square size and style
(fresh renders of the held-out sets, same augmentations). Writes build/buckets.json."""
import collections, json, os, sys
import numpy as np, cv2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import render  # noqa: E402
from fenprep import prep, to_input, jitter_corners  # noqa: E402


def main():
    model = sys.argv[1] if len(sys.argv) > 1 else "models/digital.onnx"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 480
    net = cv2.dnn.readNetFromONNX(model)
    _, held, _ = render.split_sets()
    rng = np.random.default_rng(77)
    acc = collections.defaultdict(lambda: [0, 0, 0, 0])
    for it in range(n):
        s = held[it % len(held)]
        img, c, l, info = render.render(rng, s, heldout_theme=rng.random() < 0.3)
        bw = float(np.linalg.norm(c[1] - c[0]))
        esq = bw / 8
        net.setInput(to_input(prep(img, jitter_corners(rng, c, bw))))
        p = net.forward("logits").argmax(1)
        ok = p == l
        m = l != 0
        b = "square <12 px" if esq < 12 else "square 12-20 px" if esq < 20 else "square 20-40 px" if esq < 40 else "square >=40 px"
        for k in (b, "style " + info["style"], "all"):
            a = acc[k]
            a[0] += int(ok.sum()); a[1] += 64; a[2] += int(ok[m].sum()); a[3] += int(m.sum())
    out = {k: dict(boards=v[1] // 64, acc=v[0] / v[1], acc_pieces=v[2] / max(1, v[3])) for k, v in sorted(acc.items())}
    for k, v in out.items():
        print("%-22s boards %4d  acc %.4f  pieces %.4f" % (k, v["boards"], v["acc"], v["acc_pieces"]))
    json.dump(out, open("build/buckets.json", "w"), indent=1)


if __name__ == "__main__":
    main()
