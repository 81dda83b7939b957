# What a type checker reads of this package, written from the game's declaration by
# `python -m tests.regenerate` (scala40.games._knock.stubs): do not edit.

from collections.abc import Mapping
from typing import Any

from scala40.game import Game
from scala40.games._knock import moves as _family
from scala40.games._knock.analysis import has_rumino as has_rumino
from scala40.games._knock.family import KnockGame
from scala40.games._knock.moves import MoveKinds
from scala40.games._knock.shared import *
from scala40.games._knock.state import KnockState
from scala40.games.rumino import rules as rules
from scala40.games.rumino.rules import *
from scala40.movekinds import MoveSet

__all__ = [
    "GAME",
    "KINDS",
    "MOVES",
    "PRESETS",
    "TEXT",
    "Arrangement",
    "CarefulBot",
    "Claim",
    "ClaimMode",
    "Deal",
    "Discard",
    "DrawStock",
    "EliminateAt",
    "GameState",
    "GreedyBot",
    "HandEnd",
    "HandResult",
    "Knock",
    "Layoff",
    "Move",
    "Pass",
    "Phase",
    "PlayerView",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "Ruleset",
    "Showing",
    "TakeDiscard",
    "best_arrangement",
    "has_rumino",
    "least_unmatched",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "parse_move",
]

class DrawStock(_family.DrawStock): ...
class TakeDiscard(_family.TakeDiscard): ...
class Knock(_family.Knock): ...
class Discard(_family.Discard): ...
class Claim(_family.Claim): ...
class Pass(_family.Pass): ...
class Reenter(_family.Reenter): ...
class Retire(_family.Retire): ...
class Deal(_family.Deal): ...
class Restock(_family.Restock): ...
class Resign(_family.Resign): ...
class GameState(KnockState): ...

RUMINO: KnockGame[Any]
GAME: Game
KINDS: MoveKinds
MOVES: MoveSet

def parse_move(
    text: str,
) -> (
    DrawStock
    | TakeDiscard
    | Knock
    | Discard
    | Claim
    | Pass
    | Reenter
    | Retire
    | Deal
    | Restock
    | Resign
): ...
def move_to_dict(
    move: DrawStock
    | TakeDiscard
    | Knock
    | Discard
    | Claim
    | Pass
    | Reenter
    | Retire
    | Deal
    | Restock
    | Resign,
) -> dict[str, Any]: ...
def move_from_dict(
    data: Mapping[str, Any],
) -> (
    DrawStock
    | TakeDiscard
    | Knock
    | Discard
    | Claim
    | Pass
    | Reenter
    | Retire
    | Deal
    | Restock
    | Resign
): ...
def new_game(
    rules: Ruleset | str | None = None,
    players: int = 2,
    seed: int | None = None,
    *,
    auto_chance: bool = True,
    dealer: int | None = None,
) -> GameState: ...
