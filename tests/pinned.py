"""The digests a test module pins in its ``EXPECTED`` mapping, written again from the
code by the one command that writes what a change of format or of game play changes,
``python -m tests.regenerate``: the digests of every game's play
(``tests/protocol/test_digests.py``) and of its observation numbers
(``tests/adapters/test_observation_digests.py``)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["write_expected"]


def write_expected(path: Path, digests: dict[str, str]) -> None:
    """Write ``digests`` as the ``EXPECTED`` mapping of the module at ``path``, one case a
    line, in the order given."""
    text = path.read_text(encoding="utf-8")
    start = text.index("EXPECTED = {\n")
    end = text.index("\n}\n", start) + 3
    lines = "".join(f'    "{case}": "{value}",\n' for case, value in digests.items())
    path.write_text(f"{text[:start]}EXPECTED = {{\n{lines}}}\n{text[end:]}", encoding="utf-8")
