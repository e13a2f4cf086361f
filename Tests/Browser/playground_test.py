#!/usr/bin/env python3
"""The playground in a real browser: headless Chromium, driven by Selenium, against `imgframe serve
--playground` on an ephemeral loopback port. In /img mode: picks a source, types a chain, waits for
the preview and checks the image's natural size, the plan overlay, the canonical form, the answer an
<img> gets (its Accept header) and the sizes per format; a bad parameter shows its message in place
of the preview. In /view mode: picks a template, changes a parameter and the scale. At 390 CSS pixels
wide (a phone) the preview comes right under the request, on the first screen; at 420 and 360 the
page does not scroll sideways. The layout is checked by DOM geometry (the
overlay lies within the preview's box, below the toolbar, above the caption), and a screenshot of
each scenario is saved for a person to look at.

Usage: playground_test.py [--binary .build/debug/imgframe] [--screenshot PATH] [--shots DIR]
Exits non-zero on failure. `--screenshot docs/playground.png` regenerates the picture of docs/playground.md.
"""
import argparse
import os
import sys
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import browser_support
from browser_support import TIMEOUT, browser, check

CHAIN = "resizable().scaledToFill().frame(width:300,height:200).clipped()"


def start_server(binary, cache):
    """`imgframe serve --playground` over the samples; returns the process and its URL."""
    return browser_support.start_server(
        binary, ["--root", "Samples", "--templates", "Samples/templates", "--cache-dir", cache, "--playground"],
        {"IMGFRAME_COMPAT_THUMBOR": "/_tb", "IMGFRAME_COMPAT_IMGPROXY": "/_ip"}, name="playground test")


# The boxes the layout checks compare, in CSS pixels (a hidden element has none).
GEOMETRY = """
const box = (id) => { const e = document.getElementById(id); if (!e || !e.getClientRects().length) return null;
  const r = e.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height}; };
return {stage: box('stage'), preview: box('preview'), overlay: box('overlay'), toolbar: box('toolbar'), status: box('status'),
  error: box('error'), viewport: window.innerWidth, scrollWidth: document.documentElement.scrollWidth,
  overflow: getComputedStyle(document.getElementById('overlay')).overflow,
  stageOverflow: getComputedStyle(document.getElementById('stage')).overflow};
"""


def inside(inner, outer, slack=0.5):
    return (inner["left"] >= outer["left"] - slack and inner["top"] >= outer["top"] - slack
            and inner["right"] <= outer["right"] + slack and inner["bottom"] <= outer["bottom"] + slack)


class Page:
    """The playground in one browser, with the waits and checks the scenarios share."""

    def __init__(self, driver, shots):
        self.driver = driver
        self.wait = WebDriverWait(driver, TIMEOUT, poll_frequency=0.1)
        self.shots = shots

    def js(self, script):
        return self.driver.execute_script(script)

    def state(self):
        return self.js("return document.body.dataset.state")

    def settled(self, fragment):
        """Waits until the page has answered for a target containing `fragment` (ready or error)."""
        self.wait.until(lambda d: d.execute_script(
            "const b = document.body.dataset;"
            "return b.state !== 'loading' && (b.target || '').includes(arguments[0])", fragment))
        return self.state()

    def ready(self, fragment):
        state = self.settled(fragment)
        check(state == "ready", f"page state is {state} for {fragment!r}: {self.driver.find_element(By.ID, 'error').text}")
        return self.js("const p = document.getElementById('preview'); return [p.naturalWidth, p.naturalHeight]")

    def type_spec(self, text):
        editor = self.driver.find_element(By.ID, "spec")
        editor.clear()
        editor.send_keys(text)

    def geometry(self):
        return self.js(GEOMETRY)

    def viewport(self, width, height):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def shot(self, name):
        """Saves the whole page (the viewport made as tall as the document, then put back) as `name`.png."""
        path = os.path.join(self.shots, name + ".png")
        width, height, full = self.js("return [window.innerWidth, window.innerHeight, document.documentElement.scrollHeight]")
        self.viewport(width, max(height, full))
        self.driver.save_screenshot(path)
        self.viewport(width, height)
        return path

    def check_overlay(self, where):
        """The plan's overlay covers the preview's box and no more, clipped, under the toolbar and above the caption."""
        g = self.geometry()
        check(g["overlay"] and g["preview"], f"{where}: no overlay or preview box: {g}")
        check(inside(g["overlay"], g["preview"]), f"{where}: overlay {g['overlay']} outside the preview {g['preview']}")
        check(g["overflow"] in ("hidden", "clip") and g["stageOverflow"] in ("hidden", "clip"), f"{where}: the overlay is not clipped: {g}")
        check(g["toolbar"]["bottom"] <= g["overlay"]["top"] + 0.5, f"{where}: the overlay reaches over the toolbar: {g}")
        check(g["status"]["top"] >= g["overlay"]["bottom"] - 0.5, f"{where}: the overlay reaches over the caption: {g}")
        return g

    def check_no_sideways_scroll(self, where, width):
        g = self.geometry()
        check(g["viewport"] == width, f"{where}: viewport is {g['viewport']} px wide, expected {width}")
        check(g["scrollWidth"] <= width, f"{where}: the page is {g['scrollWidth']} px wide at {width} px: it scrolls sideways")
        for name in ("stage", "preview", "toolbar", "error"):
            if g[name]:
                check(g[name]["left"] >= -0.5 and g[name]["right"] <= width + 0.5, f"{where}: #{name} {g[name]} leaves the {width} px viewport")
        return g


def image_mode(page, screenshot):
    """A typed chain: the preview's size, the plan, the canonical form, the answer an <img> gets and the sizes per format."""
    driver = page.driver
    Select(driver.find_element(By.ID, "source")).select_by_visible_text("landscape_4.jpg")
    page.type_spec(CHAIN)
    size = page.ready("chain=")
    check(size == [300, 200], f"preview is {size[0]}×{size[1]}, expected 300×200")
    rects = page.js("return document.querySelectorAll('#overlay rect').length")
    check(rects > 0, "the plan overlay has no rects")
    kinds = page.js("return [...new Set([...document.querySelectorAll('#overlay rect')].map(r => r.getAttribute('class')))]")
    check({"canvas", "image"} <= set(kinds), f"overlay draws {kinds}, expected at least canvas and image")
    canonical = driver.find_element(By.ID, "canonical").text
    check("frame(width:300,height:200)" in canonical, f"canonical form is {canonical!r}")
    # Fetched as an <img> asks (Accept names AVIF and WebP), so fmt=auto answers one of them, not JPEG.
    headers = driver.find_element(By.ID, "headers").text
    check(("image/avif" in headers or "image/webp" in headers) and "X-Cache" in headers and "Bytes received" in headers,
          f"response headers shown: {headers!r}")
    check("2x" in driver.find_element(By.ID, "srcset").get_attribute("value"), "no 2x in the srcset")
    page.wait.until(lambda d: d.execute_script("return document.getElementById('formats').dataset.state") == "ready")
    formats = page.js("return [...document.querySelectorAll('#formats tr')].map(r => [r.dataset.format, r.children[1].textContent, +r.children[2].textContent, r.classList.contains('chosen')])")
    check([f[0] for f in formats] == ["jpeg", "webp", "avif", "png"], f"sizes per format: {formats}")
    check(all(f[1] == "image/" + f[0] and f[2] > 0 for f in [(a, b.split(" ")[0], c, d) for a, b, c, d in formats]), f"sizes per format: {formats}")
    check(sum(f[3] for f in formats) == 1, f"one format is marked as the <img> answer: {formats}")
    page.check_overlay("chain")
    if screenshot:
        driver.save_screenshot(screenshot)
    # A plan that reaches outside the canvas (fill without clip): still drawn inside the preview only.
    page.type_spec("w=300&h=200&mode=fill")
    page.ready("mode=fill")
    outside = page.js("const o = document.getElementById('overlay').getBoundingClientRect();"
                      "return [...document.querySelectorAll('#overlay rect.image')].some(r => { const b = r.getBoundingClientRect();"
                      " return b.left < o.left - 1 || b.right > o.right + 1 || b.top < o.top - 1 || b.bottom > o.bottom + 1; })")
    check(outside, "the fill plan's image rect should reach outside the canvas (the case the clipping is for)")
    page.check_overlay("fill without clip")
    page.shot("img-fill-overlay")
    return size, rects, kinds, canonical


def foreign_url(page):
    """An imgproxy and a thumbor URL typed as paths: the preview is their answer, the canonical form the chain they became."""
    driver = page.driver
    page.type_spec("/_tb/unsafe/300x200/top/landscape_4.jpg")
    size = page.ready("/_tb/unsafe/")
    check(size == [300, 200], f"thumbor preview is {size[0]}×{size[1]}, expected 300×200")
    canonical = driver.find_element(By.ID, "canonical").text
    check("frame(width:300,height:200,alignment:.top)" in canonical and "canvas=nearest" in canonical, f"thumbor URL's canonical form is {canonical!r}")
    page.type_spec("/_ip/insecure/rs:fill:300:300/plain/local:///dot_green.png")
    size = page.ready("/_ip/insecure/")
    check(size == [34, 34], f"imgproxy's non-enlarging fill of the 34 px dot is {size[0]}×{size[1]}")
    canonical = driver.find_element(By.ID, "canonical").text
    check("frame(maxWidth:300,maxHeight:300)" in canonical and "propose=image" in canonical, f"imgproxy URL's canonical form is {canonical!r}")
    page.check_overlay("imgproxy URL")
    return canonical


def error_in_place(page):
    """A bad parameter: its JSON message as text where the preview was, no broken image, no overlay."""
    page.type_spec("w=abc")
    state = page.settled("w=abc")
    check(state == "error", f"page state is {state} for w=abc")
    message = page.driver.find_element(By.ID, "error").text
    check(message.startswith("400: ") and "parameter: w" in message, f"error shown: {message!r}")
    g = page.geometry()
    check(g["error"] and g["error"]["height"] > 0, "the error message is not shown")
    check(g["stage"] is None and g["preview"] is None, f"the preview (a broken image) is still shown: {g}")
    page.shot("img-error")
    return message


def view_mode(page):
    """/view: pick a template, change a parameter, renderer options; the preview, plan and URL follow."""
    driver = page.driver
    driver.find_element(By.ID, "mode-view").click()
    Select(driver.find_element(By.ID, "template")).select_by_visible_text("award")
    names = page.js("return [...document.querySelectorAll('#fields input')].map(i => i.dataset.name)")
    check(names == ["name", "date"], f"award's parameter fields: {names}")
    field = driver.find_element(By.CSS_SELECTOR, "#fields input[data-name=name]")
    field.clear()
    field.send_keys("Ana <b>")
    size = page.ready("name=Ana%20%3Cb%3E")
    check(size[0] > 0 and size[1] > 0, f"the award preview is {size}")
    url = driver.find_element(By.ID, "url").get_attribute("value")
    check("/view/award?" in url and "date=date" in url, f"URL is {url!r}")
    check(page.js("return document.querySelectorAll('#fields b, #template-note b').length") == 0, "parameter text became markup")
    Select(driver.find_element(By.ID, "scale")).select_by_visible_text("2")
    doubled = page.ready("scale=2")
    check(doubled == [size[0] * 2, size[1] * 2], f"scale=2 preview is {doubled}, expected twice {size}")
    page.check_overlay("award at scale 2")
    page.shot("view-award")
    # The signin template declares a default: its field starts with it.
    Select(driver.find_element(By.ID, "template")).select_by_visible_text("signin")
    check(page.js("return document.querySelector('#fields input[data-name=name]').value") == "", "signin's name default is ''")
    page.ready("/view/signin")
    return size


def narrow(page, width):
    """No sideways scroll at `width` CSS pixels, in both modes, with a 1200 px wide template and an error shown."""
    driver = page.driver
    page.viewport(width, 1400)
    driver.find_element(By.ID, "mode-view").click()
    Select(driver.find_element(By.ID, "template")).select_by_visible_text("og-card")
    page.ready("/view/og-card")
    page.check_no_sideways_scroll(f"og-card at {width} px", width)
    page.check_overlay(f"og-card at {width} px")
    page.shot(f"view-og-card-{width}")
    driver.find_element(By.CSS_SELECTOR, "input[name=mode][value=img]").click()
    page.type_spec(CHAIN)
    page.ready("chain=")
    page.check_no_sideways_scroll(f"chain at {width} px", width)
    page.check_overlay(f"chain at {width} px")
    page.shot(f"img-chain-{width}")
    page.type_spec("w=abc")
    check(page.settled("w=abc") == "error", "w=abc did not fail")
    page.check_no_sideways_scroll(f"error at {width} px", width)
    page.shot(f"img-error-{width}")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def phone(page):
    """At 390×844 CSS pixels (a phone) the preview is on the first screen, right under the request and
    above its links and answer."""
    driver = page.driver
    page.viewport(390, 844)
    driver.find_element(By.CSS_SELECTOR, "input[name=mode][value=img]").click()
    page.type_spec(CHAIN)
    page.ready("chain=")
    top = page.js("const top = (s) => document.querySelector(s).getBoundingClientRect().top + window.scrollY;"
                  "return {request: top('.request'), stage: top('#stage'), links: top('.links'), answer: top('.answer')}")
    check(top["request"] < top["stage"] < top["links"] < top["answer"], f"at 390 px the order is not request, preview, links, answer: {top}")
    check(top["stage"] < 844 * 0.75, f"at 390 px the preview starts {top['stage']:.0f} px down, past the first screen")
    page.check_no_sideways_scroll("chain at 390 px", 390)
    page.shot("img-chain-phone-390")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return top["stage"]


def run(base, screenshot, shots):
    driver = browser()
    driver.set_page_load_timeout(TIMEOUT)
    page = Page(driver, shots)
    try:
        driver.get(base + "/")
        check(driver.title == "ImageFrame playground", f"title is {driver.title!r}")
        page.wait.until(lambda d: d.execute_script("return document.body.dataset.state") in ("ready", "error"))
        size, rects, kinds, canonical = image_mode(page, screenshot)
        foreign = foreign_url(page)
        message = error_in_place(page)
        award = view_mode(page)
        phone_top = phone(page)
        for width in (420, 360):
            narrow(page, width)
        print(f"playground test: ok (preview {size[0]}×{size[1]}, {rects} plan rects {sorted(kinds)}, canonical {canonical}; "
              f"imgproxy URL as {foreign}; error {message!r}; award {award[0]}×{award[1]}; the preview {phone_top:.0f} px down at 390 px; no sideways scroll at 420 and 360 px; screenshots in {shots})")
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/debug/imgframe")
    parser.add_argument("--screenshot", help="where to save a PNG of the page once the preview is drawn")
    parser.add_argument("--shots", help="folder for the screenshots of each scenario (default: a new temporary folder, kept)")
    arguments = parser.parse_args()
    shots = arguments.shots or tempfile.mkdtemp(prefix="imgframe-playground-shots-")
    os.makedirs(shots, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="imgframe-playground-") as cache:
        process, base = start_server(arguments.binary, cache)
        try:
            run(base, arguments.screenshot, shots)
        except Exception as error:  # every failure, Selenium's timeouts included, is a failed test
            sys.exit(f"playground test: FAILED: {type(error).__name__}: {error}")
        finally:
            process.terminate()
            process.wait(timeout=TIMEOUT)


if __name__ == "__main__":
    main()
