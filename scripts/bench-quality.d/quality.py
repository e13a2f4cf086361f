"""Renders each photo once per lossy format at its default quality and once as PNG, then compares.

Usage: quality.py IMGFRAME "QUERY|QUERY" PHOTO... ; exits 1 when a default breaks its promise
(bytes AVIF < WebP < JPEG, SSIMULACRA2 within 3 points of JPEG's)."""
import os
import subprocess
import sys
import tempfile

import pyvips
from ssimulacra2 import compute_ssimulacra2

FORMATS = ["jpeg", "webp", "avif", "jxl"]
MARGIN = 3.0


def render(imgframe, photo, query, path):
    subprocess.run([imgframe, "render", photo, "--query", query, "-o", path], check=True, capture_output=True)


def main():
    imgframe, queries, photos = sys.argv[1], sys.argv[2].split("|"), sys.argv[3:]
    failures = []
    print("| photo | request | " + " | ".join(f"{f} bytes | {f} SSIMULACRA2" for f in FORMATS) + " |")
    print("|---|---|" + "---:|---:|" * len(FORMATS))
    # libvips caches loads by file name; each file here is new.
    pyvips.cache_set_max(0)
    with tempfile.TemporaryDirectory() as work:
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
                print(f"| {name} | `{query}` | {cells} |", flush=True)
                size = {f: results[f][0] for f in FORMATS}
                if not size["avif"] < size["webp"] < size["jpeg"]:
                    failures.append(f"{name} {query}: bytes not AVIF < WebP < JPEG: {size}")
                for fmt in FORMATS[1:]:
                    if results[fmt][1] < results["jpeg"][1] - MARGIN:
                        failures.append(f"{name} {query}: {fmt} scores {results[fmt][1]:.1f}, JPEG {results['jpeg'][1]:.1f}")
    for failure in failures:
        print("bench-quality: " + failure, file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
