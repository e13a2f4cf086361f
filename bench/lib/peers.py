"""bench/peers' own part (run with the benchmarks' venv, which has pyvips); servers, /proc readers and
image checks are the harness's (harness.py).

  limit CASE SECONDS PROCS      the libvips in-process limit: PROCS processes loop one render each
  check FILE CASE [PEER]        fail unless FILE is the case's output: its format and WIDTH x HEIGHT
  expected CASE                 print the format and size every peer must answer CASE with
  probe CASE OUT                one render of the libvips in-process limit, written to OUT (to check)
  record WRK RSS PEER CASE C    one JSON line from a wrk --latency output and a harness.py rss result
  report RESULTS [CONTEXT HITS] the plain table on stderr; the markdown report on stdout
"""

import json
import os
import sys
import time

from harness import SAMPLES, describe, parse_wrk

# Case name -> (source file, thumbnail arguments, expected output size, output format). The same
# renders the HTTP peers are asked for: fit 4032x3024 into 300x400 and fill + centre crop 300x400, to
# JPEG; a 34x34 PNG icon upscaled to 300x300, to PNG (an icon keeps its alpha and sharp edges, so PNG
# is what such a request asks for; every peer encodes PNG at deflate level 6, each one's default: libdeflate in imgframe, zlib elsewhere).
CASES = {
    "fit": ("landscape_4.jpg", dict(width=300, height=400), (300, 225), "jpeg"),
    "fill": ("landscape_4.jpg", dict(width=300, height=400, crop="centre"), (300, 400), "jpeg"),
    "upscale": ("dot_green.png", dict(width=300, height=300), (300, 300), "png"),
}


def quality(n):
    """The JPEG quality of the n-th request, as in vary.lua: 70..89."""
    return 70 + n % 20


def expected(case):
    """'JPEG 300x225': the format and pixel size every peer must answer a case with."""
    _, _, (width, height), fmt = CASES[case]
    return f"{fmt.upper()} {width}x{height}"


def _render(image_bytes, case, n):
    """One render of the limit: thumbnail, then the case's encoder (JPEG quality cycling as wrk's)."""
    import pyvips

    _, args, _, fmt = CASES[case]
    args = dict(args)
    width = args.pop("width")
    image = pyvips.Image.thumbnail_buffer(image_bytes, width, **args)
    if fmt == "png":
        return image.write_to_buffer(".png[compression=6,strip]")
    if image.hasalpha():
        image = image.flatten(background=[255, 255, 255])
    return image.write_to_buffer(".jpg[Q=%d,optimize_coding,strip]" % quality(n))


def _source(case):
    with open(os.path.join(SAMPLES, CASES[case][0]), "rb") as f:
        return f.read()


# --- limit ----------------------------------------------------------------------------------------


def _limit_worker(case, seconds, index, queue):
    import pyvips

    pyvips.cache_set_max(0)  # the operation cache would answer repeated renders without work
    data = _source(case)
    n = index  # interleave qualities between the processes, as wrk's threads do
    count = 0
    start = time.monotonic()
    deadline = start + seconds
    first = None
    while time.monotonic() < deadline:
        out = _render(data, case, n)
        first = first or out
        n += 2
        count += 1
    queue.put((count, time.monotonic() - start, describe(first) if first else "nothing rendered"))


def limit(case, seconds, procs):
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    workers = [ctx.Process(target=_limit_worker, args=(case, float(seconds), i, queue)) for i in range(int(procs))]
    for w in workers:
        w.start()
    results = [queue.get(timeout=float(seconds) + 60) for _ in workers]
    for w in workers:
        w.join(timeout=10)
    for _, _, got in results:
        if got != expected(case):
            sys.exit(f"limit {case}: rendered {got}, expected {expected(case)}")
    rate = sum(count / elapsed for count, elapsed, _ in results)
    renders = sum(r[0] for r in results)
    print(json.dumps(dict(peer="libvips", case=case, conns=int(procs), ok_rps=round(rate, 1), renders=renders)))


# --- check ----------------------------------------------------------------------------------------


def check(path, case, peer="the peer"):
    """Exits non-zero with one line saying what `peer` answered instead, unless the image in `path`
    has the case's format and pixel size."""
    with open(path, "rb") as f:
        got = describe(f.read())
    if got != expected(case):
        sys.exit(f"{peer} answered {got} for the {case} case, expected {expected(case)}")


def probe(case, out):
    """One render of the limit written to `out`, so its first answer is checked as the others'."""
    import pyvips

    pyvips.cache_set_max(0)
    with open(out, "wb") as f:
        f.write(_render(_source(case), case, 10))


# --- record / report ------------------------------------------------------------------------------


def _ok_seconds(path):
    """(sum, count) of imgframe_http_request_duration_seconds for its 200 image answers."""
    total = count = 0.0
    for line in open(path):
        if 'route="img",status="200"' not in line:
            continue
        name, value = line.rsplit(" ", 1)
        if name.startswith("imgframe_http_request_duration_seconds_sum"):
            total = float(value)
        elif name.startswith("imgframe_http_request_duration_seconds_count"):
            count = float(value)
    return total, count


def record(wrk_out, rss_out, peer, case, conns, metrics_before=None, metrics_after=None):
    with open(wrk_out) as f:
        wrk = parse_wrk(f.read())
    requests, seconds, non2xx, errors = wrk["requests"], wrk["seconds"], wrk["non2xx"], wrk["socket_errors"]
    p50, p99, avg = wrk["p50"], wrk["p99"], wrk["avg"]
    if requests is None:
        sys.exit(f"{peer} {case} c{conns}: no result in the wrk output:\n" + open(wrk_out).read())
    with open(rss_out) as f:
        mem = json.load(f)
    ok = requests - non2xx
    # the mean time of the successful answers: wrk's mean when every answer was one; else, for
    # imgframe, its own histogram of 200s over the run (server side: from request parsed to sent)
    ok_mean = avg if non2xx == 0 else None
    if non2xx and metrics_before and os.path.getsize(metrics_after):
        (s0, c0), (s1, c1) = _ok_seconds(metrics_before), _ok_seconds(metrics_after)
        ok_mean = round(1000 * (s1 - s0) / (c1 - c0), 1) if c1 > c0 else None
    print(json.dumps(dict(peer=peer, case=case, conns=int(conns), ok_rps=round(ok / seconds, 1),
                          requests=requests, non2xx=non2xx, socket_errors=errors, ok_mean_ms=ok_mean, p50_ms=p50, p99_ms=p99,
                          rss_peak_mb=mem["rss_peak_mb"], hwm_mb=mem["hwm_mb"], procs=mem["procs"])))


def _ratio(a, b):
    return f"{a / b:.2f}" if a is not None and b else "n/a"


def _span(values, spec="{:.2f}", unit=""):
    """'0.95–0.99×' for several values, '0.97×' for one (unit appended), '–' for none."""
    values = [v for v in values if v is not None]
    if not values:
        return "–"
    low, high = spec.format(min(values)), spec.format(max(values))
    return (low if low == high else f"{low}–{high}") + unit


# The cases as the tables name them.
LABELS = {"fit": "fit 4032×3024 → 300×225", "fill": "fill 4032×3024 → 300×400", "upscale": "upscale 34×34 → 300×300, PNG"}


def report(path, context="", hits="0"):
    """The plain table and ratios on stderr; the markdown report (context, table, generated
    sentences) on stdout."""
    rows = [json.loads(line) for line in open(path) if line.strip()]
    out = sys.stderr

    def find(peer, case, conns=None):
        for r in rows:
            if r["peer"] == peer and r["case"] == case and (conns is None or r["conns"] == conns):
                return r
        return None

    def rate(peer, case, conns=None):
        r = find(peer, case, conns)
        return r["ok_rps"] if r else None

    def memory(r):
        # imgframe is one process: its VmHWM; thumbor is a tree: the sampled peak of its summed VmRSS
        if r.get("peer") == "imgframe":
            return r["hwm_mb"]
        return r.get("rss_peak_mb")

    def fmt(v, spec="{:.1f}"):
        return "-" if v is None else spec.format(v)

    thumbor_c = sorted({r["conns"] for r in rows if r["peer"] == "thumbor"})
    imgframe_c = sorted({r["conns"] for r in rows if r["peer"] == "imgframe"})
    cases = [case for case in CASES if any(r["case"] == case for r in rows)]

    def thumbor_best(case):
        # thumbor's worker processes share one listening socket and a keep-alive connection stays with
        # the process that accepted it, so one process can end up with every connection of a run and
        # the other idle (about half the rate). The comparison is with its best run, both processes busy.
        runs = [r for r in rows if r["peer"] == "thumbor" and r["case"] == case]
        return max(runs, key=lambda r: r["ok_rps"]) if runs else None

    def thumbor_rate(case):
        best = thumbor_best(case)
        return best["ok_rps"] if best else None

    head = ("peer", "case", "conns", "ok/s", "non-2xx", "sock-err", "ok mean ms", "p50 ms", "p99 ms", "peak MB", "vs limit", "vs thumbor best")
    lines = []
    for r in rows:
        lines.append((r["peer"], r["case"], f"{'p' if r['peer'] == 'libvips' else 'c'}{r['conns']}", f"{r['ok_rps']:.1f}",
                      fmt(r.get("non2xx"), "{}"), fmt(r.get("socket_errors"), "{}"), fmt(r.get("ok_mean_ms")), fmt(r.get("p50_ms")), fmt(r.get("p99_ms")),
                      fmt(memory(r) if r["peer"] != "libvips" else None), _ratio(r["ok_rps"], rate("libvips", r["case"])),
                      _ratio(r["ok_rps"], thumbor_rate(r["case"])) if r["peer"] == "imgframe" else ""))
    widths = [max(len(str(x)) for x in col) for col in zip(head, *lines)]
    print(file=out)
    for line in (head, *lines):
        print("  ".join(str(x).rjust(w) if i >= 2 else str(x).ljust(w) for i, (x, w) in enumerate(zip(line, widths))), file=out)
    print("(ok/s: 2xx answers per second; ok mean: mean time of the 2xx answers, imgframe's own histogram when"
          " there were non-2xx; p50/p99: wrk's, over all answers, so fast 503s pull them down; peak MB: imgframe's"
          " VmHWM, thumbor's sampled sum of VmRSS over its processes)", file=out)

    # --- markdown ---------------------------------------------------------------------------------
    cols = [("libvips", None)] + [("thumbor", c) for c in thumbor_c] + [("imgframe", c) for c in imgframe_c]
    limit_procs = next((r["conns"] for r in rows if r["peer"] == "libvips"), None)
    titles = [f"libvips in process, {limit_procs} processes" if peer == "libvips" else f"{peer} `-c{c}`" for peer, c in cols]
    md = []
    if context:
        md += [context, ""]
    md += ["Successful renders/s, their mean time and the server's peak RSS (imgframe: its VmHWM; thumbor: the"
           " sampled sum of its processes' RSS), and the share of other answers when there were any:", ""]
    md.append("| case | " + " | ".join(titles) + " |")
    md.append("|---|" + "---|" * len(cols))
    for case in cases:
        cells = []
        for peer, c in cols:
            r = find(peer, case, c)
            if not r:
                cells.append("–")
            elif peer == "libvips":
                cells.append(f"{r['ok_rps']:.1f}/s")
            else:
                extra = f", {100 * r['non2xx'] / max(r['requests'], 1):.1f} % non-2xx" if r["non2xx"] else ""
                extra += f", {r['socket_errors']} socket errors" if r.get("socket_errors") else ""
                cells.append(f"{r['ok_rps']:.1f}/s, {fmt(r['ok_mean_ms'], '{:.0f}')} ms, {fmt(memory(r), '{:.0f}')} MB{extra}")
        md.append(f"| {LABELS.get(case, case)} | " + " | ".join(cells) + " |")
    md.append("")
    for case in cases:
        mine = [r for r in rows if r["peer"] == "imgframe" and r["case"] == case]
        best, limit_rate = thumbor_best(case), rate("libvips", case)
        parts = []
        if best:
            parts.append(f"{_span([r['ok_rps'] / best['ok_rps'] for r in mine], unit='×')} thumbor's best run"
                         f" ({best['ok_rps']:.1f}/s at `-c{best['conns']}`)")
        if limit_rate:
            parts.append(f"{_span([r['ok_rps'] / limit_rate for r in mine], unit='×')} the libvips in-process limit")
        if mine and parts:
            md.append(f"- {case}: imgframe's runs are {' and '.join(parts)}.")
    refused = [f"{r['peer']} `-c{r['conns']}` {r['case']} {100 * r['non2xx'] / max(r['requests'], 1):.1f} %"
               for r in rows if r["peer"] != "libvips" and (r.get("non2xx") or r.get("socket_errors"))]
    md.append("- Answers other than 2xx, or socket errors: " + ("; ".join(refused) + "." if refused else "none, at any concurrency."))
    imgframe_mb = [memory(r) for r in rows if r["peer"] == "imgframe"]
    thumbor_mb = [memory(r) for r in rows if r["peer"] == "thumbor"]
    md.append(f"- Peak RSS: imgframe {_span(imgframe_mb, '{:.0f}', ' MB')}, thumbor {_span(thumbor_mb, '{:.0f}', ' MB')}.")
    if str(hits) not in ("", "0"):
        md.append(f"- imgframe answered {hits} requests from its result cache: not every request above was a render.")
    print("\n".join(md))


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    {"limit": limit, "check": check, "probe": probe, "expected": lambda case: print(expected(case)), "record": record, "report": report}[command](*args)
