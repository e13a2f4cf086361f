#!/usr/bin/env python3
"""thumbor compatibility, on loopback: a real thumbor (PyPI 7.8, PIL engine, file loader on Samples/,
no storage, no result storage, RESPECT_ORIENTATION) and `imgframe serve --root Samples` with
`compat.thumbor = /_tb` and the same key answer the same signed URLs (libthumbor's CryptoURL); for
each URL both must answer 200 with an image of the same pixel size and format, whose PSNR (RGB, 8-bit,
transparency over white) reaches the threshold of its kind. Then imgframe must refuse (403) a
tampered signature, a signed path with two options swapped, and the path as /unsafe/.

    scripts/platform .build-venv/bin/python Tests/Compat/thumbor_compat_test.py --binary .build/debug/imgframe

Prints one line per URL (`ok|FAIL  WxH  PSNR dB  URL`; under a failure, indented, the case's note,
what each side answered and what differed), the refusals, the PSNR distribution of each kind and a
summary; exits 0 only when everything passed.
"""
import argparse
import json
import math
import os
import shutil
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from libthumbor import CryptoURL
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compat_support import ROOT, decode, fail, get, psnr, read_log, start_imgframe, start_thumbor, stop  # noqa: E402

NAME = "thumbor compat test"
KEY = "imgframe-thumbor-compat-key"
PREFIX = "/_tb"

# The sources, their pixel size as stored and, for the EXIF-rotated one, as shown (checked first).
SOURCES = {
    "landscape_4.jpg": (4032, 3024),
    "landscape_6.jpg": (3024, 4032),  # EXIF orientation 6: 4032x3024 once turned (RESPECT_ORIENTATION)
    "avatar.jpg": (400, 400),
    "dot_green.png": (34, 34),
    "fine-lines.png": (960, 480),
}
L4, L6, AV, DOT, FL = SOURCES

# PSNR thresholds (dB) by kind, chosen from measured numbers (thumbor 7.8.0 + Pillow 12.3 against
# imgframe + libvips 8.16, 2026-11-29); the test prints each kind's distribution.
THRESHOLDS = {
    # Resampled photo, JPEG q80 on both sides: Pillow's LANCZOS (after its JPEG draft scaling when
    # nothing was cropped) against libvips's shrink-on-load and reduce, then two JPEG encoders. Measured
    # 33.96-49.09 dB (the lowest: avatar.jpg 400 -> 200 after a crop, Pillow's LANCZOS against libjpeg's
    # DCT scaling); a crop half an output pixel off lands at about 27 dB, another crop window near 10 dB.
    "resize": 32.0,
    # No resampling (fit-in that does not enlarge, flips, crop at scale 1): the same decoded pixels
    # through the same libjpeg-turbo at q80 4:2:0. Measured inf.
    "copy": 40.0,
    # A pixel filter each side implements on its own (brightness, contrast, round_corner, blur,
    # sharpen, grayscale mixes): thumbor's formula, another rounding. Measured 35.2-36.5 dB and inf
    # where the formula matches; blur(3) with Gaussian sigma 3 instead of thumbor's kernel cut at
    # radius 3 gives 28 dB, a different sharpen 21 dB.
    "filter": 32.0,
    # The small RGBA PNG icon (dot_green.png), alpha over white: lossless output, hard alpha edge.
    # Measured 37.1-44.2 dB and inf (Pillow's own BICUBIC against its LANCZOS: 42.8 dB at 50x50).
    "icon": 30.0,
    # fine-lines.png: 1-px lines and a 1-px checkerboard (detail at the Nyquist frequency); reduced,
    # both average it to flat colour. Measured 39.7-52.6 dB even through JPEG.
    "fine": 30.0,
    # max_bytes where thumbor's quality ladder (80 x 0.75^k: 60, 45, 33, 24, 18, 13) finds a fit:
    # each side ends at a quality of its own below 80. Measured 32.8-39.3 dB.
    "lossy": 30.0,
}


# Where ImageFrame answers differently on purpose, each with its reason (docs/migrating.md says the
# same). Keyed by the path after the signature; the value is what is asserted instead: `refused` (a
# 400 naming the option), `psnr` (same size and format, PSNR at least this), or `differs` (both 200;
# the picture differs as described).
KNOWN = {
    "adaptive-fit-in/": ("refused", "adaptive-fit-in", "turning the box to the source's orientation needs the source's size, which a URL's layout does not switch on"),
    "/smart/": ("differs", None, "smart is libvips's attention crop; this thumbor has no detectors, so its smart is the centre"),
    "trim/fine-lines": ("differs", None, "libvips's find_trim judges the border through a median filter: one more column goes"),
    "300x200/filters:quality(80)/landscape_4": ("psnr", 27, "the crop window: thumbor cuts whole source pixels, ImageFrame places the image on the pixel grid (≤ 0.5 px apart)"),
    "300x200/filters:format(webp)/landscape_4": ("psnr", 27, "the crop window (≤ 0.5 px apart)"),
    "300x200/filters:rotate(90)/landscape_4": ("psnr", 27, "the crop window (≤ 0.5 px apart)"),
    "300x200/filters:rotate(270)/landscape_6": ("psnr", 27, "the crop window (≤ 0.5 px apart)"),
    "300x200/filters:strip_exif()/landscape_6": ("psnr", 27, "the crop window (≤ 0.5 px apart)"),
    "filters:format(jpeg)/dot_green": ("differs", None, "JPEG of a transparent source: thumbor drops alpha (black), ImageFrame flattens on white"),
    "fit-in/300x300/filters:fill(red)/landscape_4": ("psnr", 22, "fill centres the image on the pixel grid (38 px), thumbor floors (37 px)"),
    "fit-in/100x100/filters:fill(red)/dot_green": ("differs", None, "fill without fill_transparent: thumbor keeps the icon's transparent pixels, ImageFrame fills under them"),
    "filters:upscale()/dot_green": ("psnr", 24, "enlarging a 34 px icon: libvips's and Pillow's kernels meet the edges differently"),
    "fit-in/100x100/filters:upscale():background_color(white)/dot_green": ("psnr", 29, "enlarging a 34 px icon"),
    "800x600/filters:max_bytes(20000)/": ("differs", None, "no quality fits: thumbor sends its q80 answer over the budget, ImageFrame the smallest it can"),
    "filters:sharpen(": ("differs", None, "thumbor's sharpen is a wavelet sharpen; ImageFrame's is an unsharp mask of σ = radius"),
}


def known(path):
    """The KNOWN entry of `path`, if any."""
    return next((value for key, value in KNOWN.items() if key in path), None)


def case(kind, image, note="", **options):
    """One URL: its kind (threshold), the source, a note on what thumbor does, libthumbor's options."""
    return dict(kind=kind, image=image, note=note, options=options)


def cases():
    """The signed URLs: geometry (crop, fit-in and its variants, flips, alignment, smart, trim, manual
    crop), the filters, and combinations."""
    return [
        # --- plain WxH: resize to cover, centre crop (thumbor's crop mode enlarges too) ---
        case("resize", L4, "landscape into portrait box", width=300, height=400),
        case("resize", L4, "same ratio: no crop", width=400, height=300),
        case("resize", L6, "EXIF 6 turned first, then cover 300x400", width=300, height=400),
        case("resize", L6, "EXIF 6, wide box", width=400, height=200),
        case("resize", AV, "square into landscape", width=200, height=100),
        case("resize", AV, "square into portrait", width=100, height=200),
        case("resize", AV, "square into square", width=150, height=150),
        case("fine", FL, "2:1 into square", width=200, height=200),
        case("fine", FL, "2:1 into portrait, reduced 2x", width=120, height=240),
        # --- one side 0: the other from the ratio ---
        case("resize", L4, "width only", width=300, height=0),
        case("resize", L4, "height only", width=0, height=200),
        case("resize", AV, "height only", width=0, height=120),
        case("fine", FL, "width only", width=320, height=0),
        # --- fit-in: inside the box, never enlarged ---
        case("resize", L4, "fit-in: 300x225", width=300, height=400, fit_in=True),
        case("resize", L6, "fit-in after EXIF 6: 300x225", width=300, height=300, fit_in=True),
        case("copy", AV, "fit-in larger than the source: 400x400, not enlarged", width=500, height=500, fit_in=True),
        case("fine", FL, "fit-in: 200x100", width=200, height=200, fit_in=True),
        case("icon", DOT, "fit-in on RGBA PNG: 20x20", width=20, height=20, fit_in=True),
        # --- full-fit-in: the smaller ratio, covering the box, no crop ---
        case("resize", L4, "full-fit-in: 533x400", width=300, height=400, full_fit_in=True),
        case("fine", FL, "full-fit-in: 400x200", width=200, height=200, full_fit_in=True),
        # --- adaptive-fit-in: box turned when its orientation differs from the image's ---
        case("resize", L4, "adaptive: box turned to 400x300", width=300, height=400, adaptive_fit_in=True),
        case("resize", AV, "adaptive on a square source: not turned, 100x100", width=100, height=200, adaptive_fit_in=True),
        case("fine", FL, "adaptive: box turned to 300x100 -> 200x100", width=100, height=300, adaptive_fit_in=True),
        case("resize", L6, "adaptive after EXIF 6: 400x300", width=300, height=400, adaptive_fit_in=True),
        # --- flips: -W (horizontal) and -H (vertical). CryptoURL.generate spells them flip=True and
        # flop=True; it silently ignores horizontal_flip/vertical_flip (Url.generate_options' names) ---
        case("resize", L4, "-300x400: cover then mirror", width=300, height=400, flip=True),
        case("resize", AV, "200x-200: upside down", width=200, height=200, flop=True),
        case("fine", FL, "-200x-100: both", width=200, height=100, flip=True, flop=True),
        case("resize", L6, "fit-in -300x300", width=300, height=300, fit_in=True, flip=True),
        case("copy", AV, "-0x-0: both flips, no resize", flip=True, flop=True),
        # --- alignment of the crop ---
        case("resize", L4, "left", width=300, height=400, halign="left"),
        case("resize", L4, "right", width=300, height=400, halign="right"),
        case("resize", L4, "top", width=400, height=100, valign="top"),
        case("resize", L4, "bottom", width=400, height=100, valign="bottom"),
        case("resize", L6, "right, after EXIF 6", width=300, height=400, halign="right"),
        case("resize", AV, "top", width=200, height=100, valign="top"),
        case("resize", AV, "bottom", width=200, height=100, valign="bottom"),
        case("fine", FL, "right", width=100, height=100, halign="right"),
        # --- smart: no detector configured (thumbor's default DETECTORS = []), so the alignment's centre ---
        case("resize", L4, "smart", width=300, height=400, smart=True),
        case("resize", AV, "smart", width=100, height=200, smart=True),
        # --- trim: cut the border of the top-left (or bottom-right) pixel's colour, tolerance 0 by default ---
        case("icon", DOT, "trim: transparent border cut", trim=True),
        case("copy", FL, "trim: white top-left; first column (white) cut, 959x480", trim=True),
        case("icon", DOT, "trim then fit-in 20x20", trim=True, width=20, height=20, fit_in=True),
        # --- manual crop (in the turned image's coordinates), then the rest ---
        case("resize", L4, "crop 100x100:2100x1600, then 300 wide", crop=((100, 100), (2100, 1600)), width=300, height=0),
        case("copy", AV, "crop 50x50:250x250, no resize", crop=((50, 50), (250, 250))),
        case("resize", L6, "crop after EXIF 6, then 200x200", crop=((0, 0), (2000, 2000)), width=200, height=200),
        case("fine", FL, "crop 100x50:500x250, fit-in 100x100", crop=((100, 50), (500, 250)), width=100, height=100, fit_in=True),
        # --- filters ---
        case("resize", L4, "quality(50)", width=400, height=300, filters=["quality(50)"]),
        case("resize", L4, "quality(80)", width=300, height=200, filters=["quality(80)"]),
        case("resize", L4, "format(webp)", width=300, height=200, filters=["format(webp)"]),
        case("resize", AV, "format(png)", width=100, height=100, filters=["format(png)"]),
        case("icon", DOT, "format(jpeg) on RGBA", filters=["format(jpeg)"]),
        case("resize", FL, "format(jpeg) of a PNG, reduced 3x", width=320, height=160, filters=["format(jpeg)"]),
        case("filter", AV, "blur(3)", width=200, height=200, filters=["blur(3)"]),
        case("resize", L4, "fit-in 300x300 fill(red): red bars to 300x300", width=300, height=300, fit_in=True, filters=["fill(red)"]),
        case("fine", FL, "fit-in 200x200 fill(ff0000)", width=200, height=200, fit_in=True, filters=["fill(ff0000)"]),
        case("icon", DOT, "fit-in 100x100 fill(red), the icon pasted as is (no merge)", width=100, height=100, fit_in=True, filters=["fill(red)"]),
        case("icon", DOT, "fit-in 100x100 fill(red,true): icon merged over red", width=100, height=100, fit_in=True, filters=["fill(red,true)"]),
        case("icon", DOT, "background_color(blue)", filters=["background_color(blue)"]),
        case("icon", DOT, "background_color(00ff00)", filters=["background_color(00ff00)"]),
        case("filter", AV, "round_corner(20,255,255,255)", width=200, height=200, filters=["round_corner(20,255,255,255)"]),
        case("filter", L4, "fit-in round_corner", width=300, height=300, fit_in=True, filters=["round_corner(20,255,255,255)"]),
        case("resize", L4, "rotate(90): counter-clockwise, 200x300", width=300, height=200, filters=["rotate(90)"]),
        case("resize", L6, "rotate(270) after EXIF 6", width=300, height=200, filters=["rotate(270)"]),
        case("resize", AV, "grayscale()", width=200, height=200, filters=["grayscale()"]),
        case("filter", AV, "brightness(20)", width=200, height=200, filters=["brightness(20)"]),
        case("filter", AV, "contrast(20)", width=200, height=200, filters=["contrast(20)"]),
        case("resize", L6, "strip_exif()", width=300, height=200, filters=["strip_exif()"]),
        case("resize", AV, "strip_icc()", width=100, height=100, filters=["strip_icc()"]),
        case("copy", AV, "no_upscale() on 800x600: each side clamped, 400x400", width=800, height=600, filters=["no_upscale()"]),
        case("fine", FL, "no_upscale() on 1920x0: 960x480", width=1920, height=0, filters=["no_upscale()"]),
        case("copy", AV, "fit-in 800x800 no_upscale()", width=800, height=800, fit_in=True, filters=["no_upscale()"]),
        case("icon", DOT, "fit-in 300x300 upscale(): 300x300", width=300, height=300, fit_in=True, filters=["upscale()"]),
        case("icon", DOT, "fit-in 100x50 upscale(): 50x50", width=100, height=50, fit_in=True, filters=["upscale()"]),
        case("resize", L4, "focal(3000x1000:3400x1400)", width=300, height=400, filters=["focal(3000x1000:3400x1400)"]),
        case("resize", L6, "focal after EXIF 6", width=400, height=100, filters=["focal(1000x2500:1400x2900)"]),
        case("resize", AV, "focal(0x0:100x100)", width=100, height=200, filters=["focal(0x0:100x100)"]),
        # thumbor gives up when no quality of its ladder (60 ... 13) fits and sends its q80 answer (79 KB):
        # the same picture as without max_bytes, hence "resize".
        case("resize", L4, "max_bytes(20000): no quality from 60 down to 13 fits, so thumbor sends its q80 answer",
             width=800, height=600, filters=["max_bytes(20000)"]),
        case("lossy", L4, "max_bytes(20000): fits at q60 or q45", width=400, height=300, filters=["max_bytes(20000)"]),
        case("lossy", L4, "max_bytes(40000): fits at about q33", width=800, height=600, filters=["max_bytes(40000)"]),
        case("lossy", L4, "max_bytes(30000) webp: fits at about q24", width=800, height=600, filters=["max_bytes(30000)", "format(webp)"]),
        case("filter", AV, "sharpen(1.5,0.5,true)", width=200, height=200, filters=["sharpen(1.5,0.5,true)"]),
        # --- combinations ---
        case("resize", L6, "fit-in, grayscale, quality(70), webp", width=300, height=300, fit_in=True,
             filters=["grayscale()", "quality(70)", "format(webp)"]),
        case("filter", AV, "right/top smart, brightness+contrast", width=200, height=100, halign="right", valign="top", smart=True,
             filters=["brightness(10)", "contrast(10)"]),
        case("resize", L4, "crop left half, -200x300", crop=((0, 0), (2016, 3024)), width=200, height=300, flip=True),
        case("fine", FL, "adaptive-fit-in, fill(ff0000), png", width=100, height=300, adaptive_fit_in=True,
             filters=["fill(ff0000)", "format(png)"]),
        case("icon", DOT, "fit-in, upscale, background_color(white)", width=100, height=100, fit_in=True,
             filters=["upscale()", "background_color(white)"]),
        case("filter", L4, "full-fit-in, rotate(90), round_corner", width=300, height=400, full_fit_in=True,
             filters=["rotate(90)", "round_corner(20,255,255,255)"]),
        case("filter", L4, "fit-in left top, brightness+contrast (the refusals' base)", width=300, height=200, fit_in=True,
             halign="left", valign="top", filters=["brightness(20)", "contrast(20)"]),
    ]


def check_sources():
    """Exits unless every source is under Samples/ with the size this test's notes assume."""
    for name, size in SOURCES.items():
        path = os.path.join(ROOT, "Samples", name)
        try:
            with Image.open(path) as image:
                actual = image.size
        except OSError as error:
            fail(NAME, f"cannot read {path}: {error}")
        if actual != size:
            fail(NAME, f"{name} is {actual[0]}x{actual[1]}, the cases assume {size[0]}x{size[1]}")


def signed_paths(crypto, items):
    """Adds `path` (CryptoURL's, from "/") to every case; fails on a flip that libthumbor dropped."""
    for item in items:
        options = dict(item["options"], image_url=item["image"])
        path = crypto.generate(**options)
        if not path.startswith("/"):
            path = "/" + path
        if (options.get("flip") or options.get("flop")) and "/-" not in path and "x-" not in path:
            fail(NAME, f"libthumbor dropped the flip of {options}: {path}")
        item["path"] = path
    return items


def describe_error(status, body, headers=None):
    """A short text for an unexpected answer: a text body (imgframe's JSON `error`) cut to 300
    characters, or the size and type of a binary one."""
    if not status:
        return body.decode("utf-8", "replace")
    kind = (headers or {}).get("content-type", "")
    if body and not (kind.startswith("text/") or "json" in kind or not kind and body[:1] in (b"{", b"<")):
        return f"HTTP {status}: {len(body)} bytes of {kind or 'unknown type'}"
    return f"HTTP {status}: " + body[:300].decode("utf-8", "replace").replace("\n", " ")


def answer(who, status, headers, body, problems):
    """(RGB image, format) of a 200 answer, or None with the reason added to `problems`."""
    if status != 200:
        problems.append(f"{who} {describe_error(status, body, headers)}")
        return None
    try:
        return decode(body)
    except ValueError as error:
        problems.append(f"{who}'s answer: {error}")
        return None


def compare(item, thumbor_base, imgframe_base):
    """Fetches the case's path from both servers and judges it; returns a result dict."""
    path = item["path"]
    threshold = THRESHOLDS[item["kind"]]
    result = dict(item, ok=False, size="-", psnr=None, problems=[])
    t_status, t_headers, t_body = get(thumbor_base + path)
    i_status, i_headers, i_body = get(imgframe_base + PREFIX + path)
    result.update(t_status=t_status, i_status=i_status, t_bytes=len(t_body), i_bytes=len(i_body))
    thumbor = answer("thumbor", t_status, t_headers, t_body, result["problems"])
    imgframe = answer("imgframe", i_status, i_headers, i_body, result["problems"])
    if thumbor:
        result.update(t_size=thumbor[0].size, t_format=thumbor[1])
    if imgframe:
        result.update(i_size=imgframe[0].size, i_format=imgframe[1])
    expectation = known(path)
    if expectation and expectation[0] == "refused" and i_status == 400:
        named = json.loads(i_body or b"{}").get("param")
        result["known"] = expectation[2]
        result["problems"] = [] if named == expectation[1] else [f"400 names `{named}`, expected `{expectation[1]}`"]
        result["ok"] = not result["problems"] and thumbor is not None
        return result
    if not (thumbor and imgframe):
        return result
    (t_image, t_format), (i_image, i_format) = thumbor, imgframe
    result["size"] = f"{t_image.size[0]}x{t_image.size[1]}"
    expectation = known(path)
    if expectation:
        return judge_known(result, expectation, t_image, i_image)
    if t_image.size != i_image.size:
        result["size"] = f"{t_image.size[0]}x{t_image.size[1]}!={i_image.size[0]}x{i_image.size[1]}"
        result["problems"].append(f"size: thumbor {t_image.size[0]}x{t_image.size[1]}, imgframe {i_image.size[0]}x{i_image.size[1]}")
        return result
    result["psnr"] = psnr(t_image, i_image)
    if t_format != i_format:
        result["problems"].append(f"format: thumbor {t_format}, imgframe {i_format}")
    if result["psnr"] < threshold:
        result["problems"].append(f"PSNR {result['psnr']:.2f} < {threshold} ({item['kind']})")
    limit = next((int(f[len("max_bytes("):-1]) for f in item["options"].get("filters", []) if f.startswith("max_bytes(")), None)
    if limit is not None and len(t_body) <= limit < len(i_body):
        result["problems"].append(f"max_bytes({limit}): thumbor {len(t_body)} bytes, imgframe {len(i_body)} bytes")
    result["ok"] = not result["problems"]
    return result


def judge_known(result, expectation, t_image, i_image):
    """A URL whose difference is documented: judged by what KNOWN states instead."""
    what, value, reason = expectation
    result["known"] = reason
    result["size"] = f"{t_image.size[0]}x{t_image.size[1]}" + ("" if t_image.size == i_image.size else f"!={i_image.size[0]}x{i_image.size[1]}")
    if what == "psnr":
        if t_image.size != i_image.size:
            result["problems"].append("size differs")
        else:
            result["psnr"] = psnr(t_image, i_image)
            if result["psnr"] < value:
                result["problems"].append(f"PSNR {result['psnr']:.2f} < {value} (stated: {reason})")
    elif what == "refused":
        result["problems"].append(f"expected a 400 naming `{value}`")
    result["ok"] = not result["problems"]
    return result


def line(result):
    """`ok|FAIL  WxH  PSNR dB  URL`; under a failure, the case's note, what each side answered and
    what differed."""
    value = result["psnr"]
    shown = "-" if value is None else ("inf" if math.isinf(value) else f"{value:.2f}")
    text = f"{'ok  ' if result['ok'] else 'FAIL'}  {result['size']:>9}  {shown:>6} dB  {result['path']}"
    if result.get("known"):
        text += f"\n        known: {result['known']}"
    if result["ok"]:
        return text

    def side(who, key):
        if f"{key}_size" not in result:
            return f"{who} HTTP {result[f'{key}_status']}"
        width, height = result[f"{key}_size"]
        return f"{who} {result[f'{key}_format']} {width}x{height} {result[f'{key}_bytes']} B"

    text += f"\n        [{result['kind']}] {result['note']}; {side('thumbor', 't')}, {side('imgframe', 'i')}"
    for problem in result["problems"]:
        text += f"\n        -> {problem}"
    return text


def refusals(crypto, thumbor_base, imgframe_base):
    """imgframe must answer 403 to a tampered signature, to a signed path with two options swapped
    (two segments, and two filters) and to the same path as /unsafe/; returns (label, ok, detail) rows.
    thumbor's own answers are shown for comparison (it allows unsafe URLs here)."""
    base = dict(image_url=L4, width=300, height=200, fit_in=True, halign="left", valign="top",
                filters=["brightness(20)", "contrast(20)"])
    path = crypto.generate(**base)
    signature, rest = path[1:].split("/", 1)
    tampered_char = "B" if signature[0] != "B" else "C"
    variants = [
        ("control: the signed path itself is 200", path, 200),
        ("tampered signature (1st char changed)", f"/{tampered_char}{signature[1:]}/{rest}", 403),
        ("two segments swapped (left/top -> top/left)", path.replace("/left/top/", "/top/left/"), 403),
        ("two filters swapped", path.replace("brightness(20):contrast(20)", "contrast(20):brightness(20)"), 403),
        ("the same path as /unsafe/", f"/unsafe/{rest}", 403),
    ]
    rows = []
    for label, variant, wanted in variants:
        if variant == path and wanted == 403:
            fail(NAME, f"the variant '{label}' did not change the path {path}")
        status, headers, body = get(imgframe_base + PREFIX + variant)
        t_status = get(thumbor_base + variant)[0]
        detail = f"imgframe {status} (want {wanted}), thumbor {t_status}  {variant}"
        if status != wanted or status != 200:
            detail += f"\n        -> {describe_error(status, body, headers)}"
        rows.append((label, status == wanted, detail))
    return rows


def distribution(results):
    """Lines: per kind, the threshold and min / median / max PSNR of the URLs that had one."""
    lines = []
    for kind, threshold in THRESHOLDS.items():
        values = sorted(r["psnr"] for r in results if r["kind"] == kind and r["psnr"] is not None)
        if not values:
            lines.append(f"  {kind:<7} threshold {threshold:>5.1f}  no PSNR")
            continue
        fmt = lambda v: "inf" if math.isinf(v) else f"{v:.2f}"  # noqa: E731
        lines.append(f"  {kind:<7} threshold {threshold:>5.1f}  n={len(values):<3} min {fmt(values[0])}  "
                     f"median {fmt(statistics.median(values))}  max {fmt(values[-1])}  all: {' '.join(fmt(v) for v in values)}")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/imgframe"))
    parser.add_argument("--key", default=KEY, help="the shared SECURITY_KEY / compat.thumbor.key")
    parser.add_argument("--jobs", type=int, default=3, help="URLs in flight at once")
    options = parser.parse_args()
    started = time.monotonic()
    check_sources()
    crypto = CryptoURL(key=options.key)
    items = signed_paths(crypto, cases())
    work = tempfile.mkdtemp(prefix="imgframe-thumbor-compat-")
    thumbor = imgframe = None
    try:
        thumbor, thumbor_base = start_thumbor(work, options.key, NAME)
        imgframe, imgframe_base = start_imgframe(
            os.path.abspath(options.binary), ["--root", os.path.join(ROOT, "Samples"), "--cache-dir", os.path.join(work, "cache")],
            {"IMGFRAME_COMPAT_THUMBOR": PREFIX, "IMGFRAME_COMPAT_THUMBOR_KEY": options.key}, NAME)
        print(f"thumbor {thumbor_base}, imgframe {imgframe_base}{PREFIX}; {len(items)} URLs")
        with ThreadPoolExecutor(max(1, options.jobs)) as pool:
            results = list(pool.map(lambda item: compare(item, thumbor_base, imgframe_base), items))
        refused = refusals(crypto, thumbor_base, imgframe_base)
    finally:
        stop(imgframe)
        stop(thumbor)
        thumbor_log = read_log(os.path.join(work, "thumbor.log"), 3000)
        shutil.rmtree(work, ignore_errors=True)

    for result in results:
        print(line(result))
    print("\nrefusals on imgframe:")
    for label, ok, detail in refused:
        print(f"{'ok  ' if ok else 'FAIL'}  {label}: {detail}")

    n = len(results)
    sized = [r for r in results if r["psnr"] is not None]
    values = sorted(r["psnr"] for r in sized)
    failures = [r for r in results if not r["ok"]]
    refusal_failures = [label for label, ok, _ in refused if not ok]
    both_200 = sum(1 for r in results if r.get("t_status") == 200 and r.get("i_status") == 200)
    print("\nPSNR by kind (dB):")
    print("\n".join(distribution(results)))
    print(f"\nsummary: {n} URLs; both 200 {both_200}/{n}; sizes equal {len(sized)}/{n}; "
          + (f"PSNR min {values[0]:.2f} dB, median {statistics.median(values):.2f} dB" if values else "no PSNR")
          + f"; passed {n - len(failures)}/{n}; refusals {len(refused) - len(refusal_failures)}/{len(refused)}; "
          f"{time.monotonic() - started:.1f} s")
    if failures or refusal_failures:
        print("failures:")
        for r in failures:
            print(f"  [{r['kind']}] {r['note']}: {'; '.join(r['problems'])}  {r['path']}")
        for label in refusal_failures:
            print(f"  refusal: {label}")
        if all(r.get("i_status") == 404 for r in results):
            print(f"  (imgframe answered 404 to every URL: is compat.thumbor built into {options.binary}?)")
        if any(r.get("t_status") != 200 for r in results):
            print(f"  thumbor's log (end):\n{thumbor_log}")
    same = [r for r in results if r["ok"] and not r.get("known")]
    print(f"as thumbor (same size and format, PSNR at its kind's threshold): {len(same)}/{n}; documented differences: "
          f"{sum(1 for r in results if r.get('known'))}")
    failed = len(failures) + len(refusal_failures) + (0 if len(same) >= 40 else 1)
    print(f"{n + len(refused) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
