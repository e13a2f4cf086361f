"""Decodes /info's placeholders with the reference decoders (PyPI blurhash 1.1.5, thumbhash 0.1.2).

Reads a JSON list of {"blurhash": str, "thumbhash": base64, "width": int, "height": int, "rgba": [int]}
on stdin: our hashes of a render, and that render reduced to at most 100 px (opaque). Writes, for
each, our hashes decoded and the reference encoders' own hashes of the same pixels decoded: BlurHash
at 32 x 32 (RGB), ThumbHash at its own size (RGBA, at most 32 px), as JSON on stdout.
PlaceholderReferenceTests compares all four with the render.
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
        width, height, pixels = item["width"], item["height"], item["rgba"]
        image = [[pixels[(y * width + x) * 4:(y * width + x) * 4 + 3] for x in range(width)] for y in range(height)]
        # The package's ThumbHash encoder mishandles alpha; the renders here are opaque.
        references = {"blurhash": blurhash.encode(image, 4, 3), "thumbhash": thumbhash.rgba_to_thumb_hash(width, height, pixels)}
        answer = {}
        for source, hashes in [("ours", {"blurhash": item["blurhash"], "thumbhash": list(base64.b64decode(item["thumbhash"]))}), ("reference", references)]:
            rows = blurhash.decode(hashes["blurhash"], 32, 32)
            # The decoder prints the aspect ratio it reads; stdout carries only the JSON.
            with contextlib.redirect_stdout(io.StringIO()):
                thumb_width, thumb_height, rgba = decode_thumbhash(hashes["thumbhash"])
            answer[source] = {
                "blurhash": {"width": 32, "height": 32, "rgb": [int(v) for row in rows for pixel in row for v in pixel[:3]]},
                "thumbhash": {"width": thumb_width, "height": thumb_height, "rgb": [v for i, v in enumerate(rgba) if i % 4 != 3]},
            }
        answers.append(answer)
    json.dump(answers, sys.stdout)


if __name__ == "__main__":
    main()
