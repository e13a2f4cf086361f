"""Decodes /info's placeholders with the reference decoders (PyPI blurhash 1.1.5, thumbhash 0.1.2).

Reads a JSON list of {"blurhash": str, "thumbhash": base64} on stdin and writes, for each, the
BlurHash decoded at 32 x 32 (RGB) and the ThumbHash decoded at its own size (RGBA, at most 32 px),
as JSON on stdout. PlaceholderReferenceTests compares them with the render.
"""
import base64
import contextlib
import inspect
import io
import json
import sys

import blurhash
import thumbhash


def fixed_thumbhash_decoder():
    """thumbhash 0.1.2's thumb_hash_to_rgba appends each pixel's cosines to lists it never clears,
    so every pixel reads the first pixel's and the image comes out one flat colour. Clearing them
    per pixel, as the JavaScript reference's per-pixel loop does, is the whole fix; the rest of
    the package's decoder runs as published."""
    source = inspect.getsource(thumbhash.thumb_hash_to_rgba)
    marker = "            l = l_dc\n"
    assert source.count(marker) == 1, "thumbhash's decoder changed: check whether the fix is still needed"
    namespace = dict(vars(thumbhash))
    exec(source.replace(marker, "            fx, fy = [], []\n" + marker), namespace)
    return namespace["thumb_hash_to_rgba"]


def main():
    decode_thumbhash = fixed_thumbhash_decoder()
    answers = []
    for item in json.load(sys.stdin):
        rows = blurhash.decode(item["blurhash"], 32, 32)
        # The decoder prints the aspect ratio it reads; stdout carries only the JSON.
        with contextlib.redirect_stdout(io.StringIO()):
            width, height, rgba = decode_thumbhash(list(base64.b64decode(item["thumbhash"])))
        answers.append({
            "blurhash": {"width": 32, "height": 32, "rgb": [int(v) for row in rows for pixel in row for v in pixel[:3]]},
            "thumbhash": {"width": width, "height": height, "rgba": rgba},
        })
    json.dump(answers, sys.stdout)


if __name__ == "__main__":
    main()
