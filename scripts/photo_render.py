"""Render photos of a physical chess board with Blender (headless, CPU Cycles).

Run through scripts/render_photos.sh, or directly:
  blender -b -P scripts/photo_render.py -- --out build/photos/train --n 400 --seed 1

Writes OUT/images/NNNNN.jpg and OUT/labels.csv in the format of
../shared/data/real/labels.csv (kind "photo"); the notes hold the board's corners in the
picture in the order a8, h8, h1, a1, which is what fenscan's photo crop extraction and
`fenscan eval` read. Each picture gets a fresh position, board, piece colours, lights,
table and camera.

--heldout renders what training never sees: camera elevations between 52 and 58 degrees
and the board textures listed in HELDOUT_TEXTURES (training uses neither). Training
pictures take a third of their cameras from 78 to 90 degrees, the rest from 40 to 90.
--elev LO,HI draws the camera's elevation from that band instead (with --heldout: a test set
of unseen boards seen from, say, straight above). --scale PERCENT renders the same
pictures larger (150: 960x720 in place of 640x480), with the corners scaled to match.
--pieces LO,HI,TLO,THI draws each picture's piece size from other ranges: the big pieces'
base diameter in squares (default 0.6,0.8) and a height factor on top of it (default
0.9,1.15). Real sets often stand on squares wider than their bases (a club's roll-up vinyl
board: pawns under half a square across); renders with 0.45,0.8,0.9,1.35 did not read such
a set better (models/photo.md, Limits), so the defaults stay.
--designs staunton,dreamchess,brutalchess,lathe draws each picture's piece design from that
list (default staunton alone: the MIT meshes of ../shared/art/staunton3d). dreamchess and
brutalchess are the GPL sets of Debian's dreamchess-data and brutalchess, which
`sh scripts/fetch_art.sh build/art3d dreamchess-data brutalchess` unpacks; lathe is a new
turned set for each picture (lathe_set: random feet, stems, collars and proportions; a rook's
battlements, a bishop's slit mitre, a queen's coronet, a king's cross), with the knight of one
of the others. The draw has a generator of its own, so the rest of each picture is the same
whatever the list.
--emblems P prints a maker's or federation's mark on that share of the boards (0 to 1; default 0):
a few letters and a bold device (rings, a lozenge of squares, a shield) on a corner square,
mostly h1, on another square or in the border, as roll-up tournament boards carry one; from a
generator of its own, so the rest of each picture is the same. Every renders-only model reads
the US Chess logo on h1 of the chesscog board as a white rook; 96 pictures with marks in a
1000-step fine-tune did not change that (25 of 32 photos against 26 without the marks).
--tone mixed maps each picture's light to its colours as phones do more often than Blender's
default (filmic, soft and grey; the default stays): the Standard view in 40% of the pictures,
else Filmic with a contrast look, and an exposure of -0.3 to +0.8 stops, from a generator of
its own.
--play F takes that share of the positions from play (default 0.75), the rest random
placements of all twelve pieces alike. In play a queen stands on about one square in a
hundred, so 0.25 gives the rarer pieces several times the crops; the draw is the same as the
default's, so pictures whose position is from play either way are the same pictures.
--positions FILE takes picture i's board from line i of FILE, one FEN placement a line
(internal/gamepos prints real games'): the boards players photograph. The board, its
margin and the materials are drawn as without it; the light and camera, drawn after the
pieces, differ.
"""
import math
import os
import random
import sys

import bpy
import numpy as np
from mathutils import Vector
from bpy_extras.object_utils import world_to_camera_view
from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from render import random_game, fen_placement, board_rows  # noqa: E402  (shared with the 2D renders)

ART = os.path.join(HERE, "..", "..", "shared", "art", "staunton3d")
HELDOUT_TEXTURES = ["Rosewood", "China-Blue", "Jade"]
HELDOUT_ELEVATION = (52.0, 58.0)
PIECES = {"k": "king", "q": "queen", "r": "rook", "b": "bishop", "n": "knight", "p": "pawn"}
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
SQUARE_PX = 96  # a square's side in the board's picture (board_image)

# Colour pairs (light, dark) for flat boards: vinyl roll-up boards (buff and green, the
# tournament standard), lichess/chess.com-like palettes, wood tones, greys.
PALETTES = [
    ((0.93, 0.92, 0.82), (0.10, 0.33, 0.18)), ((0.95, 0.95, 0.90), (0.05, 0.30, 0.15)),
    ((0.90, 0.88, 0.75), (0.25, 0.45, 0.25)), ((0.94, 0.85, 0.71), (0.71, 0.53, 0.39)),
    ((0.93, 0.93, 0.82), (0.46, 0.59, 0.34)), ((0.87, 0.89, 0.90), (0.55, 0.64, 0.68)),
    ((0.95, 0.90, 0.80), (0.35, 0.20, 0.10)), ((0.90, 0.90, 0.90), (0.20, 0.20, 0.20)),
    ((0.96, 0.93, 0.80), (0.15, 0.25, 0.55)), ((0.90, 0.80, 0.60), (0.50, 0.25, 0.10)),
    ((0.98, 0.98, 0.98), (0.05, 0.05, 0.05)), ((0.85, 0.78, 0.60), (0.30, 0.45, 0.30)),
    ((0.92, 0.90, 0.88), (0.60, 0.20, 0.20)), ((0.90, 0.92, 0.95), (0.30, 0.40, 0.60)),
]
WHITE_PIECES = [(0.92, 0.90, 0.84), (0.95, 0.93, 0.86), (0.88, 0.82, 0.68), (0.85, 0.70, 0.48),
                (0.96, 0.96, 0.96), (0.80, 0.78, 0.72), (0.92, 0.85, 0.60)]
BLACK_PIECES = [(0.02, 0.02, 0.02), (0.05, 0.05, 0.05), (0.12, 0.06, 0.03), (0.25, 0.04, 0.03),
                (0.10, 0.10, 0.12), (0.20, 0.12, 0.06), (0.03, 0.03, 0.06)]


def args():
    a = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    o = {"out": "build/photos/train", "n": 10, "seed": 1, "heldout": False, "start": 0, "elev": "", "scale": 100,
         "pieces": "0.6,0.8,0.9,1.15", "designs": "staunton", "tone": "filmic", "emblems": "0", "play": "0.75",
         "positions": ""}
    i = 0
    while i < len(a):
        k = a[i].lstrip("-")
        if k == "heldout":
            o["heldout"] = True
        else:
            i += 1
            o[k] = a[i] if k in ("out", "elev", "pieces", "designs", "tone", "emblems", "play", "positions") else int(a[i])
        i += 1
    return o


def srgb(c):
    """Linear colour for Blender from an sRGB triple."""
    return tuple(((x + 0.055) / 1.055) ** 2.4 if x > 0.04045 else x / 12.92 for x in c) + (1.0,)


def material(name):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    return m, m.node_tree.nodes["Principled BSDF"]


def coords(me):
    """A mesh's vertices, N x 3."""
    v = np.empty(len(me.vertices) * 3, dtype=np.float32)
    me.vertices.foreach_get("co", v)
    return v.reshape(-1, 3)


def on_base(v):
    """Vertices moved so that the centre of the piece's base is the origin."""
    lo, hi = v.min(0), v.max(0)
    return v - np.array([(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, lo[2]], dtype=v.dtype)


def smooth(me):
    """Smooth shading but at creases, and one material slot (set per object)."""
    for p in me.polygons:
        p.use_smooth = True
    me.use_auto_smooth = True
    me.auto_smooth_angle = math.radians(35)
    me.materials.append(None)
    return me


def hidden(ob):
    """An object linked to the scene and left out of renders until a picture uses it."""
    if ob.name not in bpy.context.collection.objects:
        bpy.context.collection.objects.link(ob)
    ob.hide_render = True
    return ob


def import_piece(name):
    bpy.ops.import_mesh.stl(filepath=os.path.join(ART, name + ".stl"), axis_forward="-Z", axis_up="Y")
    ob = bpy.context.selected_objects[0]
    me = ob.data
    # 30 STL units is the base of the big pieces.
    v = on_base(coords(me)) / np.float32(30.0)
    me.vertices.foreach_set("co", v.ravel())
    me.update()
    smooth(me)
    return hidden(ob)


def read_dcm(path):
    """Vertices and triangles of a DreamChess model: "DCM 0100", the vertex count, the
    positions, normals (3 each) and texture coordinates (2), then groups of indices, each
    a triangle STRIP or plain TRIANGLES."""
    t = open(path).read().split()
    n = int(t[2])
    v = np.array(t[3:3 + 3 * n], dtype=np.float64).reshape(-1, 3)
    i = 3 + 8 * n
    tris = []
    for _ in range(int(t[i])):
        kind, k = t[i + 1], int(t[i + 2])
        idx = [int(x) for x in t[i + 3:i + 3 + k]]
        i += 2 + k
        if kind == "STRIP":
            tris += [tuple(idx[j:j + 3]) for j in range(k - 2)]
        else:
            tris += [tuple(idx[j:j + 3]) for j in range(0, k - 2, 3)]
    return v, [f for f in tris if len(set(f)) == 3]


def read_obj(path):
    """Vertices and faces of a Wavefront OBJ file (relative, negative indices too)."""
    v, faces = [], []
    for line in open(path, errors="replace"):
        w = line.split()
        if not w:
            continue
        if w[0] == "v":
            v.append([float(x) for x in w[1:4]])
        elif w[0] == "f":
            idx = [int(x.split("/")[0]) for x in w[1:]]
            idx = [j - 1 if j > 0 else len(v) + j for j in idx]
            faces += [(idx[0], idx[j], idx[j + 1]) for j in range(1, len(idx) - 1)]
    return np.array(v, dtype=np.float64), faces


# Other 3D sets, from Debian packages that scripts/fetch_art.sh unpacks under build/art3d
# (both GPL): a directory, a reader, which axis is up and the file of each kind.
BUILD = os.path.join(HERE, "..", "build", "art3d")
DESIGNS = {
    "dreamchess": (os.path.join(BUILD, "dreamchess-data", "usr", "share", "games", "dreamchess", "pieces", "classic"),
                   read_dcm, 2, {k: v + ".dcm" for k, v in PIECES.items()}),
    "brutalchess": (os.path.join(BUILD, "brutalchess", "usr", "share", "games", "brutalchess", "models"),
                    read_obj, 1, {k: v + ".obj" for k, v in PIECES.items()}),
}


LICENSES = {"staunton": "MIT (staunton3d art)", "dreamchess": "GPL-3+ (dreamchess pieces; staunton3d boards MIT)",
            "brutalchess": "GPL-2+ (brutalchess pieces; staunton3d boards MIT)"}


def facing(v):
    """The direction, in the board's plane, in which the top half of a knight leans
    (its head over its base): sets model their knights facing different ways."""
    top = v[v[:, 2] > v[:, 2].max() / 2]
    d = top[:, :2].mean(0) - (v[:, :2].min(0) + v[:, :2].max(0)) / 2
    return math.atan2(d[1], d[0])


def new_mesh(name, v, faces):
    me = bpy.data.meshes.new(name)
    me.from_pydata(np.asarray(v).tolist(), [], faces)
    me.validate()
    me.update()
    return smooth(me)


def import_design(name, knight_angle):
    """A design's six pieces as hidden objects, in the Staunton meshes' frame: up is +Z,
    the base centred on the origin, the king's base 1 wide (a square once scaled), the
    knight turned to face where the Staunton knight faces."""
    folder, read, up, files = DESIGNS[name]
    raw = {k: read(os.path.join(folder, f)) for k, f in files.items()}
    axes = [a for a in range(3) if a != up] + [up]
    king = raw["k"][0][:, axes]
    unit = (king[:, :2].max(0) - king[:, :2].min(0)).max()
    out = {}
    for k, (v, faces) in raw.items():
        v = on_base(v[:, axes] / unit)
        if k == "n":
            a = knight_angle - facing(v)
            c, s = math.cos(a), math.sin(a)
            v = v @ np.array([[c, s, 0], [-s, c, 0], [0, 0, 1]])
        me = new_mesh("%s-%s" % (name, k), v, faces)
        out[k] = hidden(bpy.data.objects.new(me.name, me))
    return out


def lathe(rings, segments=48):
    """A surface of revolution about +Z: rings of (radius, height, shape) from the
    bottom up, shape None or a function of the angles giving each point's (radius
    factor, height offset), for battlements, crowns and a bishop's slit. A ring of
    radius 0 is a single point (the pieces' closed bottom and top)."""
    th = np.linspace(0, 2 * math.pi, segments, endpoint=False)
    verts, faces, prev = [], [], None
    for r, z, shape in rings:
        if r == 0:
            cur = [len(verts)]
            verts.append((0.0, 0.0, z))
        else:
            f, dz = shape(th) if shape else (np.ones_like(th), np.zeros_like(th))
            cur = list(range(len(verts), len(verts) + segments))
            verts += list(zip(r * f * np.cos(th), r * f * np.sin(th), z + dz))
        if prev is not None:
            if len(prev) == 1 and len(cur) > 1:
                faces += [(prev[0], cur[j], cur[(j + 1) % segments]) for j in range(segments)]
            elif len(cur) == 1 and len(prev) > 1:
                faces += [(prev[j], cur[0], prev[(j + 1) % segments]) for j in range(segments)]
            elif len(cur) > 1:
                faces += [(prev[j], prev[(j + 1) % segments], cur[(j + 1) % segments], cur[j]) for j in range(segments)]
        prev = cur
    return verts, faces


def box(verts, faces, lo, hi):
    """Add an axis-aligned box (a king's cross) to a mesh's lists."""
    n = len(verts)
    verts += [(x, y, z) for z in (lo[2], hi[2]) for y in (lo[1], hi[1]) for x in (lo[0], hi[0])]
    faces += [(n + a, n + b, n + c, n + d) for a, b, c, d in
              ((0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3))]


def arc(cx, cz, rad, a0, a1, n=8):
    """Profile points on a circle (centre cx, cz) from angle a0 to a1 (degrees; 90 is up)."""
    return [(max(0.0, cx + rad * math.cos(math.radians(a))), cz + rad * math.sin(math.radians(a)), None)
            for a in np.linspace(a0, a1, n)]


def lathe_set(rng):
    """Five turned pieces (king, queen, rook, bishop, pawn) of one random design, in
    the Staunton meshes' frame (king's base 1 wide): a foot of one to three steps, a
    tapering stem, a collar, and each piece's head, with proportions drawn once for the
    set and again per piece, as club, wooden and plastic sets differ from Staunton."""
    u = rng.uniform
    foot_steps = rng.choice([1, 2, 2, 3])
    foot_h = u(0.07, 0.2)
    stem_top = u(0.28, 0.5)  # of the base's radius
    collar = u(1.15, 1.6)  # of the stem's top radius
    collar_h = u(0.025, 0.07)
    bulge = u(-0.15, 0.25)  # the stem's curve: waisted (<0) or bellied
    king_h = u(2.2, 3.1)
    out = {}
    for k, (hf, rf) in {"k": (1.0, 1.0), "q": (u(0.82, 0.95), u(0.94, 1.0)), "b": (u(0.7, 0.84), u(0.84, 0.96)),
                        "r": (u(0.52, 0.68), u(0.84, 1.0)), "p": (u(0.44, 0.58), u(0.7, 0.84))}.items():
        R, H = 0.5 * rf, king_h * hf
        rings = [(0.0, 0.0, None), (R, 0.0, None)]
        z, r = 0.0, R
        for _ in range(foot_steps):  # steps with rounded edges, each narrower
            h = foot_h / foot_steps
            rings += [(r, z + h * 0.55, None), (r * 0.97, z + h * 0.85, None), (r * 0.9, z + h, None)]
            z, r = z + h, r * u(0.78, 0.92)
        head = {"k": u(0.34, 0.42), "q": u(0.3, 0.4), "b": u(0.38, 0.48), "r": u(0.3, 0.42), "p": u(0.42, 0.55)}[k] * H
        neck = H - head  # where the stem meets the collar
        rs = R * stem_top
        r0 = max(rs * 1.05, r * 0.75)
        for t in np.linspace(0.0, 1.0, 7):
            rings.append((r0 + (rs - r0) * t + bulge * R * math.sin(math.pi * t) * 0.3, z + (neck - z) * t, None))
        rc = rs * collar
        rings += [(rc * 0.95, neck, None), (rc, neck + collar_h * 0.5, None), (rc * 0.95, neck + collar_h, None),
                  (rs * 0.9, neck + collar_h * 1.3, None)]
        z = neck + collar_h * 1.3
        top = H
        if k == "p":  # a ball
            rb = min((top - z) / 1.8, R * 0.75)
            rings += arc(0, top - rb, rb, -60, 90, 10)
        elif k == "r":  # a tower with battlements
            rt = R * u(0.72, 0.95)
            notches, width, depth = rng.choice([4, 5, 6, 8]), u(0.3, 0.5), u(0.06, 0.12) * H
            def crenel(th, n=notches, w=width, d=depth):
                cut = ((th * n / (2 * math.pi)) % 1.0) < w
                return np.ones_like(th), np.where(cut, -d, 0.0)
            rings += [(rs + (rt - rs) * 0.6, z + (top - z) * 0.55, None), (rt, top - depth - 0.05 * H, None),
                      (rt, top, crenel), (rt * u(0.62, 0.8), top, crenel), (rt * 0.6, top - depth * 0.8, None),
                      (0.0, top - depth * 0.8, None)]
        elif k == "b":  # a mitre, pointed, with a slit, and a small ball
            rm = R * u(0.42, 0.6)
            fin = R * u(0.07, 0.14)
            hm = top - z - 2 * fin
            slit = rng.uniform(0, 2 * math.pi)
            def cut(th, s=slit):
                d = np.angle(np.exp(1j * (th - s)))
                return 1 - 0.35 * np.exp(-(d / 0.18) ** 2), np.zeros_like(th)
            for t in np.linspace(0.0, 1.0, 11):  # widest two fifths up, pointed at the top
                rr = rm * math.sin(math.pi * (0.12 + 0.86 * t)) ** 0.9
                rings.append((max(rr, 0.02 * R), z + hm * t, cut if 0.4 < t < 0.9 else None))
            rings += arc(0, top - fin, fin, -70, 90, 6)
        else:  # queen and king: a flared cup, then a coronet (queen) or a dome and cross (king)
            rq = R * u(0.6, 0.85)
            cup = (top - z) * (0.55 if k == "q" else 0.5)
            for t in np.linspace(0.15, 1.0, 6):
                rings.append((rs + (rq - rs) * t ** 1.8, z + cup * t, None))
            zc = z + cup
            if k == "q":
                points, ph = rng.choice([6, 8, 10, 12]), u(0.05, 0.12) * H
                def crown(th, n=points, h=ph):
                    return np.ones_like(th), h * np.abs(np.cos(th * n / 2)) ** 3
                fin = R * u(0.1, 0.18)
                rings += [(rq * 1.04, zc, crown), (rq * 0.85, zc, crown), (rq * 0.7, zc - 0.02 * H, None)]
                dome = top - 2 * fin - (zc - 0.02 * H)
                rings += [(rq * 0.7 * math.cos(a), zc - 0.02 * H + dome * math.sin(a), None)
                          for a in np.linspace(0.3, 1.35, 5)]
                rings += arc(0, top - fin, fin, -60, 90, 6)
            else:
                cross = u(0.18, 0.26) * H
                dome = top - cross - zc
                rings += [(rq * 1.03, zc, None), (rq * 0.92, zc + 0.02 * H, None)]
                rings += [(rq * 0.92 * math.cos(a), zc + 0.02 * H + dome * math.sin(a), None)
                          for a in np.linspace(0.2, math.pi / 2, 6)]
        verts, faces = lathe(rings)
        if k == "k":
            w = u(0.055, 0.085)
            box(verts, faces, (-w, -w, top - cross - 0.01), (w, w, top))
            arm, az = u(0.12, 0.2), top - cross * u(0.3, 0.45)
            box(verts, faces, (-arm, -w * 0.9, az - w), (arm, w * 0.9, az + w))
        out[k] = (np.array(verts), faces)
    return out


class Pool:
    """Piece objects sharing one mesh per kind, made on demand, hidden when unused."""

    def __init__(self, white, black, base=None):
        self.base = base or {k: import_piece(v) for k, v in PIECES.items()}
        self.mats = {True: white, False: black}
        self.objs = {}
        self.used = {}

    def get(self, piece):
        kind, isw = piece.lower(), piece.isupper()
        lst = self.objs.setdefault((kind, isw), [])
        n = self.used.get((kind, isw), 0)
        if n == len(lst):
            ob = self.base[kind].copy()  # shares the mesh
            bpy.context.collection.objects.link(ob)
            ob.material_slots[0].link = "OBJECT"
            ob.material_slots[0].material = self.mats[isw]
            lst.append(ob)
        self.used[(kind, isw)] = n + 1
        lst[n].hide_render = False
        return lst[n]

    def remesh(self, kind, me):
        """Give every object of a kind (both colours) another mesh: lathe designs change
        with each picture."""
        old = self.base[kind].data
        self.base[kind].data = me
        for (k, _), lst in self.objs.items():
            if k == kind:
                for ob in lst:
                    ob.data = me
        if old.name.startswith("lathe-") and old.users == 0:
            bpy.data.meshes.remove(old)

    def reset(self):
        for lst in self.objs.values():
            for ob in lst:
                ob.hide_render = True
        self.used = {}


def margin_px(margin_sq):
    """The width in pixels of a border margin_sq squares wide in the board's picture."""
    return int(round(margin_sq * SQUARE_PX))


def board_image(rng, tex_names, margin_sq, coords):
    """The board's top as a picture: playing area (texture or palette) plus a border."""
    px = SQUARE_PX
    n = 8 + 2 * margin_sq
    size = int(round(n * px))
    off = margin_px(margin_sq)
    if tex_names and rng.random() < 0.45:
        t = rng.choice(tex_names)
        area = Image.fromarray(texture_area(t)).resize((8 * px, 8 * px))
        border = tuple(int(x) for x in np.asarray(area).reshape(-1, 3).mean(0) * rng.uniform(0.4, 1.0))
        name = "texture " + t
        light_txt = (230, 230, 230) if np.mean(border) < 110 else (30, 30, 30)
    else:
        light, dark = rng.choice(PALETTES)
        name = "flat"
        jit = lambda c: tuple(int(255 * min(1, max(0, x + rng.uniform(-0.05, 0.05)))) for x in c)  # noqa: E731
        light, dark = jit(light), jit(dark)
        a = np.zeros((8 * px, 8 * px, 3), np.uint8)
        for r in range(8):
            for c in range(8):
                a[r * px:(r + 1) * px, c * px:(c + 1) * px] = light if (r + c) % 2 == 0 else dark
        area = Image.fromarray(a)
        border = light if rng.random() < 0.7 else dark
        light_txt = dark if border == light else light
    img = Image.new("RGB", (size, size), border)
    img.paste(area, (off, off))
    if coords and off > px * 0.25:
        d = ImageDraw.Draw(img)
        font = ImageFont.truetype(FONT, int(off * 0.45))
        for i in range(8):
            f, r = "abcdefgh"[i], str(8 - i)
            cx, cy = off + i * px + px // 2, off + i * px + px // 2
            for (x, y, s) in ((cx, off // 2, f), (cx, size - off // 2, f), (off // 2, cy, r), (size - off // 2, cy, r)):
                d.text((x, y), s, fill=light_txt, font=font, anchor="mm")
    return img, name


def emblem(rng, img, margin_sq):
    """Prints a maker's or federation's mark on the board picture img (board_image's,
    with a border margin_sq squares wide), as roll-up tournament boards carry one on a
    corner square or in the border: a few letters and a bold device (rings, a lozenge of
    squares, a shield) in one ink. Returns where."""
    px = SQUARE_PX
    off = margin_px(margin_sq)
    size = img.size[0]
    if off > px * 0.4 and rng.random() < 0.3:
        # In the border, below the board's bottom edge.
        w, h = int(rng.uniform(1.5, 3.5) * px), max(12, int(off * 0.6))
        x0 = int(rng.uniform(off + px, size - off - px - w))
        y0 = size - off + (off - h) // 2
        where = "border"
    else:
        r, c = (7, 7) if rng.random() < 0.5 else rng.choice([(0, 0), (0, 7), (7, 0)])
        if rng.random() < 0.25:
            r, c = rng.randrange(8), rng.randrange(8)
        inset = int(px * rng.uniform(0.06, 0.2))
        w = h = px - 2 * inset
        x0, y0 = off + c * px + inset, off + r * px + inset
        where = "square %s%d" % ("abcdefgh"[c], 8 - r)
    ground = img.getpixel((x0 + w // 2, y0 + h // 2))
    ink = tuple(int(v) for v in (np.array(ground) * rng.uniform(0.1, 0.5) if np.mean(ground) > 110
                                 else np.minimum(255, np.array(ground) + rng.uniform(90, 200))))
    d = ImageDraw.Draw(img)
    text = "".join(rng.choice("ABCDEFGHIKLMNOPRSTUVWXYZ") for _ in range(rng.randint(2, 7)))
    font = ImageFont.truetype(FONT, max(8, int(min(h * 0.28, w / (0.75 * len(text) + 1)))))
    device = rng.choice(["rings", "lozenge", "shield", "none"])
    if w > h * 1.2:  # a band: device on the left, letters after it
        dev = (x0, y0, x0 + h, y0 + h)
        d.text((x0 + h * 1.2, y0 + h // 2), text, fill=ink, font=font, anchor="lm")
    else:  # a square: a bold device above, letters below
        side = int(h * rng.uniform(0.5, 0.7))
        dev = (x0 + (w - side) // 2, y0, x0 + (w + side) // 2, y0 + side)
        d.text((x0 + w // 2, y0 + (side + h) / 2), text, fill=ink, font=font, anchor="mm")
    l, t, rr, b = dev
    lw = max(2, (rr - l) // 8)
    if device == "rings":
        for k in range(rng.randint(1, 3)):
            q = k * (rr - l) // 7
            d.ellipse((l + q, t + q, rr - q, b - q), outline=ink, width=lw)
    elif device == "lozenge":  # of squares, like a chequer turned on its corner
        cx, cy, k = (l + rr) / 2, (t + b) / 2, rng.randint(2, 4)
        step = (rr - l) / (2 * k)
        for i in range(-k + 1, k):
            for j in range(-k + 1 + abs(i), k - abs(i), 2):
                x, y = cx + i * step, cy + j * step
                d.polygon([(x, y - step), (x + step, y), (x, y + step), (x - step, y)], fill=ink)
    elif device == "shield":
        shape = [(l, t), (rr, t), (rr, (t + b) / 2), ((l + rr) / 2, b), (l, (t + b) / 2)]
        if rng.random() < 0.5:
            d.polygon(shape, fill=ink)
        else:
            d.polygon(shape, outline=ink, width=lw)
    return where


def texture_area(name):
    """The exact 8x8 playing area of one of the staunton3d textures. They are 8 squares
    across their 512 px but the squares are some 58 px high, with a strip below the
    board: the square edges are found from the brightness steps (the period and phase
    whose grid lines sit on the strongest steps, on each axis) and the area cut there."""
    t = np.asarray(Image.open(os.path.join(ART, "boards", name + ".png")).convert("RGB"))
    lum = t.astype(np.float32).mean(2)

    def lines(axis):
        g = np.abs(np.diff(lum, axis=axis)).sum(axis=1 - axis)
        n = len(g)
        best = (-1.0, 0.0, 0.0)
        for period in np.arange(n / 9.5, n / 7.5, 0.1):
            for phase in np.arange(0, period, 0.5):
                xs = phase + np.arange(0, n, period)
                xs = xs[xs < n - 1]
                v = np.interp(xs, np.arange(n), g).mean()
                if v > best[0]:
                    best = (v, period, phase)
        _, period, phase = best
        # the first edge of eight whole squares that fit
        start = phase
        while start + 8 * period > n + 1:
            start -= period
        while start < -1:
            start += period
        return start, period

    x0, px = lines(1)
    y0, py = lines(0)
    box = (max(0, x0), max(0, y0), min(t.shape[1], x0 + 8 * px), min(t.shape[0], y0 + 8 * py))
    return np.asarray(Image.fromarray(t).crop(tuple(int(round(v)) for v in box)))


def set_image(mat_nodes, img, name):
    w, h = img.size
    bi = bpy.data.images.get(name) or bpy.data.images.new(name, w, h)
    if bi.size[0] != w or bi.size[1] != h:
        bi.scale(w, h)
    a = np.asarray(img.convert("RGBA"), dtype=np.float32)[::-1] / 255.0
    bi.pixels.foreach_set(a.ravel())
    bi.update()
    mat_nodes["Image Texture"].image = bi


def setup(o):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    sc = bpy.context.scene
    sc.render.engine = "CYCLES"
    sc.cycles.device = "CPU"
    sc.cycles.samples = 24
    sc.cycles.use_denoising = False
    sc.cycles.max_bounces = 4
    sc.cycles.caustics_reflective = False
    sc.cycles.caustics_refractive = False
    sc.render.image_settings.file_format = "JPEG"
    sc.render.image_settings.quality = 90
    sc.render.film_transparent = False
    sc.world = bpy.data.worlds.new("world")
    sc.world.use_nodes = True

    # Board top: a plane with UVs over the whole picture; a box below for thickness.
    bpy.ops.mesh.primitive_plane_add(size=1)
    top = bpy.context.object
    tm, tb = material("board")
    tex = tm.node_tree.nodes.new("ShaderNodeTexImage")
    tm.node_tree.links.new(tex.outputs["Color"], tb.inputs["Base Color"])
    top.data.materials.append(tm)
    bpy.ops.mesh.primitive_cube_add(size=1)
    body = bpy.context.object
    bm, bb = material("boardbody")
    body.data.materials.append(bm)

    bpy.ops.mesh.primitive_plane_add(size=200)
    table = bpy.context.object
    tab, tabb = material("table")
    nt = tab.node_tree
    noise = nt.nodes.new("ShaderNodeTexNoise")
    ramp = nt.nodes.new("ShaderNodeValToRGB")
    nt.links.new(noise.outputs["Fac"], ramp.inputs["Fac"])
    nt.links.new(ramp.outputs["Color"], tabb.inputs["Base Color"])
    table.data.materials.append(tab)

    wm, wb = material("white")
    km, kb = material("black")
    pool = Pool(wm, km)
    pools = {"staunton": pool}
    designs = [d for d in o["designs"].split(",") if d]
    if designs != ["staunton"]:
        kn = pool.base["n"].data
        ahead = facing(coords(kn).astype(np.float64))
        for d in designs:
            if d in pools:
                continue
            if d == "lathe":  # meshes made anew for each picture (one()); a knight of the others'
                base = {k: hidden(bpy.data.objects.new("lathe-" + k, new_mesh("lathe-" + k, lv, lf)))
                        for k, (lv, lf) in lathe_set(random.Random(0)).items()}
                base["n"] = hidden(bpy.data.objects.new("lathe-n", kn))
                pools[d] = Pool(wm, km, base)
            else:
                pools[d] = Pool(wm, km, import_design(d, ahead))

    sun = bpy.data.objects.new("sun", bpy.data.lights.new("sun", "SUN"))
    sc.collection.objects.link(sun)
    lamp = bpy.data.objects.new("lamp", bpy.data.lights.new("lamp", "AREA"))
    sc.collection.objects.link(lamp)
    cam = bpy.data.objects.new("cam", bpy.data.cameras.new("cam"))
    sc.collection.objects.link(cam)
    sc.camera = cam
    return dict(sc=sc, top=top, tm=tm, body=body, bb=bb, table=table, noise=noise, ramp=ramp,
                wb=wb, kb=kb, pools=pools, designs=designs, sun=sun, lamp=lamp, cam=cam)


def position(rng, play):
    """A board as 8 strings, rank 8 first: from play with probability play, else a random
    placement."""
    if rng.random() < play:
        b, _ = random_game(np.random.default_rng(rng.randrange(1 << 30)), rng.randrange(0, 120))
        return ["".join(r) for r in b]
    d = rng.uniform(0.1, 0.5)
    rows = []
    for _ in range(8):
        rows.append("".join(rng.choice("PNBRQKpnbrqk") if rng.random() < d else "." for _ in range(8)))
    return rows


def one(o, S, rng, tex_names, idx):
    sc = S["sc"]
    # The design is drawn apart from the picture's generator, so that renders with the
    # default (Staunton only) are the same pictures as before designs were added.
    drng = random.Random(o["seed"] * 7919 + idx)
    design = S["designs"][0] if len(S["designs"]) == 1 else drng.choice(S["designs"])
    pool = S["pools"][design]
    licence = LICENSES.get(design)
    if design == "lathe":
        for k, (lv, lf) in lathe_set(drng).items():
            pool.remesh(k, new_mesh("lathe-" + k, lv, lf))
        knight = drng.choice(sorted(d for d in S["pools"] if d != "lathe"))
        pool.remesh("n", S["pools"][knight].base["n"].data)
        design = "lathe (knight %s)" % knight
        licence = "generated pieces; knight " + LICENSES[knight]
    margin = rng.choice([0.0, 0.15, 0.3, 0.5, 0.6, 0.8]) if rng.random() < 0.9 else rng.uniform(0, 1)
    coords = rng.random() < 0.6
    img, S["board_name"] = board_image(rng, tex_names, margin, coords)
    # Marks have a generator of their own, so that the rest of each picture is the
    # same with or without them.
    erng = random.Random(o["seed"] * 15485863 + idx)
    if erng.random() < float(o["emblems"]):
        S["board_name"] += ", mark on " + emblem(erng, img, margin)
    set_image(S["tm"].node_tree.nodes, img, "boardimg")
    n = 8 + 2 * margin
    S["top"].scale = (n, n, 1)
    S["top"].location = (4, 4, 0)
    thick = rng.uniform(0.005, 0.4)
    S["body"].scale = (n, n, thick)
    S["body"].location = (4, 4, -thick / 2 - 0.001)
    S["bb"].inputs["Base Color"].default_value = srgb(tuple(x / 255 for x in img.getpixel((2, 2))))
    tb = S["tm"].node_tree.nodes["Principled BSDF"]
    tb.inputs["Roughness"].default_value = rng.uniform(0.3, 0.9)
    tb.inputs["Specular"].default_value = rng.uniform(0.1, 0.6)
    S["table"].location = (4, 4, -thick - 0.002)
    S["noise"].inputs["Scale"].default_value = rng.uniform(0.5, 20)
    c1 = [rng.uniform(0, 1) for _ in range(3)]
    c2 = [min(1, max(0, x + rng.uniform(-0.3, 0.3))) for x in c1]
    S["ramp"].color_ramp.elements[0].color = srgb(c1)
    S["ramp"].color_ramp.elements[1].color = srgb(c2)

    for key, pal in (("wb", WHITE_PIECES), ("kb", BLACK_PIECES)):
        col = [min(1, max(0, x + rng.uniform(-0.04, 0.04))) for x in rng.choice(pal)]
        S[key].inputs["Base Color"].default_value = srgb(col)
        S[key].inputs["Roughness"].default_value = rng.uniform(0.1, 0.6)
        S[key].inputs["Specular"].default_value = rng.uniform(0.3, 0.7)

    rows = position(rng, float(o["play"]))
    if o["positions"]:
        # The drawn board is replaced, not skipped, so that the board and materials are the
        # ones drawn without --positions.
        if idx >= len(S["positions"]):
            sys.exit("--positions %s has %d boards, none for picture %d" % (o["positions"], len(S["positions"]), idx))
        rows = S["positions"][idx]
    for pl in S["pools"].values():
        pl.reset()
    slo, shi, tlo, thi = map(float, o["pieces"].split(","))
    scale = rng.uniform(slo, shi)  # base diameter in squares
    tall = rng.uniform(tlo, thi)
    # Sets differ in proportions piece by piece too (a tall king, a squat knight). A
    # separate generator keeps the draws above as they were for each picture.
    shape_rng = random.Random(rng.random())
    shape = {k: (shape_rng.uniform(0.9, 1.1), shape_rng.uniform(0.88, 1.12)) for k in "kqrbnp"}
    for r in range(8):
        for c in range(8):
            p = rows[r][c]
            if p == ".":
                continue
            ob = pool.get(p)
            x = c + 0.5 + rng.gauss(0, 0.06)
            y = (7 - r) + 0.5 + rng.gauss(0, 0.06)
            ob.location = (x, y, 0)
            wide, high = shape[p.lower()]
            ob.scale = (scale * wide, scale * wide, scale * tall * high)
            face = 0.0 if p.isupper() else math.pi
            spin = rng.gauss(0, 0.6) if p in "Nn" else rng.uniform(0, 2 * math.pi)
            ob.rotation_euler = (0, 0, face + spin)

    # Light: sky colour, a sun with soft shadows, sometimes an area lamp overhead.
    bg = S["sc"].world.node_tree.nodes["Background"]
    g = rng.uniform(0.5, 1.0)
    bg.inputs["Color"].default_value = srgb([g * rng.uniform(0.85, 1.0) for _ in range(3)])
    bg.inputs["Strength"].default_value = rng.uniform(0.3, 1.5)
    sun = S["sun"]
    sun.data.energy = rng.uniform(0.5, 4.0)
    sun.data.angle = math.radians(rng.uniform(2, 40))
    sun.rotation_euler = (math.radians(rng.uniform(0, 60)), 0, rng.uniform(0, 2 * math.pi))
    lamp = S["lamp"]
    lamp.data.energy = rng.uniform(0, 800) if rng.random() < 0.5 else 0
    lamp.data.size = rng.uniform(1, 6)
    lamp.location = (4 + rng.uniform(-6, 6), 4 + rng.uniform(-6, 6), rng.uniform(8, 16))

    # Camera: elevation 40..90 degrees (held-out band excluded from training), any side.
    cam = S["cam"]
    lo, hi = HELDOUT_ELEVATION
    while True:
        # A third of the training pictures look (nearly) straight down, the
        # commonest way to photograph a game in progress.
        if o["elev"]:  # a band of its own, e.g. --elev 80,90 for a top-down test set
            elev = rng.uniform(*map(float, o["elev"].split(",")))
            break
        elev = rng.uniform(lo, hi) if o["heldout"] else (rng.uniform(78, 90) if rng.random() < 0.33 else rng.uniform(40, 90))
        if o["heldout"] or not lo <= elev <= hi:
            break
    elev = min(elev, 89.5)
    az = rng.uniform(0, 2 * math.pi)
    cam.data.sensor_width = 36
    cam.data.sensor_fit = "AUTO"  # 36 mm across the long side of the picture
    cam.data.lens = rng.uniform(22, 45)
    W, H = (480, 640) if rng.random() < 0.5 else (640, 480)
    # Larger renders keep the detail that tells a king's cross from a queen's coronet.
    W, H = W * o["scale"] // 100, H * o["scale"] // 100
    sc.render.resolution_x, sc.render.resolution_y = W, H
    sc.render.resolution_percentage = 100
    half_short = math.atan(18 * 0.75 / cam.data.lens)
    fill = rng.uniform(0.6, 1.0)
    look = Vector((4 + rng.uniform(-0.6, 0.6), 4 + rng.uniform(-0.6, 0.6), 0))
    corners3 = [Vector((0, 8, 0)), Vector((8, 8, 0)), Vector((8, 0, 0)), Vector((0, 0, 0))]
    e = math.radians(elev)
    roll = math.radians(rng.gauss(0, 4))
    for _ in range(30):
        dist = (n / 2) / fill / math.tan(half_short)
        cam.location = look + Vector((math.cos(az) * math.cos(e), math.sin(az) * math.cos(e), math.sin(e))) * dist
        rot = (look - cam.location).to_track_quat("-Z", "Y").to_euler()
        rot.rotate_axis("Z", roll)
        cam.rotation_euler = rot
        bpy.context.view_layer.update()
        pts = []
        for p3 in corners3:
            v = world_to_camera_view(sc, cam, p3)
            pts.append((v.x * W, (1 - v.y) * H))
        if all(0.02 * W < x < 0.98 * W and 0.02 * H < y < 0.98 * H for x, y in pts):
            break
        fill *= 0.92
    if os.environ.get("FENSCAN_MARKERS"):  # debugging: red balls on the labelled corners
        for p3 in corners3:
            bpy.ops.mesh.primitive_uv_sphere_add(radius=0.06, location=p3)
    tone = "filmic"
    if o["tone"] == "mixed":
        # Phones render white plastic glossy and bright, shadows deep; Blender's default
        # Filmic view is soft and grey. Its own generator keeps the rest of the picture.
        trng = random.Random(o["seed"] * 104729 + idx)
        vs = sc.view_settings
        if trng.random() < 0.4:
            vs.view_transform, vs.look = "Standard", "None"
        else:
            vs.view_transform = "Filmic"
            vs.look = trng.choice(["None", "Medium High Contrast", "High Contrast", "Very High Contrast"])
        vs.exposure = trng.uniform(-0.3, 0.8)
        tone = "%s %s %+.2f" % (vs.view_transform, vs.look, vs.exposure)
    name = "%05d.jpg" % idx
    sc.render.filepath = os.path.join(o["out"], "images", name)
    bpy.ops.render.render(write_still=True)
    notes = "blender render; board %s; board corners (a8,h8,h1,a1) [%s]; elevation %.1f; azimuth %.0f; lens %.0f mm; pieces %s; tone %s" % (
        S["board_name"], "; ".join("[%.1f; %.1f]" % p for p in pts), elev, math.degrees(az), cam.data.lens, design, tone)
    return "images/%s,%s,photo,\"%s\",fenscan scripts/photo_render.py,%s\n" % (name, fen_placement(rows), notes, licence)


def main():
    o = args()
    os.makedirs(os.path.join(o["out"], "images"), exist_ok=True)
    all_tex = sorted(f[:-4] for f in os.listdir(os.path.join(ART, "boards")) if f.endswith(".png"))
    tex = HELDOUT_TEXTURES if o["heldout"] else [t for t in all_tex if t not in HELDOUT_TEXTURES]
    S = setup(o)
    S["positions"] = []
    if o["positions"]:
        S["positions"] = [board_rows(line.split()[0]) for line in open(o["positions"]) if line.strip()]
        bad = [r for r in S["positions"] if len(r) != 8 or any(len(x) != 8 for x in r)]
        if bad:
            sys.exit("--positions %s: not a FEN placement: %s" % (o["positions"], "/".join(bad[0])))
    labels = os.path.join(o["out"], "labels.csv")
    new = not os.path.exists(labels)
    with open(labels, "a") as f:
        if new:
            f.write("image,fen_placement,kind,notes,source,license\n")
        for i in range(o["start"], o["start"] + o["n"]):
            rng = random.Random(o["seed"] * 1000003 + i)
            f.write(one(o, S, rng, tex, i))
            f.flush()
            print("rendered", i, flush=True)


main()
