"""Preprocessing contract shared with the Go side (classify package).

prep(img_bgr, corners) -> uint8 crops [64,32,32], order r*8+c, r=0 top row of the picture.
to_input(crops) -> float32 [64,1,32,32] = pixel/255.
"""
import cv2
import numpy as np

from classes import CLASSES  # noqa: F401  (fenprep.CLASSES for the scripts that import it)
DST = np.float32([[0, 0], [256, 0], [256, 256], [0, 256]])


def prep(img_bgr, corners):
    """corners: TL, TR, BR, BL of the 8x8 playing area, image pixel coords."""
    if img_bgr.ndim == 2:
        grey = img_bgr
    else:
        grey = cv2.cvtColor(img_bgr, cv2.COLOR_BGR2GRAY)
    c = np.float32(corners).reshape(4, 2)
    side = max(float(np.linalg.norm(c[i] - c[(i + 1) % 4])) for i in range(4))
    if side > 384:
        f = 256.0 / side
        grey = cv2.resize(grey, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        c = c * np.float32(f)
    M = cv2.getPerspectiveTransform(np.float32(c), DST)
    warped = cv2.warpPerspective(grey, M, (256, 256), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_REPLICATE)
    return warped.reshape(8, 32, 8, 32).transpose(0, 2, 1, 3).reshape(64, 32, 32).copy()


def to_input(crops):
    return (crops.astype(np.float32) / 255.0).reshape(-1, 1, 32, 32)


def jitter_corners(rng, corners, board_w):
    """Independent per-corner jitter, uniform up to +-2.5% of board width;
    ~15% exact, most samples small (amplitude skewed towards 0)."""
    c = np.float32(corners).copy()
    u = rng.random()
    if u < 0.15:
        return c
    amp = 0.025 * board_w * rng.random() ** 1.7
    return c + rng.uniform(-amp, amp, size=(4, 2)).astype(np.float32)
