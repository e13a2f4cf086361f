"""The benchmarks' harness, Python side (standard library only; Pillow for `describe`).

Every benchmark in bench/ uses it, the shell ones through bench/lib/harness.sh and the command line
below, the Python ones by import (`sys.path` holds bench/lib):

  platform     enter_platform runs a benchmark in the platform; build_release the release build
  servers      Imgframe(...) starts `imgframe serve` on 127.0.0.1:0 and reads its address; free_port;
               supervise runs a server (thumbor) in its own session and reaps all of it
  /proc        cpu_seconds / cpu_times of processes (every thread, live and exited), tree (a process
               and its descendants), status_kb (VmRSS, VmHWM, Threads), reset_hwm, wait_idle, and
               Memory, the peak RSS of a process tree sampled every 50 ms
  answers      describe (an image's format and pixel size), parse_wrk (wrk's summary), metric (one
               line of imgframe's /metrics)
  docs blocks  every benchmark prints its report as markdown: a line of context (context), then its
               tables and generated sentences. Its block is the text between the lines
               `<!-- bench-NAME -->` and `<!-- /bench-NAME -->` of the one docs/*.md file that holds
               them; with DOCS=1 the benchmark replaces that text with its report (publish). A block
               that is missing, or named twice, is an error, found before the benchmark runs (check).
               A run that fails writes nothing. The file is written whole under a temporary name and
               then renamed over the old.

  harness.py docs check NAME            fail unless exactly one docs/*.md file holds the block bench-NAME
  harness.py docs context [PARAMS]      the context line: date, cores, libvips, imgframe's commit, PARAMS
  harness.py docs publish NAME [FILE]   print the markdown of FILE (or stdin); with DOCS=1 also write it
                                        into the block bench-NAME
  harness.py docs write NAME [FILE]     write the markdown of FILE (or stdin) into the block bench-NAME
  harness.py free-port                  a free TCP port on 127.0.0.1
  harness.py cpu PID...                 "USER SYSTEM": CPU seconds of the processes PID...
  harness.py wait-idle PID...           their CPU seconds once it stops rising
  harness.py tree PID                   PID and its descendants, one a line
  harness.py wrk FILE KEY...            fields of a wrk --latency output (parse_wrk's keys), one a line
  harness.py rss PID OUT SECONDS        sample the memory of PID's tree until SIGTERM (or SECONDS);
                                        writes {"rss_peak_mb", "hwm_mb", "procs"} to OUT
  harness.py supervise PIDFILE -- CMD   run CMD in its own session; on SIGTERM end and reap all of it
"""

import datetime
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DOCS = os.path.join(ROOT, "docs")
SAMPLES = os.path.join(ROOT, "Samples")
BINARY = os.path.join(ROOT, ".build", "release", "imgframe")
TICK = os.sysconf("SC_CLK_TCK")


# --- the platform and the build --------------------------------------------------------------------


def enter_platform(name):
    """Runs bench/NAME in the platform, Debian 13 (scripts/platform), as bench_init does: elsewhere,
    sets it up and runs it again in it (exec), with this process's arguments."""
    os.chdir(ROOT)
    if subprocess.run(["bash", "-c", ". scripts/platform.d/lib.sh && platform_is_here"]).returncode == 0:
        return
    subprocess.run(["scripts/setup"], check=True, stdout=sys.stderr)
    os.execv("scripts/platform", ["scripts/platform", f"bench/{name}"] + sys.argv[1:])


def build_release():
    """The release imgframe, built first unless SKIP_BUILD=1 (as bench_build does)."""
    subprocess.run(["bash", "-c", ". scripts/platform.d/lib.sh && platform_build_release"], cwd=ROOT, check=True)
    return BINARY


# --- servers ---------------------------------------------------------------------------------------


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Imgframe:
    """`imgframe serve --port 0` with its output in FOLDER/imgframe-TAG.out and .err; `base` is its
    http://127.0.0.1:PORT once it listens. `env` is added to this environment; `prefix` goes before
    the command (taskset, prlimit)."""

    def __init__(self, folder, args, env=None, tag="server", binary=BINARY, prefix=(), log_level="warning"):
        self.out, self.err = (os.path.join(folder, f"imgframe-{tag}.{kind}") for kind in ("out", "err"))
        command = [*prefix, binary, "serve", "--port", "0", "--log-level", log_level, *args]
        with open(self.out, "w") as out, open(self.err, "w") as err:
            self.process = subprocess.Popen(command, stdout=out, stderr=err, env=dict(os.environ, **(env or {})))
        self.pid = self.process.pid
        for _ in range(300):
            match = re.search(r"^listening on (http://127\.0\.0\.1:(\d+))", self.text("out"), re.M)
            if match:
                self.base, self.port = match.group(1), int(match.group(2))
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("imgframe did not start: " + self.text("err"))

    def text(self, kind):
        with open(self.out if kind == "out" else self.err, errors="replace") as f:
            return f.read()

    def alive(self):
        return self.process.poll() is None

    def cpu(self):
        """CPU seconds so far, None once it is gone."""
        try:
            return cpu_seconds([self.pid])
        except OSError:
            return None

    def stop(self, kill=False):
        """Ends it (SIGTERM, or SIGKILL) and waits; returns what it wrote on stderr."""
        if self.alive():
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        self.process.wait(timeout=30)
        return self.text("err")


def supervise(pidfile, cmd):
    """Runs cmd in a new session and stays its parent (and, as a subreaper, the parent of whatever it
    forks): on SIGTERM/SIGINT the whole session gets SIGTERM, then SIGKILL after 5 s, and every
    process is reaped, so no orphan or zombie is left behind."""
    import ctypes

    PR_SET_CHILD_SUBREAPER = 36
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass
    child = subprocess.Popen(cmd, start_new_session=True)
    with open(pidfile, "w") as f:
        f.write(f"{child.pid}\n")
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    signal.signal(signal.SIGINT, lambda *_: stop.append(1))
    while not stop and child.poll() is None:
        time.sleep(0.1)
    code = child.poll()
    for sig, wait in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(child.pid, sig)
        except ProcessLookupError:
            pass
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break  # nothing left to reap
            if pid == 0:
                time.sleep(0.05)
        else:
            continue
        break
    sys.exit(code if code is not None and code >= 0 else 0)


# --- /proc -----------------------------------------------------------------------------------------


def _stat(pid):
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()


def cpu_times(pids):
    """(user, system) seconds of the processes pids, all their threads, live and exited."""
    user = system = 0
    for pid in pids:
        fields = _stat(pid)
        user, system = user + int(fields[11]), system + int(fields[12])
    return user / TICK, system / TICK


def cpu_seconds(pids):
    """utime + stime of the processes pids (all threads, live and exited), in seconds."""
    return sum(cpu_times(pids))


def wait_idle(pids, limit=10.0):
    """The CPU time of pids once it stops rising (two reads 200 ms apart agree), at most `limit` s."""
    deadline = time.monotonic() + limit
    last = cpu_seconds(pids)
    while time.monotonic() < deadline:
        time.sleep(0.2)
        now = cpu_seconds(pids)
        if now == last:
            return now
        last = now
    return last


def tree(root):
    """root and all its descendants, from /proc/*/stat."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            ppid = int(_stat(entry)[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    pids, todo = [], [int(root)]
    while todo:
        pid = todo.pop()
        pids.append(pid)
        todo.extend(children.get(pid, []))
    return pids


def status_kb(pid, field):
    """A field of /proc/PID/status as a number (VmRSS, VmHWM in kB; Threads); 0 when unreadable."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def reset_hwm(pids):
    """Resets each process's VmHWM to its current RSS (clear_refs 5), so a run's peak is its own."""
    for pid in pids:
        try:
            with open(f"/proc/{pid}/clear_refs", "w") as f:
                f.write("5")
        except OSError:
            pass


class Memory(threading.Thread):
    """Samples the summed VmRSS of a process tree every 50 ms until finish(), after resetting each
    process's VmHWM. `pids` fixed, or `root` whose tree is read again at every sample."""

    def __init__(self, pids=None, root=None):
        super().__init__(daemon=True)
        self.root, self.fixed = root, pids
        self.peak_kb, self.done = 0, threading.Event()
        reset_hwm(self.pids())

    def pids(self):
        return self.fixed if self.fixed is not None else tree(self.root)

    def sample(self):
        self.peak_kb = max(self.peak_kb, sum(status_kb(p, "VmRSS") for p in self.pids()))

    def run(self):
        while not self.done.wait(0.05):
            self.sample()

    def finish(self):
        """(peak of the summed VmRSS, summed VmHWM, processes), in MiB."""
        self.done.set()
        if self.is_alive():
            self.join()
        self.sample()
        pids = self.pids()
        return round(self.peak_kb / 1024, 1), round(sum(status_kb(p, "VmHWM") for p in pids) / 1024, 1), len(pids)


def rss(root, out, seconds):
    """Samples the memory of root's tree until SIGTERM or `seconds`; writes peak sum of VmRSS and
    summed VmHWM (MiB) to `out`."""
    memory = Memory(root=int(root))
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    memory.start()
    stop.wait(float(seconds))
    peak, hwm, procs = memory.finish()
    with open(out, "w") as f:
        json.dump(dict(rss_peak_mb=peak, hwm_mb=hwm, procs=procs), f)


# --- answers ---------------------------------------------------------------------------------------


def describe(data):
    """'PNG 300x300' for encoded image bytes (decoded with Pillow), or why they are not an image."""
    import io

    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            return f"{image.format} {image.width}x{image.height}"
    except Exception as e:  # noqa: BLE001 - any decoding failure is the answer
        return f"not an image ({type(e).__name__}: {str(e).strip()[:80]}; {len(data)} bytes: {data[:60]!r})"


def milliseconds(text):
    """wrk's '35.00us', '2.39ms', '1.20s', '1.00m' in milliseconds."""
    for unit, factor in (("us", 0.001), ("ms", 1.0), ("s", 1000.0), ("m", 60000.0)):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * factor
    return float(text)


def parse_wrk(text):
    """A wrk (--latency) summary: requests, seconds, rps, non2xx, socket_errors, and the latency's
    avg, p50, p90, p99 in ms (None where wrk printed none)."""
    found = dict(requests=None, seconds=None, rps=None, non2xx=0, socket_errors=0, avg=None, p50=None, p90=None, p99=None)
    for line in text.splitlines():
        words = line.split()
        if " requests in " in line:  # "  1234 requests in 10.00s, 12.3MB read"
            found["requests"], found["seconds"] = int(words[0]), milliseconds(words[3].rstrip(",")) / 1000
        elif line.strip().startswith("Non-2xx or 3xx responses:"):
            found["non2xx"] = int(words[-1])
        elif line.strip().startswith("Socket errors:"):  # connect 0, read 0, write 0, timeout 0
            found["socket_errors"] = sum(int(w.rstrip(",")) for w in words[3::2])
        elif words[:1] == ["Requests/sec:"]:
            found["rps"] = float(words[1])
        elif words[:1] == ["Latency"] and found["avg"] is None:  # "Latency  12.3ms  4.5ms  80ms  75%"
            found["avg"] = milliseconds(words[1])
        elif words[:1] in (["50%"], ["90%"], ["99%"]):
            found["p" + words[0].rstrip("%")] = milliseconds(words[1])
    return found


def metrics(base):
    """imgframe's /metrics as text."""
    with urllib.request.urlopen(base + "/metrics", timeout=10) as answer:
        return answer.read().decode()


def metric(text, name, default=0.0):
    """The value of the line `name value` of a /metrics text (name with its labels, as printed)."""
    for line in text.splitlines():
        key, _, value = line.rpartition(" ")
        if key == name:
            return float(value)
    return default


# --- docs blocks -----------------------------------------------------------------------------------


class BlockError(Exception):
    pass


def markers(name):
    """The opening and closing lines of the block bench-NAME."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
        raise BlockError(f"bad benchmark name {name!r}")
    return f"<!-- bench-{name} -->", f"<!-- /bench-{name} -->"


def find(name):
    """(path, lines, opening index, closing index) of the block bench-NAME; BlockError unless exactly
    one docs/*.md file holds exactly one opening line and, after it, one closing line."""
    opening, closing = markers(name)
    found = []  # (path, lines, opening indices, closing indices) of every file with a marker
    for entry in sorted(os.listdir(DOCS)):
        path = os.path.join(DOCS, entry)
        if not entry.endswith(".md") or not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        opens = [i for i, line in enumerate(lines) if line.strip() == opening]
        closes = [i for i, line in enumerate(lines) if line.strip() == closing]
        if opens or closes:
            found.append((path, lines, opens, closes))
    where = "; ".join(f"{os.path.relpath(p, ROOT)}: {len(o)} opening, {len(c)} closing" for p, _, o, c in found)
    if not found:
        raise BlockError(f"no docs/*.md file has the block {opening} … {closing}")
    if len(found) > 1 or len(found[0][2]) != 1 or len(found[0][3]) != 1:
        raise BlockError(f"the block {opening} … {closing} must be in one docs/*.md file, once ({where})")
    path, lines, (start,), (end,) = found[0]
    if end < start:
        raise BlockError(f"{os.path.relpath(path, ROOT)}: {closing} comes before {opening}")
    return path, lines, start, end


def check(name):
    """Raises BlockError unless the block bench-NAME can be written."""
    find(name)


def write(name, markdown):
    """Replaces the block's text with `markdown` (a blank line on each side); returns the file's path."""
    path, lines, start, end = find(name)
    text = "\n".join(lines[: start + 1] + ["", markdown.strip("\n"), ""] + lines[end:])
    mode = os.stat(path).st_mode & 0o7777
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix="." + os.path.basename(path) + ".", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
    return path


def wanted():
    """Whether this run writes its block (DOCS=1)."""
    return os.environ.get("DOCS", "0") == "1"


def publish(name, markdown):
    """Prints the report; with DOCS=1 also writes it into the block bench-NAME."""
    print(markdown.strip("\n"), flush=True)
    if wanted():
        path = write(name, markdown)
        print(f"bench/{name}: wrote the block bench-{name} of {os.path.relpath(path, ROOT)}", file=sys.stderr, flush=True)


def _output(command):
    try:
        return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def libvips_version():
    """The libvips the platform has ('8.16.1'), from `vips --version` or pkg-config."""
    version = _output(["vips", "--version"]).split("-", 1)[-1].split()[0:1]
    return version[0] if version else _output(["pkg-config", "--modversion", "vips"]) or "unknown"


def context(params=""):
    """'Measured on 2026-11-24: 2 cores, libvips 8.16.1, imgframe 97b274e; `PARAMS`.' The cores are
    those this process may run on (nproc)."""
    cores = len(os.sched_getaffinity(0))
    commit = _output(["git", "rev-parse", "--short", "HEAD"]) or "unknown"
    line = f"Measured on {datetime.date.today().isoformat()}: {cores} cores, libvips {libvips_version()}, imgframe {commit}"
    return line + (f"; {params}." if params else ".")


def _markdown(args):
    if args:
        with open(args[0], encoding="utf-8") as f:
            return f.read()
    return sys.stdin.read()


def _docs(args):
    command, args = (args[0], args[1:]) if args else ("", [])
    try:
        if command == "check" and len(args) == 1:
            check(args[0])
        elif command == "context" and len(args) <= 1:
            print(context(*args))
        elif command == "publish" and len(args) in (1, 2):
            publish(args[0], _markdown(args[1:]))
        elif command == "write" and len(args) in (1, 2):
            print(os.path.relpath(write(args[0], _markdown(args[1:])), ROOT))
        else:
            sys.exit(__doc__)
    except BlockError as e:
        sys.exit(f"bench docs: {e}")


def main(argv):
    command, args = (argv[0], argv[1:]) if argv else ("", [])
    if command == "docs":
        _docs(args)
    elif command == "free-port" and not args:
        print(free_port())
    elif command == "cpu" and args:
        print("%.3f %.3f" % cpu_times(int(p) for p in args))
    elif command == "wait-idle" and args:
        print("%.3f" % wait_idle([int(p) for p in args]))
    elif command == "tree" and len(args) == 1:
        print("\n".join(map(str, tree(args[0]))))
    elif command == "wrk" and len(args) >= 2:
        with open(args[0]) as f:
            found = parse_wrk(f.read())
        print("\n".join("" if found[key] is None else str(found[key]) for key in args[1:]))
    elif command == "rss" and len(args) == 3:
        rss(*args)
    elif command == "supervise" and len(args) >= 3 and args[1] == "--":
        supervise(args[0], args[2:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
