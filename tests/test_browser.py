"""The web lab in a real browser: headless Chromium (Debian's chromium and chromium-driver)
driven by Selenium, in a wide window (1400 px) and a phone's (420 px), in English and
German: every question asked with its options, the picture and the answer visible (and
checked on a screenshot), tables scrolling instead of wrapping, sentences not understood
shown, the page's own words in the chosen language, the lessons browsed by rule and topic
and opened by their stable links. Without Chromium the tests are skipped with the reason
(.ci/run installs it)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from . import pngs
from .conftest import REPO

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

BOARD = """players Alice, Bob
active Alice

Alice:
  raider: Goblin Raider 2/2 red [Creature — Goblin Warrior]

Bob:
  wall: Wall of Wood 0/3 green [Creature — Wall] "Defender"

attack raider -> Bob
"""

#: A board with every kind of answer: declared attacks, a cumulative upkeep, and a
#: sentence the grammar does not read.
EVERY = """players Alice, Bob
active Alice

Alice:
  raider: Goblin Raider 2/2 red [Creature — Goblin Warrior]
  knight: White Knight 2/2 white [Creature — Human Knight] "First strike"
  Mystic Remora [Enchantment] blue counter age 1 "Cumulative upkeep {1}"
  Lantern [Artifact] "Flip a coin until you lose a flip."

Bob:
  wall: Wall of Wood 0/3 green [Creature — Wall] "Defender"

attack raider -> Bob
attack knight -> Bob
"""

#: Options given for the questions that take them (flag -> value typed on the page).
OPTIONS = {"check": {"--blocks": "wall -> raider"},
           "combat": {"--blocks": "wall -> knight"},
           "explain": {"--about": "combat"},
           "best-blocks": {"--objective": "survive"},
           "draw": {"--blocks": "wall -> raider"}}

#: Words each answer must hold, by language (a check that the answer is the question's).
SAYS = {
    "en": {"attacks": "Legal attack declarations", "blocks": "Legal block declarations",
           "check": "Legal", "damage": "Best", "combat": "Combat of Alice", "turn": "Untap",
           "upkeep": "Mystic Remora", "best-blocks": "Best", "best-attacks": "Best",
           "explain": "Alice", "show": "players Alice, Bob", "draw": "picture above"},
    "de": {"attacks": "Erlaubte Angriffsdeklarationen", "blocks": "Erlaubte Blockdeklarationen",
           "check": "Erlaubt", "damage": "Kampfschadensegment", "combat": "Alice",
           "turn": "Enttappsegment", "upkeep": "Mystic Remora", "best-blocks": "Am besten",
           "best-attacks": "Am besten",
           "explain": "Alice", "show": "players Alice, Bob", "draw": "Bild oben"},
}

#: The page's own words, by language.
LABELS = {"en": {"title": "web lab", "tab-lessons": "Lessons", "share": "Share link"},
          "de": {"title": "Web-Labor", "tab-lessons": "Lektionen", "share": "Link teilen"}}

WIDTHS = {"wide": 1400, "narrow": 420}


def _driver(width: int):
    webdriver = pytest.importorskip("selenium.webdriver",
                                    reason="Selenium is not installed (pip install '.[test]')")
    if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
        pytest.skip("Chromium and ChromeDriver are not installed "
                    "(apt-get install chromium chromium-driver; .ci/run does it)")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                "--window-size=1400,1000"):
        options.add_argument(arg)
    if width < 800:  # a phone's screen: the viewport exactly this wide
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": width, "height": 900, "pixelRatio": 1}})
    # The driver is given: Selenium Manager never downloads a browser or a driver.
    return webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)


@pytest.fixture(scope="module", params=sorted(WIDTHS))
def browser(request):
    driver = _driver(WIDTHS[request.param])
    driver.width_name = request.param
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def wide():
    driver = _driver(1400)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def url():
    from mtgcombat.web import start

    server, base = start("127.0.0.1", 0)
    yield base
    server.shutdown()


def wait_for(driver, check, timeout=60):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(lambda d: check(d))


def _open(driver, url, fragment="", board=None):
    from selenium.webdriver.common.by import By

    driver.get("about:blank")
    driver.get(url + "/" + fragment)
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    if board is not None:
        driver.execute_script("const b = document.getElementById('board'); b.value = arguments[0];"
                              " b.dispatchEvent(new Event('change'));", board)


def _answered(driver) -> str:
    """The answer once it is there (not pending), or the error shown."""
    from selenium.webdriver.common.by import By

    def ready(d):
        if d.find_element(By.ID, "error").is_displayed():
            return "error: " + d.find_element(By.ID, "error").text
        answer = d.find_element(By.ID, "answer")
        if answer.find_elements(By.CSS_SELECTOR, ".pending"):
            return False
        if d.execute_script("return document.body.dataset.drawing"):
            return False  # the picture is on its way
        return answer.text.strip() or False

    from selenium.common.exceptions import TimeoutException

    try:
        return wait_for(driver, ready, 120)
    except TimeoutException:
        state = driver.execute_script(
            "return [document.getElementById('answer-title').textContent,"
            " document.getElementById('answer').textContent]")
        raise AssertionError(f"no answer in 120 s: {state}") from None


def _click(driver, element_id):
    """Click a button (by script: a picture still loading may move it under the mouse)."""
    driver.execute_script("document.getElementById(arguments[0]).click()", element_id)


def _ask(driver, question, options=None):
    from selenium.webdriver.common.by import By

    _click(driver, f"ask-{question}")  # selects it (and asks)
    _answered(driver)
    if options:
        for flag, value in options.items():
            field = driver.find_element(By.CSS_SELECTOR, f'[data-flag="{flag}"]')
            if field.tag_name == "select":
                from selenium.webdriver.support.ui import Select

                Select(field).select_by_value(value)
            else:
                field.clear()
                field.send_keys(value)
        driver.execute_script("document.getElementById('answer').replaceChildren()")
        _click(driver, "ask-go")
    return _answered(driver)


def _visible(driver, element_id) -> bool:
    """The element scrolled into view is on the screen, not covered, inside the page's
    width (nothing wider than a phone's screen)."""
    return driver.execute_script("""
        const e = document.getElementById(arguments[0]);
        e.scrollIntoView({block: 'nearest'});
        const r = e.getBoundingClientRect();
        const w = document.documentElement.clientWidth;
        if (r.width < 50 || r.height < 20 || r.left < -1 || r.right > w + 1) return false;
        const x = r.left + Math.min(r.width / 2, 40), y = r.top + Math.min(r.height / 2, 15);
        // (a picture taller than the window starts above it: look where it is on screen)
        const hit = document.elementFromPoint(x, Math.max(1, Math.min(y, window.innerHeight - 1)));
        return e.contains(hit);""", element_id)


def _language(driver, lang):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element(By.ID, "lang")).select_by_value(lang)
    wait_for(driver, lambda d: d.execute_script("return document.documentElement.lang") == lang)


# -- every question, both languages, both widths --------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de"])
def test_browser_every_question_in_both_languages_and_widths_shows_picture_and_answer(
        browser, url, lang):
    from selenium.webdriver.common.by import By

    _open(browser, url, f"#lang={lang}", EVERY)
    assert browser.execute_script("return document.documentElement.scrollWidth") <= \
        browser.execute_script("return document.documentElement.clientWidth") + 1
    for question in SAYS[lang]:
        text = _ask(browser, question, OPTIONS.get(question))
        assert not text.startswith("error:"), (question, text)
        assert SAYS[lang][question] in text, (question, lang, text[:300])
        assert browser.find_element(By.ID, "answer-title").text == question
        wait_for(browser, lambda d: d.execute_script(
            "const i = document.getElementById('svg'); return i.complete && i.naturalWidth > 0"))
        assert _visible(browser, "svg"), (question, "the picture is not visible")
        assert _visible(browser, "answer"), (question, "the answer is not visible")
        # The page never grows wider than the window: tables scroll inside their box.
        assert browser.execute_script("return document.documentElement.scrollWidth") <= \
            browser.execute_script("return document.documentElement.clientWidth") + 1, question


@pytest.mark.parametrize("lang", ["en", "de"])
def test_browser_screenshot_shows_the_picture_and_the_answer(browser, url, lang):
    from selenium.webdriver.common.by import By

    _open(browser, url, f"#lang={lang}", EVERY)
    _ask(browser, "combat")
    wait_for(browser, lambda d: d.execute_script(
        "const i = document.getElementById('svg'); return i.complete && i.naturalWidth > 0"))
    picture = browser.find_element(By.ID, "picture")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", picture)
    w, h, rows = pngs.pixels(picture.screenshot_as_png)
    red = sum(1 for row in rows[::2] for x in range(0, w * 3, 6)
              if row[x] > 180 and row[x + 1] < 90 and row[x + 2] < 90)
    assert w > 200 and h > 200 and red > 20, ("no attack arrow on the screen", w, h, red)
    answer = browser.find_element(By.ID, "answer")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", answer)
    w, h, rows = pngs.pixels(answer.screenshot_as_png)
    dark = sum(1 for row in rows for x in range(0, w * 3, 3) if sum(row[x:x + 3]) < 240)
    assert dark > 200, ("no text in the answer on the screen", w, h, dark)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_browser_page_labels_are_in_the_chosen_language(browser, url, lang):
    from selenium.webdriver.common.by import By

    _open(browser, url, "", EVERY)
    _language(browser, lang)
    header = browser.find_element(By.TAG_NAME, "header").text
    for words in LABELS[lang].values():
        assert words in header, (lang, words, header)
    _click(browser, "ask-check")
    label = browser.find_element(By.CSS_SELECTOR, 'label[for="opt-blocks"]').text
    assert label == ("Blocks" if lang == "en" else "Blocks")
    damage = browser.find_element(By.CSS_SELECTOR, 'label[for="opt-damage"]').text
    assert damage == ("Damage assignment" if lang == "en" else "Schadenszuweisung")
    # the board is the "Spielfeld", as the German answers call it
    board = browser.find_element(By.CSS_SELECTOR, 'label[for="board"]').text
    assert board.startswith("Board" if lang == "en" else "Spielfeld (")


def test_browser_check_answers_in_words_in_both_languages(wide, url):
    _open(wide, url, "", BOARD)
    assert _ask(wide, "check", {"--blocks": "wall -> raider"}) == "Legal."
    _language(wide, "de")
    assert wait_for(wide, lambda d: _answered(d) == "Erlaubt.")


def test_browser_every_option_of_the_command_line_can_be_given(wide, url):
    from selenium.webdriver.common.by import By

    _open(wide, url, "", EVERY)
    flags = set()
    for question in SAYS["en"]:
        _click(wide, f"ask-{question}")
        flags |= {e.get_attribute("data-flag") for e in
                  wide.find_elements(By.CSS_SELECTOR, "#options [data-flag]")}
    assert {"--attacks", "--blocks", "--damage", "--objective", "--about", "--rules",
            "--limit", "--count", "--time-limit", "--strict"} <= flags
    # --damage of combat is repeated: one line per step.
    _click(wide, "ask-combat")
    assert wide.find_element(By.CSS_SELECTOR, '[data-flag="--damage"]').tag_name == "textarea"


def test_browser_tables_scroll_instead_of_wrapping(browser, url):
    from selenium.webdriver.common.by import By

    _open(browser, url, "", EVERY)
    _ask(browser, "blocks")
    table = browser.find_element(By.CSS_SELECTOR, "#answer .table-wrap")
    assert table.value_of_css_property("overflow-x") == "auto"
    cell = browser.find_element(By.CSS_SELECTOR, "#answer .table-wrap td")
    assert cell.value_of_css_property("white-space") == "nowrap"
    assert browser.execute_script("return document.documentElement.scrollWidth") <= \
        browser.execute_script("return document.documentElement.clientWidth") + 1


def test_browser_shows_sentences_not_understood(wide, url):
    from selenium.webdriver.common.by import By

    for question in ("attacks", "draw"):
        _open(wide, url, "", EVERY)
        _ask(wide, question)
        wait_for(wide, lambda d: d.find_element(By.ID, "notes").is_displayed())
        notes = wide.find_element(By.ID, "not-understood").text
        assert "Lantern" in notes and "Flip a coin until you lose a flip." in notes, question


def test_browser_has_a_favicon(wide, url):
    from urllib.request import urlopen

    _open(wide, url)
    icon = wide.execute_script("return document.querySelector('link[rel=icon]').href")
    with urlopen(icon) as r:
        assert r.headers["Content-Type"] == "image/svg+xml" and b"<svg" in r.read()


def test_browser_shows_bad_input_next_to_the_text(wide, url):
    from selenium.webdriver.common.by import By

    _open(wide, url, "", "players Alice, Bob\nactive Alice\nAlice:\n  Bears 2/2 flyng\n")
    _click(wide, "ask-attacks")
    wait_for(wide, lambda d: d.find_element(By.ID, "error").is_displayed())
    assert wide.find_element(By.ID, "error").text.startswith("line 4, column 13:")


def test_browser_share_link_restores_the_board(wide, url):
    from selenium.webdriver.common.by import By

    _open(wide, url, "", BOARD)
    wide.find_element(By.ID, "share").click()
    link = wide.current_url
    assert "#board=" in link
    wide.get("about:blank")
    wide.get(link)
    wait_for(wide, lambda d: d.find_elements(By.ID, "ask-attacks"))
    assert wide.find_element(By.ID, "board").get_attribute("value") == BOARD


# -- lessons -------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de"])
def test_browser_lessons_browse_by_rule_and_topic_open_ask_and_explain(browser, url, lang):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    _open(browser, url, f"#lessons&lang={lang}")
    wait_for(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#case-list li")) > 100)
    head = browser.find_element(By.CSS_SELECTOR, "#lessons h2").text
    assert head.startswith("Lessons" if lang == "en" else "Lektionen")
    # by rule
    Select(browser.find_element(By.ID, "by-rule")).select_by_value("509.1c")
    items = browser.find_elements(By.CSS_SELECTOR, "#case-list li")
    assert items and all("509.1c" in li.text for li in items)
    # the cases' titles in the chosen language (their title[de])
    first = browser.find_element(By.ID, "case-CR-509.1c-1").text
    assert first == ('"Blocks if able" against menace: both creatures must block' if lang == "en"
                     else "„Blockt, falls möglich“ gegen Bedrohlich: beide Kreaturen müssen blocken")
    # by topic
    Select(browser.find_element(By.ID, "by-topic")).select_by_value("trample")
    items = browser.find_elements(By.CSS_SELECTOR, "#case-list li")
    assert items and any("702.19" in li.text for li in items)
    topic = Select(browser.find_element(By.ID, "by-topic")).first_selected_option.text
    assert topic.startswith("Trample" if lang == "en" else "Trampelschaden")
    # open one
    Select(browser.find_element(By.ID, "by-rule")).select_by_value("509.1c")
    browser.find_element(By.ID, "case-CR-509.1c-1").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "lesson").is_displayed())
    assert "#case=CR-509.1c-1" in browser.current_url
    assert ("menace" if lang == "en" else "Bedrohlich") in \
        browser.find_element(By.ID, "lesson-title").text
    asks = browser.find_element(By.ID, "lesson-asks").text
    assert asks == ("Which block declarations are legal?" if lang == "en"
                    else "Welche Blockdeklarationen sind erlaubt?")
    assert "509.1c" in browser.find_element(By.ID, "lesson-rules").text
    answer = _answered(browser)
    assert ("Legal block declarations: 1" if lang == "en"
            else "Erlaubte Blockdeklarationen: 1") in answer
    wait_for(browser, lambda d: "509.1c" in d.find_element(By.ID, "explanation-text").text)
    assert _visible(browser, "svg") and _visible(browser, "answer")
    # change the board and ask again: without the forced blocker both blocks are legal
    browser.execute_script(
        "const b = document.getElementById('board');"
        "b.value = b.value.replace(/  forced: .*\\n/, '');")
    browser.execute_script("document.getElementById('answer').replaceChildren()")
    _click(browser, "lesson-ask")
    again = _answered(browser)
    assert ("Legal block declarations: 1" if lang == "en"
            else "Erlaubte Blockdeklarationen: 1") in again
    assert "Watchdog" not in again


def test_browser_a_lessons_link_is_stable(wide, url):
    from selenium.webdriver.common.by import By

    _open(wide, url, "#case=CR-702.19b-1&lang=de")
    wait_for(wide, lambda d: d.find_element(By.ID, "lesson").is_displayed())
    assert wide.find_element(By.ID, "lesson-id").text == "CR-702.19b-1"
    assert wide.find_element(By.ID, "lesson-title").text.startswith("Trampelschaden zählt")
    assert wide.find_element(By.ID, "tab-lessons").text == "Lektionen"
    _answered(wide)
    board = wide.find_element(By.ID, "board").get_attribute("value")
    assert "attack" in board
    # a rule's chip leads to the lessons of that rule
    wide.find_element(By.CSS_SELECTOR, "#lesson-rules a.chip").click()
    wait_for(wide, lambda d: d.find_element(By.ID, "lessons").is_displayed()
             and d.find_elements(By.CSS_SELECTOR, "#case-list li"))
    items = wide.find_elements(By.CSS_SELECTOR, "#case-list li")
    assert all("702.19b" in li.text for li in items) and len(items) < 40


def test_browser_after_a_combat_the_picture_is_its_result(wide, url):
    board = (REPO / "examples" / "first-strike.mtg").read_text(encoding="utf-8")
    _open(wide, url, "", board)
    _ask(wide, "combat")

    def result_drawn(d):
        src = d.execute_script("return document.getElementById('svg').src")
        from urllib.parse import unquote

        return 'class="cross"' in unquote(src)  # who died, crossed out

    wait_for(wide, result_drawn, 60)


# -- the screenshots in docs/ -----------------------------------------------------------------
def test_browser_screenshots_in_docs_are_the_current_page(url):
    """Every screenshot scripts/screenshots.py took (docs/images) is rendered again: the
    state of the page it shows (the page's files, the window, the page's text as rendered
    with the answer and the lesson, the picture, the board) must be the one written into
    it."""
    import sys

    _driver(1400).quit()  # skips, saying why, without Chromium
    sys.path.insert(0, str(REPO / "scripts"))
    try:
        import screenshots
    finally:
        sys.path.pop(0)
    stale = []
    for shot in screenshots.SHOTS:
        driver = screenshots.driver_for(shot.width, shot.height, CHROMIUM, DRIVER)
        try:
            png, state = screenshots.render(driver, url, shot)
        finally:
            driver.quit()
        saved = pngs.text((REPO / "docs" / "images" / shot.name).read_bytes())
        if saved.get(screenshots.STATE_KEY) != state:
            stale.append(shot.name)
        # what was just rendered is a real screenshot of the window
        w, h, _ = pngs.pixels(png)
        assert w == shot.width and h > 400, (shot.name, w, h)
    assert not stale, (f"docs/images/{', '.join(stale)} no longer show(s) the current page: "
                       "run `python scripts/screenshots.py`")
