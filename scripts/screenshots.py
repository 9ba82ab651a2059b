"""Take the screenshots of the web lab in docs/images/ again, in headless Chromium:

    python scripts/screenshots.py            (needs Debian's chromium and chromium-driver)
    python scripts/screenshots.py NAME.png   (only these)

Each screenshot is one state of the page (:data:`SHOTS`): a window width (wide 1400 px, a
phone's 420 px), a language, a board and a question asked, or a lesson opened by its link.
Into each PNG the script writes two text chunks:

``mtgcombat-page``        a hash of the page's files (mtgcombat/web/static/*);
``mtgcombat-page-state``  a hash of what the page showed when it was taken: those files, the
                          window, the page's text as rendered (the answer, the lesson, the
                          labels), the picture's SVG and the board in the editor.

tests/test_readme.py checks the first without a browser; tests/test_browser.py renders every
state again in Chromium and checks the second, so a screenshot that is no longer the current
page -- the page changed, or an answer, a picture or a word it shows -- fails the tests
until this script is run again."""

from __future__ import annotations

import hashlib
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

STATIC = ROOT / "mtgcombat" / "web" / "static"
IMAGES = ROOT / "docs" / "images"
CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
KEY = "mtgcombat-page"
STATE_KEY = "mtgcombat-page-state"


@dataclass(frozen=True)
class Shot:
    """One state of the page: the window, the link it is opened by, the board typed into
    the editor (a file of the repository; None: the page's own example or the lesson's),
    and the question asked (None: only what the link opens)."""

    name: str
    width: int
    height: int
    fragment: str
    board: str | None = None
    question: str | None = None
    #: What it shows (the README's alternative text).
    shows: str = ""


SHOTS = (
    Shot("lab-wide-en.png", 1400, 1000, "#lang=en", "examples/first-strike.mtg", "combat",
         "The web lab after a combat: the picture is its result (who died, life before and "
         "after), the answer beside it"),
    Shot("lab-wide-de.png", 1400, 1000, "#lang=de", "examples/first-strike.mtg", "blocks",
         "The web lab in German: the legal block declarations of the same board"),
    Shot("lab-narrow-en.png", 420, 1400, "#lang=en", None, "attacks",
         "The web lab on a phone: the picture first, the answer's table scrolls"),
    Shot("lesson-narrow-de.png", 420, 1500, "#case=CR-509.1c-1&lang=de", None, None,
         "A lesson on a phone, in German: its title, question, rules and explanation, its board drawn"),
    Shot("lessons-wide-de.png", 1400, 900, "#lessons&lang=de&rule=509.1c", None, None,
         "The lessons in German, browsed by rule (509.1c)"),
    Shot("lesson-wide-en.png", 1400, 1000, "#case=CR-702.19b-1&lang=en", None, None,
         "A lesson on trample (702.19b), with the rules it turns on"),
)
BY_NAME = {s.name: s for s in SHOTS}


def page_version() -> str:
    """A hash of the page's files (what the screenshots must show)."""
    h = hashlib.sha256()
    for f in sorted(STATIC.iterdir()):
        if f.is_file():
            h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:16]


def driver_for(width: int, height: int, chromium: str = CHROMIUM, chromedriver: str = DRIVER):
    """Headless Chromium with a window (a phone's viewport when narrower than 800 px)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                "--hide-scrollbars", f"--window-size={max(width, 800)},{height}"):
        options.add_argument(arg)
    if width < 800:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": width, "height": height, "pixelRatio": 1}})
    # The driver is given: Selenium Manager never downloads a browser or a driver.
    driver = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
    # Count the page's requests on their way (see _QUIET).
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _COUNT_FETCHES})
    return driver


_COUNT_FETCHES = """
    window.__inflight = 0;
    const fetch0 = window.fetch.bind(window);
    window.fetch = (...args) => {
      window.__inflight++;
      return fetch0(...args).finally(() => { window.__inflight--; });
    };"""


#: The page as it is shown: its text as rendered (what is hidden, like the closed JSON
#: panel, is not in it), the picture's SVG, the board in the editor and the chosen language
#: (a textarea's and a select's values are not in the text).
_DOCUMENT = """
    return [document.body.innerText, document.getElementById('svg').src,
            document.getElementById('board').value, document.getElementById('lang').value,
            location.hash].join('\\u0000');"""

#: Nothing is on its way: no request, no answer pending, no picture being drawn, the lab's
#: picture loaded.
_QUIET = """
    const i = document.getElementById('svg');
    return document.body.dataset.ready === 'true' && window.__inflight === 0
           && !document.querySelector('.pending')
           && !document.body.dataset.drawing
           && (document.getElementById('lab').hidden || (i.complete && i.naturalWidth > 0));"""


#: The text the window shows (a screenshot is of the window): each text node with a part
#: inside it, in document order -- a lesson added below the fold changes nothing shown.
_VISIBLE = """
    const out = [], H = window.innerHeight, W = window.innerWidth;
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.nodeValue.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (r.width > 0 && r.bottom > 0 && r.top < H && r.right > 0 && r.left < W) {
          out.push(n.nodeValue); break;
        }
      }
    }
    return [out.join('\\u0001'), document.getElementById('svg').src,
            document.getElementById('board').value, document.getElementById('lang').value,
            location.hash].join('\\u0000');"""


def _settled(driver, timeout: float = 90, visible: bool = False) -> str:
    """The document once the page is quiet and stays the same for half a second
    (``visible``: only the text the window shows, :data:`_VISIBLE`)."""
    deadline = time.monotonic() + timeout
    last, since = None, time.monotonic()
    script = _VISIBLE if visible else _DOCUMENT
    while time.monotonic() < deadline:
        now = driver.execute_script(script) if driver.execute_script(_QUIET) else None
        if now is None or now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= 0.5:
            return now
        time.sleep(0.2)
    raise TimeoutError("the page did not settle")


def render(driver, url: str, shot: Shot) -> tuple[bytes, str]:
    """Open the shot's state of the page: its screenshot and the hash of that state."""
    driver.get("about:blank")
    driver.get(url + "/" + shot.fragment)
    deadline = time.monotonic() + 60
    while driver.execute_script("return document.body.dataset.ready") != "true":
        if time.monotonic() > deadline:
            raise TimeoutError("the page did not load")
        time.sleep(0.1)
    if shot.board is not None:
        text = (ROOT / shot.board).read_text(encoding="utf-8")
        _settled(driver)
        driver.execute_script("const b = document.getElementById('board'); b.value = arguments[0];"
                              " b.dispatchEvent(new Event('change'));", text)
    if shot.question:
        _settled(driver)
        driver.execute_script("document.getElementById(arguments[0]).click()",
                              f"ask-{shot.question}")
    _settled(driver)
    driver.execute_script("window.scrollTo(0, 0)")
    document = _settled(driver, visible=True)
    png = driver.get_screenshot_as_png()
    h = hashlib.sha256()
    for part in (page_version(), f"{shot.width}x{shot.height}", document):
        h.update(part.encode("utf-8") + b"\0")
    return png, h.hexdigest()[:16]


def main(names: list[str]) -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    import pngs

    from mtgcombat.web import start

    shots = [BY_NAME[n] for n in names] if names else list(SHOTS)
    IMAGES.mkdir(parents=True, exist_ok=True)
    server, url = start("127.0.0.1", 0)
    try:
        for shot in shots:
            driver = driver_for(shot.width, shot.height)
            try:
                png, state = render(driver, url, shot)
            finally:
                driver.quit()
            png = pngs.with_text(pngs.with_text(png, STATE_KEY, state), KEY, page_version())
            (IMAGES / shot.name).write_bytes(png)
            print(f"wrote docs/images/{shot.name} ({state})")
    finally:
        server.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
