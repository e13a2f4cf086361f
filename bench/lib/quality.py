"""Renders each photo once per lossy format at its default quality and once as PNG, then compares.

Usage: quality.py IMGFRAME "QUERY|QUERY" PHOTO... ; prints the report as markdown (a line of context,
the table, the promise checked as sentences) and with DOCS=1 writes it into the block
<!-- bench-quality --> of docs/url-api.md; exits 1, writing nothing, when a
default breaks its promise (bytes AVIF < WebP < JPEG, SSIMULACRA2 within 3 points of JPEG's)."""
import os
import re
import subprocess
import sys
import tempfile

import pyvips
from ssimulacra2 import compute_ssimulacra2

import harness
from harness import ROOT

FORMATS = ["jpeg", "webp", "avif", "jxl"]
NAMES = {"jpeg": "JPEG", "webp": "WebP", "avif": "AVIF", "jxl": "JPEG XL"}
MARGIN = 3.0
# Where the defaults are set (ImageFormat.defaultQuality); each value read there is checked against
# what the binary does: a render at that q must be the default render byte for byte.
QUALITY_SOURCE = os.path.join(ROOT, "Sources", "Layout", "Output", "EncoderQuality.swift")


def render(imgframe, photo, query, path):
    subprocess.run([imgframe, "render", photo, "--query", query, "-o", path], check=True, capture_output=True)


def default_qualities(imgframe, photo, query, work):
    """{format: quality} from ImageFormat.defaultQuality, each confirmed by rendering with and without it."""
    text = open(QUALITY_SOURCE, encoding="utf-8").read()
    body = text[text.index("var defaultQuality: Int"):]
    qualities = {}
    for fmt in FORMATS:
        match = re.search(r"case [^:\n]*\." + fmt + r"\b[^:\n]*: (\d+)", body)
        if not match:
            sys.exit(f"bench/quality: no default quality for {fmt} in {os.path.relpath(QUALITY_SOURCE, ROOT)}")
        quality = int(match.group(1))
        plain, explicit = (os.path.join(work, f"default-{fmt}-{i}.{fmt}") for i in (0, 1))
        render(imgframe, photo, query + f"&fmt={fmt}", plain)
        render(imgframe, photo, query + f"&fmt={fmt}&q={quality}", explicit)
        if open(plain, "rb").read() != open(explicit, "rb").read():
            sys.exit(f"bench/quality: {fmt}'s default render differs from q={quality} (read from {os.path.relpath(QUALITY_SOURCE, ROOT)})")
        qualities[fmt] = quality
    return qualities


def main():
    imgframe, queries, photos = sys.argv[1], sys.argv[2].split("|"), sys.argv[3:]
    failures = []
    # libvips caches loads by file name; each file here is new.
    pyvips.cache_set_max(0)
    with tempfile.TemporaryDirectory() as work:
        quality = default_qualities(imgframe, photos[0], queries[0], work)
        md = [harness.context("`QUERIES=\"" + "|".join(queries) + "\"`"), "",
              "Bytes and SSIMULACRA2 (against a lossless render) of each format at its default quality:", "",
              "| photo | request | " + " | ".join(f"{NAMES[f]} (q {quality[f]}) bytes | SSIMULACRA2" for f in FORMATS) + " |",
              "|---|---|" + "---:|---:|" * len(FORMATS)]
        below = {f: [] for f in FORMATS[1:]}  # format -> [(score - JPEG's, row)]
        for photo in photos:
            name = os.path.basename(photo)
            for index, query in enumerate(queries):
                work_case = os.path.join(work, f"{name}-{index}")
                os.mkdir(work_case)
                reference = os.path.join(work_case, "reference.png")
                render(imgframe, photo, query + "&fmt=png", reference)
                results = {}
                for fmt in FORMATS:
                    encoded = os.path.join(work_case, f"out.{fmt}")
                    render(imgframe, photo, query + f"&fmt={fmt}", encoded)
                    decoded = encoded + ".png"
                    pyvips.Image.new_from_file(encoded).write_to_file(decoded)
                    results[fmt] = (os.path.getsize(encoded), compute_ssimulacra2(reference, decoded))
                cells = " | ".join(f"{results[f][0]:,} | {results[f][1]:.1f}" for f in FORMATS)
                row = f"{name} `{query}`"
                md.append(f"| {name} | `{query}` | {cells} |")
                print(f"bench/quality: {row}: " + ", ".join(f"{f} {results[f][0]} B {results[f][1]:.1f}" for f in FORMATS), file=sys.stderr, flush=True)
                size = {f: results[f][0] for f in FORMATS}
                if not size["avif"] < size["webp"] < size["jpeg"]:
                    failures.append(f"{row}: bytes not AVIF < WebP < JPEG: {size}")
                for fmt in FORMATS[1:]:
                    below[fmt].append((results[fmt][1] - results["jpeg"][1], row))
                    if results[fmt][1] < results["jpeg"][1] - MARGIN:
                        failures.append(f"{row}: {fmt} scores {results[fmt][1]:.1f}, JPEG {results['jpeg'][1]:.1f}")
    rows = len(photos) * len(queries)
    unordered = sum(1 for f in failures if "bytes not" in f)
    md.append("")
    md.append("- Bytes AVIF < WebP < JPEG: " + (f"**not** in {unordered} of {rows} rows." if unordered else f"in all {rows} rows."))
    worst = ", ".join(f"{NAMES[f]} {min(below[f])[0]:+.1f} ({min(below[f])[1]})" for f in FORMATS[1:])
    md.append(f"- The lowest SSIMULACRA2 of each format against JPEG's in the same row: {worst}; the promise allows -{MARGIN:.1f}.")
    if failures:
        print("\n".join(md))
        for failure in failures:
            print("bench/quality: " + failure, file=sys.stderr)
        print("bench/quality: a default breaks its promise; nothing written to docs/", file=sys.stderr)
        sys.exit(1)
    harness.publish("quality", "\n".join(md))


if __name__ == "__main__":
    main()
