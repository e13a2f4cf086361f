"""The og-card template drawn by takumi (takumi-py), for bench/view.

The same card as Samples/templates/og-card.swift: 1200×630, a diagonal gradient between the same two
colours, the Bootstrap "stars" icon (what `Image(systemName: "sparkles")` draws) at 72×72 in white,
a 64-px bold title of up to three lines, and beside a 96-px avatar in a circle a 32-px subtitle, all
with 72 px of padding, in the same Inter files. One render at a time, a new title each render, as
the server is asked; prints one line per format: `FORMAT CPU-ms-per-card bytes` (process CPU time,
median of ROUNDS rounds of N cards). Writes the last card of each format to OUT_DIR when given.

usage: takumi_card.py N ROUNDS ICON AVATAR FONT... [--out OUT_DIR]
"""

import html
import statistics
import sys
import time
from pathlib import Path

from takumi_py import Renderer

FORMATS = [("png", None), ("jpeg", 80), ("webp", 80)]


def card(title: str, subtitle: str) -> str:
    return f"""
<div style="width:1200px;height:630px;display:flex;flex-direction:column;padding:72px;
            background-image:linear-gradient(to bottom right, rgb(20,26,61), rgb(84,43,143));
            font-family:Inter;color:white">
  <img src="icon.svg" style="width:72px;height:72px" />
  <div style="flex-grow:1"></div>
  <div style="font-size:64px;font-weight:700;line-height:1.21;line-clamp:3">{html.escape(title)}</div>
  <div style="display:flex;flex-direction:row;align-items:center;margin-top:32px">
    <img src="avatar.jpg" style="width:96px;height:96px;border-radius:48px;object-fit:cover" />
    <div style="margin-left:24px;font-size:32px;line-height:1.21;line-clamp:2">{html.escape(subtitle)}</div>
  </div>
</div>"""


def main() -> None:
    args = sys.argv[1:]
    out = None
    if "--out" in args:
        i = args.index("--out")
        out = Path(args[i + 1])
        del args[i : i + 2]
    n, rounds, icon, avatar, fonts = int(args[0]), int(args[1]), Path(args[2]), Path(args[3]), args[4:]
    # The icon drawn white, as foregroundStyle(.white) does.
    svg = icon.read_bytes().replace(b'fill="currentColor"', b'fill="#ffffff"')
    images = [("icon.svg", svg), ("avatar.jpg", avatar.read_bytes())]
    renderer = Renderer(load_default_fonts=False, fonts=[Path(f).read_bytes() for f in fonts])
    counter = 0
    for fmt, quality in FORMATS:
        medians, size, data = [], 0, b""
        for _ in range(rounds):
            started = time.process_time()
            for _ in range(n):
                counter += 1
                title = f"Benchmark card number {counter}: a title long enough to wrap onto two lines"
                data = renderer.render_html(card(title, "ImageFrame templates"), format=fmt, quality=quality, images=images)
            medians.append((time.process_time() - started) * 1000 / n)
            size = len(data)
        print(f"{fmt} {statistics.median(medians):.1f} {size}")
        if out:
            (out / f"takumi.{fmt}").write_bytes(data)


if __name__ == "__main__":
    main()
