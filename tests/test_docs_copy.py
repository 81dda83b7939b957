"""The documentation's copy buttons copy code a reader can paste.

Each example on a page has a copy button (sphinx-copybutton, configured in docs/conf.py):
it keeps the lines that start with a prompt (``>>>``, ``...``, a shell's ``$``), drops
the prompts, drops the output, and keeps empty lines. Here the newcomer's pages are
copied block by block the same way, and pasted line by line into Python's interactive
prompt (:class:`code.InteractiveConsole`, which ends a compound statement at an empty
line, as the prompt does): no line may fail.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.test_docs_examples import EXTRAS, page_blocks

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PASTED = ("getting-started.rst", "guides/write-a-bot.rst")
"""The pages a newcomer pastes from first: every block must paste without a failure."""


def _settings() -> dict[str, Any]:
    """The ``copybutton_*`` settings of docs/conf.py, read without running it."""
    tree = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id.startswith("copybutton_"):
                found[target.id] = ast.literal_eval(node.value)
    return found


SETTINGS = _settings()


def copied(text: str) -> str:
    """What the copy button puts on the clipboard for a block showing ``text``: with
    the settings of docs/conf.py, the prompt lines without their prompts, and the empty
    lines; the whole text when no line has a prompt; never a final newline."""
    assert SETTINGS["copybutton_prompt_is_regexp"] is True
    prompt = re.compile("^(" + SETTINGS["copybutton_prompt_text"] + ")(.*)")
    lines = text.split("\n")
    kept = []
    prompted = False
    for line in lines:
        found = prompt.match(line)
        if found:
            prompted = True
            kept.append(found.group(2))
        elif not SETTINGS["copybutton_only_copy_prompt_lines"] or not line.strip():
            kept.append(line)
    result = "\n".join(kept) if prompted else text
    return result.removesuffix("\n")


_PASTER = r"""
import code, contextlib, io, json, sys

blocks, hidden = json.load(sys.stdin)
for name in hidden:
    sys.modules[name] = None  # as if the learning extras were absent

failures = []


class Console(code.InteractiveConsole):
    def showtraceback(self):
        failures.append(f"block {self.block}, line {self.line!r}: traceback")
        super().showtraceback()

    def showsyntaxerror(self, filename=None, **kwargs):
        failures.append(f"block {self.block}, line {self.line!r}: syntax error")
        super().showsyntaxerror(filename)


console = Console({"__name__": "__main__"})
printed = io.StringIO()
for number, text in enumerate(blocks):
    console.block = number
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        for line in [*text.split("\n"), ""]:  # the paste, then Enter
            console.line = line
            console.push(line)
print(json.dumps({"failures": failures, "printed": printed.getvalue()[-3000:]}))
"""


@pytest.mark.parametrize("name", PASTED)
def test_a_page_pastes_into_python_block_by_block(name: str, tmp_path: Path) -> None:
    blocks = [copied(block.text) for block in page_blocks((DOCS / name).read_text("utf-8"))]
    assert blocks
    assert not any(">>>" in block for block in blocks)
    done = subprocess.run(
        [sys.executable, "-c", _PASTER],
        input=json.dumps([blocks, list(EXTRAS)]),
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["failures"] == [], result["printed"]


def test_the_copy_keeps_the_code_and_drops_prompts_and_output() -> None:
    shown = (
        ">>> for name in names:\n"
        "...     print(name)\n"
        "...\n"
        "scala40\n"
        "\n"
        ">>> try:\n"
        "...     check()\n"
        "... except Error as error:\n"
        "...     print(error)\n"
        "...\n"
        "Traceback (most recent call last):\n"
        "...\n"
    )
    assert copied(shown) == (
        "for name in names:\n    print(name)\n\n\ntry:\n    check()\n"
        "except Error as error:\n    print(error)\n\n"
    )
    assert copied("$ scala40 check JK\nmeld 1: JK\n") == "scala40 check JK"
    assert copied("git clone x\ncd x\n") == "git clone x\ncd x"


def test_the_copy_button_is_configured_and_installed_with_the_docs() -> None:
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert '"sphinx_copybutton"' in conf
    assert SETTINGS["copybutton_only_copy_prompt_lines"] is True
    assert SETTINGS["copybutton_remove_prompts"] is True
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    docs_extra = pyproject.split("\ndocs = [", 1)[1].split("\n]", 1)[0]
    assert '"sphinx-copybutton' in docs_extra
    # The dev extra brings the docs extra: a fresh checkout's `pip install -e ".[dev]"`
    # builds the documentation.
    dev_extra = pyproject.split("\ndev = [", 1)[1].split("\n]", 1)[0]
    assert "scala40[test,docs]" in dev_extra
