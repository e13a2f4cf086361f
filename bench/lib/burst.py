"""Load generator of bench/origin-burst (Python stdlib only; loopback only; bounded in time).

  burst.py BASE PID ORIGINALS

BASE is imgframe's http://127.0.0.1:PORT, PID its process, ORIGINALS how many distinct originals the
slow origin serves as cdn/photo-1.jpg .. photo-ORIGINALS.jpg. In order:
  1. warms one hit URL (two requests, the second must be a cache hit);
  2. idle: IDLE_MISSES local-file misses one at a time (a new URL each), their median;
  3. the burst: ORIGINALS concurrent requests, one per original (each a miss that downloads its
     original), and during it, until every one of them is answered (at most BURST_LIMIT seconds):
     (a) a cached hit and (b) /healthz, each RATE requests per second on its own keep-alive connection,
     (c) a local-file miss (a new URL each, a new connection each) every MISS_EVERY seconds,
     (d) the server's thread count (/proc/PID/status Threads:) every 100 ms.
Prints the tables as markdown (stdout; the details on stderr). Exits 1 if a burst request got no
answer (a client timeout) or another failure.
"""

import http.client
import os
import statistics
import sys
import threading
import time
import urllib.parse

from harness import status_kb

RATE = float(os.environ.get("RATE", "50"))
MISS_EVERY = float(os.environ.get("MISS_EVERY", "0.5"))
IDLE_MISSES = int(os.environ.get("IDLE_MISSES", "10"))
BURST_LIMIT = float(os.environ.get("BURST_LIMIT", "45"))

HIT = "/img/landscape_4.jpg?w=160&h=100&mode=fill&fmt=jpeg"
LOCAL_MISS = "/img/landscape_4.jpg?w=150&h=100&mode=fill&fmt=jpeg&ph={n}"  # ph: a new key, the same work
ORIGIN = "/img/cdn/photo-{i}.jpg?w=150&h=100&mode=fill&fmt=jpeg"


def get(host, port, path, timeout, connection=None):
    """(status or an error's name, seconds, the response's X-Cache-like header) of one GET; reuses
    `connection` when given (and leaves it usable or closed)."""
    conn = connection or http.client.HTTPConnection(host, port, timeout=timeout)
    start = time.monotonic()
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        status = response.status
        cache = response.getheader("X-Cache") or response.getheader("Cache-Status") or ""
    except Exception as e:  # noqa: BLE001 - the failure is the result
        status, cache = type(e).__name__, ""
        conn.close()
    finally:
        if connection is None:
            conn.close()
    return status, time.monotonic() - start, cache


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(p / 100 * len(ordered) + 0.5)) - 1))]


def ms(seconds):
    return f"{1000 * seconds:.1f}"


def by_status(results):
    """'200: 540 (max 3.1 ms), 503: 811 (max 0.9 ms)' for (status, seconds) pairs."""
    groups = {}
    for status, seconds in results:
        groups.setdefault(str(status), []).append(seconds)
    return ", ".join(f"{status}: {len(times)} (max {ms(max(times))} ms)" for status, times in sorted(groups.items()))


class Stream(threading.Thread):
    """RATE requests per second for `path`, open loop: each request is sent at its scheduled time on
    a keep-alive connection from a pool (a new one when all are busy), whatever earlier requests are
    waiting for, as independent clients would; its time counts from the schedule. At most MAX_OPEN
    requests at once (later ones are counted as `not sent`). Until `stop` is set."""

    MAX_OPEN = 400

    def __init__(self, host, port, path, stop):
        super().__init__(daemon=True)
        self.host, self.port, self.path, self.stop = host, port, path, stop
        self.results, self.pool, self.workers, self.lock = [], [], [], threading.Lock()
        self.open = 0

    def one(self, conn, due):
        status, _, _ = get(self.host, self.port, self.path, BURST_LIMIT + 10, conn)
        seconds = time.monotonic() - due
        with self.lock:
            self.results.append((status, seconds, due))
            self.open -= 1
            if status == 200:
                self.pool.append(conn)

    def run(self):
        due = time.monotonic()
        while not self.stop.is_set():
            with self.lock:
                if self.open >= self.MAX_OPEN:
                    self.results.append(("not sent", 0.0, due))
                    conn = None
                else:
                    self.open += 1
                    conn = self.pool.pop() if self.pool else http.client.HTTPConnection(self.host, self.port, timeout=BURST_LIMIT + 10)
            if conn:
                worker = threading.Thread(target=self.one, args=(conn, due), daemon=True)
                worker.start()
                self.workers.append(worker)
            due += 1 / RATE
            pause = due - time.monotonic()
            if pause > 0:
                self.stop.wait(pause)


def threads_of(pid):
    return status_kb(pid, "Threads")


def main(base, pid, originals):
    url = urllib.parse.urlsplit(base)
    host, port, pid, originals = url.hostname, url.port, int(pid), int(originals)
    failures = []

    # 1. the hit
    for _ in range(2):
        status, _, cache = get(host, port, HIT, 30)
        if status != 200:
            sys.exit(f"bench/origin-burst: the hit URL answered {status}")
    if cache.lower() != "hit":
        sys.exit(f"bench/origin-burst: the hit URL's second answer is no cache hit (X-Cache: {cache!r})")
    counter = iter(range(100000, 1000000))

    # 2. idle local misses
    idle = []
    for _ in range(IDLE_MISSES):
        status, seconds, _ = get(host, port, LOCAL_MISS.format(n=next(counter)), 30)
        if status != 200:
            sys.exit(f"bench/origin-burst: an idle local miss answered {status}")
        idle.append(seconds)
    idle_threads = threads_of(pid)

    # 3. the burst and everything during it
    stop = threading.Event()
    streams = {"hit": Stream(host, port, HIT, stop), "healthz": Stream(host, port, "/healthz", stop)}
    samples = []

    def sample():
        while not stop.is_set():
            try:
                samples.append((time.monotonic(), threads_of(pid)))
            except OSError:
                return
            stop.wait(0.1)

    sampler = threading.Thread(target=sample, daemon=True)
    local, local_threads = [], []

    def local_miss(n, started):
        status, seconds, _ = get(host, port, LOCAL_MISS.format(n=n), BURST_LIMIT + 10)
        local.append((started, status, seconds))

    def local_misses():
        while not stop.is_set():
            t = threading.Thread(target=local_miss, args=(next(counter), time.monotonic() - burst_start), daemon=True)
            t.start()
            local_threads.append(t)
            stop.wait(MISS_EVERY)

    burst = [None] * originals
    gate = threading.Barrier(originals + 1)

    def fetch(i):
        gate.wait()
        burst[i] = get(host, port, ORIGIN.format(i=i + 1), BURST_LIMIT)

    workers = [threading.Thread(target=fetch, args=(i,), daemon=True) for i in range(originals)]
    for w in workers:
        w.start()
    sampler.start()
    for s in streams.values():
        s.start()
    time.sleep(0.5)  # the streams run before the burst too
    burst_start = time.monotonic()
    gate.wait()
    misser = threading.Thread(target=local_misses, daemon=True)
    misser.start()
    deadline = burst_start + BURST_LIMIT + 5
    for w in workers:
        w.join(max(0.0, deadline - time.monotonic()))
    burst_seconds = time.monotonic() - burst_start
    stop.set()
    for t in [*streams.values(), misser, *local_threads, *(w for st in streams.values() for w in st.workers)]:
        t.join(max(0.0, deadline + 10 - time.monotonic()))

    # --- report: markdown on stdout, the details on stderr ------------------------------------------
    def log(text):
        print(f"bench/origin-burst: {text}", file=sys.stderr, flush=True)

    md = [f"{originals} concurrent misses on distinct originals, all answered after {burst_seconds:.1f} s. Requests during the"
          f" burst, {RATE:.0f}/s of each stream, open loop on pooled keep-alive connections, timed from their schedule"
          " (target: p99 ≤ 10 ms):", "",
          "| stream | requests | non-200 | p50 | p99 | max | p99 ≤ 10 ms |", "|---|---:|---:|---:|---:|---:|---|"]
    labels = {"hit": "a cached hit", "healthz": "`/healthz`"}
    for name, s in streams.items():
        times = [sec for _, sec, _ in s.results]
        bad = sum(1 for status, _, _ in s.results if status != 200)
        if bad:
            failures.append(f"{bad} {name} requests were not 200")
        p99 = percentile(times, 99)
        md.append(f"| {labels[name]} | {len(times)} | {bad} | {ms(percentile(times, 50))} ms | {ms(p99)} ms | {ms(max(times))} ms |"
                  f" {'met' if p99 <= 0.010 else '**missed**'} |")
        log(f"{name} by status: {by_status((st, sec) for st, sec, _ in s.results)}")
        slow = sorted((started - burst_start, sec) for status, sec, started in s.results if sec > 0.1)
        if slow:
            log(f"{name}: {len(slow)} slower than 100 ms, sent from {slow[0][0]:.1f} s to {slow[-1][0]:.1f} s after the"
                f" burst's start, the slowest {ms(max(sec for _, sec in slow))} ms")

    during = [sec for _, status, sec in local if status == 200]
    md += ["", "Local-file misses, a new URL each (target: median during the burst ≤ 2× idle):", "",
           "| local-file misses | requests | non-200 | median | max |", "|---|---:|---:|---:|---:|",
           f"| idle, one at a time | {len(idle)} | 0 | {ms(statistics.median(idle))} ms | {ms(max(idle))} ms |"]
    if local:
        md.append(f"| during the burst, one every {MISS_EVERY * 1000:.0f} ms | {len(local)} | {len(local) - len(during)} |"
                  + (f" {ms(statistics.median(during))} ms | {ms(max(during))} ms |" if during else " – | – |"))
        log("local misses during the burst by status: " + by_status((st, sec) for _, st, sec in local))
        log("each (sent at s after the burst's start: status, ms): "
            + ", ".join(f"{started:.1f}: {status} {ms(sec)}" for started, status, sec in sorted(local, key=lambda x: x[0])))
    md.append("")
    if during:
        ratio = statistics.median(during) / statistics.median(idle)
        md.append(f"- During the burst a local-file miss takes {ratio:.1f}× its idle median ({'met' if ratio <= 2 else '**missed**'}).")
    else:
        md.append("- **No local-file miss was answered 200 during the burst.**")
    md.append(f"- The imgframe process has {idle_threads} threads idle and at most {max((n for _, n in samples), default=0)}"
              " during the burst (`/proc/PID/status`, every 100 ms).")

    histogram = {}
    for result in burst:
        status, seconds, _ = result if result else ("no answer", BURST_LIMIT, "")
        histogram.setdefault(str(status), []).append(seconds)
    md += ["", "The burst's requests by status, time to answer from the burst's start (each must be a `200` or a timely `503`/`504`):", "",
           "| status | requests | fastest | median | slowest |", "|---|---:|---:|---:|---:|"]
    for status, times in sorted(histogram.items()):
        md.append(f"| {status if status[:1].isalpha() else f'`{status}`'} | {len(times)} | {min(times):.2f} s |"
                  f" {statistics.median(times):.2f} s | {max(times):.2f} s |")
        if status not in ("200", "503", "504"):
            failures.append(f"{len(times)} origin requests ended {status}")
    print("\n".join(md), flush=True)
    if failures:
        print("bench/origin-burst: FAILURES: " + "; ".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main(*sys.argv[1:4])
