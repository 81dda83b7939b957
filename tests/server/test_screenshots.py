"""The web table's screenshots that the docs and the README show
(``docs/_static/web/``): each committed, a PNG of a desktop's or a phone's width, and
small. The browser test (``nox -s web``) writes them, checking as it does what each must
show (Skarney's contract and partner, the Spanish pack's names, no text under 12 px on
the phone); this test needs no browser, so it runs with the rest of the suite.
"""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "_static" / "web"
WIDTHS = {"desktop": 1280, "phone": 390}
PICTURES = (
    *(f"{game}-{width}.png" for game in ("scala40", "skarney", "chinchon") for width in WIDTHS),
    "hand-end-desktop.png",
    "hand-end-phone.png",
    "lobby-phone.png",
)
MAX_BYTES = 300_000
"""The largest a screenshot may be: the docs and the package index load them all."""


@pytest.mark.parametrize("name", PICTURES)
def test_a_screenshot_is_a_small_png_of_its_width(name: str) -> None:
    data = (SHOTS / name).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{name} is not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    assert width == WIDTHS[name.rsplit("-", 1)[1].removesuffix(".png")]
    assert height > 0
    assert len(data) <= MAX_BYTES, f"{name} is {len(data)} bytes"


def test_the_docs_show_every_screenshot() -> None:
    docs = (SHOTS.parents[1] / "web.rst").read_text(encoding="utf-8")
    missing = [name for name in PICTURES if f"_static/web/{name}" not in docs]
    assert missing == []
