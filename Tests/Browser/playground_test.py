#!/usr/bin/env python3
"""The playground in a real browser: headless Chromium, driven by Selenium, against `imgframe serve
--playground` on an ephemeral loopback port. Picks a source, types a chain, waits for the preview and
checks the image's natural size, the plan overlay, the canonical form and the response headers.

Usage: playground_test.py [--binary .build/debug/imgframe] [--screenshot PATH]
Exits non-zero on failure. `--screenshot docs/playground.png` regenerates the README's picture.
"""
import argparse
import os
import queue
import subprocess
import sys
import tempfile
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

CHAIN = "resizable().scaledToFill().frame(width:300,height:200).clipped()"
TIMEOUT = 30  # seconds, for the server to start and for each wait in the page


def start_server(binary, cache):
    """`imgframe serve --port 0 --playground`; returns the process and its URL ("listening on URL")."""
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--root", "Samples", "--templates", "Samples/templates",
         "--cache-dir", cache, "--playground", "--log-level", "warning"],
        stdout=subprocess.PIPE, text=True)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()
    try:
        while True:
            line = lines.get(timeout=TIMEOUT)
            if line.startswith("listening on "):
                return process, line.split()[-1]
    except queue.Empty:
        process.kill()
        sys.exit(f"playground test: the server did not say 'listening on' within {TIMEOUT} s")


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    # --no-sandbox: the tests may run as root, where Chromium's sandbox refuses to start.
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1200,820", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def run(base, screenshot):
    driver = browser()
    driver.set_page_load_timeout(TIMEOUT)
    wait = WebDriverWait(driver, TIMEOUT, poll_frequency=0.1)
    try:
        driver.get(base + "/")
        check(driver.title == "ImageFrame playground", f"title is {driver.title!r}")
        wait.until(lambda d: d.execute_script("return document.body.dataset.state") in ("ready", "error"))
        Select(driver.find_element(By.ID, "source")).select_by_visible_text("landscape_4.jpg")
        editor = driver.find_element(By.ID, "spec")
        editor.clear()
        editor.send_keys(CHAIN)
        # Ready for the typed chain: the preview shows the image fetched for exactly this target.
        wait.until(lambda d: d.execute_script(
            "const p = document.getElementById('preview');"
            "return document.body.dataset.state !== 'loading' && (p.dataset.target || '').includes('chain=')"
            " || document.body.dataset.state === 'error'"))
        state = driver.execute_script("return document.body.dataset.state")
        check(state == "ready", f"page state is {state}: {driver.find_element(By.ID, 'error').text}")
        size = driver.execute_script("const p = document.getElementById('preview'); return [p.naturalWidth, p.naturalHeight]")
        check(size == [300, 200], f"preview is {size[0]}×{size[1]}, expected 300×200")
        rects = driver.execute_script("return document.querySelectorAll('#overlay rect').length")
        check(rects > 0, "the plan overlay has no rects")
        kinds = driver.execute_script("return [...new Set([...document.querySelectorAll('#overlay rect')].map(r => r.getAttribute('class')))]")
        check({"canvas", "image"} <= set(kinds), f"overlay draws {kinds}, expected at least canvas and image")
        canonical = driver.find_element(By.ID, "canonical").text
        check("frame(width:300,height:200)" in canonical, f"canonical form is {canonical!r}")
        headers = driver.find_element(By.ID, "headers").text
        check("image/jpeg" in headers and "X-Cache" in headers, f"response headers shown: {headers!r}")
        check("2x" in driver.find_element(By.ID, "srcset").get_attribute("value"), "no 2x in the srcset")
        if screenshot:
            driver.save_screenshot(screenshot)
        print(f"playground test: ok (preview {size[0]}×{size[1]}, {rects} plan rects {sorted(kinds)}, canonical {canonical})")
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/debug/imgframe")
    parser.add_argument("--screenshot", help="where to save a PNG of the page once the preview is drawn")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="imgframe-playground-") as cache:
        process, base = start_server(arguments.binary, cache)
        try:
            run(base, arguments.screenshot)
        except Exception as error:  # every failure, Selenium's timeouts included, is a failed test
            sys.exit(f"playground test: FAILED: {type(error).__name__}: {error}")
        finally:
            process.terminate()
            process.wait(timeout=TIMEOUT)


if __name__ == "__main__":
    main()
