"""The game that ``examples/add_a_game.py`` adds (three-card rummy), loaded from its file
once, for the tests that show a new game gets the library's promises and tools."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from scala40.bots import register_bots

PATH = Path(__file__).resolve().parent.parent / "examples" / "add_a_game.py"
MODULE_NAME = "add_a_game"


def load_example() -> ModuleType:
    """The example's module (imported once, its bots given to the bots layer; registering
    its game is left to the caller)."""
    module = sys.modules.get(MODULE_NAME)
    if module is None:
        spec = importlib.util.spec_from_file_location(MODULE_NAME, PATH)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[MODULE_NAME] = module  # attrs and pickle find its classes by module
        spec.loader.exec_module(module)
        register_bots(module.NAME, module.BOTS)  # its bots, found by its name
    return module
