"""bench/srcset's own part (run with the benchmarks' venv, .build-bench-venv: pyvips, Pillow).

  generate DIR N SEED              N photo-like 4032x3024 baseline JPEG originals (q90, 4:2:0) in DIR,
                                   photo-000.jpg ..., made from the photos in Samples/, seeded
  check PEER BASE NAME             fail unless PEER answers all 8 variants of original NAME with JPEG
                                   of the variant's pixel size
  drive PEER BASE ROOTPID C N SEED OUT
                                   one cold pass over the N x 8 URLs in the page order, C keep-alive
                                   connections sharing one list; the server's CPU (ROOTPID's process
                                   tree), its peak RSS and, for imgframe, its /metrics; one JSON line
                                   on stdout, the SHA-256 of every body (by URL) into OUT; exits 3
                                   when any answer was not a 2xx JPEG
  compare A... -- B...             the bodies of every URL must be the same in every file A and B
                                   (drive's OUT files); one JSON line; exits 1 on a difference
  report RESULTS COMPARE CONTEXT   the plain table on stderr; the markdown report on stdout

PEER is `on` (imgframe, derived sources on: its default), `off` (imgframe with
IMGFRAME_DERIVED_SOURCES_MAX_BYTES=0) or `thumbor`.
"""

import hashlib
import http.client
import json
import os
import random
import statistics
import sys
import threading
import time
import urllib.parse
import urllib.request

from harness import SAMPLES, Memory, cpu_seconds, describe, metric, metrics, tree, wait_idle

WIDTH, HEIGHT = 4032, 3024  # every original
PAGE = 4  # originals per page

# The 8 variants of an original: (label, imgframe query, thumbor size, expected output size). The
# widths fit to the width (height proportional, so 4032x3024 -> 320x240); the two frames fill and
# crop the centre. JPEG quality 80 everywhere.
VARIANTS = [(f"w{w}", f"w={w}", f"{w}x0", (w, w * HEIGHT // WIDTH)) for w in (320, 640, 960, 1280, 1920, 2560)] + [
    ("fill400", "w=400&h=400&mode=fill&clip=1", "400x400", (400, 400)),
    ("og1200", "w=1200&h=630&mode=fill&clip=1", "1200x630", (1200, 630)),
]
FIRST_VARIANTS = (0, 1, 3)  # w320, w640, w1280: a decode at 1/8, 1/4 or 1/2
LABELS = {"on": "ImageFrame, derived sources on", "off": "ImageFrame, derived sources off", "thumbor": "thumbor"}


def log(text):
    print(f"bench/srcset: {text}", file=sys.stderr, flush=True)


def name(i):
    return f"photo-{i:03d}.jpg"


def path(peer, original, variant):
    _, query, size, _ = VARIANTS[variant]
    if peer == "thumbor":
        return f"/unsafe/{size}/filters:quality(80)/{original}"
    return f"/img/{original}?{query}&fmt=jpeg&q=80"


# --- generate -------------------------------------------------------------------------------------

# Source photo -> weight. landscape_6.jpg is stored 3024x4032 with EXIF orientation 6 (autorot turns
# it upright); avatar.jpg is 400x400, so its originals are soft enlargements (a few, as phones' zooms).
SOURCES = {"landscape_4.jpg": 4, "landscape_6.jpg": 4, "avatar.jpg": 1}


def _colour_matrix(hue_degrees, saturation, brightness):
    """3x3 RGB matrix: a rotation of the hue about the grey axis (luma kept), a saturation scale and
    a brightness gain."""
    import math

    c, s = math.cos(math.radians(hue_degrees)), math.sin(math.radians(hue_degrees))
    # the hue-rotate and saturate matrices of CSS filter effects (grey stays grey)
    hue = [
        [0.213 + 0.787 * c - 0.213 * s, 0.715 - 0.715 * c - 0.715 * s, 0.072 - 0.072 * c + 0.928 * s],
        [0.213 - 0.213 * c + 0.143 * s, 0.715 + 0.285 * c + 0.140 * s, 0.072 - 0.072 * c - 0.283 * s],
        [0.213 - 0.213 * c - 0.787 * s, 0.715 - 0.715 * c + 0.715 * s, 0.072 + 0.928 * c + 0.072 * s],
    ]
    luma = (0.213, 0.715, 0.072)
    sat = [[(1 - saturation) * luma[j] + (saturation if i == j else 0) for j in range(3)] for i in range(3)]
    return [[brightness * sum(sat[i][k] * hue[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


GRAIN_MARGIN = 512
_grain_tile = []


def _grain():
    """Gaussian noise (sigma 1) a little larger than an original, made once per process (the same in
    every process: a fixed seed); each original takes a crop of it at a random offset."""
    import pyvips

    if not _grain_tile:
        _grain_tile.append(pyvips.Image.gaussnoise(WIDTH + GRAIN_MARGIN, HEIGHT + GRAIN_MARGIN, mean=0, sigma=1, seed=1).copy_memory())
    return _grain_tile[0]


def _make(args):
    """One original: a random 4:3 crop (a zoom) of a sample photo, flipped or not, its hue,
    saturation and brightness shifted, enlarged or reduced to 4032x3024, with mild grain."""
    index, seed, out = args
    import pyvips

    rng = random.Random(f"bench-srcset {seed} {index}")
    source = rng.choices(list(SOURCES), weights=list(SOURCES.values()))[0]
    image = pyvips.Image.new_from_file(os.path.join(SAMPLES, source)).autorot()
    widest = min(image.width, image.height * 4 / 3)  # the widest 4:3 window
    crop_w = int(widest * rng.uniform(0.4, 1.0))
    crop_h = int(crop_w * 3 / 4)
    x, y = rng.randint(0, image.width - crop_w), rng.randint(0, image.height - crop_h)
    image = image.crop(x, y, crop_w, crop_h).thumbnail_image(WIDTH, height=HEIGHT, size="force")
    if rng.random() < 0.5:
        image = image.fliphor()
    matrix = _colour_matrix(rng.uniform(-35, 35), rng.uniform(0.75, 1.3), rng.uniform(0.8, 1.15))
    image = image.recomb(pyvips.Image.new_from_array(matrix))
    grain = _grain().crop(rng.randrange(GRAIN_MARGIN), rng.randrange(GRAIN_MARGIN), WIDTH, HEIGHT)
    image = (image + grain * rng.uniform(2.0, 4.5)).cast("uchar")  # cast clips to 0..255
    image.jpegsave(out, Q=90, subsample_mode="on", interlace=False, optimize_coding=False, keep="none")
    return out, source


def generate(folder, count, seed):
    import multiprocessing

    from PIL import Image

    os.makedirs(folder, exist_ok=True)
    jobs = [(i, seed, os.path.join(folder, name(i))) for i in range(int(count))]
    start = time.monotonic()
    with multiprocessing.get_context("spawn").Pool(min(len(os.sched_getaffinity(0)), len(jobs)) or 1) as pool:
        made = pool.map(_make, jobs)
    total = 0
    for out, _ in made:
        with Image.open(out) as image:
            if (image.format, image.size, image.info.get("progressive", 0)) != ("JPEG", (WIDTH, HEIGHT), 0):
                sys.exit(f"bench/srcset: {out} is not a baseline {WIDTH}x{HEIGHT} JPEG")
        total += os.path.getsize(out)
    sources = {s: sum(1 for _, m in made if m == s) for s in SOURCES}
    log(f"{len(made)} originals {WIDTH}x{HEIGHT} in {time.monotonic() - start:.1f} s, {total / len(made) / 1e6:.2f} MB each on average"
        f" ({', '.join(f'{n} from {s}' for s, n in sources.items() if n)})")


# --- check ----------------------------------------------------------------------------------------


def check(peer, base, original):
    """Every variant of `original` from `peer`, decoded: its format and pixel size must be the
    variant's. Prints what is wrong and exits 1 when anything is."""
    wrong = []
    for v, (label, _, _, (w, h)) in enumerate(VARIANTS):
        url = base + path(peer, original, v)
        want = f"JPEG {w}x{h}"
        try:
            with urllib.request.urlopen(url, timeout=60) as answer:
                got = describe(answer.read())
        except Exception as e:  # noqa: BLE001 - any failure is the answer
            got = f"no answer ({e})"
        if got != want:
            wrong.append(f"{label}: {got}, expected {want} ({url})")
    for line in wrong:
        log(f"{LABELS[peer]}: {line}")
    if wrong:
        sys.exit(1)
    log(f"{LABELS[peer]}: the 8 variants of {original} are JPEG of the expected sizes")


# --- drive ----------------------------------------------------------------------------------------


def order(count, seed, phase="srcset"):
    """The browser-like order: pages of PAGE originals, each page's requests (original, variant)
    shuffled (seeded), the pages one after another. Phase `first`: one fit of each original, widths
    320, 640 and 1280 in turn (decoding it at 1/8, 1/4 or 1/2), so every request is the first of its
    original and none can start from another's decode: what keeping decodes costs renders that
    never use them."""
    if phase == "first":
        return [(name(i), FIRST_VARIANTS[i % len(FIRST_VARIANTS)]) for i in range(count)]
    rng = random.Random(f"bench-srcset order {seed}")
    items = []
    for first in range(0, count, PAGE):
        page = [(name(i), v) for i in range(first, min(first + PAGE, count)) for v in range(len(VARIANTS))]
        rng.shuffle(page)
        items += page
    return items


def _client(base, urls, connections):
    """Fetches every (key, path) of urls once over `connections` keep-alive connections that take
    the next URL from the one shared list. Returns (wall seconds, per-URL results)."""
    parts = urllib.parse.urlsplit(base)
    lock = threading.Lock()
    state = dict(next=0)
    results = {}

    def worker():
        conn = None
        while True:
            with lock:
                i = state["next"]
                state["next"] += 1
            if i >= len(urls):
                break
            key, url = urls[i]
            start = time.monotonic()
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
                conn.request("GET", url, headers={"Accept": "image/avif,image/webp,image/*,*/*;q=0.8"})
                answer = conn.getresponse()
                body = answer.read()
                result = dict(status=answer.status, sha256=hashlib.sha256(body).hexdigest(), bytes=len(body), jpeg=body[:3] == b"\xff\xd8\xff")
                if answer.will_close:
                    conn.close()
                    conn = None
            except (OSError, http.client.HTTPException) as e:
                result = dict(status=None, error=f"{type(e).__name__}: {e}")
                if conn is not None:
                    conn.close()
                conn = None
            result["seconds"] = time.monotonic() - start
            results[key] = result
        if conn is not None:
            conn.close()

    threads = [threading.Thread(target=worker) for _ in range(connections)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.monotonic() - start, results


def drive(peer, base, root, connections, count, seed, out, phase="srcset"):
    items = order(int(count), seed, phase)
    urls = [(f"{original} {VARIANTS[v][0]}", path(peer, original, v)) for original, v in items]
    pids = tree(int(root))
    imgframe = peer != "thumbor"
    before = metrics(base) if imgframe else ""
    memory = Memory(pids)
    memory.start()
    cpu0 = cpu_seconds(pids)
    wall, results = _client(base, urls, int(connections))
    cpu1 = wait_idle(pids)
    peak, hwm, procs = memory.finish()
    mem = dict(rss_peak_mib=peak, hwm_mib=hwm, procs=procs)
    after = metrics(base) if imgframe else ""
    ok = [r for r in results.values() if r["status"] is not None and 200 <= r["status"] < 300]
    non2xx = sum(1 for r in results.values() if r["status"] is not None and not 200 <= r["status"] < 300)
    errors = [r["error"] for r in results.values() if r["status"] is None]
    not_jpeg = sum(1 for r in ok if not r["jpeg"])
    for key, r in results.items():
        if r["status"] is None or not 200 <= r["status"] < 300 or not r["jpeg"]:
            log(f"{LABELS[peer]}: {key}: {r.get('error') or ('HTTP %d' % r['status'] if not 200 <= r['status'] < 300 else 'not a JPEG')}")
    times = sorted(1000 * r["seconds"] for r in ok)
    derived = [line for line in after.splitlines() if line.startswith("imgframe_derived_sources")]
    hits = sum(float(line.split()[-1]) for line in after.splitlines() if line.startswith("imgframe_cache_hits_total "))
    with open(out, "w") as f:
        json.dump({key: r.get("sha256") for key, r in results.items()}, f, sort_keys=True)
    row = dict(phase=phase, peer=peer, connections=int(connections), requests=len(urls), ok=len(ok), non2xx=non2xx, errors=len(errors), not_jpeg=not_jpeg, wall_s=round(wall, 3),
               renders_per_s=round(len(ok) / wall, 2), cpu_ms_per_render=round(1000 * (cpu1 - cpu0) / max(len(ok), 1), 2),
               cpu_s=round(cpu1 - cpu0, 2), mib=sum(r["bytes"] for r in ok) / 2**20,
               p50_ms=round(statistics.median(times), 1) if times else None,
               p95_ms=round(times[int(0.95 * (len(times) - 1))], 1) if times else None, cache_hits=hits, derived=derived, **mem)
    row["mib"] = round(row["mib"], 1)
    print(json.dumps(row), flush=True)
    if derived:
        log(f"{LABELS[peer]}: /metrics after the run:\n  " + "\n  ".join(derived))
    elif imgframe:
        log(f"{LABELS[peer]}: no imgframe_derived_sources lines in /metrics")
    if before and hits:
        log(f"{LABELS[peer]}: WARNING: {hits:.0f} result-cache hits; not every answer was a render")
    if non2xx or errors or not_jpeg or len(ok) != len(urls):
        sys.exit(3)


# --- compare --------------------------------------------------------------------------------------


def compare(*args):
    """The bodies' hashes of every drive OUT file in A (derived sources on) and B (off) must agree,
    URL by URL; prints {"checked": URLs, "runs": files, "differ": URLs}."""
    split = args.index("--")
    files = list(args[:split]) + list(args[split + 1:])
    maps = []
    for name_ in files:
        with open(name_) as f:
            maps.append(json.load(f))
    keys = sorted(set().union(*maps)) if maps else []
    differ = [k for k in keys if len({m.get(k) for m in maps}) != 1 or any(m.get(k) is None for m in maps)]
    for k in differ[:20]:
        log(f"different bodies for {k}: " + ", ".join(f"{os.path.basename(f)} {(m.get(k) or 'none')[:12]}" for f, m in zip(files, maps)))
    print(json.dumps(dict(checked=len(keys), runs_on=split, runs_off=len(args) - split - 1, differ=len(differ))))
    if differ:
        sys.exit(1)


# --- report ---------------------------------------------------------------------------------------


def report(results, compared, context):
    everything = [json.loads(line) for line in open(results) if line.strip()]
    rows = [r for r in everything if r.get("phase", "srcset") == "srcset"]
    firsts = [r for r in everything if r.get("phase") == "first"]
    same = json.load(open(compared)) if compared and os.path.getsize(compared) else None
    out = sys.stderr

    head = ("run", "peer", "2xx", "non-2xx", "errors", "wall s", "renders/s", "CPU-ms/render", "p50 ms", "p95 ms", "peak RSS MiB", "MiB out")
    lines = []
    seen = {}
    for r in rows:
        seen[r["peer"]] = seen.get(r["peer"], 0) + 1
        lines.append((seen[r["peer"]], r["peer"], r["ok"], r["non2xx"], r["errors"], f"{r['wall_s']:.2f}", f"{r['renders_per_s']:.1f}",
                      f"{r['cpu_ms_per_render']:.1f}", r["p50_ms"], r["p95_ms"], f"{_memory(r):.0f}", f"{r['mib']:.1f}"))
    widths = [max(len(str(x)) for x in col) for col in zip(head, *lines)]
    print(file=out)
    for line in (head, *lines):
        print("  ".join(str(x).rjust(w) if i >= 2 else str(x).ljust(w) for i, (x, w) in enumerate(zip(line, widths))), file=out)

    peers = [p for p in LABELS if any(r["peer"] == p for r in rows)]
    summary = {p: _summary([r for r in rows if r["peer"] == p]) for p in peers}
    runs = max(seen.values()) if seen else 0
    md = [context, ""] if context else []
    md += [f"Cold caches, every run a fresh server: {rows[0]['requests'] if rows else 0} requests (8 sizes of each original, in pages of 4"
           " originals, each page's requests shuffled), each answered once. Renders/s: the best of the runs (all runs in brackets);"
           " CPU per render: the server's CPU time (all its processes) over the run, median of the runs; peak RSS: the highest of the"
           " runs (imgframe: its VmHWM; thumbor: the sampled sum of its processes' RSS).", ""]
    md.append("| peer | renders/s | CPU ms per render | peak RSS MiB |")
    md.append("|---|---:|---:|---:|")
    for p in peers:
        s = summary[p]
        spread = f" ({', '.join(f'{x:.1f}' for x in s['rates'])})" if len(s["rates"]) > 1 else ""
        md.append(f"| {LABELS[p]} | {s['best']:.1f}{spread} | {s['cpu']:.1f} | {s['rss']:.0f} |")
    md.append("")
    connections = sorted({(r["peer"] == "thumbor", r.get("connections")) for r in rows})
    md.append("Connections: " + ", ".join(f"{'thumbor' if t else 'ImageFrame'} {c}" for t, c in connections) + ".")
    md.append("")
    def ratio(a, b, key):
        return f"{summary[a][key] / summary[b][key]:.2f}×" if summary[b][key] else "n/a"

    if "thumbor" in summary:
        for p in ("on", "off"):
            if p in summary:
                md.append(f"- {LABELS[p]}: {ratio(p, 'thumbor', 'best')} thumbor's renders/s, {ratio(p, 'thumbor', 'cpu')} its CPU per render.")
    if "on" in summary and "off" in summary:
        md.append(f"- Derived sources on ÷ off: {ratio('on', 'off', 'best')} the renders/s, {ratio('on', 'off', 'cpu')} the CPU per render,"
                  f" {ratio('on', 'off', 'rss')} the peak RSS.")
        capacity = next((_value(r["derived"], "imgframe_derived_sources_capacity_bytes") for r in rows if r["peer"] == "on" and r["derived"]), None)
        if capacity:
            extra = summary["on"]["rss"] - summary["off"]["rss"]
            md.append(f"- Peak RSS with derived sources on: {extra:.0f} MiB above off's, their budget (`derived_sources.max_bytes`) being"
                      f" {capacity / 2**20:.0f} MiB.")
    else:
        md.append("- Derived sources off was not measured: this imgframe does not know `IMGFRAME_DERIVED_SOURCES_MAX_BYTES`.")
    if same and same["differ"]:
        md.append(f"- **Bodies: {same['differ']} of {same['checked']} URLs answered other bytes with derived sources on than off**"
                  f" ({same['runs_on']} + {same['runs_off']} runs, SHA-256).")
    elif same:
        md.append(f"- Bodies: all {same['checked']} URLs answered the same bytes with derived sources on and off"
                  f" ({same['runs_on']} + {same['runs_off']} runs, SHA-256).")
    # the derived-sources lines of /metrics after the best run with them on (a fresh server: the run's totals)
    derived = next((r["derived"] for r in sorted(rows, key=lambda r: -r["renders_per_s"]) if r["peer"] == "on" and r["derived"]), None)
    if derived:
        lookups = {outcome: _value(derived, f'imgframe_derived_sources_lookups_total{{outcome="{outcome}"}}') for outcome in ("hit", "miss")}
        if None not in lookups.values() and sum(lookups.values()):
            md.append(f"- Derived sources, best run: {lookups['hit']:.0f} hits in {sum(lookups.values()):.0f} lookups of a kept decode"
                      f" ({100 * lookups['hit'] / sum(lookups.values()):.0f} %).")
    elif "on" in summary:
        md.append("- This imgframe's `/metrics` has no `imgframe_derived_sources` lines.")
    if any(r["cache_hits"] for r in rows):
        md.append("- **Some imgframe runs had result-cache hits**: not every answer was a render.")
    if runs and any(len(summary[p]["rates"]) != runs for p in peers):
        md.append("- Not every peer ran the same number of times.")
    if firsts:
        first = {p: _summary([r for r in firsts if r["peer"] == p]) for p in LABELS if any(r["peer"] == p for r in firsts)}
        md += ["", f"Fits that share no decode: one of each original, widths 320, 640 and 1280 in turn ({firsts[0]['requests']} requests,"
               " decoded at 1/8, 1/4 or 1/2), a fresh server per run, so every request is its original's first and derived sources"
               " can only cost:", "",
               "| peer | renders/s | CPU ms per render |", "|---|---:|---:|"]
        for p, s in first.items():
            spread = f" ({', '.join(f'{x:.1f}' for x in s['rates'])})" if len(s["rates"]) > 1 else ""
            md.append(f"| {LABELS[p]} | {s['best']:.1f}{spread} | {s['cpu']:.1f} |")
        md.append("")
        if "thumbor" in first:
            for p in ("on", "off"):
                if p in first:
                    a, b = first[p], first["thumbor"]
                    md.append(f"- {LABELS[p]}: {a['best'] / b['best']:.2f}× thumbor's renders/s, {a['cpu'] / b['cpu']:.2f}× its CPU per render.")
    if derived:
        counters = [line for line in derived if "_bucket{" not in line]
        md += ["", "imgframe's `/metrics` after its best run with derived sources on (histogram buckets left out):", "", "```"]
        md += counters + ["```"]
    print("\n".join(md))


def _value(lines, name):
    """The value of the metric line `name value` among lines, or None."""
    return metric("\n".join(lines), name, None)


def _memory(r):
    return r["hwm_mib"] if r["peer"] != "thumbor" else r["rss_peak_mib"]


def _summary(rows):
    return dict(rates=[r["renders_per_s"] for r in rows], best=max(r["renders_per_s"] for r in rows),
                cpu=statistics.median(r["cpu_ms_per_render"] for r in rows), rss=max(_memory(r) for r in rows))


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    commands = {"generate": generate, "check": check, "drive": drive, "compare": compare, "report": report}
    if command not in commands:
        sys.exit(__doc__)
    commands[command](*args)
