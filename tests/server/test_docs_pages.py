"""The built documentation in a real browser: headless Chromium (Debian's package, driven
by Selenium) shows the pages with pictures at a desktop's and a phone's width.

The HTML documentation is built once (``sphinx-build -b html``; the documentation sessions
check its warnings), then each page below is loaded at 1280 and 390 pixels wide, and:

* the page never scrolls sideways (its width is the window's);
* the pages the pictures teach on have them (each is an inline SVG of the library);
* every picture fits the width of the text, scaled down but never up, except a wide one,
  which keeps a readable width and scrolls sideways inside a box marked as scrolling.

Screenshots of each page at both widths go to ``docs/_build/screenshots``. It needs the
``browser`` extra (Selenium), the ``docs`` extra (Sphinx, furo) and Debian's
``chromium`` and ``chromium-driver``, and skips without them (``nox -s web`` runs it).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

webdriver = pytest.importorskip("selenium.webdriver", reason="the browser extra (Selenium)")
pytest.importorskip("sphinx", reason="the docs extra (Sphinx)")
pytest.importorskip("furo", reason="the docs extra (furo)")
from selenium.webdriver.chrome.service import Service  # noqa: E402

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "_build" / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""Chromium's flags here: headless, and nothing that reaches for a network."""
WIDTHS = {"desktop": 1280, "phone": 390}
PICTURED = {
    "index.html": 2,
    "getting-started.html": 2,
    "cards.html": 2,
    "melds.html": 4,
    "drawing.html": 5,
    "games/scala40.html": 4,
    "games/skarney.html": 4,
    "games/chinchon.html": 4,
}
"""The pages checked, with the fewest pictures each must show."""

_MEASURE = """
const root = document.documentElement;
const pictures = [...document.querySelectorAll('.s40-picture')].map((box) => {
  const svg = box.querySelector('svg');
  const shown = svg.getBoundingClientRect().width;
  return {
    wide: box.classList.contains('s40-wide'),
    natural: Number(svg.getAttribute('width')),
    shown: shown,
    box: box.clientWidth,
    scrolls: box.scrollWidth > box.clientWidth + 1,
    overflow: getComputedStyle(box).overflowX,
    note: getComputedStyle(box, '::before').content,
  };
});
return {page: root.scrollWidth, window: window.innerWidth, pictures: pictures};
"""


@pytest.fixture(scope="module")
def html() -> Iterator[Path]:
    """The HTML documentation, built once into a temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="scala40-docs-"))
    try:
        subprocess.run(
            [sys.executable, "-m", "sphinx", "-q", "-b", "html", "docs", str(folder)],
            cwd=ROOT,
            check=True,
            capture_output=True,
            timeout=1200,
        )
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
        pytest.skip("Debian's chromium and chromium-driver are not installed")
    profile = tempfile.mkdtemp(prefix="scala40-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}", "--hide-scrollbars"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("page", PICTURED)
def test_the_page_fits_and_shows_its_pictures(
    html: Path, browser: Any, page: str, width: str
) -> None:
    pixels = WIDTHS[width]
    browser.set_window_size(pixels, 900)
    browser.get((html / page).as_uri())
    measured = browser.execute_script(_MEASURE)
    assert measured["window"] <= pixels
    assert measured["page"] <= measured["window"], f"{page} scrolls sideways at {pixels} px"
    pictures = measured["pictures"]
    assert len(pictures) >= PICTURED[page]
    for number, picture in enumerate(pictures):
        where = f"{page} at {pixels} px, picture {number}"
        assert picture["shown"] <= picture["natural"] + 1, f"{where}: scaled up"
        if picture["wide"] and picture["scrolls"]:
            # Wider than the text: a readable width, in a scrolling box that says so
            # (the note shows on a phone's width).
            assert picture["overflow"] in ("auto", "scroll"), where
            assert picture["shown"] >= 479, where
            if pixels < 600:
                assert "scroll sideways" in picture["note"], where
        else:
            assert not picture["scrolls"], f"{where}: cut, with no sign that it scrolls"
            assert picture["shown"] <= picture["box"] + 1, where
    SHOTS.mkdir(parents=True, exist_ok=True)
    height = browser.execute_script("return document.documentElement.scrollHeight")
    browser.set_window_size(pixels, min(int(height), 6000))
    name = page.replace("/", "-").removesuffix(".html")
    assert browser.save_screenshot(str(SHOTS / f"docs-{name}-{width}.png"))
