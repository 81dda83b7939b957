"""The reference pages match the code: every name a page imports (in its examples, its
code blocks and its autodoc directives) is where the page says, without building the
documentation."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

from scala40.adapters.extras import MissingExtraError

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(path for path in DOCS.rglob("*.rst") if "_build" not in path.parts)

_PROMPT = re.compile(r"^\s*(?:>>> |\.\.\. (?!\w+::)|\$ python -c )?")
_FROM = re.compile(r"^from (scala40[\w.]*) import (\([^)]*\)|[^\n#]+)", re.MULTILINE)
_IMPORT = re.compile(r"^import (scala40[\w.]*)", re.MULTILINE)
_AUTO = re.compile(
    r"^\s*\.\. (auto\w+|currentmodule|module|py:module|py:currentmodule):: *(\S+)", re.MULTILINE
)


def _code(text: str) -> str:
    """The page's lines without doctest prompts and indentation: Python statements start
    their lines, wherever the page shows them."""
    return "\n".join(_PROMPT.sub("", line, count=1).strip() for line in text.splitlines())


def page_imports(text: str) -> list[tuple[str, str]]:
    """Each ``(module, name)`` a page imports (``name`` empty for a module itself)."""
    code = _code(text)
    found: list[tuple[str, str]] = [(module, "") for module in _IMPORT.findall(code)]
    for module, names in _FROM.findall(code):
        for item in names.strip("()").replace("\n", " ").split(","):
            name = item.split(" as ")[0].strip()
            if name:
                found.append((module, "" if name == "*" else name))
    return found


def page_autodoc(text: str) -> list[str]:
    """The dotted names a page's autodoc directives document, read against the module
    the page is in at that point (``currentmodule``, ``automodule``)."""
    current = ""
    targets = []
    for directive, name in _AUTO.findall(text):
        if directive in ("currentmodule", "module", "py:module", "py:currentmodule", "automodule"):
            current = "" if name == "None" else name
            if directive == "automodule":
                targets.append(name)
            continue
        name = name.split("(")[0]
        targets.append(name if name.startswith("scala40") else f"{current}.{name}")
    return targets


class _NeedsAnExtraError(Exception):
    """The name is behind an optional package this install lacks."""


def resolves(dotted: str) -> bool:
    """Whether ``dotted`` names a module or an attribute reached from one (raises
    :class:`_NeedsAnExtraError` where an optional package is missing on the way)."""
    parts = dotted.split(".")
    try:
        for split in range(len(parts), 0, -1):
            try:
                value: object = importlib.import_module(".".join(parts[:split]))
            except ModuleNotFoundError as error:
                if error.name and not error.name.startswith("scala40"):
                    raise _NeedsAnExtraError(error.name) from None
                continue
            for part in parts[split:]:
                if hasattr(value, part):
                    value = getattr(value, part)
                elif _instance_attribute(value, part):
                    break  # autodoc's attribute of each instance, set by __init__
                else:
                    return False
            return True
    except MissingExtraError as error:
        raise _NeedsAnExtraError(str(error)) from None
    return False


def _instance_attribute(owner: object, name: str) -> bool:
    """Whether the class ``owner`` gives its instances an attribute ``name`` (set on
    ``self`` in its code, or annotated)."""
    if not inspect.isclass(owner):
        return False
    if name in getattr(owner, "__annotations__", {}):
        return True
    return any(
        re.search(rf"\bself\.{name}\b\s*(?::[^=]+)?=", inspect.getsource(kind))
        for kind in owner.__mro__
        if kind.__module__.startswith("scala40")
    )


def _missing(dotted: str) -> bool:
    try:
        return not resolves(dotted)
    except _NeedsAnExtraError:
        return False  # an extra's page: checked where the extra is installed (CI's rl job)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(DOCS)))
def test_every_name_a_page_imports_is_there(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    missing = [
        f"from {module} import {name}" if name else f"import {module}"
        for module, name in page_imports(text)
        if _missing(f"{module}.{name}" if name else module)
    ]
    missing += [f"autodoc {target}" for target in page_autodoc(text) if _missing(target)]
    assert missing == []


def test_the_reader_finds_what_pages_import() -> None:
    text = (
        ">>> from scala40.bots import make_bot, play_game as play\n"
        "   >>> from scala40.games.chinchon import (\n"
        "   ...     Ruleset,\n"
        "   ... )\n"
        ".. code-block:: python\n\n   import scala40.cards\n"
        ".. currentmodule:: scala40.bots\n\n.. autofunction:: make_bot\n"
    )
    assert page_imports(text) == [
        ("scala40.cards", ""),
        ("scala40.bots", "make_bot"),
        ("scala40.bots", "play_game"),
        ("scala40.games.chinchon", "Ruleset"),
    ]
    assert page_autodoc(text) == ["scala40.bots.make_bot"]
    assert resolves("scala40.bots.make_bot")
    assert not resolves("scala40.bots.GreedyBot")
