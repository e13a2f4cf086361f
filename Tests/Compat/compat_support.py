"""What the compatibility tests share: a real thumbor (PyPI, PIL engine) and `imgframe serve`, each on
an ephemeral loopback port; a GET with a timeout; decoding an answer with Pillow; PSNR."""
import http.client
import io
import math
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

from PIL import Image, ImageChops

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIMEOUT = 30  # seconds: for a server to start, and for each request


def fail(name, message):
    """Exits non-zero with `name: message` on stderr."""
    sys.exit(f"{name}: {message}")


def free_port():
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url, timeout=TIMEOUT):
    """(status, headers with lower-case names, body) of GET url (http://127.0.0.1:PORT/...); status 0
    and the error as the body when the connection failed or timed out."""
    parts = urllib.parse.urlsplit(url)
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise ValueError(f"loopback only: {url}")
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        connection.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""))
        response = connection.getresponse()
        body = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    except OSError as error:
        return 0, {}, f"{type(error).__name__}: {error}".encode()
    finally:
        connection.close()


def wait_http(url, process, log, name, seconds=TIMEOUT):
    """Waits up to `seconds` for url to answer 200 while `process` lives; else exits with its log."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if get(url, timeout=2)[0] == 200:
            return
        if process.poll() is not None:
            fail(name, f"the server for {url} exited ({process.returncode}):\n{read_log(log)}")
        time.sleep(0.1)
    fail(name, f"no 200 from {url} after {seconds} s:\n{read_log(log)}")


def read_log(path, limit=4000):
    """The last `limit` characters of the file at path ('' when there is none)."""
    try:
        with open(path, errors="replace") as f:
            return f.read()[-limit:]
    except OSError:
        return ""


def start_thumbor(work, key, name="thumbor compat test", python_bin=None):
    """thumbor (this venv's `thumbor`, PIL engine), 1 process on 127.0.0.1 and a free port: file loader
    on Samples/, no storage, no result storage, SECURITY_KEY `key`, ALLOW_UNSAFE_URL, RESPECT_ORIENTATION.
    Waits for its /healthcheck; returns (process, base URL). It runs in a session of its own, so
    stop() ends it and any child it made."""
    bin_dir = python_bin or os.path.dirname(sys.executable)
    thumbor = os.path.join(bin_dir, "thumbor")
    if not os.path.exists(thumbor):
        fail(name, f"no thumbor at {thumbor}: run this with the venv that has thumbor (.build-venv/bin/python)")
    conf = os.path.join(work, "thumbor.conf")
    with open(conf, "w") as f:
        f.write(f"SECURITY_KEY = {key!r}\n"
                "ALLOW_UNSAFE_URL = True\n"
                "RESPECT_ORIENTATION = True\n"
                "LOADER = 'thumbor.loaders.file_loader'\n"
                f"FILE_LOADER_ROOT_PATH = {os.path.join(ROOT, 'Samples')!r}\n"
                "STORAGE = 'thumbor.storages.no_storage'\n"
                "RESULT_STORAGE = None\n")
    port = free_port()
    log = os.path.join(work, "thumbor.log")
    process = subprocess.Popen([thumbor, "--ip", "127.0.0.1", "--port", str(port), "--conf", conf,
                                "--processes", "1", "--log-level", "warning"],
                               stdout=open(log, "w"), stderr=subprocess.STDOUT, start_new_session=True, cwd=work)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(f"{base}/healthcheck", process, log, name)
    except SystemExit:
        stop(process)
        raise
    return process, base


def start_imgframe(binary, arguments, environment=None, name="thumbor compat test"):
    """`imgframe serve --port 0 --log-level warning ARGUMENTS` (with `environment` added to a copy of
    this one's, without its IMGFRAME_ settings); returns the process and its URL (from "listening on URL")."""
    if not os.access(binary, os.X_OK):
        fail(name, f"no imgframe binary at {binary} (build it first)")
    env = {key: value for key, value in os.environ.items() if not key.startswith("IMGFRAME_")}
    env.update(environment or {})
    process = subprocess.Popen([binary, "serve", "--port", "0", "--log-level", "warning"] + arguments,
                               stdout=subprocess.PIPE, text=True, env=env, start_new_session=True)
    lines = queue.Queue()

    def read():
        for output in process.stdout:
            lines.put(output)
        lines.put(None)  # end of its stdout: it exited

    threading.Thread(target=read, daemon=True).start()
    try:
        while True:
            line = lines.get(timeout=TIMEOUT)
            if line is None:
                process.wait(timeout=TIMEOUT)
                fail(name, f"imgframe exited ({process.returncode}) before it said 'listening on' (its stderr is above)")
            if line.startswith("listening on "):
                return process, line.split()[-1].rstrip("/")
    except queue.Empty:
        stop(process)
        fail(name, f"imgframe did not say 'listening on' within {TIMEOUT} s")


def stop(process):
    """SIGTERM to the session of a server this test started (SIGKILL after 10 s), and waits for it."""
    if process is None or process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


def decode(body):
    """(RGB image, format name) of encoded image bytes, transparency composited over white; raises
    ValueError with a short reason when the bytes are not an image Pillow reads."""
    try:
        image = Image.open(io.BytesIO(body))
        image.load()
    except Exception as error:  # noqa: BLE001 - any decoding failure is the answer
        raise ValueError(f"not an image ({type(error).__name__}: {error}; {len(body)} bytes: {body[:80]!r})")
    fmt = image.format
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info) \
            or (image.mode in ("L", "RGB") and "transparency" in image.info):
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        image = Image.alpha_composite(white, rgba)
    return image.convert("RGB"), fmt


def psnr(a, b):
    """PSNR in dB of two RGB images of one size, over all three 8-bit channels; inf when identical."""
    if a.size != b.size:
        raise ValueError(f"sizes differ: {a.size} and {b.size}")
    histogram = ImageChops.difference(a, b).histogram()  # 3 x 256 counts of |a - b|
    squared = sum(count * (i % 256) ** 2 for i, count in enumerate(histogram))
    if squared == 0:
        return math.inf
    mse = squared / (a.size[0] * a.size[1] * 3)
    return 10 * math.log10(255 * 255 / mse)
