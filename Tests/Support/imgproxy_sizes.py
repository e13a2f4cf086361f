#!/usr/bin/env python3
"""Reference output sizes for imgproxy-style URLs, computed by a port of imgproxy's own code.

Run from the repository root (or anywhere: paths are relative to this file):

    python3 Tests/Support/imgproxy_sizes.py                 # rewrites imgproxy-vectors.json
    python3 Tests/Support/imgproxy_sizes.py --check         # compares with the JSON on disk, writes nothing
    python3 Tests/Support/imgproxy_sizes.py --check-resize  # also asks the `vips` CLI (libvips-tools)
                                                            # for the size of every resize step

Ported from imgproxy v3 (github.com/imgproxy/imgproxy, the 3.2x `pipelineContext` code and the
later `Context` refactor, which compute sizes identically):

    imath/imath.go                      Round, RoundToEven, Scale, ScaleToEven, Shrink, MinNonZero
    options/processing_options.go       option parsing (rs, s, rt, w, h, el, ex, exar, g, c, pd,
                                        t, rot, dpr, z, mw, mh, f/ext, ...), defaults
    options/url_options.go, url.go      path splitting, plain (`@ext`) and base64 (`.ext`) sources
    processing/prepare.go               extractMeta, calcCropSize, calcScale, calcSizes, limitScale
    processing/scale_on_load.go         JPEG shrink-on-load and the scale correction after it
    processing/crop.go                  crop (before resize) and cropToResult
    processing/scale.go                 the resize step
    processing/extend.go                extend, extendAspectRatio
    processing/padding.go               padding (ScaleToEven(pad, dprScale) per side)
    processing/fix_size.go              WebP/AVIF/HEIC/GIF/ICO dimension limits
    processing/processing.go            mainPipeline order: trim, prepare, scaleOnLoad, crop,
                                        scale, rotateAndFlip, cropToResult, applyFilters, extend,
                                        extendAspectRatio, padding, fixSize, flatten, watermark

Not modelled (they never change the size of the cases below): colour handling, filters, smart
crop's position, watermark, the vector/SVG branches, animation. Trim is modelled as "finds no
border": the cases only trim photos whose corner pixel differs from every edge (checked with
libvips `find_trim`, see TRIM_NOTE), so the trimmed size is the source size.

The resize step's output size is taken as imath.Scale(size, scale) = round-half-away(size * scale),
which is what calcSizes assumes; --check-resize confirms it against libvips for every case.
"""

import argparse
import base64
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLES = os.path.join(ROOT, "Samples")
OUT = os.path.join(HERE, "imgproxy-vectors.json")

TRIM_NOTE = (
    "libvips 8.14 find_trim with imgproxy's smart background (pixel 0,0) and threshold 10 returns "
    "the whole image for avatar.jpg and landscape_4.jpg; fine-lines.png would trim to 958x480 "
    "(median filter at the left edge) and dot_green.png to 32x32 (flattened on magenta), so "
    "those two are not used with t:"
)


# ---------------------------------------------------------------------------------------------
# imath/imath.go
# ---------------------------------------------------------------------------------------------

def go_round(x):
    """math.Round: half away from zero (Python's round() is half-to-even)."""
    t = math.trunc(x)
    if abs(x - t) >= 0.5:
        t += math.copysign(1.0, x)
    return int(t)


def round_to_even(x):
    """math.RoundToEven (Python's round() on a float is exactly that)."""
    return int(round(x))


def scale(a, s):
    """imath.Scale."""
    return 0 if a == 0 else go_round(a * s)


def scale_to_even(a, s):
    """imath.ScaleToEven."""
    return 0 if a == 0 else round_to_even(a * s)


def shrink(a, s):
    """imath.Shrink."""
    return 0 if a == 0 else go_round(a / s)


def min_non_zero(a, b):
    """imath.MinNonZero."""
    if a == 0:
        return b
    if b == 0:
        return a
    return min(a, b)


# ---------------------------------------------------------------------------------------------
# options/processing_options.go, options/gravity_type.go, options/url*.go
# ---------------------------------------------------------------------------------------------

class OptionError(ValueError):
    """newOptionArgumentError / newUnknownOptionError / newInvalidURLError: all 404 "Invalid URL"."""


RESIZE_TYPES = {"fit", "fill", "fill-down", "force", "auto"}
GRAVITY_TYPES = {"ce", "no", "ea", "so", "we", "nowe", "noea", "sowe", "soea", "sm", "fp", "re"}
COMMON_GRAVITY = {"ce", "no", "ea", "so", "we", "nowe", "noea", "sowe", "soea"}
CROP_GRAVITY = COMMON_GRAVITY | {"sm", "fp"}
EXTEND_GRAVITY = COMMON_GRAVITY | {"fp"}
WATERMARK_GRAVITY = COMMON_GRAVITY | {"re"}
# imagetype.Types
FORMATS = {"jpeg": "jpeg", "jpg": "jpeg", "png": "png", "webp": "webp", "gif": "gif", "ico": "ico",
           "svg": "svg", "heic": "heic", "avif": "avif", "bmp": "bmp", "tiff": "tiff", "jxl": "jxl"}


def go_parse_bool(s):
    """parseBoolOption: strconv.ParseBool, anything else is logged and treated as false."""
    if s in ("1", "t", "T", "TRUE", "true", "True"):
        return True
    return False


def go_atoi(s):
    """strconv.Atoi (as used by parseDimension, rotate, quality)."""
    try:
        if s.strip() != s or s == "":
            raise ValueError
        return int(s, 10)
    except ValueError:
        raise OptionError("not an integer: %r" % s)


def go_float(s):
    """strconv.ParseFloat(s, 64) (dpr, zoom, crop, gravity offsets, trim, blur, sharpen)."""
    try:
        if s.strip() != s or s == "":
            raise ValueError
        return float(s)
    except ValueError:
        raise OptionError("not a number: %r" % s)


class Gravity:
    """options.GravityOptions (options/gravity_options.go): type, x, y."""

    def __init__(self, type_="ce", x=0.0, y=0.0):
        self.type, self.x, self.y = type_, x, y


class PO:
    """NewProcessingOptions() defaults (config defaults: AutoRotate=true, no presets)."""

    def __init__(self):
        self.resizing_type = "fit"
        self.width = 0
        self.height = 0
        self.min_width = 0
        self.min_height = 0
        self.zoom_width = 1.0
        self.zoom_height = 1.0
        self.dpr = 1.0
        self.gravity = Gravity("ce")
        self.enlarge = False
        self.extend = False
        self.extend_gravity = Gravity("ce")
        self.extend_ar = False
        self.extend_ar_gravity = Gravity("ce")
        self.crop_width = 0.0
        self.crop_height = 0.0
        self.crop_gravity = Gravity("")  # GravityUnknown: falls back to po.gravity
        self.padding = None  # (top, right, bottom, left) when enabled
        self.trim = None
        self.rotate = 0
        self.auto_rotate = True
        self.format = None
        self.raw = False
        self.max_result_dimension = 0  # security.DefaultOptions: IMGPROXY_MAX_RESULT_DIMENSION=0


def parse_dimension(s):
    """processing_options.go parseDimension: an integer >= 0."""
    v = go_atoi(s)
    if v < 0:
        raise OptionError("negative dimension %r" % s)
    return v


def parse_gravity(args, allowed):
    """parseGravity."""
    if args[0] not in GRAVITY_TYPES or args[0] not in allowed:
        raise OptionError("invalid gravity %r" % args[0])
    g = Gravity(args[0])
    if g.type == "sm":
        if len(args) > 1:
            raise OptionError("sm takes no offsets")
        return g
    if g.type == "fp" and len(args) != 3:
        raise OptionError("fp needs x and y")
    if len(args) > 3:
        raise OptionError("too many gravity arguments")
    for i, attr in ((1, "x"), (2, "y")):
        if len(args) > i:
            v = go_float(args[i])
            if g.type == "fp" and not (0 <= v <= 1):
                raise OptionError("fp offsets are 0..1")
            setattr(g, attr, v)
    return g


def parse_extend(args):
    """parseExtend: enabled, then an optional gravity (no `sm`)."""
    if len(args) > 4:
        raise OptionError("too many extend arguments")
    enabled = go_parse_bool(args[0])
    g = Gravity("ce")
    if len(args) > 1:
        g = parse_gravity(args[1:], EXTEND_GRAVITY)
    return enabled, g


def apply_size(po, args):
    """applySizeOption: width:height:enlarge:extend..."""
    if len(args) > 7:
        raise OptionError("too many size arguments")
    if len(args) >= 1 and args[0]:
        po.width = parse_dimension(args[0])
    if len(args) >= 2 and args[1]:
        po.height = parse_dimension(args[1])
    if len(args) >= 3 and args[2]:
        po.enlarge = go_parse_bool(args[2])
    if len(args) >= 4 and args[3]:
        po.extend, po.extend_gravity = parse_extend(args[3:])


def apply_option(po, name, args):
    """applyURLOption (only what can change the size is stored; the rest is validated)."""
    if name in ("resize", "rs"):
        if len(args) > 8:
            raise OptionError("too many resize arguments")
        if args[0]:
            if args[0] not in RESIZE_TYPES:
                raise OptionError("invalid resizing type %r" % args[0])
            po.resizing_type = args[0]
        if len(args) > 1:
            apply_size(po, args[1:])
    elif name in ("size", "s"):
        apply_size(po, args)
    elif name in ("resizing_type", "rt"):
        if len(args) > 1 or args[0] not in RESIZE_TYPES:
            raise OptionError("invalid resizing type %r" % args)
        po.resizing_type = args[0]
    elif name in ("width", "w"):
        po.width = parse_dimension(args[0])
    elif name in ("height", "h"):
        po.height = parse_dimension(args[0])
    elif name in ("min-width", "mw"):
        po.min_width = parse_dimension(args[0])
    elif name in ("min-height", "mh"):
        po.min_height = parse_dimension(args[0])
    elif name in ("zoom", "z"):
        z = go_float(args[0])
        if z <= 0:
            raise OptionError("zoom must be > 0")
        po.zoom_width = po.zoom_height = z
        if len(args) > 1:
            z = go_float(args[1])
            if z <= 0:
                raise OptionError("zoom must be > 0")
            po.zoom_height = z
    elif name == "dpr":
        d = go_float(args[0])
        if d <= 0:
            raise OptionError("dpr must be > 0")
        po.dpr = d
    elif name in ("enlarge", "el"):
        po.enlarge = go_parse_bool(args[0])
    elif name in ("extend", "ex"):
        po.extend, po.extend_gravity = parse_extend(args)
    elif name in ("extend_aspect_ratio", "extend_ar", "exar"):
        po.extend_ar, po.extend_ar_gravity = parse_extend(args)
    elif name in ("gravity", "g"):
        po.gravity = parse_gravity(args, CROP_GRAVITY)
    elif name in ("crop", "c"):
        w = go_float(args[0])
        if w < 0:
            raise OptionError("negative crop width")
        po.crop_width = w
        if len(args) > 1:
            h = go_float(args[1])
            if h < 0:
                raise OptionError("negative crop height")
            po.crop_height = h
        if len(args) > 2:
            po.crop_gravity = parse_gravity(args[2:], CROP_GRAVITY)
    elif name in ("padding", "pd"):
        if not 1 <= len(args) <= 4:
            raise OptionError("padding takes 1..4 arguments")
        top = right = bottom = left = 0
        if po.padding:
            top, right, bottom, left = po.padding
        if args[0]:
            top = right = bottom = left = parse_dimension(args[0])
        if len(args) > 1 and args[1]:
            right = left = parse_dimension(args[1])
        if len(args) > 2 and args[2]:
            bottom = parse_dimension(args[2])
        if len(args) > 3 and args[3]:
            left = parse_dimension(args[3])
        po.padding = (top, right, bottom, left) if (top or right or bottom or left) else None
    elif name in ("trim", "t"):
        if len(args) > 4:
            raise OptionError("too many trim arguments")
        threshold = go_float(args[0])
        if threshold < 0:
            raise OptionError("negative trim threshold")
        po.trim = threshold
    elif name in ("auto_rotate", "ar"):
        po.auto_rotate = go_parse_bool(args[0])
    elif name in ("rotate", "rot"):
        if len(args) > 1:
            raise OptionError("rotate takes one argument")
        r = go_atoi(args[0])
        if r % 90 != 0:
            raise OptionError("rotation must be a multiple of 90")
        po.rotate = r
    elif name in ("format", "f", "ext"):
        if len(args) > 1 or args[0] not in FORMATS:
            raise OptionError("invalid format %r" % args)
        po.format = FORMATS[args[0]]
    elif name == "raw":
        po.raw = go_parse_bool(args[0])
    elif name in ("quality", "q"):
        q = go_atoi(args[0])
        if not 0 <= q <= 100:
            raise OptionError("quality is 0..100")
    elif name in ("blur", "bl", "sharpen", "sh"):
        if go_float(args[0]) < 0:
            raise OptionError("negative sigma")
    elif name in ("background", "bg"):
        if len(args) not in (1, 3):
            raise OptionError("bg takes a hex colour or r:g:b")
    elif name in ("watermark", "wm"):
        o = go_float(args[0])
        if not 0 <= o <= 1:
            raise OptionError("watermark opacity is 0..1")
        if len(args) > 1 and args[1] and args[1] not in WATERMARK_GRAVITY:
            raise OptionError("invalid watermark position")
    elif name in ("strip_metadata", "sm", "keep_copyright", "kcr", "strip_color_profile", "scp",
                  "enforce_thumbnail", "eth", "return_attachment", "att", "cachebuster", "cb",
                  "filename", "fn", "max_bytes", "mb", "format_quality", "fq", "expires", "exp",
                  "pixelate", "pix", "flip", "fl", "skip_processing", "skp"):
        pass  # no effect on the output size
    else:
        raise OptionError("unknown option %r" % name)


def parse_path(path):
    """ParsePath/parsePathOptions/parseURLOptions/DecodeURL for a path without its signature.

    Returns (po, source_url, format or None)."""
    parts = path.lstrip("/").split("/")
    if parts[0] in RESIZE_TYPES:
        raise OptionError("deprecated basic URL format")
    po = PO()
    i = 0
    while i < len(parts):
        args = parts[i].split(":")
        if len(args) == 1:
            break
        apply_option(po, args[0], args[1:])
        i += 1
    url_parts = parts[i:]
    if not url_parts:
        raise OptionError("image URL is empty")
    if url_parts[0] == "plain" and len(url_parts) > 1:
        encoded = "/".join(url_parts[1:])
        pieces = encoded.split("@")
        if not pieces[0] or len(pieces) > 2:
            raise OptionError("bad plain source %r" % encoded)
        ext = pieces[1] if len(pieces) == 2 and pieces[1] else None
        source = urllib.parse.unquote(pieces[0], errors="strict")
    else:
        encoded = "".join(url_parts)
        pieces = encoded.split(".")
        if not pieces[0] or len(pieces) > 2:
            raise OptionError("bad base64 source %r" % encoded)
        ext = pieces[1] if len(pieces) == 2 and pieces[1] else None
        b64 = pieces[0].rstrip("=")
        source = base64.urlsafe_b64decode(b64 + "=" * (-len(b64) % 4)).decode()
    if not po.raw and ext:
        apply_option(po, "format", [ext])
    return po, source, po.format


# ---------------------------------------------------------------------------------------------
# The sources: real sizes and EXIF orientation read from Samples/ (no Pillow needed)
# ---------------------------------------------------------------------------------------------

def _exif_orientation(tiff):
    endian = "<" if tiff[:2] == b"II" else ">"
    (ifd,) = struct.unpack(endian + "I", tiff[4:8])
    (count,) = struct.unpack(endian + "H", tiff[ifd:ifd + 2])
    for n in range(count):
        entry = tiff[ifd + 2 + 12 * n: ifd + 14 + 12 * n]
        tag, _typ, _cnt = struct.unpack(endian + "HHI", entry[:8])
        if tag == 0x0112:
            return struct.unpack(endian + "H", entry[8:10])[0]
    return 1


def read_image_header(path):
    """(stored width, stored height, EXIF orientation, type) for a JPEG or PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        w, h = struct.unpack(">II", data[16:24])
        return w, h, 1, "png"
    if data[:2] != b"\xff\xd8":
        raise ValueError("not a JPEG or PNG: " + path)
    pos, orientation, size = 2, 1, None
    while pos < len(data):
        while data[pos] != 0xFF:
            pos += 1
        marker = data[pos + 1]
        pos += 2
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            continue
        (length,) = struct.unpack(">H", data[pos:pos + 2])
        seg = data[pos + 2:pos + length]
        if marker == 0xE1 and seg[:6] == b"Exif\0\0":
            orientation = _exif_orientation(seg[6:])
        elif marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            h, w = struct.unpack(">HH", seg[1:5])
            size = (w, h)
        if marker == 0xDA:
            break
        pos += length
    return size[0], size[1], orientation, "jpeg"


def load_sources():
    names = ["landscape_4.jpg", "landscape_6.jpg", "avatar.jpg", "dot_green.png", "fine-lines.png"]
    return {n: read_image_header(os.path.join(SAMPLES, n)) for n in names}


def upright_size(header):
    w, h, orientation, _ = header
    return (h, w) if orientation in (5, 6, 7, 8) else (w, h)


# ---------------------------------------------------------------------------------------------
# processing/*.go
# ---------------------------------------------------------------------------------------------

def angle_flip(orientation, auto_rotate):
    """extractMeta's orientation → (angle, flip) (prepare.go; angleFlip in the later refactor)."""
    if not auto_rotate:
        return 0, False
    angle = {3: 180, 4: 180, 5: 90, 6: 90, 7: 270, 8: 270}.get(orientation, 0)
    return angle, orientation in (2, 4, 5, 7)


def extract_meta(width, height, orientation, base_angle, auto_rotate):
    """prepare.go extractMeta: size in the final (rotated) frame."""
    angle, flip = angle_flip(orientation, auto_rotate)
    if (angle + base_angle) % 180 != 0:
        width, height = height, width
    return width, height, angle, flip


def calc_crop_size(orig, crop):
    """prepare.go calcCropSize: 0 → none, ≥1 → pixels (truncated), <1 → fraction (min 1px)."""
    if crop == 0.0:
        return 0
    if crop >= 1.0:
        return int(crop)
    return max(1, scale(orig, crop))


class Ctx:
    """pipelineContext (processing/pipeline.go): the sizes the steps share."""


def calc_scale(c, width, height, po, is_vector=False):
    """prepare.go (*pipelineContext).calcScale."""
    src_w, src_h = float(width), float(height)
    dst_w, dst_h = float(po.width), float(po.height)
    if po.width == 0:
        dst_w = src_w
    wshrink = 1.0 if dst_w == src_w else src_w / dst_w
    if po.height == 0:
        dst_h = src_h
    hshrink = 1.0 if dst_h == src_h else src_h / dst_h

    if wshrink != 1 or hshrink != 1:
        rt = po.resizing_type
        if rt == "auto":
            src_d, dst_d = src_w - src_h, dst_w - dst_h
            rt = "fill" if (src_d >= 0 and dst_d >= 0) or (src_d < 0 and dst_d < 0) else "fit"
        if po.width == 0 and rt != "force":
            wshrink = hshrink
        elif po.height == 0 and rt != "force":
            hshrink = wshrink
        elif rt == "fit":
            wshrink = hshrink = max(wshrink, hshrink)
        elif rt in ("fill", "fill-down"):
            wshrink = hshrink = min(wshrink, hshrink)

    wshrink /= po.zoom_width
    hshrink /= po.zoom_height

    c.dpr_scale = po.dpr
    if not po.enlarge and not is_vector:
        min_shrink = min(wshrink, hshrink)
        if min_shrink < 1:
            wshrink /= min_shrink
            hshrink /= min_shrink
            if not po.extend:
                c.dpr_scale /= min_shrink
        # The minimum of wshrink and hshrink is the maximum dprScale that doesn't enlarge.
        c.dpr_scale = min(c.dpr_scale, min(wshrink, hshrink))

    if po.min_width > 0:
        ms = src_w / po.min_width
        if ms < wshrink:
            hshrink /= wshrink / ms
            wshrink = ms
    if po.min_height > 0:
        ms = src_h / po.min_height
        if ms < hshrink:
            wshrink /= hshrink / ms
            hshrink = ms

    wshrink /= c.dpr_scale
    hshrink /= c.dpr_scale
    wshrink = min(wshrink, src_w)
    hshrink = min(hshrink, src_h)
    c.wscale = 1.0 / wshrink
    c.hscale = 1.0 / hshrink


def calc_sizes(c, width_to_scale, height_to_scale, po):
    """prepare.go (*pipelineContext).calcSizes: target, scaled and result-crop sizes."""
    c.target_width = scale(po.width, c.dpr_scale * po.zoom_width)
    c.target_height = scale(po.height, c.dpr_scale * po.zoom_height)
    c.scaled_width = scale(width_to_scale, c.wscale)
    c.scaled_height = scale(height_to_scale, c.hscale)

    if po.resizing_type == "fill-down" and not po.enlarge:
        diff_w = c.target_width / c.scaled_width
        diff_h = c.target_height / c.scaled_height
        if diff_w > diff_h and diff_w > 1.0:
            c.result_crop_height = scale(c.scaled_width, c.target_height / c.target_width)
            c.result_crop_width = c.scaled_width
        elif diff_h > diff_w and diff_h > 1.0:
            c.result_crop_width = scale(c.scaled_height, c.target_width / c.target_height)
            c.result_crop_height = c.scaled_height
        else:
            c.result_crop_width, c.result_crop_height = c.target_width, c.target_height
    else:
        c.result_crop_width, c.result_crop_height = c.target_width, c.target_height

    c.extend_ar_width = c.extend_ar_height = 0
    if po.extend_ar and c.target_width > 0 and c.target_height > 0:
        out_w = min_non_zero(c.scaled_width, c.result_crop_width)
        out_h = min_non_zero(c.scaled_height, c.result_crop_height)
        diff_w = c.target_width / out_w
        diff_h = c.target_height / out_h
        if diff_h > diff_w:
            c.extend_ar_height = scale(out_w, c.target_height / c.target_width)
            c.extend_ar_width = out_w
        elif diff_w > diff_h:
            c.extend_ar_width = scale(out_h, c.target_width / c.target_height)
            c.extend_ar_height = out_h


def limit_scale(c, width_to_scale, height_to_scale, po):
    """prepare.go (*pipelineContext).limitScale (IMGPROXY_MAX_RESULT_DIMENSION, 0 = off)."""
    max_dim = po.max_result_dimension
    if max_dim <= 0:
        return
    out_w = min_non_zero(c.scaled_width, c.result_crop_width)
    out_h = min_non_zero(c.scaled_height, c.result_crop_height)
    if po.extend:
        out_w, out_h = max(out_w, c.target_width), max(out_h, c.target_height)
    elif po.extend_ar:
        out_w, out_h = max(out_w, c.extend_ar_width), max(out_h, c.extend_ar_height)
    if po.padding:
        t, r, b, l = po.padding
        out_w += scale_to_even(l, c.dpr_scale) + scale_to_even(r, c.dpr_scale)
        out_h += scale_to_even(t, c.dpr_scale) + scale_to_even(b, c.dpr_scale)
    if out_w > max_dim or out_h > max_dim:
        down = max_dim / max(out_w, out_h)
        c.wscale = max(c.wscale * down, 1.0 / width_to_scale)
        c.hscale = max(c.hscale * down, 1.0 / height_to_scale)
        c.dpr_scale *= down
        calc_sizes(c, width_to_scale, height_to_scale, po)


def prepare(c, po):
    """prepare.go prepare."""
    c.src_width, c.src_height, c.angle, c.flip = extract_meta(
        c.stored_width, c.stored_height, c.orientation, po.rotate, po.auto_rotate)
    c.crop_width = calc_crop_size(c.src_width, po.crop_width)
    c.crop_height = calc_crop_size(c.src_height, po.crop_height)
    wts = min_non_zero(c.crop_width, c.src_width)
    hts = min_non_zero(c.crop_height, c.src_height)
    calc_scale(c, wts, hts, po)
    calc_sizes(c, wts, hts, po)
    limit_scale(c, wts, hts, po)


def scale_on_load(c, po):
    """scale_on_load.go: JPEG shrink-on-load (1/2/4/8), then the scales are corrected.

    libjpeg's scaled decode gives ceil(size / shrink) pixels."""
    if c.trimmed or c.imgtype not in ("jpeg", "webp", "heic", "avif"):
        return
    wshrink = c.src_width / scale(c.src_width, c.wscale)
    hshrink = c.src_height / scale(c.src_height, c.hscale)
    preshrink = min(wshrink, hshrink)
    prescale = 1.0 / preshrink
    if prescale == 1 or prescale >= 1:
        return
    if c.imgtype != "jpeg":
        return  # WebP/HEIC/AVIF load at an arbitrary scale: not needed for these sources
    jpeg_shrink = 8 if preshrink >= 8 else 4 if preshrink >= 4 else 2 if preshrink >= 2 else 1
    if jpeg_shrink == 1:
        return
    sw = -(-c.stored_width // jpeg_shrink)
    sh = -(-c.stored_height // jpeg_shrink)
    new_w, new_h, _, _ = extract_meta(sw, sh, c.orientation, po.rotate, po.auto_rotate)
    c.img = [new_w, new_h]
    wpre = c.src_width / new_w
    hpre = c.src_height / new_h
    c.wscale = wpre * c.wscale
    if new_w == scale(new_w, c.wscale):
        c.wscale = 1.0
    c.hscale = hpre * c.hscale
    if new_h == scale(new_h, c.hscale):
        c.hscale = 1.0
    if c.crop_width > 0:
        c.crop_width = max(1, shrink(c.crop_width, wpre))
    if c.crop_height > 0:
        c.crop_height = max(1, shrink(c.crop_height, hpre))
    c.trace.append("shrink-on-load 1/%d -> %dx%d" % (jpeg_shrink, new_w, new_h))


def crop_image(c, crop_w, crop_h):
    """crop.go cropImage (size only: gravity and smart crop only choose the position)."""
    if crop_w == 0 and crop_h == 0:
        return
    img_w, img_h = c.img
    crop_w = min_non_zero(crop_w, img_w)
    crop_h = min_non_zero(crop_h, img_h)
    if crop_w >= img_w and crop_h >= img_h:
        return
    c.img = [crop_w, crop_h]


def resize(c):
    """scale.go scale → vips_resize(wscale, vscale=hscale); size = imath.Scale (see --check-resize)."""
    if c.wscale == 1 and c.hscale == 1:
        return
    before = tuple(c.img)
    c.img = [scale(c.img[0], c.wscale), scale(c.img[1], c.hscale)]
    c.resizes.append((before, c.wscale, c.hscale, tuple(c.img)))


def extend_image(c, width, height):
    """extend.go extendImage: embed into width x height unless the image already covers it."""
    img_w, img_h = c.img
    if width <= img_w and height <= img_h:
        return
    if width <= 0:
        width = img_w
    if height <= 0:
        height = img_h
    c.img = [width, height]


def padding(c, po):
    """padding.go: each side is ScaleToEven(pad, dprScale), dprScale being calcScale's."""
    if not po.padding:
        return
    t, r, b, l = (scale_to_even(p, c.dpr_scale) for p in po.padding)
    c.img = [c.img[0] + l + r, c.img[1] + t + b]


def fix_size(c, fmt):
    """fix_size.go: WebP ≤ 16383, AVIF/HEIC ≤ 16384, ICO ≤ 256 per side (GIF resolution not modelled)."""
    limit = {"webp": 16383.0, "avif": 16384.0, "heic": 16384.0, "ico": 256.0}.get(fmt)
    if limit is None:
        return
    shrink_by = max(c.img) / limit
    if shrink_by <= 1.0:
        return
    s = 1.0 / shrink_by
    c.img = [scale(c.img[0], s), scale(c.img[1], s)]


def process(path, sources):
    """The size-changing steps of processing.go's mainPipeline, in its order."""
    po, source_url, fmt = parse_path(path)
    name = source_url.split("/")[-1]
    sw, sh, orientation, imgtype = sources[name]
    c = Ctx()
    c.stored_width, c.stored_height, c.orientation, c.imgtype = sw, sh, orientation, imgtype
    c.trace, c.resizes = [], []
    c.trimmed = po.trim is not None  # trim: no border found (see TRIM_NOTE); disables scale-on-load
    prepare(c, po)
    c.img = [c.src_width, c.src_height]  # tracked in the final (rotated) frame throughout
    scale_on_load(c, po)
    crop_image(c, c.crop_width, c.crop_height)
    resize(c)
    # rotateAndFlip: sizes are already in the rotated frame
    crop_image(c, c.result_crop_width, c.result_crop_height)  # cropToResult
    if po.extend:
        extend_image(c, c.target_width, c.target_height)
    if po.extend_ar and c.extend_ar_width and c.extend_ar_height:
        extend_image(c, c.extend_ar_width, c.extend_ar_height)
    padding(c, po)
    fix_size(c, fmt)
    return tuple(c.img), c


# ---------------------------------------------------------------------------------------------
# The cases
# ---------------------------------------------------------------------------------------------

L4, L6, AV, DOT, FL = "landscape_4.jpg", "landscape_6.jpg", "avatar.jpg", "dot_green.png", "fine-lines.png"

CASES = [
    # --- resize / size meta-options, every resizing type -------------------------------------
    ("rs:fit:300:300", L4, None, "prepare.go calcScale: fit takes max(wshrink,hshrink)=13.44 for both sides"),
    ("rs:fit:300:300", L4, "webp", "same as rs:fit:300:300; @webp only picks the format (url.go decodePlainURL)"),
    ("rs:fill:300:400", L4, None, "calcScale: fill takes min(wshrink,hshrink); crop.go cropToResult cuts 533x400 to the 300x400 target"),
    ("rs:fill:300:400/g:sm", L4, "webp", "brief example; g:sm only moves the crop window (crop.go cropImage SmartCrop), size = fill target"),
    ("rs:fill-down:300:400", L4, None, "calcSizes: fill-down on a source bigger than the box behaves exactly like fill"),
    ("rs:fill-down:300:400", DOT, None, "calcSizes fill-down, el:0: diffH>diffW>1 so resultCropWidth=Scale(34,300/400)=round(25.5)=26, height=34"),
    ("rs:fill-down:600:300", AV, None, "calcSizes fill-down, el:0: target 600x300 > 400x400 so keep 2:1 inside the unenlarged image: Scale(400,300/600)=200"),
    ("rs:fill:600:300", AV, None, "fill with el:0 on a smaller source: no enlarge (calcScale), cropToResult clamps 600x300 to 400 wide, 300 high"),
    ("rs:fill:300:400", DOT, None, "fill, el:0, source smaller than both sides: calcScale undoes the enlarge, cropToResult clamps to 34x34"),
    ("rs:force:300:300", L4, None, "calcScale: force keeps wshrink and hshrink apart (aspect not kept)"),
    ("rs:force:300:0", L4, None, "calcScale: force with height 0 keeps the source height (docs: 'When set to 0 and resizing type is force, imgproxy will keep the original height')"),
    ("rs:force:300:400", DOT, None, "force with el:0: shrinks divided by min(0.113,0.085) -> wshrink 1.333, hshrink 1: 34*0.75=25.5 -> 26 wide, 34 high"),
    ("rs:force:300:400:1", DOT, None, "force with el:1: exact 300x400"),
    ("rs:auto:300:0", L4, None, "calcScale auto: height 0 so the width rule applies (hshrink=wshrink), same as fit"),
    ("rs:auto:0:200", AV, None, "calcScale auto with width 0: wshrink=hshrink=2"),
    ("rs:auto:0:200", L6, None, "auto with width 0 on the EXIF-6 source: upright 4032x3024 (prepare.go extractMeta swaps), 267x200"),
    ("s:300:200", L4, None, "size meta-option, default rt fit: max(13.44,15.12) -> 4032/15.12=266.67 -> 267x200"),
    ("s:300:200:1", DOT, None, "size with enlarge=1: fit upscales 34x34 to 200x200"),
    ("size:300:200", L4, None, "long name of s (options applyURLOption 'size', 's')"),
    ("resize:fill:300:200", L4, None, "long name of rs"),
    # --- rt + w + h separately, one side 0, both 0 ------------------------------------------
    ("rt:fill/w:300/h:200", L4, None, "rt, w and h set the same fields as rs:fill:300:200"),
    ("resizing_type:fill/width:300/height:200", L4, None, "long names resizing_type, width, height"),
    ("w:500", L4, None, "height 0: calcScale hshrink=wshrink=8.064, 3024/8.064=375"),
    ("h:500", L4, None, "width 0: wshrink=hshrink=6.048, 4032/6.048=666.67 -> 667 (imath.Scale rounds half away)"),
    ("rs:fit:0:0", L4, None, "both sizes 0: calcScale leaves both shrinks 1, no resize, source size"),
    ("s:0:0", DOT, None, "both 0 on a small source: unchanged"),
    ("cb:abc", L4, "png", "cachebuster and format only: no size change (processing_options.go applyCacheBusterOption)"),
    # --- enlarge --------------------------------------------------------------------------------
    ("rs:fit:300:300", DOT, None, "enlarge defaults to false (NewProcessingOptions): calcScale divides shrinks by minShrink, stays 34x34"),
    ("rs:fit:300:300:1", DOT, None, "rs enlarge argument 1: fit upscales to 300x300"),
    ("rs:fit:300:300/el:1", DOT, None, "el:1 as its own option"),
    ("rs:fit:300:300/enlarge:1", DOT, "png", "long name enlarge"),
    ("rs:fill:300:400:1", DOT, None, "fill with el:1: min shrink 0.085 scales 34x34 up to 400x400, cropToResult cuts 300x400"),
    ("w:961/el:1", FL, None, "el:1 one side: 480*961/960=480.5 -> 481 (imath.Scale half away; libvips agrees)"),
    ("w:961", FL, None, "el:0: w larger than the source -> unchanged 960x480"),
    # --- extend -------------------------------------------------------------------------------
    ("rs:fit:300:300:0:1", DOT, None, "rs extend argument: extend.go embeds the unenlarged 34x34 into the 300x300 target"),
    ("rs:fit:300:300/ex:1", DOT, None, "ex:1 without gravity (ce): 300x300"),
    ("rs:fit:300:300/ex:1:so", DOT, None, "ex:1 with gravity so: gravity only places the image, 300x300"),
    ("rs:fit:300:200/extend:1:noea:10:10", L4, None, "long name extend with gravity and offsets: fit 267x200 extended to 300x200"),
    ("rs:fill:300:200/ex:1", L4, None, "extend when the image already fills the target: extendImage returns early"),
    ("s:0:200:0:1", L4, None, "extend with width 0: extendImage uses the image width, 267x200"),
    ("s:100:50:1:1", DOT, None, "s width:height:enlarge:extend -> fit-enlarge to 50x50, extend to 100x50"),
    ("dpr:2/rs:fit:300:300:0:1", DOT, None, "extend + dpr 2 + el:0 on a small source: calcScale keeps dprScale=min(2,min(wshrink,hshrink)=1)=1 -> 300x300"),
    ("dpr:2/rs:fit:300:300/ex:1", L4, None, "extend + dpr 2 on a big source: target Scale(300,2)=600, fit 600x450 extended to 600x600"),
    ("exar:1/rs:fit:300:200", L4, None, "extend_aspect_ratio: fit 267x200, calcSizes diffW>diffH so extendAspectRatioWidth=Scale(200,300/200)=300 -> 300x200"),
    # --- dpr -----------------------------------------------------------------------------------
    ("dpr:2/rs:fit:300:300", L4, None, "dpr 2 on a big source: shrinks /2, 600x450 (docs: 'multiply the image dimensions according to this factor')"),
    ("dpr:2/rs:fill:300:400", L4, "webp", "dpr 2 with fill: target Scale(300,2)xScale(400,2) = 600x800"),
    ("dpr:3/w:1000", L4, None, "dpr 3, wshrink 4.032 > 3: 3000x2250"),
    ("dpr:2/w:3000", L4, None, "dpr capped to min(2, wshrink=1.344) so the source is not enlarged: 4032x3024"),
    ("dpr:2/rs:fit:300:300", DOT, None, "dpr 2, el:0, small source: dprScale=min(2/0.113, 1)=1 -> 34x34"),
    ("dpr:2/rs:fit:20:20", DOT, None, "dpr 2, el:0: dprScale=min(2, wshrink=1.7)=1.7 -> 34x34 (target Scale(20,1.7)=34)"),
    ("dpr:2/rs:fit:300:300:1", DOT, None, "dpr 2 with el:1: 600x600"),
    # --- padding -------------------------------------------------------------------------------
    ("rs:fit:300:300/pd:10", L4, None, "padding.go: 10 on every side after resize: 300x225 -> 320x245"),
    ("rs:fill:300:200/pd:10:20", L4, None, "pd:top:right, bottom=top, left=right: 300+40 x 200+20"),
    ("rs:fill:300:200/pd:1:2:3:4", L4, None, "pd:top:right:bottom:left: 300+2+4 x 200+1+3"),
    ("padding:10", DOT, "png", "long name padding, no resize: 54x54"),
    ("dpr:2/rs:fit:300:300/pd:10", L4, None, "padding follows dpr (padding.go ScaleToEven(10, dprScale=2)=20): 600x450 -> 640x490"),
    ("dpr:2/pd:10", DOT, None, "padding uses the effective dprScale, capped to 1 here (no size, el:0): 10px per side, 54x54"),
    ("dpr:2/rs:fit:300:300:1/pd:10", DOT, None, "el:1 keeps dprScale 2: 600x600 + 2*20 = 640x640"),
    # --- gravity (never changes the size) ---------------------------------------------------------
    ("rs:fill:300:200/g:no", L4, None, "gravity no: position only (calc_position.go)"),
    ("rs:fill:300:200/g:so", L4, None, "gravity so: position only"),
    ("rs:fill:200:300/g:ea", L4, None, "gravity ea on a portrait box: fill 400x300 cut to 200x300"),
    ("rs:fill:200:300/g:we:10:0", L4, None, "gravity we with an x offset of 10px: position only"),
    ("rs:fill:300:200/g:noea", L4, None, "gravity noea: position only"),
    ("rs:fill:300:200/g:sowe", L4, None, "gravity sowe: position only"),
    ("rs:fill:300:200/g:ce", L4, None, "gravity ce (the default): position only"),
    ("rs:fill:300:200/gravity:fp:0.3:0.7", L4, None, "long name gravity, focus point 0.3:0.7: position only"),
    ("rs:fill:300:300/g:sm", AV, None, "smart gravity on a square source into a square box: plain resize 300x300"),
    # --- crop before resize ------------------------------------------------------------------------
    ("c:1000:800", L4, None, "crop.go crop: 1000x800 px area, no resize"),
    ("c:1000:800/rs:fit:300:300", L4, None, "prepare.go: widthToScale = crop size, fit 1000x800 -> 300x240 (shrink-on-load 1/2 keeps it)"),
    ("c:0.5:0.5", L4, None, "calcCropSize: values < 1 are fractions: Scale(4032,0.5)xScale(3024,0.5)"),
    ("c:0.3:0", L4, None, "crop 0.3 of the width (1209.6 -> 1210), height 0 = full height"),
    ("c:0.5:0.5:nowe/rs:fill:200:200", L4, None, "crop with its own gravity, then fill 200x200"),
    ("c:2000:500:sm/w:400", L4, None, "crop with smart gravity 2000x500, then w:400 -> 400x100"),
    ("crop:5000:5000", L4, None, "long name crop; a crop larger than the image is clamped (imath.MinNonZero in prepare and cropImage)"),
    ("c:1:1", AV, None, "calcCropSize: 1 is >= 1 so it is 1 pixel, not 100%"),
    ("c:1000:1000:we/rs:fill:300:200", L4, None, "crop 1000x1000 at the west edge, then fill 300x200"),
    # --- trim (only on sources without a border, see TRIM_NOTE) --------------------------------
    ("t:10/rs:fit:200:200", AV, None, "trim.go: nothing to trim on this photo (find_trim returns the whole image), then fit 200x200"),
    ("trim:10/w:300", L4, None, "long name trim on a borderless photo; trim disables scale-on-load only, 300x225"),
    # --- rotate -----------------------------------------------------------------------------------
    ("rot:90", L4, None, "rotate 90: extractMeta swaps width and height, 3024x4032"),
    ("rot:90/rs:fit:300:300", L4, None, "rotate 90 then fit in the rotated frame: 225x300"),
    ("rotate:270/rs:fill:300:200", L6, None, "long name rotate on the EXIF-6 source: upright 4032x3024, rotated 3024x4032, fill 300x200"),
    ("rot:180/w:300", L4, None, "rotate 180 keeps the orientation: 300x225"),
    ("rs:fit:300:300", L6, None, "EXIF orientation 6 is applied first (IMGPROXY_AUTO_ROTATE default true): 300x225"),
    ("w:500", L6, "png", "EXIF-6 source, width 500: 500x375"),
    # --- combined long names ----------------------------------------------------------------------
    ("resize:fill:400:300/gravity:so/crop:2000:2000/enlarge:0/extend:1/padding:5/rotate:90", L4, None,
     "rotate 90 first (frame 3024x4032), crop 2000x2000, fill 400x300, extend no-op, padding 5 -> 410x310"),
    ("rs:fit:1000:1000/q:80/sh:0.5/bl:2/sm:1/kcr:1/bg:255:0:0", L4, "jpg", "quality, sharpen, blur, strip_metadata, keep_copyright, background: none changes the size"),
]


def build(sources):
    """The JSON entries: path after the signature, upright source size, output size, rule."""
    out = []
    for options, name, ext, why in CASES:
        path = (options + "/" if options else "") + "plain/local:///" + name + ("@" + ext if ext else "")
        size, ctx = process(path, sources)
        out.append({
            "path": path,
            "source": name,
            "sourceSize": list(upright_size(sources[name])),
            "size": list(size),
            "why": why,
        })
        out[-1]["_resizes"] = ctx.resizes
    return out


def check_resize_with_vips(entries):
    """Ask libvips (the `vips` CLI) what vips_resize(wscale, vscale=hscale) really outputs."""
    vips = shutil.which("vips")
    if not vips:
        print("--check-resize: no `vips` on PATH (apt-get install libvips-tools)", file=sys.stderr)
        return 1
    bad = 0
    seen = {}
    with tempfile.TemporaryDirectory() as tmp:
        for e in entries:
            for (before, ws, hs, after) in e["_resizes"]:
                key = (before, ws, hs)
                if key not in seen:
                    src = os.path.join(tmp, "in_%dx%d.v" % before)
                    if not os.path.exists(src):
                        subprocess.run([vips, "black", src, str(before[0]), str(before[1])], check=True)
                    dst = os.path.join(tmp, "out.v")
                    subprocess.run([vips, "resize", src, dst, repr(ws), "--vscale", repr(hs)], check=True)
                    hdr = subprocess.run(["vipsheader", dst], check=True, capture_output=True, text=True).stdout
                    dims = hdr.split(":")[1].split()[0].split("x")
                    seen[key] = (int(dims[0]), int(dims[1]))
                if seen[key] != after:
                    bad += 1
                    print("MISMATCH %s: %s x(%r,%r) -> port %s, libvips %s" % (e["path"], before, ws, hs, after, seen[key]))
    print("--check-resize: %d resize steps, %d mismatches" % (len(seen), bad))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true", help="compare with the JSON on disk, write nothing")
    ap.add_argument("--check-resize", action="store_true", help="verify resize sizes with the vips CLI")
    ap.add_argument("--table", action="store_true", help="print path -> size")
    args = ap.parse_args()

    sources = load_sources()
    entries = build(sources)
    rc = 0
    if args.check_resize:
        rc |= check_resize_with_vips(entries)
    for e in entries:
        del e["_resizes"]
    text = json.dumps(entries, indent=2, ensure_ascii=False) + "\n"
    if args.table:
        for e in entries:
            print("%-90s %s" % (e["path"], "x".join(map(str, e["size"]))))
    if args.check:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                print("imgproxy-vectors.json is out of date", file=sys.stderr)
                rc |= 1
    else:
        with open(OUT, "w", encoding="utf-8") as f:
            f.write(text)
        print("wrote %d cases to %s" % (len(entries), os.path.relpath(OUT, ROOT)))
    return rc


if __name__ == "__main__":
    sys.exit(main())
