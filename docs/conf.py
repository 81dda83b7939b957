"""Sphinx configuration for the scala40 documentation."""

from __future__ import annotations

import doctest
import re
import sys
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _package_version
from pathlib import Path

# Document the package in this source tree, installed or not; the docs' own extension.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

# -- Project information ------------------------------------------------------

project = "scala40"
author = "The scala40 authors"
copyright = "2026, The scala40 authors"


def _source_version() -> str:
    """The version written in the package's source (its one place)."""
    text = (Path(__file__).resolve().parent.parent / "src/scala40/__init__.py").read_text()
    match = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if match is None:  # pragma: no cover - the source always has it
        raise RuntimeError("no __version__ in src/scala40/__init__.py")
    return match.group(1)


try:
    release = _package_version("scala40")
except PackageNotFoundError:
    release = _source_version()
version = ".".join(release.split(".")[:2])

# -- General configuration ----------------------------------------------------

extensions = [
    "changelog",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "sphinx_copybutton",
    "walkthrough",
    "grammar",
    "pictures",
    "anchors",
    "strength",
    "endgame",
    "ceilings",
    "serverlimits",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]

autodoc_typehints = "description"
autodoc_member_order = "bysource"


# The examples' output is compared as Python's doctest compares it, exception messages
# included: Sphinx's default flags ignore what follows an exception's name, so a message
# the library no longer gives would pass unseen. tests/test_docs_examples.py runs the pages
# with these flags and checks that a stale message fails them.
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1

# No doctest setup, global or per page: each page's and each docstring's first example
# imports what it uses, so that the examples run as a reader copies them
# (tests/test_docs_examples.py and tests/test_doctests.py run them so, one by one).

# The copy button of each example copies what a reader pastes: the code of the lines with
# a prompt, without the prompt (Python's ``>>>`` and ``...``, a shell's ``$``), and none of
# the output. A bare ``...`` line is an example's blank line (or output's "anything"), and
# copies as an empty line, which ends a block pasted into Python's prompt as it should
# (tests/test_docs_copy.py pastes the pages' examples so).
copybutton_prompt_text = r">>> |\.\.\.(?: |$)|\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True
copybutton_remove_prompts = True

# The documentation is built with ``-n`` (nitpicky) and without intersphinx (the build must
# not need the network), so references to the standard library, the typing machinery and
# third-party packages cannot resolve: ignore them instead of warning.
_BUILTIN_NAMES = (
    "None|True|False|Ellipsis|NotImplemented|object|type|bool|int|float|complex|str|bytes"
    "|bytearray|memoryview|tuple|list|dict|set|frozenset|range|slice|property|classmethod"
    "|staticmethod|BaseException|Exception|[A-Za-z]*Error|[A-Za-z]*Warning|StopIteration"
)
_TYPING_NAMES = (
    "Any|Callable|ClassVar|Final|Generic|Literal|LiteralString|Never|NoReturn|Optional|Self"
    "|TypeAlias|TypeVar|ParamSpec|TypeGuard|TypeIs|Union|Protocol|NamedTuple|TypedDict"
    "|Annotated|Unpack|Required|NotRequired|SupportsIndex|SupportsInt|Hashable|Sized"
    "|Container|Collection|Iterable|Iterator|Generator|Reversible|Sequence|MutableSequence"
    "|Mapping|MutableMapping|Set|AbstractSet|MutableSet|KeysView|ItemsView|ValuesView"
    "|Counter|OrderedDict|defaultdict|deque|Enum|IntEnum|StrEnum|Flag|IntFlag|Path"
    "|Random|Fraction|Decimal|T|T_co|T_contra|K|V|_T|_T_co"
)
_TYPING_PREFIXES = r"typing\.|typing_extensions\.|collections\.abc\.|collections\."
nitpick_ignore_regex = [
    (r"py:.*", rf"(builtins\.)?({_BUILTIN_NAMES})"),
    (r"py:.*", rf"({_TYPING_PREFIXES})?({_TYPING_NAMES})"),
    (r"py:.*", r"(typing|typing_extensions|collections|collections\.abc|abc)\..*"),
    (r"py:.*", r"(enum|types|random|fractions|decimal|pathlib|re|os|io|argparse)\..*"),
    (r"py:.*", r"(sqlite3|http\.server|threading|subprocess|socket|ssl|importlib)\..*"),
    (r"py:.*", r"(attr|attrs)\..*"),
    (r"py:.*", r"scala40\._.*"),
    # A name in a private module, at the top level or in a package (scala40.melds._text).
    (r"py:.*", r"scala40(\.[A-Za-z0-9]+)*\._[A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*"),
    (r"py:.*", r"Card|Rank|Suit|Meld|MeldKind|Ruleset|Hand|HandLog|Deck"),
    # Type variables and names that type annotations give unqualified.
    (r"py:class", r"(scala40(\.[A-Za-z0-9_]+)*\.)?[A-Z]"),
    (r"py:class", r"MoveSet|GameState|PlayerView"),
    # What collections.abc.Mapping's get, items, keys and values say they return, in their
    # docstrings, which a class deriving from it inherits.
    (
        r"py:class",
        r"D\[k\] if k in D, else d\.  d defaults to None\.|a set-like object providing a view "
        r"on D's (items|keys)|an object providing a view on D's values",
    ),
]

# Several games define classes of the same name (GameState, PlayerView, Ruleset): a type
# annotation names one without its module, which Sphinx then finds in every game. The
# pages' own references are always qualified.
suppress_warnings = ["ref.python"]

# -- HTML output --------------------------------------------------------------

html_theme = "furo"
html_title = f"scala40 {release}"
# The style of the library's pictures on the pages (the walkthroughs of the games).
html_static_path = ["_static"]
html_css_files = ["pictures.css"]
