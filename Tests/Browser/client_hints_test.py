#!/usr/bin/env python3
"""Client Hints in a real browser: headless Chromium at a device pixel ratio of 2, driven by Selenium,
against `imgframe serve` with `client_hints = true` on an ephemeral loopback port. The first visit
to an image URL that sets no scale sends no hints and gets the 1× image; its answer carries
`Accept-CH: Sec-CH-DPR, Sec-CH-Width`, so on the next visit Chromium sends `Sec-CH-DPR: 2` and gets
the image drawn at 2× (twice the pixels, the same points), from the server's cache under the key of
the same URL with `scale=2` written out.

Usage: client_hints_test.py [--binary .build/debug/imgframe]
Exits non-zero on failure.
"""
import argparse
import sys
import tempfile
import urllib.request

from browser_support import TIMEOUT, browser, check, start_server

IMAGE = "/img/landscape_4.jpg?w=120&h=80&mode=fill&fmt=png"


def visit(driver, url):
    """Opens `url` (an image) as a page; the image's natural size in pixels."""
    driver.get(url)
    return tuple(driver.execute_script("const i = document.images[0]; return [i.naturalWidth, i.naturalHeight]"))


def run(base):
    driver = browser(window="800,600", scale=2)
    driver.set_page_load_timeout(TIMEOUT)
    try:
        check(driver.execute_script("return window.devicePixelRatio") == 2, "Chromium's device pixel ratio is not 2")
        first = visit(driver, base + IMAGE)
        check(first == (120, 80), f"the first visit, before Accept-CH, got {first[0]}×{first[1]}; expected the 1× 120×80")
        second = visit(driver, base + IMAGE)
        check(second == (240, 160), f"after Accept-CH Chromium got {second[0]}×{second[1]}; expected 240×160 (Sec-CH-DPR: 2)")
        # The hinted answer is the URL with scale=2 written out: the same entry, already rendered.
        with urllib.request.urlopen(base + IMAGE + "&scale=2", timeout=TIMEOUT) as response:
            cache = response.headers["X-Cache"]
        check(cache == "HIT", f"the URL with scale=2 written out is a {cache}, not the hinted render's HIT")
        print(f"client hints test: ok (first visit {first[0]}×{first[1]}, after Accept-CH {second[0]}×{second[1]}, scale=2 written out: {cache})")
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/debug/imgframe")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="imgframe-client-hints-") as cache:
        process, base = start_server(arguments.binary, ["--root", "Samples", "--cache-dir", cache], {"IMGFRAME_CLIENT_HINTS": "true"},
                                     name="client hints test")
        try:
            run(base)
        except Exception as error:  # every failure, Selenium's timeouts included, is a failed test
            sys.exit(f"client hints test: FAILED: {type(error).__name__}: {error}")
        finally:
            process.terminate()
            process.wait(timeout=TIMEOUT)


if __name__ == "__main__":
    main()
