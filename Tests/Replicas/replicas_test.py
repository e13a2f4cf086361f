#!/usr/bin/env python3
"""More than one replica, on loopback: three `imgframe serve` replicas behind nginx as the ingress
(deploy/ingress: a consistent hash of the request URI picks the replica, a dead one is skipped), and
the CDN config (deploy/cdn) in front of that. Checks, with bounded traffic and waits:

1. 300 distinct URLs requested twice through the CDN, then once more past it, are rendered once
   each in total (the sum of the replicas' `imgframe_renders_total`);
2. killing one replica (SIGKILL) under load loses no request, and afterwards at least 2/3 of the URLs
   are still answered from a replica's cache;
3. a rolling restart (SIGTERM, drain, start again, one replica at a time) under load answers every
   request with a 2xx;
4. the shared result tier (`result_tier`, an S3 bucket served by `rclone serve s3` on loopback):
   three fresh replicas sharing it behind their own ingress render the 300 URLs once each and write
   all 300 to it; a 4th replica with an empty disk then serves all 300 with no render of its own
   (every one a tier hit); and a 5th, under load (tier hits and new URLs that must render), answers
   every request with a 2xx when the tier's server is killed partway.

    Tests/Replicas/replicas_test.py --binary .build/debug/imgframe
"""
import argparse
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
URLS = [f"/img/dot_green.png?w={20 + i}&h=20&fmt=png" for i in range(300)]
# The result tier's S3 credentials (rclone ignores access keys shorter than 3 characters).
TIER_KEY, TIER_SECRET = "AKIDREPLICAS", "replicas-secret-123"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port, target, timeout=30):
    """(status, headers) of GET target on 127.0.0.1:port; status 0 when the connection failed."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", target)
        response = connection.getresponse()
        response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}
    except OSError:
        return 0, {}
    finally:
        connection.close()


def wait_until(predicate, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    sys.exit(f"replicas test: timed out waiting for {what}")


def wait_for_log(path, pattern, seconds, what):
    """The first match of pattern in the file at path, waited for."""
    wait_until(lambda: re.search(pattern, open(path).read()), seconds, what)
    return re.search(pattern, open(path).read())


class Replica:
    def __init__(self, binary, index, work, env=None):
        self.binary, self.index, self.env = binary, index, env or {}
        self.port = free_port()
        self.cache = os.path.join(work, f"cache-{index}")
        self.log = os.path.join(work, f"replica-{index}.log")
        self.process = None
        self.metrics_port = None

    def start(self):
        env = dict(os.environ, IMGFRAME_METRICS_LISTEN="127.0.0.1:0", **self.env)
        self.process = subprocess.Popen(
            [self.binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--root", os.path.join(ROOT, "Samples"),
             "--cache-dir", self.cache, "--log-level", "warning"],
            stdout=open(self.log, "w"), stderr=subprocess.STDOUT, env=env)
        wait_until(lambda: "metrics on" in open(self.log).read() or self.process.poll() is not None, 30, f"replica {self.index}")
        match = re.search(r"metrics on http://127\.0\.0\.1:(\d+)", open(self.log).read())
        if not match:
            sys.exit(f"replicas test: replica {self.index} did not start:\n{open(self.log).read()}")
        self.metrics_port = int(match.group(1))

    def renders(self):
        """The replica's imgframe_renders_total (every label summed)."""
        return self.counter("imgframe_renders_total")

    def counter(self, name, outcome=None):
        """The replica's counter `name`, summed over its labels, or only where outcome="…" (0 before the first)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.metrics_port, timeout=10)
        connection.request("GET", "/metrics")
        text = connection.getresponse().read().decode()
        connection.close()
        total = 0.0
        for line in text.splitlines():
            match = re.match(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)$", line)
            if match and match.group(1) == name and (outcome is None or f'outcome="{outcome}"' in (match.group(2) or "")):
                total += float(match.group(3))
        return total

    def stop(self, sig):
        self.process.send_signal(sig)
        try:
            return self.process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            self.process.kill()
            sys.exit(f"replicas test: replica {self.index} did not exit after signal {sig}")


class Load:
    """Requests `targets` round and round from `threads` threads until stopped; counts the answers."""

    def __init__(self, port, targets, threads=4):
        self.port, self.targets = port, targets
        self.statuses = []
        self.lock = threading.Lock()
        self.running = True
        self.threads = [threading.Thread(target=self.run, args=(t, threads)) for t in range(threads)]

    def run(self, offset, step):
        i = offset
        while self.running:
            status, _ = get(self.port, self.targets[i % len(self.targets)])
            with self.lock:
                self.statuses.append(status)
            i += step

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self.running = False
        for thread in self.threads:
            thread.join(timeout=60)

    def failures(self):
        return sum(1 for s in self.statuses if not 200 <= s < 300)


def pass_over(port, targets, header=None, value="HIT"):
    """Requests every target once (8 at a time): (answers that are not 2xx, answers whose `header` is `value`)."""
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda t: get(port, t), targets))
    bad = sum(1 for status, _ in results if not 200 <= status < 300)
    hits = sum(1 for _, headers in results if header and headers.get(header) == value)
    return bad, hits


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/imgframe"))
    parser.add_argument("--rclone", default=os.path.join(ROOT, ".build-venv/bin/rclone"), help="serves the result tier's S3 bucket")
    options = parser.parse_args()
    binary, rclone_binary = os.path.abspath(options.binary), os.path.abspath(options.rclone)
    work = tempfile.mkdtemp(prefix="imgframe-replicas-")
    os.chmod(work, 0o755)  # nginx's workers (not root) reach their state inside it
    replicas = [Replica(binary, i, work) for i in range(3)]
    tier_replicas = []
    rclone = None
    nginx = []
    failed = []

    def check(name, ok, detail):
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}")
        if not ok:
            failed.append(name)

    try:
        for replica in replicas:
            replica.start()
        ingress_port, cdn_port = free_port(), free_port()
        for args in (["deploy/ingress/run", f"127.0.0.1:{ingress_port}", f"{work}/ingress"] + [f"127.0.0.1:{r.port}" for r in replicas],
                     ["deploy/cdn/run", f"127.0.0.1:{cdn_port}", f"127.0.0.1:{ingress_port}", f"{work}/cdn"]):
            subprocess.run(args, cwd=ROOT, check=True)
            nginx.append(os.path.join(args[2] if args[0].endswith("ingress/run") else args[3], "nginx.pid"))
        wait_until(lambda: get(cdn_port, "/healthz", timeout=2)[0] == 200, 20, "the CDN and the ingress")

        # 1. Each URL rendered once across the fleet.
        bad1, _ = pass_over(cdn_port, URLS)
        bad2, cdn_hits = pass_over(cdn_port, URLS, "x-proxy-cache")
        bad3, replica_hits = pass_over(ingress_port, URLS, "x-cache")
        renders = sum(r.renders() for r in replicas)
        check("300 URLs, twice through the CDN and once past it: every answer 2xx", bad1 + bad2 + bad3 == 0, f"{bad1 + bad2 + bad3} not 2xx")
        check("each URL rendered once across 3 replicas", renders == len(URLS),
              f"{renders:.0f} renders for {len(URLS)} URLs ({renders / len(URLS):.2f} per URL); CDN hits {cdn_hits}/300, replica cache hits past the CDN {replica_hits}/300")

        # 2. A replica dies under load.
        survivors = [replicas[0], replicas[2]]
        before = sum(r.renders() for r in survivors)
        owned = replicas[1].renders()  # the URLs the ingress sends to the replica about to die
        with Load(ingress_port, URLS) as load:
            time.sleep(0.5)
            replicas[1].stop(signal.SIGKILL)
            time.sleep(2)
        check("a replica killed under load loses no request", load.failures() == 0, f"{load.failures()} of {len(load.statuses)} requests failed")
        bad, hits = pass_over(ingress_port, URLS, "x-cache")
        moved = sum(r.renders() for r in survivors) - before
        # Consistent hashing moves the dead replica's URLs only: every other URL stays cached where it
        # was. That is 2/3 of them on average; which share a replica holds varies with the ring (each
        # run's ports) and with which 300 URLs, by about ±8 URLs (binomial). A request in flight when the
        # replica died may be retried on another survivor than the one its URL moves to: one more render.
        check("after the loss only the dead replica's URLs are rendered again; the rest stay cached", bad == 0 and hits == len(URLS) and owned <= moved <= owned + 2,
              f"{len(URLS) - moved:.0f}/300 ({(len(URLS) - moved) / len(URLS):.0%}) still cached, the dead replica's {owned:.0f} rendered "
              f"again by the others ({moved:.0f}); {hits}/300 replica cache hits afterwards, {bad} not 2xx")
        replicas[1].start()
        wait_until(lambda: get(replicas[1].port, "/healthz", timeout=2)[0] == 200, 20, "the restarted replica")
        time.sleep(2.5)

        # 3. A rolling restart under load, with new URLs rendering meanwhile.
        fresh = [f"/img/dot_green.png?w={400 + i}&h=30&fmt=png" for i in range(300)]
        with Load(ingress_port, URLS + fresh) as load:
            for replica in replicas:
                code = replica.stop(signal.SIGTERM)
                if code != 0:
                    check(f"replica {replica.index} drains and exits 0", False, f"exit {code}")
                replica.start()
                wait_until(lambda: get(replica.port, "/healthz", timeout=2)[0] == 200, 20, f"replica {replica.index} after its restart")
                # As a rolling update waits for readiness: the ingress takes a replica back once its
                # fail_timeout (2 s, deploy/ingress/run) has passed.
                time.sleep(2.5)
        statuses = sorted({s: load.statuses.count(s) for s in load.statuses if not 200 <= s < 300}.items())
        check("a rolling restart under load answers every request with a 2xx", load.failures() == 0,
              f"{load.failures()} of {len(load.statuses)} requests not 2xx {statuses}")

        # 4. The shared result tier: a bucket on `rclone serve s3`, fresh replicas with empty disks.
        phase_start = time.monotonic()
        tier_dir = os.path.join(work, "tier")
        os.makedirs(os.path.join(tier_dir, "results"))  # the bucket
        rclone_log = os.path.join(work, "rclone.log")
        rclone = subprocess.Popen([rclone_binary, "serve", "s3", "--config", "/dev/null", "--addr", "127.0.0.1:0", "--auth-key", f"{TIER_KEY},{TIER_SECRET}",
                                   # A short listing cache, so an object written a moment ago is found (rclone's default is 5 minutes).
                                   "--dir-cache-time", "100ms", tier_dir], stdout=open(rclone_log, "w"), stderr=subprocess.STDOUT)
        tier_port = int(wait_for_log(rclone_log, r"Starting s3 server on \[http://127\.0\.0\.1:(\d+)", 20, "rclone serve s3").group(1))
        # Every render is written (min_render_time 0ms: these renders are tiny). The lookup timeout is
        # raised from 150ms so that a slow machine's slow lookup cannot turn a tier hit into a render.
        tier_env = {"AWS_ACCESS_KEY_ID": TIER_KEY, "AWS_SECRET_ACCESS_KEY": TIER_SECRET, "IMGFRAME_RESULT_TIER": "s3://results/replicas/",
                    "IMGFRAME_RESULT_TIER_ENDPOINT": f"http://127.0.0.1:{tier_port}", "IMGFRAME_RESULT_TIER_ADDRESSING": "path",
                    "IMGFRAME_RESULT_TIER_CREDENTIALS": "env", "IMGFRAME_RESULT_TIER_MIN_RENDER_TIME": "0ms", "IMGFRAME_RESULT_TIER_TIMEOUT": "2s"}
        fleet = [Replica(binary, f"tier-{i}", work, tier_env) for i in range(3)]
        tier_replicas += fleet
        for replica in fleet:
            replica.start()
        tier_ingress_port = free_port()
        ingress_args = ["deploy/ingress/run", f"127.0.0.1:{tier_ingress_port}", f"{work}/tier-ingress"] + [f"127.0.0.1:{r.port}" for r in fleet]
        subprocess.run(ingress_args, cwd=ROOT, check=True)
        nginx.append(os.path.join(ingress_args[2], "nginx.pid"))
        wait_until(lambda: get(tier_ingress_port, "/healthz", timeout=2)[0] == 200, 20, "the result tier fleet's ingress")

        # 4a. Three replicas behind the URI-hashing ingress render each URL once and write it to the tier.
        bad, _ = pass_over(tier_ingress_port, URLS)
        renders = sum(r.renders() for r in fleet)
        # Writes go after the response, from a background queue: wait for every one to land (or fail).
        start = time.monotonic()
        wait_until(lambda: sum(r.counter("imgframe_result_tier_writes_total", o) for r in fleet for o in ("written", "failed", "dropped")) >= len(URLS),
                   20, "300 writes to the result tier")
        written = sum(r.counter("imgframe_result_tier_writes_total", "written") for r in fleet)
        lost = sum(r.counter("imgframe_result_tier_writes_total", o) for r in fleet for o in ("failed", "dropped"))
        objects = sum(len(files) for _, _, files in os.walk(os.path.join(tier_dir, "results")))
        check("3 replicas sharing a result tier render each URL once and write every render to it",
              bad == 0 and renders == len(URLS) and written == len(URLS) and lost == 0 and objects == len(URLS),
              f"{renders:.0f} renders for {len(URLS)} URLs, {written:.0f} tier writes ({lost:.0f} failed or dropped; waited "
              f"{time.monotonic() - start:.2f}s for them after the last answer), {objects} objects in the bucket, {bad} not 2xx")

        # 4b. A 4th replica with an empty disk serves them all from the tier, rendering none.
        fourth = Replica(binary, "tier-3", work, tier_env)
        tier_replicas.append(fourth)
        fourth.start()
        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(lambda t: get(fourth.port, t), URLS))
        ok = sum(1 for status, _ in answers if status == 200)
        tier_hits = sum(1 for _, headers in answers if headers.get("x-cache") == "TIER-HIT")
        renders = fourth.renders()
        counted = fourth.counter("imgframe_result_tier_lookups_total", "hit")
        others = fourth.counter("imgframe_result_tier_lookups_total") - counted
        check("a 4th replica with an empty disk serves the others' renders from the tier, with no render of its own",
              ok == len(URLS) and renders == 0 and tier_hits == len(URLS) and counted == len(URLS),
              f"{ok}/300 answered 200, {renders:.0f} renders, {tier_hits}/300 X-Cache: TIER-HIT, "
              f"tier lookups {counted:.0f} hit / {others:.0f} otherwise")

        # 4c. The tier's server dies under load: tier hits and new URLs (to render) on a 5th fresh replica.
        fifth = Replica(binary, "tier-4", work, tier_env)
        tier_replicas.append(fifth)
        fifth.start()
        new = [f"/img/dot_green.png?w={20 + i}&h=40&fmt=png" for i in range(300)]
        targets = [url for pair in zip(URLS, new) for url in pair]
        with Load(fifth.port, targets) as load:
            wait_until(lambda: len(load.statuses) >= 100, 20, "100 answers before the result tier is killed")
            hits_before = fifth.counter("imgframe_result_tier_lookups_total", "hit")
            renders_before = fifth.renders()
            answered_before = len(load.statuses)
            rclone.kill()
            rclone.wait(timeout=10)
            wait_until(lambda: len(load.statuses) >= answered_before + 200, 20, "200 answers after the result tier is killed")
        renders_after = fifth.renders() - renders_before
        failing = sum(fifth.counter("imgframe_result_tier_lookups_total", o) for o in ("error", "timeout", "off"))
        statuses = sorted({s: load.statuses.count(s) for s in load.statuses if not 200 <= s < 300}.items())
        check("the result tier's server killed under load: every request still answered with a 2xx",
              load.failures() == 0 and hits_before > 0 and renders_after > 0 and failing > 0,
              f"{load.failures()} of {len(load.statuses)} requests not 2xx {statuses} ({answered_before} before the kill, "
              f"{hits_before:.0f} of them tier hits); after it {renders_after:.0f} renders and {failing:.0f} lookups failed or skipped (error, timeout, off)")
        print(f"     the result tier phase took {time.monotonic() - phase_start:.1f}s")
    finally:
        for pid_file in nginx:
            try:
                os.kill(int(open(pid_file).read()), signal.SIGTERM)
            except (OSError, ValueError):
                pass
        for process in [r.process for r in replicas + tier_replicas] + [rclone]:
            if process and process.poll() is None:
                process.kill()
                process.wait(timeout=10)
        time.sleep(0.3)
        subprocess.run(["rm", "-rf", work])
    if failed:
        sys.exit(f"replicas test: {len(failed)} failed")
    print("replicas test: ok")


if __name__ == "__main__":
    main()
