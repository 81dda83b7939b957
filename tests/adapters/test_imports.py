"""The library never imports the learning frameworks unless asked, and says what to install
when they are missing."""

from __future__ import annotations

import subprocess
import sys

from scala40.adapters.extras import MissingExtraError
from scala40.errors import Scala40Error

FRAMEWORKS = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel")


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )


def test_importing_the_library_and_its_games_imports_no_framework() -> None:
    code = (
        "import sys, scala40, scala40.bots, scala40.cli, scala40.tournament\n"
        "from scala40.game import game_names, load_game\n"
        "for name in game_names(): load_game(name)\n"
        "import scala40.adapters, scala40.adapters.actions, scala40.adapters.observations\n"
        "scala40.adapters.ActionEncoding('scala40').num_distinct_actions\n"
        f"print(sorted(name for name in {FRAMEWORKS!r} if name in sys.modules))\n"
    )
    result = _run(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_a_missing_framework_names_the_extra_to_install() -> None:
    for module, names, extra in (
        ("scala40.adapters.pettingzoo", "numpy, gymnasium and pettingzoo", "pettingzoo"),
        ("scala40.adapters.openspiel", "numpy and open_spiel", "openspiel"),
        ("scala40.adapters.gym", "numpy and gymnasium", "gym"),
        ("scala40.adapters.evaluation", "numpy and gymnasium", "gym"),
        ("scala40.adapters.tensors", "numpy", "rl"),
    ):
        code = (
            "import sys\n"
            "sys.modules['numpy'] = None  # as if it were not installed\n"
            "from scala40.adapters.extras import MissingExtraError\n"
            "try:\n"
            f"    import {module}\n"
            "except MissingExtraError as error:\n"
            "    print(error)\n"
        )
        result = _run(code)
        assert result.returncode == 0, result.stderr
        assert names in result.stdout
        assert f'pip install "scala40[{extra}]"' in result.stdout


def test_the_missing_extra_error_is_a_library_and_an_import_error() -> None:
    error = MissingExtraError("this", ("numpy",), "rl")
    assert isinstance(error, Scala40Error)
    assert isinstance(error, ImportError)
    assert error.packages == ("numpy",)
    assert error.extra == "rl"
