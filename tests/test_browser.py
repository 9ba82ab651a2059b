"""The web lab in a real browser: headless Chromium (Debian's chromium and chromium-driver)
driven by Selenium types a board, asks ``blocks``, switches to German, and takes a
screenshot. Without Chromium the test is skipped with the reason (.ci/run installs it)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest


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


@pytest.fixture(scope="module")
def browser():
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
    # The driver is given: Selenium Manager never downloads a browser or a driver.
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
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


def test_browser_types_a_board_asks_blocks_switches_to_german(browser, url, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(url + "/")
    wait_for(browser, lambda d: d.find_elements(By.ID, "ask-blocks"))
    area = browser.find_element(By.ID, "board")
    area.clear()
    area.send_keys(BOARD)
    browser.find_element(By.ID, "ask-blocks").click()
    wait_for(browser, lambda d: "Legal block declarations" in
             d.find_element(By.ID, "answer").text)
    answer = browser.find_element(By.ID, "answer").text
    assert "Wall of Wood blocks Goblin Raider" in answer
    # the picture is drawn
    wait_for(browser, lambda d: (d.find_element(By.ID, "svg").get_attribute("src") or "")
             .startswith("data:image/svg+xml"))
    # German
    Select(browser.find_element(By.ID, "lang")).select_by_value("de")
    wait_for(browser, lambda d: "Erlaubte Blockdeklarationen" in
             d.find_element(By.ID, "answer").text)
    assert "Wall of Wood blockt Goblin Raider" in browser.find_element(By.ID, "answer").text
    shot = tmp_path / "web-lab.png"
    assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 10_000


def test_browser_shows_bad_input_next_to_the_text(browser, url):
    from selenium.webdriver.common.by import By

    browser.get(url + "/")
    wait_for(browser, lambda d: d.find_elements(By.ID, "ask-attacks"))
    area = browser.find_element(By.ID, "board")
    area.clear()
    area.send_keys("players Alice, Bob\nactive Alice\nAlice:\n  Bears 2/2 flyng\n")
    browser.find_element(By.ID, "ask-attacks").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "error").is_displayed())
    assert browser.find_element(By.ID, "error").text.startswith("line 4, column 13:")


def test_browser_share_link_restores_the_board(browser, url):
    from selenium.webdriver.common.by import By

    browser.get(url + "/")
    wait_for(browser, lambda d: d.find_elements(By.ID, "ask-attacks"))
    area = browser.find_element(By.ID, "board")
    area.clear()
    area.send_keys(BOARD)
    browser.find_element(By.ID, "share").click()
    link = browser.current_url
    assert "#board=" in link
    browser.get("about:blank")
    browser.get(link)
    wait_for(browser, lambda d: d.find_elements(By.ID, "ask-attacks"))
    assert browser.find_element(By.ID, "board").get_attribute("value") == BOARD
