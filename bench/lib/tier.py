"""bench/tier's measurement: see that script. Prints a markdown report."""
import argparse
import http.client
import os
import re
import statistics
import subprocess
import sys
import time

import harness
from harness import cpu_seconds

KEY, SECRET = "AKIDBENCHTIER", "bench-tier-secret-123"


def wait_for(path, pattern, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        match = re.search(pattern, open(path).read())
        if match:
            return match
        time.sleep(0.05)
    raise SystemExit(f"bench/tier: timed out waiting for {pattern} in {path}:\n{open(path).read()}")


def replica(args, name, tier_port):
    env = dict(AWS_ACCESS_KEY_ID=KEY, AWS_SECRET_ACCESS_KEY=SECRET, IMGFRAME_RESULT_TIER="s3://results/tier/",
               IMGFRAME_RESULT_TIER_ENDPOINT=f"http://127.0.0.1:{tier_port}", IMGFRAME_RESULT_TIER_ADDRESSING="path",
               IMGFRAME_RESULT_TIER_CREDENTIALS="env",
               # Derived sources off: every render is of the same original and must decode it.
               IMGFRAME_DERIVED_SOURCES_MAX_BYTES="0")
    return harness.Imgframe(args.work, ["--root", "Samples", "--cache-dir", os.path.join(args.work, f"cache-{name}")], env=env, tag=name,
                            binary=args.binary)


def writes(port, outcome):
    """The replica's imgframe_result_tier_writes_total{outcome=...} (0 before the first)."""
    return harness.metric(harness.metrics(f"http://127.0.0.1:{port}"), f'imgframe_result_tier_writes_total{{outcome="{outcome}"}}')


def batch(port, pid, urls, expected):
    """(latencies in ms, CPU ms per request of pid) for urls, one at a time on one connection."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    latencies = []
    before = cpu_seconds([pid])
    for url in urls:
        start = time.perf_counter()
        connection.request("GET", url)
        response = connection.getresponse()
        body = response.read()
        latencies.append((time.perf_counter() - start) * 1000)
        status = response.getheader("X-Cache")
        if response.status != 200 or status != expected or not body:
            connection.request("GET", "/metrics")
            lookups = [line for line in connection.getresponse().read().decode().splitlines() if line.startswith("imgframe_result_tier_lookups_total{")]
            raise SystemExit(f"bench/tier: {url} answered {response.status} {status}, expected 200 {expected}; {lookups}")
    return latencies, (cpu_seconds([pid]) - before) * 1000 / len(urls)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--rclone", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--count", type=int, default=100)
    args = parser.parse_args()
    os.makedirs(os.path.join(args.work, "tier", "results"))
    rclone_log = os.path.join(args.work, "rclone.log")
    rclone = subprocess.Popen([args.rclone, "serve", "s3", "--config", "/dev/null", "--addr", "127.0.0.1:0", "--auth-key", f"{KEY},{SECRET}", "--dir-cache-time", "100ms",
                               os.path.join(args.work, "tier")], stdout=open(rclone_log, "w"), stderr=subprocess.STDOUT)
    processes = [rclone]
    try:
        tier_port = int(wait_for(rclone_log, r"Starting s3 server on \[http://127\.0\.0\.1:(\d+)").group(1))
        a = replica(args, "a", tier_port)
        processes.append(a.process)
        b = replica(args, "b", tier_port)
        processes.append(b.process)
        a_port, b_port = a.port, b.port
        urls = [f"/img/landscape_4.jpg?w=300&h=200&mode=fill&fmt=jpeg&ph={i}" for i in range(args.count)]
        batch(a_port, a.pid, ["/img/landscape_4.jpg?w=10&fmt=jpeg"], "MISS")  # warm up libvips
        batch(b_port, b.pid, ["/img/landscape_4.jpg?w=11&fmt=jpeg"], "MISS")
        renders, render_cpu = batch(a_port, a.pid, urls, "MISS")
        # Every write landed: the COUNT renders and the two warm-ups, by the replicas' own counters.
        deadline = time.monotonic() + 30
        while sum(writes(port, "written") for port in (a_port, b_port)) < args.count + 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        lost = sum(writes(port, outcome) for port in (a_port, b_port) for outcome in ("failed", "dropped"))
        if lost:
            raise SystemExit(f"bench/tier: {lost} tier writes failed or were dropped")
        rclone_before = cpu_seconds([rclone.pid])
        tier_hits, tier_cpu = batch(b_port, b.pid, urls, "TIER-HIT")
        rclone_cpu = (cpu_seconds([rclone.pid]) - rclone_before) * 1000 / args.count
        local_hits, local_cpu = batch(b_port, b.pid, urls, "HIT")

        def row(name, latencies, cpu):
            q = statistics.quantiles(latencies, n=10)
            return f"| {name} | {statistics.median(latencies):.2f} ms | {q[8]:.2f} ms | {cpu:.2f} ms |"

        report = "\n".join([
            harness.context(f"`COUNT={args.count}`"), "",
            f"{args.count} requests of each, one at a time, a 4032×3024 JPEG → 300×200 fill; the tier is `rclone serve s3` on loopback.", "",
            "| answer | median | p90 | replica CPU per request |",
            "|---|---|---|---|",
            row("render (and write to the tier, after the response)", renders, render_cpu),
            row("tier hit (replica with an empty disk)", tier_hits, tier_cpu),
            row("local hit", local_hits, local_cpu), "",
            f"The tier server's CPU per tier hit: {rclone_cpu:.2f} ms. "
            f"Tier hit / render: latency {statistics.median(tier_hits) / statistics.median(renders):.3f}, "
            f"CPU {tier_cpu / render_cpu:.3f}; tier hit / local hit: latency {statistics.median(tier_hits) / statistics.median(local_hits):.1f}×.",
        ])
        harness.publish("tier", report)
    finally:
        for process in processes:
            process.kill()
            process.wait()


main()
