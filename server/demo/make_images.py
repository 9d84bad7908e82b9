#!/usr/bin/env python3
"""Draw the demo pictures for Parts Garage.

Reads parts.json and reviews.json next to this script and (re)creates
images/<name>.png for every part (800x600 flat product illustration) and
every review (256x256 avatar with the customer's initials).

    pip install pillow
    python3 make_images.py

Everything is drawn with shapes; the output is the same on every run.
"""

import json
import math
import os

from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "images")

W, H = 800, 600          # final size of a part picture
S = 2                    # drawn at S x size, then scaled down (anti-aliasing)
MAX_BYTES = 120 * 1024

# ---------------------------------------------------------------- palette
BG_TOP = (247, 248, 250)
BG_BOT = (225, 229, 235)
STEEL_L = (226, 230, 235)
STEEL = (178, 186, 196)
STEEL_M = (142, 151, 163)
STEEL_D = (110, 119, 132)
STEEL_DD = (74, 81, 93)
DARK = (44, 48, 56)
DARK2 = (66, 72, 84)
DARK3 = (96, 104, 118)
BLACK = (29, 31, 36)
ORANGE = (242, 107, 29)
ORANGE_L = (255, 150, 82)
ORANGE_D = (190, 76, 14)
BLUE = (47, 111, 219)
BLUE_L = (118, 166, 242)
BLUE_D = (28, 70, 150)
RED = (211, 58, 44)
RED_D = (150, 36, 28)
CERAMIC = (248, 246, 240)
CERAMIC_D = (212, 206, 194)
CREAM = (243, 232, 200)
CREAM_D = (214, 197, 152)
COPPER = (200, 124, 62)
GOLD = (221, 178, 82)
GOLD_D = (170, 128, 44)
HOLE = (52, 56, 64)
CLEAR = (0, 0, 0, 0)


# ---------------------------------------------------------------- helpers
def k(v):
    return int(round(v * S))


def P(points):
    return [(k(x), k(y)) for x, y in points]


def layer():
    return Image.new("RGBA", (W * S, H * S), CLEAR)


def ell(d, cx, cy, rx, ry, fill=None, outline=None, w=0):
    d.ellipse([k(cx - rx), k(cy - ry), k(cx + rx), k(cy + ry)],
              fill=fill, outline=outline, width=k(w) if w else 0)


def circ(d, cx, cy, r, fill=None, outline=None, w=0):
    ell(d, cx, cy, r, r, fill, outline, w)


def rect(d, x0, y0, x1, y1, fill=None, outline=None, w=0, r=0):
    box = [k(x0), k(y0), k(x1), k(y1)]
    if r:
        d.rounded_rectangle(box, radius=k(r), fill=fill, outline=outline,
                            width=k(w) if w else 0)
    else:
        d.rectangle(box, fill=fill, outline=outline, width=k(w) if w else 0)


def poly(d, points, fill=None, outline=None, w=0):
    d.polygon(P(points), fill=fill, outline=outline, width=k(w) if w else 1)


def line(d, points, fill, w, curve=True):
    d.line(P(points), fill=fill, width=max(1, k(w)),
           joint="curve" if curve else None)


def arc(d, cx, cy, r, a0, a1, fill, w):
    d.arc([k(cx - r), k(cy - r), k(cx + r), k(cy + r)], a0, a1,
          fill=fill, width=k(w))


def polar(cx, cy, r, deg):
    a = math.radians(deg)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def mix(c1, c2, t):
    return tuple(int(round(a + (b - a) * t)) for a, b in zip(c1, c2))


def ramp(n, stops):
    """n colours interpolated through evenly spaced colour stops."""
    out = []
    for i in range(n):
        t = i / max(1, n - 1) * (len(stops) - 1)
        j = min(int(t), len(stops) - 2)
        out.append(mix(stops[j], stops[j + 1], t - j))
    return out


def gfill(img, shape, stops, axis="x"):
    """Fill the area drawn by shape(draw, 255) with a linear gradient."""
    mask = Image.new("L", img.size, 0)
    shape(ImageDraw.Draw(mask), 255)
    box = mask.getbbox()
    if not box:
        return
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if axis == "x":
        strip = Image.new("RGB", (w, 1))
        strip.putdata(ramp(w, stops))
    else:
        strip = Image.new("RGB", (1, h))
        strip.putdata(ramp(h, stops))
    grad = strip.resize((w, h), Image.NEAREST).convert("RGBA")
    img.paste(grad, (x0, y0), mask.crop(box))


def mfill(img, shape, color):
    """Fill the area drawn by shape(draw) on an L mask (255 = paint, 0 = cut)."""
    mask = Image.new("L", img.size, 0)
    shape(ImageDraw.Draw(mask))
    img.paste(Image.new("RGBA", img.size, color + (255,)), (0, 0), mask)


def rotated(img, deg, cx=W / 2, cy=H / 2):
    return img.rotate(deg, resample=Image.BICUBIC, center=(k(cx), k(cy)))


def rot_rect(cx, cy, w, h, deg):
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    pts = []
    for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
        pts.append((cx + dx * ca - dy * sa, cy + dx * sa + dy * ca))
    return pts


def offset_path(points, dist, closed):
    """Offset a polyline sideways by dist (positive = left of travel)."""
    n = len(points)
    out = []
    for i in range(n):
        if closed:
            p0, p1 = points[i - 1], points[(i + 1) % n]
        else:
            p0, p1 = points[max(0, i - 1)], points[min(n - 1, i + 1)]
        tx, ty = p1[0] - p0[0], p1[1] - p0[1]
        ln = math.hypot(tx, ty) or 1
        nx, ny = -ty / ln, tx / ln
        out.append((points[i][0] + nx * dist, points[i][1] + ny * dist))
    return out


def hexagon(cx, cy, r, rot=0):
    return [polar(cx, cy, r, rot + 60 * i) for i in range(6)]


def background():
    strip = Image.new("RGB", (1, H * S))
    strip.putdata(ramp(H * S, [BG_TOP, BG_TOP, BG_BOT]))
    bg = strip.resize((W * S, H * S), Image.NEAREST).convert("RGBA")
    # a faint light spot behind the product
    glow = Image.new("L", bg.size, 0)
    gd = ImageDraw.Draw(glow)
    ell(gd, W / 2, H * 0.46, 330, 230, fill=110)
    glow = glow.filter(ImageFilter.GaussianBlur(k(90)))
    bg.paste(Image.new("RGBA", bg.size, (255, 255, 255, 255)), (0, 0), glow)
    return bg


def solid_box(item):
    """Bounding box of the clearly visible part of a layer (ignores faint glow)."""
    return item.getchannel("A").point(lambda a: 255 if a > 128 else 0).getbbox()


def fit(item, box_w=640, box_h=440, centre=(400, 292), most=1.4):
    """Scale and centre the item so every product has about the same size."""
    x0, y0, x1, y1 = solid_box(item)
    w, h = x1 - x0, y1 - y0
    f = min(k(box_w) / w, k(box_h) / h, most)
    big = item.resize((round(item.width * f), round(item.height * f)), Image.LANCZOS)
    bx, by = (x0 + x1) / 2 * f, (y0 + y1) / 2 * f
    out = layer()
    out.paste(big, (round(k(centre[0]) - bx), round(k(centre[1]) - by)))
    return out


def compose(layers, ground=None, box=(640, 440)):
    """Background + soft shadows + the item layers, scaled to W x H."""
    item = layer()
    for lay in layers:
        item = Image.alpha_composite(item, lay)
    item = fit(item, *box)
    bg = background()
    alpha = item.getchannel("A")
    x0, y0, x1, y1 = solid_box(item)
    # contact shadow: a soft ellipse on the "floor" below the item
    floor = Image.new("L", bg.size, 0)
    fd = ImageDraw.Draw(floor)
    gy = (ground if ground is not None else y1 / S - 6)
    half = (x1 - x0) / S * 0.42
    ell(fd, (x0 + x1) / 2 / S, gy, half, 16, fill=95)
    floor = floor.filter(ImageFilter.GaussianBlur(k(14)))
    # drop shadow: the item's own silhouette, offset and blurred
    drop = Image.new("L", bg.size, 0)
    drop.paste(alpha.point(lambda a: a * 40 // 255), (k(7), k(12)))
    drop = drop.filter(ImageFilter.GaussianBlur(k(9)))
    shade = Image.new("RGBA", bg.size, (40, 48, 60, 255))
    bg.paste(shade, (0, 0), floor)
    bg.paste(shade, (0, 0), drop)
    out = Image.alpha_composite(bg, item)
    return out.resize((W, H), Image.LANCZOS).convert("RGB")


def save(img, name):
    path = os.path.join(OUT, name)
    img.save(path, optimize=True)
    if os.path.getsize(path) > MAX_BYTES:
        # fall back to a 256-colour palette (still looks the same here)
        q = img.convert("RGB").quantize(colors=256, method=Image.MEDIANCUT,
                                        dither=Image.NONE)
        q.save(path, optimize=True)
    return os.path.getsize(path)


# ================================================================= parts
def oil_filter():
    L = layer()
    d = ImageDraw.Draw(L)
    cx, top, bot, rx, ry = 400, 165, 455, 118, 34
    body = [BLUE_D, BLUE, BLUE_L, BLUE, BLUE_D, (22, 52, 110)]
    gfill(L, lambda m, f: (m.rectangle([k(cx - rx), k(top), k(cx + rx), k(bot)], fill=f),
                           ell(m, cx, bot, rx, ry, fill=f)), body)
    # orange band around the can
    def band(m, f, y0=285, y1=330):
        pts = [polar(cx, y0, 0, 0)]
        up = [(cx + rx * math.cos(math.radians(a)), y0 + ry * math.sin(math.radians(a)))
              for a in range(0, 181, 5)]
        lo = [(cx + rx * math.cos(math.radians(a)), y1 + ry * math.sin(math.radians(a)))
              for a in range(180, -1, -5)]
        m.polygon(P(up + lo), fill=f)
    gfill(L, band, [ORANGE_D, ORANGE, ORANGE_L, ORANGE, ORANGE_D])
    # ridged (fluted) wrench end at the bottom
    fl0, fl1 = 385, bot
    for i in range(1, 24):
        th = -90 + 180 * i / 24
        x = cx + rx * math.sin(math.radians(th))
        yb = fl1 + ry * math.cos(math.radians(th))
        shade = (16, 44, 98) if i % 2 else (92, 140, 228)
        line(d, [(x, fl0 + ry * math.cos(math.radians(th)) * 0.15), (x, yb - 2)], shade, 3 if i % 2 else 2)
    arcpts = [(cx + rx * math.cos(math.radians(a)), fl0 + ry * math.sin(math.radians(a)) * 0.25)
              for a in range(0, 181, 5)]
    line(d, arcpts, (20, 48, 104), 3)
    # base plate on top: steel plate, rubber gasket, holes, threaded centre
    ell(d, cx, top, rx, ry, fill=STEEL)
    ell(d, cx, top, rx - 4, ry - 2, fill=STEEL_L)
    ell(d, cx, top, rx - 6, ry - 3, fill=None, outline=BLACK, w=11)
    ell(d, cx, top, rx - 18, ry - 7, fill=STEEL)
    for i in range(8):
        hx, hy = cx + 62 * math.cos(math.radians(i * 45 + 22)), top + 17 * math.sin(math.radians(i * 45 + 22))
        ell(d, hx, hy, 9, 4.5, fill=HOLE)
    ell(d, cx, top, 30, 10, fill=STEEL_D)
    ell(d, cx, top + 1, 22, 7, fill=HOLE)
    for i in range(3):
        ell(d, cx, top + 1, 22 - i * 5, 7 - i * 1.6, outline=(90, 96, 108), w=1)
    # edge highlight
    line(d, [(cx - rx + 22, top + 40), (cx - rx + 22, bot - 30)], (170, 200, 250), 4)
    return compose([L])


def pleated_panel(d, L, quad, n, c1, c2, dark_line):
    """Pleats inside quad (back-left, back-right, front-right, front-left)."""
    bl, br, fr, fl = quad
    for i in range(n):
        t0, t1 = i / n, (i + 1) / n
        a0 = mix2(bl, br, t0); a1 = mix2(bl, br, t1)
        b0 = mix2(fl, fr, t0); b1 = mix2(fl, fr, t1)
        poly(d, [a0, a1, b1, b0], fill=c1 if i % 2 == 0 else c2)
        line(d, [a0, b0], dark_line, 1.2)


def mix2(p, q, t):
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def air_filter():
    L = layer()
    d = ImageDraw.Draw(L)
    tl, tr, br, bl = (205, 185), (595, 185), (690, 330), (110, 330)
    th = 46
    # front and right faces (rubber seal and frame thickness)
    gfill(L, lambda m, f: m.polygon(P([bl, br, (br[0], br[1] + th), (bl[0], bl[1] + th)]), fill=f),
          [DARK, DARK3, DARK, BLACK])
    poly(d, [(bl[0], bl[1] + th * 0.5), (br[0], br[1] + th * 0.5),
             (br[0], br[1] + th * 0.5 + 3), (bl[0], bl[1] + th * 0.5 + 3)], fill=ORANGE)
    # top face: rubber rim
    poly(d, [tl, tr, br, bl], fill=DARK2)
    poly(d, [mix2(tl, br, 0.015), mix2(tr, bl, 0.015), mix2(br, tl, 0.015), mix2(bl, tr, 0.015)],
         fill=(84, 91, 104))
    inset = [mix2(tl, br, 0.07), mix2(tr, bl, 0.07), mix2(br, tl, 0.07), mix2(bl, tr, 0.07)]
    pleated_panel(d, L, inset, 34, CREAM, CREAM_D, (190, 170, 120))
    # light falling on the front of the pleats
    a, b, c, e = inset
    poly(d, [c, e, mix2(e, a, 0.08), mix2(c, b, 0.08)], fill=(232, 216, 170))
    line(d, [e, c], (150, 130, 90), 2)
    # moulded tabs
    for t in (0.25, 0.75):
        x = bl[0] + (br[0] - bl[0]) * t
        rect(d, x - 26, bl[1] + th - 4, x + 26, bl[1] + th + 10, fill=BLACK, r=4)
    return compose([L])


def cabin_filter():
    L = layer()
    d = ImageDraw.Draw(L)
    # upright panel seen slightly from the side; white frame, carbon media
    x0, y0, x1, y1 = 230, 110, 540, 500
    depth = 60
    side = [(x1, y0), (x1 + depth, y0 + 34), (x1 + depth, y1 - 20), (x1, y1)]
    gfill(L, lambda m, f: m.polygon(P(side), fill=f), [CERAMIC_D, (236, 233, 226)])
    # pleat tips seen on the side face
    for i in range(1, 14):
        t = i / 14
        a = mix2((x1, y0), (x1, y1), t)
        b = mix2((x1 + depth, y0 + 34), (x1 + depth, y1 - 20), t)
        line(d, [a, mix2(a, b, 0.5), b], (120, 124, 130), 2, curve=False)
    rect(d, x0, y0, x1, y1, fill=(236, 233, 226))
    rect(d, x0 + 4, y0 + 4, x1 - 4, y1 - 4, fill=CERAMIC)
    mx0, my0, mx1, my1 = x0 + 22, y0 + 22, x1 - 22, y1 - 22
    n = 22
    for i in range(n):
        a = mx0 + (mx1 - mx0) * i / n
        b = mx0 + (mx1 - mx0) * (i + 1) / n
        c = (58, 62, 70) if i % 2 == 0 else (88, 93, 103)
        rect(d, a, my0, b, my1, fill=c)
        line(d, [(a, my0), (a, my1)], (36, 38, 44), 1.5)
    # white scrim layer: faint lighter top strip
    rect(d, mx0, my0, mx1, my0 + 10, fill=(120, 126, 136))
    # airflow arrow moulded into the frame (shape, not text)
    ax, ay = x0 + 11, (y0 + y1) / 2
    poly(d, [(ax - 6, ay - 40), (ax + 6, ay - 40), (ax + 6, ay + 20), (ax + 10, ay + 20),
             (ax, ay + 40), (ax - 10, ay + 20), (ax - 6, ay + 20)], fill=ORANGE)
    # grip tab
    rect(d, (x0 + x1) / 2 - 40, y0 - 14, (x0 + x1) / 2 + 40, y0 + 2, fill=(232, 229, 222), r=6)
    return compose([L])


def spark_plug():
    L = layer()
    d = ImageDraw.Draw(L)
    cx = 400
    steel = [STEEL_D, STEEL_L, (250, 251, 252), STEEL, STEEL_DD]
    # terminal nut
    gfill(L, lambda m, f: rect(m, cx - 17, 62, cx + 17, 96, fill=f, r=6), steel)
    for y in (72, 84):
        line(d, [(cx - 17, y), (cx + 17, y)], STEEL_DD, 2)
    gfill(L, lambda m, f: rect(m, cx - 10, 94, cx + 10, 112, fill=f), steel)
    # ceramic insulator with ribs
    cer = [CERAMIC_D, (255, 255, 255), CERAMIC, CERAMIC_D, (178, 170, 156)]
    gfill(L, lambda m, f: rect(m, cx - 30, 108, cx + 30, 292, fill=f, r=10), cer)
    for i in range(5):
        y = 122 + i * 26
        gfill(L, lambda m, f, y=y: rect(m, cx - 36, y, cx + 36, y + 14, fill=f, r=7), cer)
    gfill(L, lambda m, f: rect(m, cx - 36, 255, cx + 36, 300, fill=f, r=6), cer)
    # hex nut
    gfill(L, lambda m, f: rect(m, cx - 56, 298, cx + 56, 360, fill=f, r=4),
          [STEEL_DD, STEEL, STEEL_L, (250, 251, 252), STEEL_L, STEEL, STEEL_DD])
    for x in (cx - 30, cx + 30):
        line(d, [(x, 300), (x, 358)], STEEL_D, 2)
    line(d, [(cx - 56, 300), (cx + 56, 300)], (250, 251, 252), 2)
    # sealing washer
    gfill(L, lambda m, f: rect(m, cx - 47, 360, cx + 47, 374, fill=f, r=3),
          [COPPER, (236, 170, 110), COPPER, (150, 86, 40)])
    # threaded shell
    gfill(L, lambda m, f: rect(m, cx - 36, 374, cx + 36, 468, fill=f),
          [STEEL_DD, STEEL, (246, 248, 250), STEEL, STEEL_DD])
    for y in range(378, 466, 8):
        line(d, [(cx - 36, y + 4), (cx + 36, y - 2)], STEEL_D, 2.4, curve=False)
    # nose: insulator tip, centre electrode, ground electrode
    rect(d, cx - 12, 466, cx + 12, 478, fill=CERAMIC)
    rect(d, cx - 2.5, 476, cx + 2.5, 492, fill=(170, 175, 185))
    poly(d, [(cx + 28, 466), (cx + 35, 466), (cx + 35, 506), (cx - 8, 506),
             (cx - 8, 499), (cx + 28, 499)], fill=STEEL_D)
    return compose([rotated(L, -32)])


def pad_shape(cx, cy, r0, r1, span):
    outer = [polar(cx, cy, r1, -90 + a) for a in frange(-span, span, 2)]
    inner = [polar(cx, cy, r0, -90 + a) for a in frange(span, -span, -2)]
    return outer + inner


def frange(a, b, step):
    out = []
    x = a
    while (step > 0 and x <= b + 1e-9) or (step < 0 and x >= b - 1e-9):
        out.append(x)
        x += step
    return out


def brake_pad(L, cx, cy):
    d = ImageDraw.Draw(L)
    # backing plate with ears, plus visible edge thickness
    plate = pad_shape(cx, cy, 300, 440, 33)
    ears = []
    for side in (-1, 1):
        ex, ey = polar(cx, cy, 372, -90 + side * 37)
        ears.append((ex, ey))
    poly(d, [(x + 4, y + 10) for x, y in plate], fill=STEEL_DD)
    for ex, ey in ears:
        circ(d, ex + 4, ey + 10, 30, fill=STEEL_DD)
    gfill(L, lambda m, f: (m.polygon(P(plate), fill=f),
                           [circ(m, ex, ey, 30, fill=f) for ex, ey in ears]),
          [STEEL, STEEL_L, STEEL_M, STEEL_D], axis="y")
    for ex, ey in ears:
        circ(d, ex, ey, 10, fill=HOLE)
    # friction material
    fr = pad_shape(cx, cy, 312, 426, 27)
    poly(d, [(x + 3, y + 6) for x, y in fr], fill=BLACK)
    gfill(L, lambda m, f: m.polygon(P(fr), fill=f),
          [(86, 86, 92), (64, 64, 70), (52, 52, 58)], axis="y")
    # chamfers and centre slot
    for side in (-1, 1):
        a = -90 + side * 27
        b = -90 + side * 23
        poly(d, [polar(cx, cy, 426, a), polar(cx, cy, 426, b), polar(cx, cy, 312, b),
                 polar(cx, cy, 312, a)], fill=(104, 104, 112))
    line(d, [polar(cx, cy, 318, -90), polar(cx, cy, 422, -90)], (28, 28, 32), 5)
    # speckles of the friction compound
    import random
    rnd = random.Random(7 + int(cx))
    for _ in range(160):
        r = rnd.uniform(320, 418)
        a = rnd.uniform(-22, 22)
        x, y = polar(cx, cy, r, -90 + a)
        circ(d, x, y, rnd.uniform(0.8, 1.8), fill=(120, 120, 128))


def brake_pads():
    back = layer()
    brake_pad(back, 345, 600)
    front = layer()
    brake_pad(front, 455, 745)
    fd = ImageDraw.Draw(front)
    # wear indicator clip on the front pad
    x, y = polar(455, 745, 438, -90 + 28)
    line(fd, [(x, y - 4), (x + 10, y - 30), (x + 24, y - 30)], ORANGE, 5)
    return compose([back, front])


def plus(d, cx, cy, s, col, t=6):
    rect(d, cx - s, cy - t / 2, cx + s, cy + t / 2, fill=col, r=1.5)
    rect(d, cx - t / 2, cy - s, cx + t / 2, cy + s, fill=col, r=1.5)


def battery():
    L = layer()
    d = ImageDraw.Draw(L)
    x0, x1, ytop, ybot, dx, dy = 185, 555, 235, 480, 70, -58
    front = [(x0, ytop), (x1, ytop), (x1, ybot), (x0, ybot)]
    right = [(x1, ytop), (x1 + dx, ytop + dy), (x1 + dx, ybot + dy), (x1, ybot)]
    top = [(x0, ytop), (x1, ytop), (x1 + dx, ytop + dy), (x0 + dx, ytop + dy)]
    gfill(L, lambda m, f: m.polygon(P(front), fill=f), [(70, 76, 88), DARK, (34, 37, 44)], axis="y")
    gfill(L, lambda m, f: m.polygon(P(right), fill=f), [(34, 37, 44), (24, 26, 31)], axis="y")
    gfill(L, lambda m, f: m.polygon(P(top), fill=f), [(88, 95, 108), (108, 116, 130)], axis="y")
    # lid rim
    line(d, [(x0, ytop), (x1, ytop), (x1 + dx, ytop + dy)], (130, 138, 152), 3, curve=False)
    poly(d, [(x0, ytop), (x1, ytop), (x1, ytop + 16), (x0, ytop + 16)], fill=(58, 63, 74))
    poly(d, [(x1, ytop), (x1 + dx, ytop + dy), (x1 + dx, ytop + dy + 16), (x1, ytop + 16)],
         fill=(40, 43, 51))
    # orange label band on the front and side
    poly(d, [(x0, 330), (x1, 330), (x1, 412), (x0, 412)], fill=ORANGE)
    poly(d, [(x0, 330), (x1, 330), (x1, 340), (x0, 340)], fill=ORANGE_L)
    poly(d, [(x1, 330), (x1 + dx, 330 + dy), (x1 + dx, 412 + dy), (x1, 412)], fill=ORANGE_D)
    rect(d, x0 + 30, 362, x0 + 190, 372, fill=(255, 214, 186), r=5)
    rect(d, x0 + 30, 382, x0 + 130, 390, fill=(255, 190, 150), r=4)
    # carry handle recess and vent strip on the lid
    poly(d, [mix2(top[0], top[3], 0.5), mix2(top[1], top[2], 0.5),
             (mix2(top[1], top[2], 0.5)[0], mix2(top[1], top[2], 0.5)[1] + 6),
             (mix2(top[0], top[3], 0.5)[0], mix2(top[0], top[3], 0.5)[1] + 6)], fill=(74, 80, 92))
    # charge indicator eye
    ex, ey = 400, 214
    ell(d, ex, ey, 15, 7, fill=(30, 34, 40))
    ell(d, ex, ey, 9, 4, fill=(46, 196, 120))

    def terminal(tx, ty, cap):
        ell(d, tx, ty, 26, 10, fill=(40, 43, 50))
        gfill(L, lambda m, f: (m.rectangle([k(tx - 15), k(ty - 30), k(tx + 15), k(ty)], fill=f),
                               ell(m, tx, ty, 15, 6, fill=f)),
              [(120, 126, 136), (214, 218, 224), (150, 156, 166), (96, 102, 112)])
        ell(d, tx, ty - 30, 15, 6, fill=(226, 230, 236))
        # protective cap around the base
        gfill(L, lambda m, f: (m.rectangle([k(tx - 23), k(ty - 10), k(tx + 23), k(ty)], fill=f),
                               ell(m, tx, ty, 23, 8, fill=f)),
              [mix(cap, (0, 0, 0), 0.3), cap, mix(cap, (255, 255, 255), 0.3), mix(cap, (0, 0, 0), 0.3)])
        ell(d, tx, ty - 10, 23, 8, fill=mix(cap, (255, 255, 255), 0.15))
        ell(d, tx, ty - 10, 15, 5.5, fill=(70, 74, 82))
        gfill(L, lambda m, f: m.rectangle([k(tx - 15), k(ty - 30), k(tx + 15), k(ty - 10)], fill=f),
              [(120, 126, 136), (214, 218, 224), (150, 156, 166), (96, 102, 112)])
        ell(d, tx, ty - 30, 15, 6, fill=(226, 230, 236))

    terminal(260, 212, (60, 64, 72))   # negative
    terminal(520, 212, RED)            # positive
    # − and + marks on the front, under each terminal
    rect(d, 232, 276, 272, 284, fill=(255, 255, 255), r=2)
    plus(d, 505, 280, 20, (255, 255, 255), t=8)
    return compose([L], box=(560, 400))


def ignition_coil():
    L = layer()
    d = ImageDraw.Draw(L)
    cx = 400
    gloss = [BLACK, DARK, (110, 118, 132), DARK2, BLACK]
    # mounting ear with bolt hole
    poly(d, [(cx - 40, 122), (cx - 120, 112), (cx - 120, 150), (cx - 40, 160)], fill=DARK)
    circ(d, cx - 104, 131, 15, fill=DARK2)
    circ(d, cx - 104, 131, 8, fill=(150, 156, 168))
    # connector head
    gfill(L, lambda m, f: rect(m, cx - 58, 62, cx + 58, 170, fill=f, r=12), gloss)
    gfill(L, lambda m, f: rect(m, cx + 40, 82, cx + 112, 138, fill=f, r=6),
          [DARK, DARK2, BLACK], axis="y")
    rect(d, cx + 86, 92, cx + 106, 128, fill=BLACK, r=3)
    for y in (100, 110, 120):
        rect(d, cx + 90, y - 2, cx + 102, y + 2, fill=GOLD)
    rect(d, cx - 58, 150, cx + 58, 170, fill=ORANGE, r=4)
    # long body
    gfill(L, lambda m, f: rect(m, cx - 28, 168, cx + 28, 430, fill=f), gloss)
    for y in (205, 390):
        gfill(L, lambda m, f, y=y: rect(m, cx - 33, y, cx + 33, y + 10, fill=f, r=3), gloss)
    # silicone boot and spring
    gfill(L, lambda m, f: m.polygon(P([(cx - 30, 428), (cx + 30, 428), (cx + 20, 515), (cx - 20, 515)]),
                                    fill=f), [RED_D, RED, (236, 110, 96), RED, RED_D])
    for y in (448, 468, 488):
        line(d, [(cx - 27 + (y - 428) * 0.11, y), (cx + 27 - (y - 428) * 0.11, y)], RED_D, 2)
    zig = [(cx, 515)]
    for i in range(8):
        zig.append((cx + (9 if i % 2 == 0 else -9), 519 + i * 4))
    line(d, zig, STEEL_D, 3, curve=False)
    return compose([rotated(L, -28)])


def alternator():
    L = layer()
    d = ImageDraw.Draw(L)
    cx, cy = 400, 300
    # mounting lugs
    for ang, r in ((-145, 228), (35, 228), (160, 214)):
        ex, ey = polar(cx, cy, r, ang)
        line(d, [(cx, cy), (ex, ey)], STEEL_M, 56)
        circ(d, ex, ey, 32, fill=STEEL_M)
        circ(d, ex, ey, 26, fill=STEEL)
        circ(d, ex, ey, 12, fill=HOLE)
    # housing
    gfill(L, lambda m, f: circ(m, cx, cy, 192, fill=f), [STEEL_L, STEEL, STEEL_M], axis="y")
    circ(d, cx, cy, 192, outline=STEEL_D, w=3)
    circ(d, cx, cy, 160, fill=STEEL_D)
    gfill(L, lambda m, f: circ(m, cx, cy, 154, fill=f), [STEEL, STEEL_L, STEEL], axis="y")
    # cooling slots
    for i in range(18):
        a = i * 20
        pts = [polar(cx, cy, 98, a - 5), polar(cx, cy, 146, a - 3.5),
               polar(cx, cy, 146, a + 3.5), polar(cx, cy, 98, a + 5)]
        poly(d, pts, fill=(46, 50, 58))
    # through bolts
    for a in (45, 135, 225, 315):
        x, y = polar(cx, cy, 176, a)
        poly(d, hexagon(x, y, 11, 30), fill=STEEL_DD)
        circ(d, x, y, 5, fill=STEEL)
    # B+ terminal
    rect(d, cx + 182, cy - 22, cx + 226, cy + 22, fill=BLACK, r=6)
    gfill(L, lambda m, f: circ(m, cx + 214, cy, 12, fill=f), [COPPER, (240, 180, 120), COPPER])
    # 6-groove pulley
    gfill(L, lambda m, f: circ(m, cx, cy, 86, fill=f), [STEEL_DD, STEEL_D, STEEL_DD], axis="y")
    for i, r in enumerate(range(84, 44, -7)):
        circ(d, cx, cy, r, outline=(40, 44, 52) if i % 2 == 0 else (150, 158, 170), w=2.5)
    gfill(L, lambda m, f: circ(m, cx, cy, 40, fill=f), [STEEL, STEEL_L, STEEL_M], axis="y")
    poly(d, hexagon(cx, cy, 26, 0), fill=STEEL_D)
    poly(d, hexagon(cx, cy, 22, 0), fill=STEEL)
    circ(d, cx, cy, 9, fill=HOLE)
    return compose([L])


def starter_motor():
    L = layer()
    d = ImageDraw.Draw(L)
    cyl = [BLACK, DARK3, DARK, BLACK]
    steel = [STEEL_D, STEEL_L, STEEL, STEEL_DD]
    # main motor can
    gfill(L, lambda m, f: (m.rectangle([k(340), k(262), k(640), k(432)], fill=f),
                           ell(m, 640, 347, 32, 85, fill=f)), cyl, axis="y")
    gfill(L, lambda m, f: ell(m, 646, 347, 26, 74, fill=f), [STEEL_D, STEEL, STEEL_DD], axis="y")
    circ(d, 646, 347, 10, fill=STEEL_DD)
    for x in (372, 602):
        gfill(L, lambda m, f, x=x: m.rectangle([k(x), k(262), k(x + 14), k(432)], fill=f), steel, axis="y")
    line(d, [(388, 300), (640, 300)], (120, 126, 140), 2)
    # solenoid on top
    gfill(L, lambda m, f: (m.rectangle([k(330), k(168), k(560), k(258)], fill=f),
                           ell(m, 560, 213, 18, 45, fill=f)), steel, axis="y")
    ell(d, 562, 213, 13, 38, fill=STEEL_M)
    for y, c in ((192, COPPER), (232, COPPER)):
        poly(d, hexagon(582, y, 11, 0), fill=c)
        rect(d, 560, y - 4, 582, y + 4, fill=STEEL_DD)
    rect(d, 574, 205, 596, 221, fill=BLACK, r=3)
    rect(d, 452, 168, 468, 258, fill=STEEL_D)
    # mounting flange
    gfill(L, lambda m, f: rect(m, 296, 150, 340, 470, fill=f, r=20), steel)
    for y in (178, 442):
        circ(d, 318, y, 13, fill=HOLE)
    # nose housing
    gfill(L, lambda m, f: m.polygon(P([(300, 262), (300, 432), (248, 416), (222, 380),
                                       (222, 318), (248, 280)]), fill=f),
          [STEEL_D, STEEL_L, STEEL, STEEL_DD], axis="y")
    # pinion gear
    gfill(L, lambda m, f: m.rectangle([k(150), k(318), k(224), k(378)], fill=f), steel, axis="y")
    for i in range(6):
        x = 154 + i * 12
        rect(d, x, 310, x + 7, 386, fill=STEEL_D, r=2)
    rect(d, 124, 340, 152, 356, fill=STEEL_M, r=3)
    return compose([L])


def water_pump():
    L = layer()
    d = ImageDraw.Draw(L)
    cx, cy = 380, 300
    alu = [STEEL_L, STEEL, STEEL_M]
    lugs = [(-120, 178), (-30, 182), (60, 176), (150, 180), (205, 170)]
    # outlet pipe
    gfill(L, lambda m, f: line(m, [(cx + 90, cy + 80), (cx + 250, cy + 170)], f, 62),
          [STEEL, STEEL_L, STEEL_M], axis="y")
    ell(d, cx + 252, cy + 171, 20, 32, fill=STEEL_M)
    ell(d, cx + 254, cy + 172, 13, 23, fill=HOLE)
    # housing with bolt lugs
    def housing(m, f):
        circ(m, cx, cy, 150, fill=f)
        for a, r in lugs:
            x, y = polar(cx, cy, r, a)
            m.line(P([(cx, cy), (x, y)]), fill=f, width=k(60))
            circ(m, x, y, 32, fill=f)
    gfill(L, housing, alu, axis="y")
    # gasket (black) following the flange
    circ(d, cx, cy, 140, outline=BLACK, w=9)
    for a, r in lugs:
        x, y = polar(cx, cy, r, a)
        circ(d, x, y, 22, outline=BLACK, w=6)
        circ(d, x, y, 12, fill=HOLE)
    # pump cavity and impeller
    circ(d, cx, cy, 118, fill=(86, 92, 104))
    circ(d, cx, cy, 108, fill=(64, 69, 80))
    gfill(L, lambda m, f: circ(m, cx, cy, 96, fill=f), [STEEL_L, STEEL, STEEL_D], axis="y")
    for i in range(8):
        a0 = i * 45
        pts = []
        for j in range(9):
            t = j / 8
            pts.append(polar(cx, cy, 28 + 66 * t, a0 + 40 * t * t))
        line(d, pts, STEEL_DD, 7)
        line(d, [(x - 2, y - 2) for x, y in pts], STEEL_L, 2)
    circ(d, cx, cy, 30, fill=STEEL_M)
    circ(d, cx, cy, 20, fill=STEEL)
    circ(d, cx, cy, 8, fill=STEEL_DD)
    return compose([L])


def ellipse_path(cx, cy, rx, ry, n=240, squish=0.0):
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        # a slightly squared ellipse looks more like a belt on a table
        c, s = math.cos(a), math.sin(a)
        x = cx + rx * math.copysign(abs(c) ** (1 - squish), c)
        y = cy + ry * math.copysign(abs(s) ** (1 - squish), s)
        pts.append((x, y))
    return pts


def area(points):
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))) / 2


def band_mask(path, width, closed=True):
    outer = offset_path(path, width / 2, closed)
    inner = offset_path(path, -width / 2, closed)

    if closed and area(outer) < area(inner):
        outer, inner = inner, outer

    def shape(m):
        if closed:
            m.polygon(P(outer), fill=255)
            m.polygon(P(inner), fill=0)
        else:
            m.polygon(P(outer + inner[::-1]), fill=255)
    return shape


def serpentine_belt():
    L = layer()
    d = ImageDraw.Draw(L)
    path = ellipse_path(400, 300, 270, 165, squish=0.25)
    path = [(x + (y - 300) * -0.25, y) for x, y in path]   # lean it a bit
    edge = [(x, y + 12) for x, y in path]
    mfill(L, band_mask(edge, 46), (20, 21, 25))
    mfill(L, band_mask(path, 46), (44, 46, 52))
    for off in (-19, -11.5, -4, 3.5, 11, 18.5):
        line(d, offset_path(path, off, True) + [offset_path(path, off, True)[0]],
             (86, 90, 100), 1.6)
    for off in (-15, -8, -0.5, 7, 14.5):
        line(d, offset_path(path, off, True) + [offset_path(path, off, True)[0]],
             (30, 31, 36), 1.6)
    # a second, smaller view of the rib profile (a short cut piece)
    return compose([L])


def pulley(d, L, cx, cy, r, bracket=None):
    if bracket:
        bx, by = bracket
        line(d, [(cx, cy), (bx, by)], STEEL_DD, 46)
        circ(d, bx, by, 26, fill=STEEL_DD)
        circ(d, bx, by, 11, fill=HOLE)
    gfill(L, lambda m, f: circ(m, cx, cy, r, fill=f), [STEEL_L, STEEL, STEEL_M], axis="y")
    circ(d, cx, cy, r, outline=STEEL_D, w=3)
    circ(d, cx, cy, r * 0.62, fill=STEEL_D)
    circ(d, cx, cy, r * 0.55, fill=BLACK)
    circ(d, cx, cy, r * 0.40, fill=STEEL)
    poly(d, hexagon(cx, cy, r * 0.24, 30), fill=STEEL_DD)
    circ(d, cx, cy, r * 0.10, fill=HOLE)


def timing_belt_kit():
    L = layer()
    d = ImageDraw.Draw(L)
    path = ellipse_path(320, 300, 210, 150, squish=0.3)
    mfill(L, band_mask([(x, y + 8) for x, y in path], 30), (20, 21, 25))
    mfill(L, band_mask(path, 30), (40, 42, 48))
    # teeth on the inside
    inner = offset_path(path, -15, True)
    inner2 = offset_path(path, -27, True)
    n = len(path)
    for i in range(0, n, 6):
        j = (i + 3) % n
        poly(d, [inner[i], inner[j], inner2[j], inner2[i]], fill=(40, 42, 48))
    line(d, offset_path(path, 10, True) + [offset_path(path, 10, True)[0]], (72, 76, 86), 2)
    line(d, inner + [inner[0]], (58, 62, 70), 1.4)
    pulley(d, L, 620, 215, 72, bracket=(690, 160))
    circ(d, 620, 215, 72 * 0.55, fill=ORANGE)
    circ(d, 620, 215, 72 * 0.40, fill=STEEL)
    poly(d, hexagon(620, 215, 72 * 0.24, 30), fill=STEEL_DD)
    circ(d, 620, 215, 7, fill=HOLE)
    pulley(d, L, 610, 420, 58)
    return compose([L])


def radiator():
    L = layer()
    d = ImageDraw.Draw(L)
    x0, x1, y0, y1 = 150, 650, 175, 425
    # side frames
    rect(d, x0 - 16, y0 - 10, x0 + 4, y1 + 10, fill=STEEL_D)
    rect(d, x1 - 4, y0 - 10, x1 + 16, y1 + 10, fill=STEEL_D)
    # core: fins and tubes
    rect(d, x0, y0, x1, y1, fill=(200, 206, 214))
    x = x0 + 3
    while x < x1:
        line(d, [(x, y0), (x, y1)], (160, 168, 178), 1.6)
        x += 6
    y = y0 + 10
    while y < y1:
        rect(d, x0, y, x1, y + 5, fill=(132, 140, 152))
        y += 19
    # a gentle sheen across the core
    sheen = layer()
    sd = ImageDraw.Draw(sheen)
    poly(sd, [(x0 + 60, y0), (x0 + 180, y0), (x0 + 80, y1), (x0 - 40, y1)], fill=(255, 255, 255, 70))
    sheen = sheen.filter(ImageFilter.GaussianBlur(k(16)))
    clip = Image.new("L", L.size, 0)
    rect(ImageDraw.Draw(clip), x0, y0, x1, y1, fill=255)
    sheen.putalpha(Image.composite(sheen.getchannel("A"), Image.new("L", L.size, 0), clip))
    L.alpha_composite(sheen)
    d = ImageDraw.Draw(L)
    # plastic tanks
    tank = [BLACK, DARK2, DARK, BLACK]
    for ya, yb in ((y0 - 48, y0 + 2), (y1 - 2, y1 + 48)):
        gfill(L, lambda m, f, ya=ya, yb=yb: rect(m, x0 - 22, ya, x1 + 22, yb, fill=f, r=10), tank, axis="y")
        for xi in range(int(x0 + 30), int(x1), 60):
            line(d, [(xi, ya + 8), (xi, yb - 8)], (70, 76, 88), 2)
    # inlet (top left) and outlet (bottom right) pipes
    gfill(L, lambda m, f: rect(m, x0 - 90, y0 - 42, x0, y0 - 8, fill=f, r=6), tank, axis="y")
    ell(d, x0 - 90, y0 - 25, 9, 17, fill=(90, 96, 108))
    gfill(L, lambda m, f: rect(m, x1, y1 + 8, x1 + 90, y1 + 42, fill=f, r=6), tank, axis="y")
    ell(d, x1 + 90, y1 + 25, 9, 17, fill=(90, 96, 108))
    # filler neck with cap (top right)
    rect(d, x1 - 90, y0 - 72, x1 - 50, y0 - 46, fill=DARK)
    gfill(L, lambda m, f: rect(m, x1 - 104, y0 - 84, x1 - 36, y0 - 64, fill=f, r=8),
          [STEEL_D, STEEL_L, STEEL_M])
    # drain plug
    rect(d, x0 + 20, y1 + 46, x0 + 44, y1 + 58, fill=ORANGE, r=3)
    # mounting pegs
    for xx in (x0 + 80, x1 - 80):
        rect(d, xx - 8, y1 + 46, xx + 8, y1 + 66, fill=BLACK, r=4)
    return compose([L])


def strut():
    L = layer()
    d = ImageDraw.Draw(L)
    cx = 400
    gloss = [BLACK, DARK, (110, 118, 132), DARK2, BLACK]
    steel = [STEEL_D, STEEL_L, STEEL, STEEL_DD]
    spring = [ORANGE_D, ORANGE_L, ORANGE, ORANGE_D]
    # piston rod and body behind the spring
    gfill(L, lambda m, f: rect(m, cx - 11, 82, cx + 11, 240, fill=f), steel)
    gfill(L, lambda m, f: rect(m, cx - 38, 200, cx + 38, 470, fill=f), gloss)
    # spring back halves
    top, bot, R, ry, turns = 132, 390, 96, 20, 5
    pts = []
    for i in range(0, turns * 72 + 1):
        t = i / 72 * 2 * math.pi
        pts.append((cx + R * math.cos(t), top + (bot - top) * i / (turns * 72) + ry * math.sin(t), math.sin(t)))
    back = [(x, y) for x, y, s in pts]
    line(d, back, (120, 50, 10), 18)
    # spring seats
    gfill(L, lambda m, f: ell(m, cx, top - 8, 112, 26, fill=f), steel)
    gfill(L, lambda m, f: ell(m, cx, bot + 12, 110, 24, fill=f), steel)
    ell(d, cx, bot + 10, 104, 20, fill=STEEL_M)
    gfill(L, lambda m, f: rect(m, cx - 38, bot + 10, cx + 38, 470, fill=f), gloss)
    # spring front halves drawn over the body
    seg = []
    for x, y, s in pts:
        if s > -0.05:
            seg.append((x, y))
        elif seg:
            if len(seg) > 1:
                gfill(L, lambda m, f, seg=seg: m.line(P(seg), fill=f, width=k(20), joint="curve"),
                      spring, axis="y")
                line(d, [(x, y - 5) for x, y in seg[2:-2]], (255, 190, 140), 3)
            seg = []
    if len(seg) > 1:
        gfill(L, lambda m, f: m.line(P(seg), fill=f, width=k(20), joint="curve"), spring, axis="y")
        line(d, [(x, y - 5) for x, y in seg[2:-2]], (255, 190, 140), 3)
    # top mount
    gfill(L, lambda m, f: ell(m, cx, 108, 86, 24, fill=f), [BLACK, DARK2, BLACK])
    gfill(L, lambda m, f: ell(m, cx, 96, 76, 20, fill=f), steel)
    for dx in (-46, 0, 46):
        rect(d, cx + dx - 4, 64, cx + dx + 4, 96, fill=STEEL_D)
    poly(d, hexagon(cx, 82, 13, 30), fill=STEEL_DD)
    # knuckle bracket at the bottom
    gfill(L, lambda m, f: m.polygon(P([(cx - 44, 460), (cx + 44, 460), (cx + 62, 478),
                                       (cx + 62, 560), (cx - 62, 560), (cx - 62, 478)]), fill=f), steel)
    circ(d, cx, 492, 12, fill=HOLE)
    circ(d, cx, 536, 12, fill=HOLE)
    # stabiliser link tab
    poly(d, [(cx + 38, 330), (cx + 80, 318), (cx + 80, 352), (cx + 38, 356)], fill=STEEL_M)
    circ(d, cx + 70, 335, 8, fill=HOLE)
    return compose([rotated(L, -10, cx, 310)])


def bushing(d, L, x, y, r):
    gfill(L, lambda m, f: circ(m, x, y, r, fill=f), [STEEL_L, STEEL, STEEL_D], axis="y")
    circ(d, x, y, r * 0.80, fill=BLACK)
    for i in range(4):
        a = 45 + i * 90
        poly(d, [polar(x, y, r * 0.7, a - 12), polar(x, y, r * 0.7, a + 12),
                 polar(x, y, r * 0.48, a + 8), polar(x, y, r * 0.48, a - 8)], fill=(70, 74, 82))
    circ(d, x, y, r * 0.42, fill=STEEL)
    circ(d, x, y, r * 0.22, fill=HOLE)


def control_arm():
    L = layer()
    d = ImageDraw.Draw(L)
    A, B, C = (200, 185), (215, 440), (620, 320)

    def arm(m, f):
        m.polygon(P([A, B, C]), fill=f)
        m.line(P([A, C]), fill=f, width=k(70))
        m.line(P([B, C]), fill=f, width=k(62))
        m.line(P([A, B]), fill=f, width=k(70))
        for p, r in ((A, 50), (B, 50), (C, 56)):
            circ(m, p[0], p[1], r, fill=f)
    outline = Image.new("L", L.size, 0)
    arm(ImageDraw.Draw(outline), 255)
    inner = outline.filter(ImageFilter.GaussianBlur(k(5))).point(lambda a: 255 if a > 235 else 0)
    # lightening hole: an inset, round-cornered triangle
    g = ((A[0] + B[0] + C[0]) / 3 - 20, (A[1] + B[1] + C[1]) / 3)
    tri = [mix2(g, A, 0.5), mix2(g, B, 0.5), mix2(g, C, 0.55)]
    hole = Image.new("L", L.size, 0)
    ImageDraw.Draw(hole).polygon(P(tri), fill=255)
    hole = hole.filter(ImageFilter.GaussianBlur(k(16)))
    hole_rim = hole.point(lambda a: 255 if a > 40 else 0)
    hole = hole.point(lambda a: 255 if a > 128 else 0)
    # stamped steel: light pressed edge, darker face, pressed rim round the hole
    gfill(L, lambda m, f: m.bitmap((0, 0), outline, fill=f), [(132, 140, 154), (84, 90, 102)], axis="y")
    gfill(L, lambda m, f: m.bitmap((0, 0), inner, fill=f), [(78, 84, 96), DARK, BLACK], axis="y")
    gfill(L, lambda m, f: m.bitmap((0, 0), hole_rim, fill=f), [(70, 76, 88), (130, 138, 152)], axis="y")
    L.paste(Image.new("RGBA", L.size, CLEAR), (0, 0), hole)
    d = ImageDraw.Draw(L)
    bushing(d, L, A[0], A[1], 48)
    bushing(d, L, B[0], B[1], 48)
    # ball joint: housing, rubber boot, stud
    gfill(L, lambda m, f: circ(m, C[0], C[1], 54, fill=f), [STEEL_L, STEEL, STEEL_D], axis="y")
    circ(d, C[0], C[1], 42, fill=BLACK)
    for r in (36, 28):
        circ(d, C[0], C[1], r, outline=(66, 70, 80), w=3)
    gfill(L, lambda m, f: circ(m, C[0], C[1], 18, fill=f), [STEEL_L, STEEL, STEEL_D], axis="y")
    poly(d, hexagon(C[0], C[1], 11, 0), fill=STEEL_M)
    circ(d, C[0], C[1], 4, fill=HOLE)
    return compose([L])


def wheel_hub():
    L = layer()
    d = ImageDraw.Draw(L)
    cx, cy = 400, 300
    # triangular mounting flange behind
    def flange(m, f):
        circ(m, cx, cy, 165, fill=f)
        for a in (-90, 30, 150):
            x, y = polar(cx, cy, 200, a)
            m.line(P([(cx, cy), (x, y)]), fill=f, width=k(110))
            circ(m, x, y, 55, fill=f)
    gfill(L, flange, [STEEL_M, STEEL_D, STEEL_DD], axis="y")
    for a in (-90, 30, 150):
        x, y = polar(cx, cy, 205, a)
        circ(d, x, y, 17, fill=HOLE)
        circ(d, x, y, 17, outline=STEEL_DD, w=3)
    # ABS encoder ring
    circ(d, cx, cy, 150, fill=BLACK)
    for i in range(48):
        a = i * 7.5
        line(d, [polar(cx, cy, 140, a), polar(cx, cy, 149, a)], (90, 96, 108), 2)
    # five-lobe hub flange
    studs = [-90 + i * 72 for i in range(5)]
    def hub(m, f):
        circ(m, cx, cy, 118, fill=f)
        for a in studs:
            x, y = polar(cx, cy, 104, a)
            circ(m, x, y, 40, fill=f)
    gfill(L, hub, [STEEL_L, STEEL, STEEL_M, STEEL], axis="y")
    for a in studs:
        x, y = polar(cx, cy, 104, a)
        circ(d, x, y, 24, fill=STEEL_M)
        gfill(L, lambda m, f, x=x, y=y: circ(m, x, y, 19, fill=f), [(250, 251, 252), STEEL, STEEL_D], axis="y")
        for r in (14, 9):
            circ(d, x, y, r, outline=STEEL_D, w=1.6)
        circ(d, x - 6, y - 6, 4, fill=(255, 255, 255))
    # centre pilot and axle nut
    circ(d, cx, cy, 60, fill=STEEL_D)
    gfill(L, lambda m, f: circ(m, cx, cy, 54, fill=f), [STEEL_L, STEEL, STEEL_D], axis="y")
    circ(d, cx, cy, 38, fill=HOLE)
    poly(d, hexagon(cx, cy, 28, 0), fill=STEEL_M)
    poly(d, hexagon(cx, cy, 23, 0), fill=STEEL)
    circ(d, cx, cy, 10, fill=HOLE)
    return compose([L])


def wiper_blade(L, p0, p1, bow):
    d = ImageDraw.Draw(L)
    mx, my = (p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    ln = math.hypot(dx, dy)
    nx, ny = dy / ln, -dx / ln
    ctrl = (mx + nx * bow, my + ny * bow)
    path = []
    for i in range(61):
        t = i / 60
        x = (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * ctrl[0] + t * t * p1[0]
        y = (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * ctrl[1] + t * t * p1[1]
        path.append((x, y))
    # rubber edge, then the beam with its spoiler
    rub = offset_path(path, -13, False)
    line(d, rub, (60, 64, 72), 6)
    mfill(L, band_mask(path, 24, closed=False), BLACK)
    spoiler = offset_path(path, 6, False)
    line(d, spoiler[3:-3], (72, 78, 90), 4)
    line(d, offset_path(path, 10, False)[4:-4], (120, 128, 142), 1.5)
    # end caps
    for p in (path[0], path[-1]):
        circ(d, p[0], p[1], 13, fill=(40, 43, 50))
    # centre connector / adapter
    ang = math.degrees(math.atan2(dy, dx))
    c = path[30]
    poly(d, rot_rect(c[0], c[1], 70, 34, ang), fill=(58, 63, 74))
    poly(d, rot_rect(c[0], c[1], 54, 22, ang), fill=STEEL_M)
    poly(d, rot_rect(c[0], c[1], 20, 22, ang), fill=ORANGE)


def wiper_blades():
    L = layer()
    wiper_blade(L, (120, 360), (690, 150), 34)
    wiper_blade(L, (200, 480), (640, 318), 26)
    return compose([L])


def clutch_kit():
    L = layer()
    d = ImageDraw.Draw(L)
    # pressure plate (left, behind)
    px, py, pr = 290, 285, 178
    def cover(m, f):
        circ(m, px, py, pr, fill=f)
        for i in range(6):
            x, y = polar(px, py, pr + 4, i * 60 + 15)
            circ(m, x, y, 24, fill=f)
    gfill(L, cover, [STEEL_L, STEEL, STEEL_M], axis="y")
    for i in range(6):
        x, y = polar(px, py, pr + 4, i * 60 + 15)
        circ(d, x, y, 8, fill=HOLE)
    for i in range(3):
        a = i * 120 + 45
        poly(d, [polar(px, py, pr - 8, a - 10), polar(px, py, pr - 8, a + 10),
                 polar(px, py, pr - 34, a + 8), polar(px, py, pr - 34, a - 8)], fill=STEEL_D)
    # diaphragm spring with fingers
    circ(d, px, py, 140, fill=STEEL_DD)
    gfill(L, lambda m, f: circ(m, px, py, 134, fill=f), [(140, 150, 162), (92, 100, 112)], axis="y")
    for i in range(18):
        a = i * 20
        line(d, [polar(px, py, 52, a), polar(px, py, 104, a)], (50, 54, 62), 4)
        circ(d, *polar(px, py, 108, a), 5, fill=(50, 54, 62))
    circ(d, px, py, 50, fill=HOLE)
    circ(d, px, py, 50, outline=(150, 158, 170), w=3)
    # release bearing (bottom left)
    bx, by = 150, 480
    gfill(L, lambda m, f: circ(m, bx, by, 58, fill=f), [STEEL_L, STEEL, STEEL_D], axis="y")
    circ(d, bx, by, 46, fill=BLACK)
    circ(d, bx, by, 36, fill=STEEL)
    circ(d, bx, by, 24, fill=HOLE)
    # clutch disc (right, in front)
    cx, cy, r = 520, 330, 168
    circ(d, cx + 4, cy + 8, r, fill=(60, 52, 46))
    gfill(L, lambda m, f: circ(m, cx, cy, r, fill=f), [(150, 130, 112), (118, 100, 86), (96, 80, 68)],
          axis="y")
    for i in range(12):
        a = i * 30 + 10
        line(d, [polar(cx, cy, 112, a), polar(cx, cy, r - 2, a)], (78, 64, 54), 3)
    for i in range(12):
        a = i * 30 + 25
        circ(d, *polar(cx, cy, 138, a), 6, fill=(200, 204, 210))
        circ(d, *polar(cx, cy, 138, a), 3, fill=(110, 116, 126))
    circ(d, cx, cy, 104, fill=(90, 74, 62))
    gfill(L, lambda m, f: circ(m, cx, cy, 100, fill=f), [STEEL_L, STEEL, STEEL_M], axis="y")
    # damper springs
    for i in range(6):
        a = i * 60 + 30
        x, y = polar(cx, cy, 68, a)
        poly(d, rot_rect(x, y, 44, 22, a + 90), fill=STEEL_DD)
        poly(d, rot_rect(x, y, 38, 16, a + 90), fill=ORANGE)
        for j in (-12, -4, 4, 12):
            sx, sy = x + j * math.cos(math.radians(a + 90)), y + j * math.sin(math.radians(a + 90))
            poly(d, rot_rect(sx, sy, 2.5, 16, a + 90), fill=ORANGE_D)
    # splined hub
    circ(d, cx, cy, 40, fill=STEEL_D)
    gfill(L, lambda m, f: circ(m, cx, cy, 34, fill=f), [STEEL_L, STEEL, STEEL_D], axis="y")
    circ(d, cx, cy, 18, fill=HOLE)
    for i in range(12):
        poly(d, rot_rect(*polar(cx, cy, 18, i * 30), 5, 6, i * 30), fill=STEEL_M)
    return compose([L])


def brake_disc():
    L = layer()
    d = ImageDraw.Draw(L)
    cx, cy, r = 400, 300, 218
    # disc edge (thickness) with the cooling vanes, seen at the lower right
    ox, oy = 12, 18
    circ(d, cx + ox, cy + oy, r, fill=STEEL_DD)
    for i in range(72):
        a = i * 5
        line(d, [polar(cx + ox, cy + oy, r - 30, a), polar(cx + ox, cy + oy, r - 1, a)], (38, 42, 50), 3.2)
    circ(d, cx + ox, cy + oy, r, outline=STEEL_D, w=2)
    # braking face
    gfill(L, lambda m, f: circ(m, cx, cy, r, fill=f),
          [(238, 241, 244), STEEL, (214, 219, 225), STEEL_M, (200, 206, 213)], axis="y")
    for i, rr in enumerate(range(212, 112, -6)):
        circ(d, cx, cy, rr, outline=(255, 255, 255, 255) if i % 3 == 0 else (150, 158, 170, 255), w=0.8)
    circ(d, cx, cy, r, outline=STEEL_D, w=2.5)
    # cross-drilled holes (6 groups of 3 staggered) and curved slots
    for g in range(6):
        base = g * 60
        for j, rr in enumerate((150, 170, 190)):
            a = base + j * 7
            x, y = polar(cx, cy, rr, a)
            circ(d, x, y, 7.5, fill=(52, 56, 64))
            circ(d, x, y, 7.5, outline=STEEL_D, w=1.5)
        pts = [polar(cx, cy, 142 + 62 * t, base + 34 + 12 * t) for t in (0, 0.25, 0.5, 0.75, 1)]
        line(d, pts, (70, 76, 88), 7)
    # hat with anti-corrosion coating
    circ(d, cx, cy, 118, fill=STEEL_DD)
    gfill(L, lambda m, f: circ(m, cx, cy, 110, fill=f), [(96, 104, 118), DARK2, DARK], axis="y")
    circ(d, cx, cy, 110, outline=(130, 138, 152), w=2)
    gfill(L, lambda m, f: circ(m, cx, cy, 84, fill=f), [(110, 118, 132), (70, 76, 88)], axis="y")
    for i in range(5):
        x, y = polar(cx, cy, 60, -90 + i * 72)
        circ(d, x, y, 12, fill=CLEAR)
        circ(d, x, y, 13, outline=(40, 44, 52), w=2)
    circ(d, cx, cy, 34, fill=CLEAR)
    circ(d, cx, cy, 35, outline=(40, 44, 52), w=3)
    # small locating screw holes
    for a in (-54, 126):
        x, y = polar(cx, cy, 42, a)
        circ(d, x, y, 4, fill=(30, 32, 38))
    return compose([L])


def led_bulb(L, cx):
    d = ImageDraw.Draw(L)
    # LED column with chips
    gfill(L, lambda m, f: rect(m, cx - 15, 70, cx + 15, 238, fill=f, r=4),
          [GOLD_D, (246, 214, 136), GOLD, GOLD_D])
    rect(d, cx - 15, 70, cx + 15, 82, fill=STEEL_L, r=4)
    for y in (108, 148, 188):
        rect(d, cx - 11, y - 12, cx + 11, y + 12, fill=(250, 234, 150), r=3)
        rect(d, cx - 7, y - 8, cx + 7, y + 8, fill=(255, 250, 220), r=2)
    # H7 collar with locking tab
    gfill(L, lambda m, f: rect(m, cx - 56, 236, cx + 56, 254, fill=f, r=3),
          [STEEL_D, STEEL_L, STEEL, STEEL_DD])
    rect(d, cx + 50, 230, cx + 76, 248, fill=STEEL_M, r=3)
    rect(d, cx - 40, 254, cx + 40, 266, fill=BLACK, r=3)
    # finned heat sink
    anod = [BLUE_D, BLUE, BLUE_L, BLUE, BLUE_D]
    gfill(L, lambda m, f: rect(m, cx - 40, 264, cx + 40, 420, fill=f, r=4), anod)
    for y in range(272, 416, 14):
        gfill(L, lambda m, f, y=y: rect(m, cx - 48, y, cx + 48, y + 7, fill=f, r=3), anod)
    # fan cap
    gfill(L, lambda m, f: rect(m, cx - 46, 418, cx + 46, 470, fill=f, r=10), [BLACK, DARK2, DARK, BLACK])
    for x in range(int(cx - 34), int(cx + 36), 10):
        line(d, [(x, 428), (x, 460)], (20, 22, 26), 3)
    # cable to a small connector
    line(d, [(cx, 470), (cx, 500), (cx + 26, 520), (cx + 46, 522)], BLACK, 7)
    rect(d, cx + 40, 510, cx + 72, 534, fill=DARK, r=4)


def led_bulbs_h7():
    def placed(img, deg, dx, dy):
        img = rotated(img, deg, 330, 300)
        return img.transform(img.size, Image.AFFINE, (1, 0, k(-dx), 0, 1, k(-dy)))

    layers_ = []
    glows = layer()
    for deg, dx, dy in ((14, -40, 0), (-12, 150, 14)):
        bulb = layer()
        led_bulb(bulb, 330)
        # a soft warm glow around the LED chips, placed with the bulb
        glow = layer()
        ell(ImageDraw.Draw(glow), 330, 150, 52, 96, fill=(255, 214, 120, 130))
        glows.alpha_composite(placed(glow, deg, dx, dy))
        layers_.append(placed(bulb, deg, dx, dy))
    glows = glows.filter(ImageFilter.GaussianBlur(k(24)))
    return compose([glows] + layers_)


DRAW = {
    "oil-filter.png": oil_filter,
    "air-filter.png": air_filter,
    "cabin-filter.png": cabin_filter,
    "spark-plug.png": spark_plug,
    "brake-pads.png": brake_pads,
    "battery.png": battery,
    "ignition-coil.png": ignition_coil,
    "alternator.png": alternator,
    "starter-motor.png": starter_motor,
    "water-pump.png": water_pump,
    "serpentine-belt.png": serpentine_belt,
    "timing-belt-kit.png": timing_belt_kit,
    "radiator.png": radiator,
    "strut.png": strut,
    "control-arm.png": control_arm,
    "wheel-hub.png": wheel_hub,
    "wiper-blades.png": wiper_blades,
    "clutch-kit.png": clutch_kit,
    "brake-disc.png": brake_disc,
    "led-bulbs-h7.png": led_bulbs_h7,
}


# ================================================================= avatars
AVATAR_COLOURS = [
    (47, 111, 219),   # blue
    (242, 107, 29),   # orange
    (22, 150, 120),   # teal green
    (134, 72, 178),   # purple
    (205, 52, 72),    # crimson
]

FONT_CANDIDATES = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
]


def find_font():
    for p in FONT_CANDIDATES:
        if os.path.exists(p):
            return p
    for root, _, files in os.walk("/usr/share/fonts"):
        for f in sorted(files):
            if f.lower().endswith(".ttf") and "bold" in f.lower():
                return os.path.join(root, f)
    raise SystemExit("No TTF font found: apt-get install -y fonts-dejavu-core")


def initials(name):
    parts = [p for p in name.replace("-", " ").split() if p]
    return "".join(p[0].upper() for p in (parts[:1] + parts[-1:] if len(parts) > 1 else parts))


def avatar(name, colour, font_path):
    size, ss = 256, 4
    big = size * ss
    img = Image.new("RGBA", (big, big), CLEAR)
    d = ImageDraw.Draw(img)
    d.ellipse([0, 0, big - 1, big - 1], fill=colour + (255,))
    # a soft lighter upper half for a bit of depth
    hi = Image.new("L", (big, big), 0)
    ImageDraw.Draw(hi).ellipse([big * 0.08, -big * 0.35, big * 0.92, big * 0.55], fill=38)
    hi = hi.filter(ImageFilter.GaussianBlur(big * 0.06))
    circle = Image.new("L", (big, big), 0)
    ImageDraw.Draw(circle).ellipse([0, 0, big - 1, big - 1], fill=255)
    hi = Image.composite(hi, Image.new("L", (big, big), 0), circle)
    img.paste(Image.new("RGBA", (big, big), (255, 255, 255, 255)), (0, 0),
              Image.composite(hi, Image.new("L", (big, big), 0), hi))
    img.putalpha(circle)
    font = ImageFont.truetype(font_path, int(big * 0.36))
    text = initials(name)
    d = ImageDraw.Draw(img)
    d.text((big / 2, big / 2), text, font=font, fill=(255, 255, 255, 255), anchor="mm")
    return img.resize((size, size), Image.LANCZOS)


def main():
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(HERE, "parts.json"), encoding="utf-8") as f:
        parts = json.load(f)
    with open(os.path.join(HERE, "reviews.json"), encoding="utf-8") as f:
        reviews = json.load(f)

    total = 0
    for part in parts:
        name = part["image"]
        if name not in DRAW:
            raise SystemExit(f"no drawing for {name} ({part['name']})")
        size = save(DRAW[name](), name)
        total += size
        print(f"{name:24s} {size / 1024:6.1f} KB")

    font_path = find_font()
    for i, review in enumerate(reviews):
        img = avatar(review["name"], AVATAR_COLOURS[i % len(AVATAR_COLOURS)], font_path)
        path = os.path.join(OUT, review["image"])
        img.save(path, optimize=True)
        size = os.path.getsize(path)
        total += size
        print(f"{review['image']:24s} {size / 1024:6.1f} KB")
    print(f"total {total / 1024:.1f} KB")


if __name__ == "__main__":
    main()
