"""CPU per miss, for bench/miss-cpu (run with the benchmarks' venv, which has Pillow).

  miss_cpu.py BINARY WORKDIR

Starts BINARY serve on 127.0.0.1:0 (root Samples, a result cache in WORKDIR), then for each case
(CASES: fit, upscale, fill) and each of ROUNDS rounds:
  * server: wrk for DURATION seconds over CONNECTIONS connections, every request a new URL (the
    proposed height ph varies, which changes the cache key and not the output); the CPU time of the
    server process (utime+stime, /proc/PID/stat, all its threads) from before the run until it is idle
    again, divided by the 200 image answers the server counted in that time (its /metrics);
  * in process: BINARY render --repeat REPEAT on the same source and query, minus --repeat 1 (process
    start, libvips set-up, the first render's one-time costs), divided by REPEAT - 1; CPU from wait4.
Before the rounds, the server's first answer and the render's output are decoded (Pillow) and checked
against the case's format and pixel size. Prints a table per round (stderr) and the report, markdown
(stdout): a line of context, the medians and the ratios as a sentence; with DOCS=1 also into the block
<!-- bench-miss-cpu --> of docs/performance.md.
"""

import os
import statistics
import subprocess
import sys
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
import harness  # noqa: E402  (the server, the /proc readers, the report's block in docs/)
from harness import ROOT, cpu_seconds, describe, metric, parse_wrk, wait_idle  # noqa: E402
from peers import expected  # noqa: E402  (the same cases as bench/peers)

# Case -> (source under Samples, query with {n} for the per-request number). The same renders as
# bench/peers' imgframe runs, at one JPEG quality (80) so both sides encode the same bytes.
SPECS = {
    "fit": ("landscape_4.jpg", "mode=fit&pw=300&ph={n}&fmt=jpeg&q=80"),
    "upscale": ("dot_green.png", "w=300&h=300&fmt=png&ph={n}"),
    "fill": ("landscape_4.jpg", "w=300&h=400&mode=fill&clip=1&fmt=jpeg&q=80&ph={n}"),
}


def log(text):
    print(f"bench/miss-cpu: {text}", file=sys.stderr, flush=True)


def counts(base):
    """(200 image answers, cache hits) from the server's /metrics."""
    text = harness.metrics(base)
    return (int(metric(text, 'imgframe_http_request_duration_seconds_count{route="img",status="200"}')),
            int(metric(text, "imgframe_cache_hits_total")))


# PIN=1: the server and the in-process renders on the first core, wrk on the second (taskset), so
# the scheduler cannot move them between cores mid-run.
PINNED = os.environ.get("PIN", "0") == "1"
SERVER_CPU = ["taskset", "-c", "0"] if PINNED else []
CLIENT_CPU = ["taskset", "-c", "1"] if PINNED else []


def start_server(binary, work):
    # Derived sources off: every request asks for the same original, and a miss must decode it, as
    # the in-process render does.
    try:
        return harness.Imgframe(work, ["--root", os.path.join(ROOT, "Samples"), "--cache-dir", os.path.join(work, "cache")],
                                env=dict(IMGFRAME_DERIVED_SOURCES_MAX_BYTES="0"), binary=binary, prefix=SERVER_CPU)
    except RuntimeError as e:
        sys.exit(f"bench/miss-cpu: {e}")


def check_server(base, case, n):
    source, query = SPECS[case]
    url = f"{base}/img/{source}?{query.format(n=n)}"
    try:
        body = urllib.request.urlopen(url, timeout=30).read()
    except Exception as e:  # noqa: BLE001
        sys.exit(f"bench/miss-cpu: {url}: {e}")
    got = describe(body)
    if got != expected(case):
        sys.exit(f"bench/miss-cpu: the server answered {got} for the {case} case, expected {expected(case)}")


def render(binary, work, case, repeat):
    """(CPU seconds, wall seconds) of one `render --repeat` process; checks its output."""
    source, query = SPECS[case]
    out = os.path.join(work, "render." + expected(case).split()[0].lower())
    start = time.monotonic()
    child = subprocess.Popen(SERVER_CPU + [binary, "render", os.path.join(ROOT, "Samples", source), "--query", query.format(n=999),
                              "--repeat", str(repeat), "-o", out], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        sys.exit(f"bench/miss-cpu: render {case} failed: {child.stderr.read().decode()}")
    with open(out, "rb") as f:
        got = describe(f.read())
    if got != expected(case):
        sys.exit(f"bench/miss-cpu: render answered {got} for the {case} case, expected {expected(case)}")
    return usage.ru_utime + usage.ru_stime, wall


def serve_run(pid, base, case, seconds, connections, offset):
    """One wrk run of misses; its numbers as a dict."""
    source, query = SPECS[case]
    template = f"/img/{source}?{query}"
    threads = min(2, connections)
    ok0, hits0 = counts(base)
    cpu0 = cpu_seconds([pid])
    start = time.monotonic()
    run = subprocess.run(CLIENT_CPU + ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "30s", "-s",
                          os.path.join(HERE, "vary.lua"), base, "--", template, str(threads), str(offset)],
                         capture_output=True, text=True, timeout=seconds + 60)
    wall = time.monotonic() - start
    if run.returncode != 0:
        sys.exit("bench/miss-cpu: wrk failed: " + run.stdout + run.stderr)
    cpu1 = wait_idle([pid])
    ok1, hits1 = counts(base)
    wrk = parse_wrk(run.stdout)
    answers, non2xx, errors = wrk["requests"], wrk["non2xx"], wrk["socket_errors"]
    ok = ok1 - ok0
    if ok <= 0:
        sys.exit(f"bench/miss-cpu: no 200 answers in the {case} run:\n{run.stdout}")
    return dict(cpu_ms=1000 * (cpu1 - cpu0) / ok, ok=ok, wrk_ok=answers - non2xx, non2xx=non2xx, errors=errors,
                hits=hits1 - hits0, rate=(answers - non2xx) / wall)


def main(binary, work):
    cases = os.environ.get("CASES", "fit upscale fill").split()
    rounds = int(os.environ.get("ROUNDS", "3"))
    seconds = int(os.environ.get("DURATION", "8").rstrip("s"))
    connections = int(os.environ.get("CONNECTIONS", "1"))
    repeat = int(os.environ.get("REPEAT", "150"))
    cases = [c for c in cases if c in SPECS]
    server = start_server(binary, work)
    base = server.base
    try:
        pid = server.pid
        for case in cases:
            check_server(base, case, 999)
            render(binary, work, case, 1)
        # warm-up: the first renders of each case (page faults, libvips' and the allocator's first use)
        offset = 1000
        for case in cases:
            serve_run(pid, base, case, 1, connections, offset)
            offset += 50000
        rows = []
        for r in range(1, rounds + 1):
            for case in cases:
                s = serve_run(pid, base, case, seconds, connections, offset)
                offset += 50000
                cpu1, wall1 = render(binary, work, case, 1)
                cpuN, wallN = render(binary, work, case, repeat)
                per_cpu = 1000 * (cpuN - cpu1) / (repeat - 1)
                per_wall = 1000 * (wallN - wall1) / (repeat - 1)
                row = dict(round=r, case=case, server_cpu_ms=f"{s['cpu_ms']:.2f}", render_cpu_ms=f"{per_cpu:.2f}",
                           ratio=f"{s['cpu_ms'] / per_cpu:.3f}", server_ok=s["ok"], wrk_ok=s["wrk_ok"], non2xx=s["non2xx"],
                           sock_err=s["errors"], hits=s["hits"], server_ok_per_s=round(s["rate"], 1), render_wall_ms=f"{per_wall:.2f}",
                           render_start_cpu_ms=f"{1000 * cpu1:.1f}")
                rows.append(row)
                log(" ".join(f"{k}={v}" for k, v in row.items()))
    finally:
        server.stop()
    sys.stderr.flush()
    report(rows, cases, dict(rounds=rounds, seconds=seconds, connections=connections, repeat=repeat))


# The cases as the tables name them.
LABELS = {"fit": "fit 4032×3024 → 300×225", "upscale": "upscale 34×34 → 300×300, PNG", "fill": "fill 4032×3024 → 300×400"}


def report(rows, cases, setup):
    """Every round's numbers on stderr; the markdown report (context, the medians, a sentence) on
    stdout, and with DOCS=1 into the block bench-miss-cpu."""
    print(f"CPU per miss: server (wrk, c{setup['connections']}, {setup['seconds']} s per run, every request a new URL) "
          f"vs in process (render --repeat {setup['repeat']} minus --repeat 1); {setup['rounds']} rounds, "
          f"{os.cpu_count()} cores, load average {open('/proc/loadavg').read().split()[0]}", file=sys.stderr)
    head = ("round", "case", "server CPU-ms/miss", "render CPU-ms", "ratio", "200s", "wrk 2xx", "non-2xx", "sock-err",
            "hits", "server ok/s", "render wall-ms", "start CPU-ms")
    keys = ("round", "case", "server_cpu_ms", "render_cpu_ms", "ratio", "server_ok", "wrk_ok", "non2xx", "sock_err", "hits",
            "server_ok_per_s", "render_wall_ms", "render_start_cpu_ms")
    table(head, [[row[k] for k in keys] for row in rows], sys.stderr)
    md = [harness.context(f"`CASES=\"{' '.join(cases)}\" ROUNDS={setup['rounds']} DURATION={setup['seconds']}"
                       f" CONNECTIONS={setup['connections']} REPEAT={setup['repeat']} PIN={'1' if PINNED else '0'}`"), "",
          "CPU time per cache miss: the server's under wrk (every request a new URL), against the same render in process"
          " (`imgframe render --repeat`), medians over the rounds:", "",
          "| case | server CPU-ms per miss | CPU-ms per render in process | ratio (range) | server misses/s | server ms per miss"
          " (connections ÷ rate) | render wall-ms in process |",
          "|---|---:|---:|---:|---:|---:|---:|"]
    ratios = []
    for case in cases:
        mine = [r for r in rows if r["case"] == case]
        if not mine:
            continue
        med = lambda key: statistics.median(float(r[key]) for r in mine)  # noqa: E731
        wall_server = 1000 / med("server_ok_per_s") * setup["connections"]
        low, high = min(float(r["ratio"]) for r in mine), max(float(r["ratio"]) for r in mine)
        ratios.append((case, med("ratio")))
        spread = f" ({low:.2f}–{high:.2f})" if f"{low:.2f}" != f"{high:.2f}" else ""
        md.append(f"| {LABELS.get(case, case)} | {med('server_cpu_ms'):.2f} | {med('render_cpu_ms'):.2f} | {med('ratio'):.2f}×{spread}"
                  f" | {med('server_ok_per_s'):.1f} | {wall_server:.1f} | {med('render_wall_ms'):.2f} |")
    md.append("")
    if ratios:
        md.append("- A miss costs " + ", ".join(f"{ratio:.2f}× ({case})" for case, ratio in ratios) + " the CPU of the same render"
                  " in process; the rest is HTTP, hashing, the result cache's write and hand-offs between threads.")
    if any(r["hits"] or r["non2xx"] or r["sock_err"] for r in rows):
        md.append("- **Some runs had cache hits, non-2xx answers or socket errors**; see the rounds the script prints.")
    sys.stderr.flush()
    harness.publish("miss-cpu", "\n".join(md))


def table(head, lines, out=sys.stdout):
    lines = [[str(x) for x in line] for line in lines]
    widths = [max(len(str(x)) for x in col) for col in zip(head, *lines)]
    for line in (head, *lines):
        print("  ".join(str(x).rjust(w) if i >= 1 and not str(x)[:1].isalpha() else str(x).ljust(w) for i, (x, w) in enumerate(zip(line, widths))),
              file=out)


if __name__ == "__main__":
    main(*sys.argv[1:3])
