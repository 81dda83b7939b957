"""The package's layers: the contracts declared, and what no contract can say.

scala40 is built in three layers, and imports run one way only:

* the **core** (:data:`CORE`, the modules ``docs/architecture.rst`` names): cards, melds,
  errors, rulesets, the game protocol, legal-move views, move kinds, match formats, the
  state base and views, and their private helpers;
* the **games**: ``scala40.games`` and one subpackage per game; a game imports the core
  and, at most, a shared private game package (``scala40.games._name``), never another
  game and never a tool;
* the **tools** (:data:`TOOLS`): the bots across games and the searches (generic bots,
  ISMCTS, the belief searches), the pictures, tournaments, records, the event feed, the
  command line, the schemas and the adapters; they may import the core, never a game
  (not even for annotations): they reach a game through ``load_game`` and its ``Game``
  record alone.

The server (``scala40_server``, a distribution of its own) stands above them all, and
nothing of the rules imports it. These boundaries are declared as import contracts in
``pyproject.toml`` (``[tool.importlinter]``), which ``lint-imports`` checks
(:func:`test_the_import_contracts_hold`), with Scala 40's own layers (the hand layer,
the values, the table layer, the rules, the analysis, the players); a copy of the rules
that imports the server breaks them
(:func:`test_a_rules_module_importing_the_server_breaks_the_contract`).

What no contract says is held here by hand. Loading a game loads the core and that game
only: no picture and no search (:func:`test_a_game_loads_no_tool`). A notebook picture
(``_repr_svg_``) imports the drawing inside the method, as python-chess does: the one
import inside a function the test allows (:data:`PICTURES`; the contracts ignore these
edges), and the one that runs from the core up to a tool. It runs one way all the same:
the pictures are functions over values, reading what a value shows of itself, and what
a value's ``_repr_svg_`` loads never imports, however far, the value's own module
(:func:`test_a_picture_on_demand_reaches_not_back`), nor makes a cycle
(:func:`test_no_import_cycle_counting_annotations` counts these imports too).

A game's bots are no part of its rules either: they live in the bots layer
(``scala40.bots.NAME``), which finds them by the game's name, and a game package imports
the core alone (the contract ``games-import-only-the-core``, and by hand
:func:`test_a_game_s_rules_import_only_the_core`), however far its imports reach.

The front door ``scala40/__init__.py`` (the facade) sits on top, which import-linter,
reading a package's children, does not see
(:func:`test_only_the_tools_import_the_front_door`). The test also fails on an import
inside a function (a hidden cycle) and on a private name (``_name``) taken from another
module, by import or by attribute.
"""

from __future__ import annotations

import ast
import functools
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scala40.game import BUILTIN_GAMES

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "scala40"

CORE = frozenset(
    {
        "errors", "cards", "melds", "rulesets", "movekinds", "legal", "match", "game",
        "notation", "views", "view_json", "resignation", "deadline", "directory",
        "checks", "history", "schema_parts", "_base", "_moved", "_by_game", "_registry", "_cache", "_compiled", "_format",
        "_rng",
        "_stats", "_wording",
    }
)  # fmt: skip
"""Top-level modules of the core, as ``docs/architecture.rst`` lists them."""
PICTURES = frozenset({"drawing"})
"""The pictures (SVG, the package ``scala40.drawing``), a tool the core's ``_repr_svg_``
methods load on demand."""
SEARCHES = frozenset({"bots"})
"""The bots across games and their searches, one package (``scala40.bots``: the generic
bots, ISMCTS, the belief and its search)."""
TOOLS = (
    PICTURES
    | SEARCHES
    | frozenset(
        {
            "tournament",
            "perft",
            "conformance",
            "records",
            "events",
            "cli",
            "commands",
            "verdicts",
            "__main__",
            "adapters",
            "schemas",
            "texts",
        }
    )
)
"""Top-level modules and packages of the tools layer."""
FACADE = frozenset({"__init__"})
"""The package's front door."""

LAYERS = {"core": 0, "games": 1, "tools": 2, "facade": 3}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "facade"
    top = parts[1]
    if top == "games":
        return "games"
    if top in TOOLS:
        return "tools"
    if len(parts) == 2 and top in FACADE:
        return "facade"
    if top in CORE:
        return "core"
    raise AssertionError(f"{module} is in no layer: add it to CORE or TOOLS")


def _game_of(module: str) -> str | None:
    """The game package a module belongs to (``scala40.games.NAME``), if any."""
    parts = module.split(".")
    return parts[2] if len(parts) >= 3 and parts[1] == "games" else None


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


class _Imports(ast.NodeVisitor):
    """The package imports of one module: where, what, and whether inside a function or
    under ``if TYPE_CHECKING:`` (annotations only)."""

    def __init__(self, module: str) -> None:
        self.module = module
        self.found: list[tuple[int, str, tuple[str, ...], bool, bool]] = []
        self.depth = 0
        self.typing_only = 0
        self.functions: list[str] = []
        self.pictures_on_demand: list[tuple[int, str]] = []

    def _resolve(self, node: ast.ImportFrom) -> str:
        if node.level == 0:
            return node.module or ""
        base = self.module.split(".")
        is_package = MODULES.get(self.module, Path()).name == "__init__.py"
        keep = len(base) - node.level + (1 if is_package else 0)
        prefix = ".".join(base[:keep])
        return f"{prefix}.{node.module}" if node.module else prefix

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.depth += 1
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()
        self.depth -= 1

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self.depth += 1
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()
        self.depth -= 1

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node):
            self.typing_only += 1
            for child in node.body:
                self.visit(child)
            self.typing_only -= 1
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if alias.name.split(".")[0] == "scala40":
                self._add(node.lineno, alias.name, ())

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        target = self._resolve(node)
        if target.split(".")[0] == "scala40":
            self._add(node.lineno, target, tuple(alias.name for alias in node.names))

    def _add(self, line: int, target: str, names: tuple[str, ...]) -> None:
        if self.functions[-1:] == ["_repr_svg_"] and _is_picture(target):
            # A notebook picture loads the drawing when asked, as python-chess does: not
            # a dependency of the module, and no hidden cycle (a picture imports no game).
            self.pictures_on_demand.append((line, target))
            return
        self.found.append((line, target, names, self.depth > 0, self.typing_only > 0))


def _is_picture(module: str) -> bool:
    parts = module.split(".")
    return len(parts) >= 2 and parts[1] in PICTURES


@functools.cache  # each module parsed once for every test of the file (the graph's ~200)
def _tree(module: str) -> ast.Module:
    """The module's syntax tree (read, never changed, by the tests)."""
    return ast.parse(MODULES[module].read_text(encoding="utf-8"))


@functools.cache
def _visited(module: str) -> _Imports:
    """The module's imports, each visited once."""
    visitor = _Imports(module)
    visitor.visit(_tree(module))
    return visitor


def _imports(module: str) -> tuple[tuple[int, str, tuple[str, ...], bool, bool], ...]:
    return tuple(_visited(module).found)


def _targets(target: str, names: tuple[str, ...]) -> list[str]:
    """The modules an import reaches: ``from scala40.games import scala40`` reaches the
    submodule ``scala40.games.scala40``."""
    found = [target]
    for name in names:
        if f"{target}.{name}" in MODULES:
            found.append(f"{target}.{name}")
    return found


def _allowed(source: str, target: str) -> bool:
    source_layer, target_layer = _layer(source), _layer(target)
    if target_layer == "facade" and target != "scala40":
        return source_layer == "facade"
    if target == "scala40":
        # Importing the package itself runs only the facade's core part; only names
        # such as __version__ may be read from it, and only by the tools.
        return source_layer in ("tools", "facade")
    if LAYERS[target_layer] > LAYERS[source_layer]:
        return False
    if source_layer == "games" and target_layer == "games":
        source_game, target_game = _game_of(source), _game_of(target)
        return (
            target_game is None  # the scala40.games package itself
            or target_game == source_game
            or target_game.startswith("_")  # a shared private game package
        )
    return True


def test_the_layers_are_known() -> None:
    layers = {module: _layer(module) for module in MODULES}
    assert not CORE & TOOLS
    top = {module.split(".")[1] for module in MODULES if module.count(".") >= 1}
    assert top - {"games"} - FACADE == CORE | TOOLS, "every top-level module has a layer"
    assert layers["scala40.cards"] == "core"
    assert layers["scala40.game"] == "core"
    assert layers["scala40.games.scala40.engine"] == "games"
    assert layers["scala40.cli"] == "tools"
    assert layers["scala40"] == "facade"
    assert set(layers.values()) <= set(LAYERS)


ROOT = PACKAGE.parent.parent
"""The project's root, where ``pyproject.toml`` declares the import contracts."""


def _lint_imports(*arguments: str, path: str | None = None) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` over the contracts of ``pyproject.toml`` (``[tool.importlinter]``),
    run from the project's root on the packages found first on ``path`` (a ``PYTHONPATH``;
    by default those installed)."""
    pytest.importorskip(
        "importlinter", reason="import-linter (the dev extra) checks the contracts"
    )
    environment = dict(os.environ)
    if path is not None:
        environment["PYTHONPATH"] = path
    return subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command as run; run()",
         "--no-cache", *arguments],
        cwd=ROOT, env=environment, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip


def test_the_import_contracts_hold() -> None:
    """The boundaries ``pyproject.toml`` declares hold (``lint-imports``): the rules import
    nothing of the server; the tools over the games over the core, no tool naming a game;
    the games independent; Scala 40's own layers (the hand, the values, the table, the
    rules, the analysis, the players) run one way."""
    done = _lint_imports()
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout
    for contract in ("rules-import-no-server", "rules-layers", "tools-name-no-game",
                     "games-independent", "scala40-layers"):  # fmt: skip
        assert contract in (ROOT / "pyproject.toml").read_text(encoding="utf-8"), contract


CROSSINGS = {
    "errors.py": "import scala40_server.web.tables\n",
    "cli/check.py": "def later() -> None:\n    from scala40_server.serving import deals\n",
}
"""Imports of the server planted in a copy of the rules: at a module's top, and inside a
function."""


def test_a_rules_module_importing_the_server_breaks_the_contract(tmp_path: Path) -> None:
    """The boundary is held the moment it is crossed: a copy of the rules in which a
    module imports the server (at its top, or inside a function) breaks the contract,
    which names each import."""
    copy = tmp_path / "src"
    shutil.copytree(PACKAGE, copy / "scala40", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(
        ROOT / "server" / "src" / "scala40_server", copy / "scala40_server",
        ignore=shutil.ignore_patterns("__pycache__"),
    )  # fmt: skip
    for module, line in CROSSINGS.items():
        target = copy / "scala40" / module
        target.write_text(target.read_text(encoding="utf-8") + "\n" + line, encoding="utf-8")
    done = _lint_imports("--contract", "rules-import-no-server", path=str(copy))
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    assert "BROKEN" in done.stdout
    assert "scala40.errors -> scala40_server.web.tables" in done.stdout, done.stdout[-2000:]
    assert "scala40.cli.check -> scala40_server.serving" in done.stdout, done.stdout[-2000:]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_only_the_tools_import_the_front_door(module: str) -> None:
    """What no contract says of the package's own ``__init__`` (import-linter reads a
    container's children, not the container): importing ``scala40`` itself runs the
    facade's core part, whose names (``__version__``...) only the tools may read; the
    facade's modules are imported by the facade alone."""
    wrong = []
    for line, target, names, _, _ in _imports(module):
        for reached in _targets(target, names):
            if _layer(reached) == "facade" and not _front_door_allowed(module, reached):
                wrong.append(f"line {line}: {_layer(module)} module imports {reached}")
    assert not wrong, f"{module}: " + "; ".join(wrong)


def _front_door_allowed(source: str, target: str) -> bool:
    if target == "scala40":
        return _layer(source) in ("tools", "facade")
    return _layer(source) == "facade"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_inside_a_function(module: str) -> None:
    hidden = [
        f"line {line}: {target}" for line, target, _, in_function, _ in _imports(module)
        if in_function
    ]  # fmt: skip
    assert not hidden, f"{module} imports inside a function (a hidden cycle): {hidden}"


def _private_definitions(module: str) -> set[str]:
    """The private names a module defines: top-level names and class members."""
    tree = _tree(module)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.startswith("_")
            and node.value.isidentifier()
        ):
            # Slot names and attrs' private fields are declared as strings or annotations.
            names.add(node.value)
    return {name for name in names if _is_private(name)}


# A named tuple's own API starts with an underscore so as not to clash with its fields.
_NAMED_TUPLE_API = frozenset({"_replace", "_asdict", "_fields", "_make", "_field_defaults"})


def _is_private(name: str) -> bool:
    return (
        name.startswith("_")
        and not (name.startswith("__") and name.endswith("__"))
        and name not in _NAMED_TUPLE_API
    )


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_private_name_crosses_modules(module: str) -> None:
    wrong = []
    for line, target, names, _, _ in _imports(module):
        for name in names:
            if _is_private(name) and f"{target}.{name}" not in MODULES:
                wrong.append(f"line {line}: imports {name} from {target}")
    own = _private_definitions(module)
    tree = _tree(module)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _is_private(node.attr)
            and node.attr not in own
            and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
        ):
            wrong.append(f"line {node.lineno}: reads {node.attr} of another module's object")
    assert not wrong, f"{module}: " + "; ".join(wrong)


BUILT_IN_GAMES = frozenset(BUILTIN_GAMES)


@pytest.mark.parametrize(
    "module", sorted(module for module in MODULES if _layer(module) == "tools")
)
def test_a_tool_keeps_no_table_by_game(module: str) -> None:
    """A game's tuning and wording live on its record or its text: no tool keeps a
    dictionary keyed by a game's name (a new game would need an entry in it, and the
    tool would tune games it cannot see)."""
    tree = _tree(module)
    wrong = [
        f"line {node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Dict)
        and any(isinstance(key, ast.Constant) and key.value in BUILT_IN_GAMES for key in node.keys)
    ]
    assert not wrong, f"{module} keeps a table keyed by game names: " + ", ".join(wrong)


def test_every_tool_is_checked_for_games() -> None:
    tools = {module for module in MODULES if _layer(module) == "tools"}
    assert {"scala40.bots", "scala40.tournament", "scala40.records", "scala40.cli"} <= tools
    assert {"scala40.cli.check", "scala40.cli.play", "scala40.adapters.actions"} <= tools
    assert _layer("scala40.bots.generic") == "tools"
    assert _layer("scala40.drawing") == "tools"


def test_the_core_loads_without_games_or_tools() -> None:
    import subprocess
    import sys

    code = (
        "import sys, scala40.cards, scala40.melds, scala40.game\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('scala40.'))\n"
        "print(' '.join(loaded))\n"
        "print('concurrent.futures' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    loaded, pools = result.stdout.splitlines()
    assert all(_layer(name) == "core" for name in loaded.split()), loaded
    assert pools == "False"


ARCHITECTURE = PACKAGE.parent.parent / "docs" / "architecture.rst"


def test_the_docs_name_the_core_the_test_checks() -> None:
    """The layer diagram of ``docs/architecture.rst`` lists the core's modules: those of
    :data:`CORE`, no more and no fewer."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    diagram = text.split("    core ", 1)[1].split("the core never imports", 1)[0]
    named = set(diagram.replace("·", " ").split())
    assert named == CORE, (sorted(named - CORE), sorted(CORE - named))


def test_the_docs_name_the_tools_the_test_checks() -> None:
    """The layer diagram lists the tools' modules and packages: those of :data:`TOOLS`
    (words in parentheses say what one is)."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    diagram = text.split("    tools ", 1)[1].split("│", 1)[0]
    diagram = re.sub(r"\([^)]*\)", " ", diagram)
    named = set(diagram.replace("·", " ").split())
    assert named == TOOLS, (sorted(named - TOOLS), sorted(TOOLS - named))


def _game_modules() -> list[str]:
    return sorted(
        module for module in MODULES if module.count(".") == 2 and _layer(module) == "games"
    )


@pytest.mark.parametrize("game", _game_modules())
def test_a_game_loads_no_tool(game: str) -> None:
    """Importing a game's rules loads the core and the games only: no picture, no search,
    no other tool."""
    import subprocess
    import sys

    code = (
        f"import sys, {game}\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('scala40.'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    loaded = result.stdout.split()
    assert game in loaded
    tools = [name for name in loaded if _layer(name) not in ("core", "games")]
    assert not tools, f"{game} loads {tools}"


LISTING_LINES = 31_500
"""The most lines of the package that listing a Scala 40 and a Chinchón game's legal
moves may load: the rules, their formats and the core, no consumer of them."""

CONSUMERS = (
    "scala40.bots",
    "scala40.adapters",
    "scala40.cli",
    "scala40.texts",
    "scala40.games.scala40.analysis",
    "scala40.games.skarney.analysis",
)
"""What uses the rules and is none of them: the bots, the learning adapters, the command
line and its words, and the games' hand analysis (a tool beside their rules)."""


def test_listing_legal_moves_loads_the_rules_alone() -> None:
    """Listing a Scala 40 and a Chinchón game's legal moves loads at most
    :data:`LISTING_LINES` lines of the package (counted in its source, whichever build
    runs), and listing every game's loads none of :data:`CONSUMERS`."""
    import subprocess
    import sys

    code = (
        "import sys, scala40\n"
        "def loaded(names):\n"
        "    for name in names:\n"
        "        game = scala40.load_game(name)\n"
        "        game.new_game(None, game.default_players, 1).legal_moves()\n"
        "    print(' '.join(sorted(m for m in sys.modules if m.startswith('scala40.'))))\n"
        "loaded(('scala40', 'chinchon'))\n"
        "loaded(scala40.game_names())"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    two, every = result.stdout.splitlines()
    consumers = [name for name in every.split() if name.startswith(CONSUMERS)]
    assert not consumers, consumers
    loaded = ["scala40", *two.split()]
    lines = sum(len(MODULES[name].read_text(encoding="utf-8").splitlines()) for name in loaded)
    assert lines <= LISTING_LINES, lines


@pytest.mark.parametrize("module", sorted(MODULES))
def test_pictures_on_demand_only_in_the_core(module: str) -> None:
    """The one import inside a function: a core value's ``_repr_svg_`` loading a picture."""
    visitor = _visited(module)
    if visitor.pictures_on_demand:
        assert _layer(module) == "core", visitor.pictures_on_demand


@functools.cache
def _import_graph() -> dict[str, frozenset[str]]:
    """Each module's imports of other modules of the package, those under ``if
    TYPE_CHECKING:`` included (an annotation-only import is still a dependency)."""
    return {
        module: frozenset(
            reached
            for _, target, names, _, _ in _imports(module)
            for reached in _targets(target, names)
            if reached in MODULES and reached != module
        )
        for module in MODULES
    }


@functools.cache
def _loading_graph() -> dict[str, frozenset[str]]:
    """:func:`_import_graph` with the pictures a ``_repr_svg_`` loads when a notebook
    asks: every module a module may load, at import or later."""
    return {
        module: targets
        | {target for _, target in _visited(module).pictures_on_demand if target in MODULES}
        for module, targets in _import_graph().items()
    }


@functools.cache
def _runtime_graph() -> dict[str, frozenset[str]]:
    """Each module's imports that run when it is imported: neither under ``if
    TYPE_CHECKING:`` nor inside a function."""
    return {
        module: frozenset(
            reached
            for _, target, names, in_function, typing_only in _imports(module)
            if not (in_function or typing_only)
            for reached in _targets(target, names)
            if reached in MODULES and reached != module
        )
        for module in MODULES
    }


def _imported_by(start: str) -> set[str]:
    """Every module importing ``start`` loads (:func:`_runtime_graph`), ``start`` too."""
    graph = _runtime_graph()
    reached = {start}
    waiting = [start]
    while waiting:
        for target in graph[waiting.pop()] - reached:
            reached.add(target)
            waiting.append(target)
    return reached


@pytest.mark.parametrize("game", _game_modules())
def test_a_game_s_rules_import_only_the_core(game: str) -> None:
    """Importing a game (its rules, its states, its formats) imports the core and the
    games alone, however far: no bot, no observation, no tool (its bots are the bots
    layer's, ``tests/protocol/test_bots_by_name.py`` runs the rules in a fresh
    interpreter and finds no bot loaded)."""
    loaded = {module for module in _imported_by(game) if _layer(module) not in ("core", "games")}
    assert not loaded, f"{game} imports {sorted(loaded)}"


def _reached_from(start: str) -> set[str]:
    """Every module ``start`` loads, however far (:func:`_loading_graph`)."""
    graph = _loading_graph()
    reached: set[str] = set()
    waiting = [start]
    while waiting:
        for target in graph[waiting.pop()]:
            if target not in reached:
                reached.add(target)
                waiting.append(target)
    return reached


PICTURES_ON_DEMAND = sorted(
    (module, target) for module in MODULES for _, target in _visited(module).pictures_on_demand
)
"""Each core module whose values' ``_repr_svg_`` loads a picture, and the picture."""


def test_the_values_have_pictures_on_demand() -> None:
    """The values a notebook shows as pictures: melds, moves, legal moves, states, views."""
    assert {module for module, _ in PICTURES_ON_DEMAND} == {
        "scala40.melds",
        "scala40.movekinds",
        "scala40.legal",
        "scala40._base.state",
        "scala40.views",
    }


@pytest.mark.parametrize(("module", "picture"), PICTURES_ON_DEMAND)
def test_a_picture_on_demand_reaches_not_back(module: str, picture: str) -> None:
    """A value's ``_repr_svg_`` loads a picture, the one import from the core up to a
    tool; that picture, and all it imports in turn (packages' ``__init__`` and
    annotations counted), never reach the value's own module: a meld's, a move's and
    the legal moves' pictures are drawn from their texts (``scala40.drawing._values``),
    and the words they write (``scala40._wording``) take texts and values, never a move
    class. Else a notebook's picture would close an import circle (words -> move kinds
    -> pictures -> words). (Python runs the package's ``__init__`` first, the drawing's
    public face, which imports the values to check its arguments: the method runs once
    the value's module is loaded whole, and what draws the value never needs its class.)"""
    assert picture in MODULES
    assert module not in _reached_from(picture), f"{picture} imports {module} back"


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _top(module: str) -> str:
    """The top-level module or package of the package that ``module`` is in."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def test_no_two_way_tie_between_top_level_packages() -> None:
    """No two top-level modules or packages import each other, even through different
    files (no file cycle, but no layer either: the serving code both servers share is a
    package of its own, the hand's log sits beside the position's text). A notebook
    picture imported inside ``_repr_svg_`` is the one exception (not an import of the
    module's body)."""
    ties: dict[tuple[str, str], list[str]] = {}
    for module, reached in _import_graph().items():
        for target in reached:
            source, destination = _top(module), _top(target)
            if source != destination:
                ties.setdefault((source, destination), []).append(f"{module} -> {target}")
    both = sorted(
        f"{first} <-> {second}: {ties[first, second][0]}; {ties[second, first][0]}"
        for first, second in ties
        if first < second and (second, first) in ties
    )
    assert not both, both


def test_no_import_cycle_counting_annotations() -> None:
    """No module reaches itself through imports, ``TYPE_CHECKING`` ones counted: a game's
    engine, generator and view import its state record, never its state API. A package
    re-exporting its submodules is left out (its ``__init__`` is the front, not a
    dependency of the modules below it); the pictures a ``_repr_svg_`` loads are counted
    (:func:`_loading_graph`)."""
    packages = {module for module, path in MODULES.items() if path.name == "__init__.py"}
    graph = {
        module: {target for target in targets if target not in packages}
        for module, targets in _loading_graph().items()
        if module not in packages
    }
    assert _cycles(graph) == []
