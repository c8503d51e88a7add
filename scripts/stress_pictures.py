#!/usr/bin/python3
"""Variants of labelled flat pictures (screenshots and diagrams; photos are left out),
each in a folder of its own with its labels.csv, to see what fenscan loses when a
picture is handled as users' pictures are: shrunk, blurred, compressed, dimmed,
padded, enlarged, turned a little as on a scanner's glass, seen at a slant as by a
phone held over a page or screen (slant: each corner moved up to 5% of the picture,
slant10 up to 10%, keystone: from below the middle), or photographed off a monitor
showing it (monitor: its pixels' stripes, moire, blur, vignetting, noise, JPEG), or
on a page curling up towards a book's spine (curl: rows bowed, darker at the spine).
Turned and slanted pictures are padded first, so that no board loses its corners off
the picture. The random draws
follow the variants in order, so a variant made alone differs from the same variant
made with all the others.

  /usr/bin/python3 scripts/stress_pictures.py LABELS.csv OUT [VARIANT...]
  ./fenscan eval OUT/turn3/labels.csv
(scripts/stress_eval.sh does both for every variant.)"""
import csv
import os
import sys

import cv2
import numpy as np

WHITE = (255, 255, 255)


def pad(img, share=0.12):
    p = int(share * max(img.shape[:2]))
    return cv2.copyMakeBorder(img, p, p, p, p, cv2.BORDER_CONSTANT, value=WHITE)


def warp(img, to):
    """img padded, its corners sent to `to` (shares of its size)."""
    img = pad(img)
    h, w = img.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    m = cv2.getPerspectiveTransform(src, np.float32(to) * np.float32([w, h]))
    return cv2.warpPerspective(img, m, (w, h), borderMode=cv2.BORDER_CONSTANT, borderValue=WHITE)


def turn(img, degrees):
    t = np.radians(degrees)
    c, s = np.cos(t), np.sin(t)
    return warp(img, [[0.5 + c * x - s * y, 0.5 + s * x + c * y]
                      for x, y in ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5))])


def slant(img, rng, amount=0.05):
    return warp(img, np.float32([[0, 0], [1, 0], [1, 1], [0, 1]]) + rng.uniform(-amount, amount, (4, 2)))


def keystone(img, rng):
    """As a camera below the middle of a screen or page sees it: the top
    narrower by 12-24%."""
    k = rng.uniform(0.06, 0.12)
    return warp(img, [[k, 0.02], [1 - k, 0.02], [1, 1], [0, 1]])


def monitor(img, rng):
    """As a phone photographs a monitor showing the picture (whole, on a
    1920x1080 screen): each of its pixels a screen pixel of three coloured
    stripes with a dark line below, seen 1.5 to 3 photo pixels wide (the
    camera's sampling of the stripes beats with them: moire; the photo at
    most 4000 pixels wide), from a little off the screen's axis, a little
    out of focus, darker at the edges, in another white balance, with
    sensor noise, as a phone's JPEG."""
    fit = min(1.0, 1920 / img.shape[1], 1080 / img.shape[0])
    if fit < 1:
        img = cv2.resize(img, None, fx=fit, fy=fit, interpolation=cv2.INTER_AREA)
    h, w = img.shape[:2]
    f = min(rng.uniform(1.5, 3), 4000 / 1.2 / max(h, w))
    H, W = int(h * f), int(w * f)
    big = cv2.resize(img, (W, H), interpolation=cv2.INTER_NEAREST).astype(np.float32)
    x, y = np.arange(W) * w / W % 1, np.arange(H) * h / H % 1  # within each screen pixel
    stripe = np.zeros((1, W, 3), np.float32)
    for c in range(3):  # red, green, blue from the left: BGR channels 2, 1, 0
        stripe[0, (x * 3).astype(int) == c, 2 - c] = 1
    row = np.where(y > 0.8, rng.uniform(0.5, 0.85), 1.0).astype(np.float32)[:, None, None]
    big *= (0.35 + 0.65 * stripe) * row * 1.6
    m = 0.1
    to = np.float32([[m, m], [1 - m, m], [1 - m, 1 - m], [m, 1 - m]]) + rng.uniform(-0.04, 0.04, (4, 2))
    src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    out = (int(W * 1.2), int(H * 1.2))
    t = cv2.getPerspectiveTransform(src, (to * np.float32(out)).astype(np.float32))
    bg = rng.uniform(10, 50)
    shot = cv2.warpPerspective(big, t, out, flags=cv2.INTER_LINEAR, borderValue=(bg, bg, bg))
    shot = cv2.GaussianBlur(shot, (0, 0), rng.uniform(0.3, 1.2))
    yy, xx = np.ogrid[0:out[1], 0:out[0]]
    vignette = 1 - 0.35 * rng.uniform(0.3, 1) * (((xx - out[0] / 2) / (out[0] / 2)) ** 2 + ((yy - out[1] / 2) / (out[1] / 2)) ** 2)
    cast = np.float32([rng.uniform(0.85, 1.05), rng.uniform(0.9, 1.05), rng.uniform(0.9, 1.15)])
    shot = 255 * (np.clip(shot * vignette[..., None] * cast, 0, 255) / 255) ** rng.uniform(0.8, 1.2)
    shot += rng.normal(0, rng.uniform(2, 6), shot.shape)
    _, buf = cv2.imencode(".jpg", np.clip(shot, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(60, 92))])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def curl(img, rng):
    """As a phone held over an open book sees a page curling up towards the
    spine (on the picture's left or right): the lifted part nearer the
    camera, so larger, and the rows of the board bowed by 1-4% of its
    height; darker towards the spine. The camera is 1.3 pictures' widths
    above, the page lifted at the spine by 4-10% of that width, the lift
    falling off as the square of the distance from the spine."""
    img = pad(img, 0.08)
    if right := rng.random() < 0.5:
        img = img[:, ::-1]
    h, w = img.shape[:2]
    lift, cam = rng.uniform(0.04, 0.10) * w, 1.3 * max(h, w)
    s = np.linspace(0, w - 1, 4 * w)
    z = lift * (1 - s / w) ** 2
    xc, yc = (w - 1) / 2, (h - 1) / 2
    seen = xc + (s - xc) * cam / (cam - z)  # where page column s is seen
    src_x = np.interp(np.arange(w), seen, s).astype(np.float32)
    z_at = lift * (1 - src_x / w) ** 2
    yy = np.arange(h, dtype=np.float32)[:, None]
    map_y = (yc + (yy - yc) * (cam - z_at) / cam).astype(np.float32)
    map_x = np.broadcast_to(src_x, (h, w)).astype(np.float32)
    out = cv2.remap(img, map_x, map_y, cv2.INTER_LINEAR, borderValue=WHITE).astype(np.float32)
    out *= (1 - rng.uniform(0.1, 0.35) * (z_at / lift) ** 2)[None, :, None]
    out = np.clip(out, 0, 255).astype(np.uint8)
    return out[:, ::-1] if right else out


def variants(rng):
    scale = lambda f, interp: lambda im: cv2.resize(im, None, fx=f, fy=f, interpolation=interp)
    return {
        "half": scale(0.5, cv2.INTER_AREA),
        "third": scale(0.33, cv2.INTER_AREA),
        "double": scale(2.5, cv2.INTER_CUBIC),
        "blur": lambda im: cv2.GaussianBlur(im, (0, 0), 1.5),
        "dim": lambda im: np.clip(((im / 255.0) ** 1.8 * 0.6 + 0.15) * 255, 0, 255).astype(np.uint8),
        "padded": pad,
        "turn1": lambda im: turn(im, rng.choice([-1, 1])),
        "turn3": lambda im: turn(im, rng.choice([-3, 3])),
        "slant": lambda im: slant(im, rng),
        "jpeg25": None,  # saved at JPEG quality 25
        "slant10": lambda im: slant(im, rng, 0.1),
        "keystone": lambda im: keystone(im, rng),
        "monitor": lambda im: monitor(im, rng),
        "curl": lambda im: curl(im, rng),
    }


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    src, out, only = sys.argv[1], sys.argv[2], sys.argv[3:]
    base = os.path.dirname(os.path.abspath(src))
    rows = [r for r in csv.DictReader(open(src)) if r["kind"] != "photo"]
    rng = np.random.default_rng(1)
    for name, f in variants(rng).items():
        if only and name not in only:
            continue
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "labels.csv"), "w", newline="") as fo:
            w = csv.writer(fo)
            w.writerow(["image", "fen_placement", "kind"])
            for r in rows:
                im = cv2.imread(os.path.join(base, r["image"]), cv2.IMREAD_COLOR)
                stem = os.path.splitext(os.path.basename(r["image"]))[0]
                if f is None:
                    fn = stem + ".jpg"
                    cv2.imwrite(os.path.join(d, fn), im, [cv2.IMWRITE_JPEG_QUALITY, 25])
                else:
                    fn = stem + ".png"
                    cv2.imwrite(os.path.join(d, fn), f(im))
                w.writerow([fn, r["fen_placement"], r["kind"]])
        print("wrote", d, len(rows), "pictures")


if __name__ == "__main__":
    main()
