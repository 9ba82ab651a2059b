"""Take the README's pictures of the web lab in headless Chromium:
python scripts/web_lab_picture.py  (needs Debian's chromium and chromium-driver).

docs/web-lab.png         the lab at 1400 px after asking ``combat`` of the example board
docs/web-lab-lesson.png  a lesson (CR-509.1c-1) on a 420 px phone, in German

Each picture carries, in a PNG text chunk, the version of the page it shows (a hash of
mtgcombat/web/static/*); tests/test_readme.py checks that it is the current page."""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

STATIC = ROOT / "mtgcombat" / "web" / "static"
#: The pictures: file name -> (window width, height, the page's fragment, question to ask).
PICTURES = {
    "web-lab.png": (1400, 900, "", "combat"),
    "web-lab-lesson.png": (420, 1500, "#case=CR-509.1c-1&lang=de", None),
}
KEY = "mtgcombat-page"


def page_version() -> str:
    """A hash of the page's files (what the screenshots must show)."""
    h = hashlib.sha256()
    for f in sorted(STATIC.iterdir()):
        if f.is_file():
            h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:16]


def _driver(width: int, height: int):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--hide-scrollbars",
                f"--window-size={max(width, 800)},{height}"):
        options.add_argument(arg)
    if width < 800:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": width, "height": height, "pixelRatio": 1}})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def _settled(driver) -> bool:
    """The answer is there and the picture drawn."""
    return driver.execute_script("""
        const a = document.getElementById('answer'), i = document.getElementById('svg');
        return a.textContent.trim() && !a.querySelector('.pending')
               && i.complete && i.naturalWidth > 0;""")


def take(name: str, url: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    sys.path.insert(0, str(ROOT / "tests"))
    import pngs

    width, height, fragment, question = PICTURES[name]
    driver = _driver(width, height)
    try:
        driver.get(url + "/" + fragment)
        WebDriverWait(driver, 60).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        if question:
            driver.find_element(By.ID, f"ask-{question}").click()
        WebDriverWait(driver, 60).until(_settled)
        time.sleep(0.5)
        png = pngs.with_text(driver.get_screenshot_as_png(), KEY, page_version())
        (ROOT / "docs" / name).write_bytes(png)
        print(f"wrote docs/{name}")
    finally:
        driver.quit()


def main() -> None:
    from mtgcombat.web import start

    server, url = start("127.0.0.1", 0)
    try:
        for name in PICTURES:
            take(name, url)
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
