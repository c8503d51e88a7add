#!/usr/bin/env python3
"""Build testdata/photos: a few photos of real boards, shrunk, with their labels.

  /usr/bin/python3 scripts/make_photo_testdata.py

Sources (licenses allow redistribution; see testdata/photos/labels.csv):
- ../shared/data/photos (github.com/afka2d/chesscog, MIT): angled phone photos with the
  board's corners labelled;
- ../shared/data/real/photo (samryan18/chess-ray-vision, WTFPL): top-down phone photos;
- build/photos/heldout, heldout_top and heldout_games (scripts/photo_render.py, this project):
  renders whose camera and board texture training never saw; build/s36/heldout_games2 and
  build/s39/top_games, two more draws of game positions (session 36: `--heldout --seed 4`,
  positions `internal/gamepos -all -n 120 -seed 2`; session 39: `--heldout --seed 6 --elev 80,90`,
  positions `internal/gamepos -all -n 60 -seed 3`), not kept in build/.
Pictures are shrunk to at most 1000 px on the longer side with EXIF orientation applied, and
labelled corners scaled to match; a pick marked "copy" (no larger) is copied byte for byte.
Rows of labels.csv for pictures made otherwise (samryan-005-1280.jpg, by scripts/photo_variants.py)
are kept.
"""
import csv, os, re, shutil
from PIL import Image, ImageOps

from make_testdata import kept_lines

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SHARED = os.path.join(ROOT, "..", "shared", "data")
OUT = os.path.join(ROOT, "testdata", "photos")
SIDE = 1000

PICKS = [
    (os.path.join(SHARED, "photos"), "images/IMG_4750.jpg", "chesscog-4750.jpg"),
    (os.path.join(SHARED, "photos"), "images/IMG_4745.jpg", "chesscog-4745.jpg"),
    (os.path.join(SHARED, "real"), "photo/samryan-001.jpg", "samryan-001.jpg"),
    (os.path.join(SHARED, "real"), "photo/samryan-005.jpg", "samryan-005.jpg"),
    # Its c8 bishop, a dark piece on a light square seen from straight above, was lost by every
    # photo model before session 35's (and its f3 knight and d1 queen, read as each other, until
    # session 31).
    (os.path.join(SHARED, "real"), "photo/samryan-003.jpg", "samryan-003.jpg"),
    (os.path.join(ROOT, "build", "photos", "heldout"), "images/00002.jpg", "render-00002.jpg"),
    # Seen from 82 degrees above: read flat by default until a doubtful board in an outline off
    # square was read as a photo too (fenscan.go, cameraSkew).
    (os.path.join(ROOT, "build", "photos", "heldout_top"), "images/00018.jpg", "render-top-00018.jpg"),
    # A random placement whose pieces say nothing of the side: the coordinates printed on its
    # border put Black at the bottom (classify.Glyphs).
    (os.path.join(ROOT, "build", "photos", "heldout"), "images/00053.jpg", "render-00053.jpg"),
    # A board turned about 45 degrees in the picture, of which auto mode's outline framed only a
    # block of squares, half the board, until the grid of its lines was taken as the same board
    # (fenscan.go, photoBoard).
    (os.path.join(ROOT, "build", "photos", "heldout_games"), "images/00047.jpg", "render-games-00047.jpg"),
    # Framed a rank inside the board, White's pieces left out, until the grid window's edges
    # weighed less than a seen line (detect/grid.go, place). Kept byte for byte: encoded again,
    # its window search comes out right either way.
    (os.path.join(ROOT, "build", "photos", "heldout_games"), "images/00108.jpg", "render-games-00108.jpg", "copy"),
    # Framed by auto mode's outline as an upright box 2.6 squares off the board's centre, and
    # read flat, until a grid holding half the outline was taken as the same board (fenscan.go,
    # photoBoard).
    (os.path.join(ROOT, "build", "photos", "heldout_games"), "images/00098.jpg", "render-games-00098.jpg", "copy"),
    # A pale board crowded with pieces, its squares' shades too close for the grid's checker,
    # found since the alternation of neighbouring squares counts too (detect/grid.go, place).
    (os.path.join(ROOT, "build", "photos", "heldout_games"), "images/00117.jpg", "render-games-00117.jpg", "copy"),
    # An ending of 14 pieces read flat as 4, a little surer than the photo model read it right,
    # until a board whose grid shows a camera's perspective was read flat only when that was
    # clearly surer (fenscan.go, photoBias).
    (os.path.join(ROOT, "build", "photos", "heldout_games"), "images/00066.jpg", "render-games-00066.jpg", "copy"),
    # From 85 degrees above, read flat as five black kings and a few pawns, a little surer than the
    # photo model read the army, until a flat reading without one king a side had to be clearly
    # surer too (fenscan.go, photoBias).
    (os.path.join(ROOT, "build", "photos", "heldout_top"), "images/00012.jpg", "render-top-00012.jpg", "copy"),
    # Its lines fit best a file off, onto its coordinates' border (25 of 64 right), until the
    # boards a square off were read too (fenscan.go, readPhoto).
    (os.path.join(ROOT, "build", "s36", "heldout_games2"), "images/00057.jpg", "render-draw2-00057.jpg", "copy"),
    # Square in the picture and read flat without a white king, until such a board was read as a
    # photo too (fenscan.go, asPhoto).
    (os.path.join(ROOT, "build", "photos", "heldout_top"), "images/00002.jpg", "render-top-00002.jpg", "copy"),
    # Game positions from 80 to 90 degrees above, read flat as a few scattered pieces until a photo
    # reading making a likelier game was favoured (fenscan.go, photoLikelier): 00001 square in the
    # picture, 00045 its outline 4 degrees off square; 00030's outline framed a block of 3.5 by 3.5
    # squares until a grid up to 64/9 of its area was the same board (fenscan.go, photoBoard).
    (os.path.join(ROOT, "build", "s39", "top_games"), "images/00001.jpg", "render-topgame-00001.jpg", "copy"),
    (os.path.join(ROOT, "build", "s39", "top_games"), "images/00045.jpg", "render-topgame-00045.jpg", "copy"),
    (os.path.join(ROOT, "build", "s39", "top_games"), "images/00030.jpg", "render-topgame-00030.jpg", "copy"),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    rows = []
    for folder, image, name, *how in PICKS:
        with open(os.path.join(folder, "labels.csv")) as f:
            row = next(r for r in csv.DictReader(f) if r["image"] == image)
        im = ImageOps.exif_transpose(Image.open(os.path.join(folder, image))).convert("RGB")
        f = min(1.0, SIDE / max(im.size))  # never enlarged
        if how == ["copy"]:
            if f < 1.0:
                raise SystemExit("%s: larger than %d px, cannot be kept byte for byte" % (image, SIDE))
            shutil.copyfile(os.path.join(folder, image), os.path.join(OUT, name))
        else:
            im = im.resize((round(im.width * f), round(im.height * f)), Image.LANCZOS)
            im.save(os.path.join(OUT, name), quality=90)
        notes = row["notes"]
        m = re.search(r"board corners \(([^)]*)\) \[(.*?)\]\]", notes)
        if m:
            nums = [float(x) for x in re.findall(r"-?[0-9]+(?:\.[0-9]+)?", m.group(2))]
            pts = "; ".join("[%.1f; %.1f]" % (nums[i] * f, nums[i + 1] * f) for i in range(0, 8, 2))
            notes = notes[:m.start()] + "board corners (%s) [%s]" % (m.group(1), pts) + notes[m.end():]
        notes = ("copied byte for byte" if how == ["copy"] else "shrunk to at most %d px" % SIDE) + \
            " by scripts/make_photo_testdata.py; " + notes
        rows.append(dict(image=name, fen_placement=row["fen_placement"], kind="photo", notes=notes,
                         source=row["source"], license=row["license"]))
    kept = kept_lines(OUT, {r["image"] for r in rows})
    with open(os.path.join(OUT, "labels.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["image", "fen_placement", "kind", "notes", "source", "license"],
                           lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
        for line in kept:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
