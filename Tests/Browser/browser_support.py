"""What the browser tests share: `imgframe serve` on an ephemeral loopback port, headless Chromium
driven by Selenium, and the check that fails a test."""
import os
import queue
import subprocess
import sys
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

TIMEOUT = 30  # seconds, for the server to start and for each wait in a page


def start_server(binary, arguments, environment=None, name="browser test"):
    """`imgframe serve --port 0 ARGUMENTS` (with `environment` added to a copy of this one's, without
    its IMGFRAME_ settings); returns the process and its URL (from "listening on URL")."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("IMGFRAME_")}
    env.update(environment or {})
    process = subprocess.Popen([binary, "serve", "--port", "0", "--log-level", "warning"] + arguments,
                               stdout=subprocess.PIPE, text=True, env=env)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()
    try:
        while True:
            line = lines.get(timeout=TIMEOUT)
            if line.startswith("listening on "):
                return process, line.split()[-1]
    except queue.Empty:
        process.kill()
        sys.exit(f"{name}: the server did not say 'listening on' within {TIMEOUT} s")


def browser(window="1200,820", scale=1):
    """Headless Chromium with a `window` size in CSS pixels and a device pixel ratio of `scale`."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    # --no-sandbox: the tests may run as root, where Chromium's sandbox refuses to start.
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={window}", f"--force-device-scale-factor={scale}"]:
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))


def check(condition, message):
    if not condition:
        raise AssertionError(message)
