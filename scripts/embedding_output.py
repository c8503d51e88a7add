#!/usr/bin/python3
"""Route a model's "embedding" output through an Identity node, in place.

onnx-go only fills in graph outputs that no other node consumes; the
embedding (the penultimate layer) also feeds the last layer, so without
this it reads back as zeros in onnx-go while OpenCV returns it. Idempotent.

  /usr/bin/python3 scripts/embedding_output.py models/digital.onnx
"""
import sys

import onnx
from onnx import helper


def main(path):
    m = onnx.load(path)
    g = m.graph
    if any(n.op_type == "Identity" and n.output[0] == "embedding" for n in g.node):
        return
    inner = "embedding_features"
    for n in g.node:
        n.output[:] = [inner if o == "embedding" else o for o in n.output]
        n.input[:] = [inner if i == "embedding" else i for i in n.input]
    g.node.append(helper.make_node("Identity", [inner], ["embedding"], name="embedding_out"))
    onnx.checker.check_model(m)
    onnx.save(m, path)


if __name__ == "__main__":
    main(sys.argv[1])
