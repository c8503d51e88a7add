"""Copies of the labelled photos of a labels file as users may send them: upright (EXIF
applied), shrunk to several long sides, and at one size turned by quarter turns; with
their labels, for `fenscan eval OUT/labels.csv`. A reading that holds only at the
original size is luck: these show how stable it is.

  /usr/bin/python3 scripts/photo_variants.py ../shared/data/real/labels.csv build/photo_variants
"""
import csv, os, sys
from PIL import Image, ImageOps

SIDES = (1024, 1280, 1600, 2016, 3024)  # messengers send 1280-1600; phones 3000-4000
TURN_SIDE = 1600
QUALITY = 92


def main(labels, out):
    os.makedirs(out, exist_ok=True)
    base = os.path.dirname(os.path.abspath(labels))
    with open(labels, newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["kind"] == "photo"]
    with open(os.path.join(out, "labels.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["image", "fen_placement", "kind", "notes"])
        for r in rows:
            im = ImageOps.exif_transpose(Image.open(os.path.join(base, r["image"]))).convert("RGB")
            # The path within the labels' folder, so that two photos of one name do not clash.
            name = os.path.splitext(r["image"])[0].replace("/", "_").replace("\\", "_")
            for side in SIDES:
                if side > max(im.size):
                    continue  # thumbnail never enlarges: that row would be the original size
                small = im.copy()
                small.thumbnail((side, side), Image.LANCZOS)
                f = "%s_%d.jpg" % (name, side)
                small.save(os.path.join(out, f), quality=QUALITY)
                w.writerow([f, r["fen_placement"], "photo", "size %d" % side])
            small = im.copy()
            small.thumbnail((TURN_SIDE, TURN_SIDE), Image.LANCZOS)
            for turn in (90, 180, 270):
                f = "%s_%d_turn%d.jpg" % (name, TURN_SIDE, turn)
                small.rotate(turn, expand=True).save(os.path.join(out, f), quality=QUALITY)
                w.writerow([f, r["fen_placement"], "photo", "size %d turned %d" % (TURN_SIDE, turn)])


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
