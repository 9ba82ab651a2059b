"""Take the README's picture of the web lab (docs/web-lab.png) in headless Chromium:
python scripts/web_lab_picture.py (needs Debian's chromium and chromium-driver)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from mtgcombat.web import start

    server, url = start("127.0.0.1", 0)
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--window-size=1400,900"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(url + "/")
        WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.ID, "ask-combat"))
        driver.find_element(By.ID, "ask-combat").click()
        WebDriverWait(driver, 30).until(
            lambda d: "Combat damage step" in d.find_element(By.ID, "answer").text)
        time.sleep(0.5)
        driver.save_screenshot(str(ROOT / "docs" / "web-lab.png"))
    finally:
        driver.quit()
        server.shutdown()


if __name__ == "__main__":
    main()
