"""A knock game's state names every problem of its fields (``problems()``), whatever the
field: each case below spoils one field of a state reached in play and expects the
problem that names it (C-STATE; the loaders and ``validate`` rely on it)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from scala40.errors import InvalidStateError
from scala40.game import load_game
from scala40.games._knock.phases import HandEnd, Phase, Showing
from scala40.games._knock.state import KnockState

ELIMINATION: dict[str, dict[str, Any]] = {
    "chinchon": {"end_mode": "elimination", "reentry": 1, "target": 40},
    "laconga": {"eliminate_at": 30, "reentry": 1},
    "rumino": {},
}


def _reach(name: str, found: Callable[[Any], bool], players: int = 3) -> Any:
    """The first state of seeded random games of ``name`` (with eliminations and
    re-entries) for which ``found`` holds."""
    game = load_game(name)
    rules = game.ruleset_type.default().replace(**ELIMINATION[name])
    for seed in range(20):
        chooser = random.Random(seed)
        state = game.new_game(rules, players, seed)
        for _ in range(3000):
            if found(state):
                return state
            if state.is_over:
                break
            legal = state.legal_moves()
            state = state.apply(legal[chooser.randrange(len(legal))])
    raise AssertionError(f"no {name} game reached the state wanted")


def _after_a_hand(state: Any) -> bool:
    return state.last_hand is not None and state.phase is Phase.DRAW


def _shown(state: Any) -> Any:
    """The last hand's showings, the closer's first."""
    return state.last_hand.shown


def _hand(state: Any, **changes: Any) -> Any:
    return attrs.evolve(state, last_hand=attrs.evolve(state.last_hand, **changes))


CASES: list[tuple[str, Callable[[Any], bool], Callable[[Any], Any], str]] = [
    ("chinchon", lambda s: s.phase is Phase.DRAW, lambda s: attrs.evolve(s, stock=("7S",)),
     "stock must be a tuple of cards"),
    ("chinchon", lambda s: s.phase is Phase.DRAW, lambda s: attrs.evolve(s, phase="draw"),
     "phase must be a Phase"),
    ("chinchon", lambda s: s.phase is Phase.DRAW, lambda s: attrs.evolve(s, taken=999),
     "taken must be a card or None"),
    ("chinchon", lambda s: s.phase is Phase.DRAW, lambda s: attrs.evolve(s, auto_chance=1),
     "auto_chance must be True or False"),
    ("chinchon", lambda s: s.phase is Phase.DRAW, lambda s: attrs.evolve(s, rng=-1),
     "rng must be an integer of 64 bits"),
    ("chinchon", lambda s: s.phase is Phase.DRAW, lambda s: attrs.evolve(s, last_hand="x"),
     "last_hand must be a HandResult or None"),
    ("chinchon", lambda s: s.phase is Phase.DRAW, lambda s: attrs.evolve(s, winners=(0,)),
     "the game has winners but is not over"),
    ("chinchon", lambda s: s.phase is Phase.DRAW, lambda s: attrs.evolve(s, pending=(1,)),
     "no seat decides out of turn at the draw phase"),
    ("chinchon", lambda s: s.phase is Phase.DRAW, lambda s: attrs.evolve(s, reentry_total=5),
     "reentry_total is set at the draw phase"),
    ("chinchon", lambda s: s.phase is Phase.DRAW, lambda s: attrs.evolve(s, rules="house"),
     "rules must be a Ruleset"),
    ("chinchon", lambda s: s.phase is Phase.DRAW, lambda s: attrs.evolve(s, stock=()),
     "the stock is empty at the draw phase"),
    ("chinchon", lambda s: s.phase is Phase.DRAW, lambda s: attrs.evolve(s, hand_number=0),
     "no hand has been dealt"),
    ("chinchon", lambda s: s.phase is Phase.DRAW,
     lambda s: attrs.evolve(s, taken=s.hands[(s.turn + 1) % 3][0]),
     "the card taken from the discard pile is not in the mover's hand"),
    ("chinchon", _after_a_hand, lambda s: _hand(s, discard=999),
     "last_hand: discard must be a card or None"),
    ("chinchon", _after_a_hand, lambda s: _hand(s, busted=(9,)),
     "last_hand: busted must list distinct seats"),
    ("chinchon", _after_a_hand, lambda s: _hand(s, shown="x"),
     "last_hand: shown must be 3 showings or None"),
    ("chinchon", _after_a_hand, lambda s: _hand(s, end=HandEnd.RUMINO),
     "last_hand: only Rumino has a Rumino"),
    ("chinchon", _after_a_hand, lambda s: _hand(s, end=HandEnd.KNOCK),
     "last_hand: a hand of this game never ends with a knock"),
    ("chinchon", _after_a_hand, lambda s: _hand(s, discard=None),
     "last_hand: a close discards a card face down"),
    ("chinchon", _after_a_hand, lambda s: _hand(s, eliminated=(0,), reentered=(0,), busted=(0,)),
     "last_hand: a player both dropped out and re-entered"),
    ("chinchon", _after_a_hand, lambda s: _hand(s, eliminated=(1,), busted=()),
     "last_hand: only players who reached the limit drop out or re-enter"),
    ("chinchon", _after_a_hand,
     lambda s: _hand(s, hands=tuple((*hand, *hand) for hand in s.last_hand.hands)),
     "more than 8"),
    ("chinchon", _after_a_hand,
     lambda s: _hand(s, shown=tuple(None for _ in _shown(s))),
     "last_hand: the closer shows his hand"),
    ("chinchon", _after_a_hand,
     lambda s: _hand(s, shown=tuple(
         item if seat == s.last_hand.closer else None for seat, item in enumerate(_shown(s))
     )),
     "holds cards but shows nothing"),
    ("chinchon", _after_a_hand,
     lambda s: _hand(s, shown=tuple(
         item if item is None else Showing(item.melds, item.layoffs, (*item.unmatched, 0))
         for item in _shown(s)
     )),
     "shows cards other than his hand's"),
    ("chinchon", _after_a_hand,
     lambda s: _hand(s, points=tuple(points + 1 for points in s.last_hand.points)),
     "his hand makes"),
    ("laconga", lambda s: s.phase is Phase.REENTRY, lambda s: attrs.evolve(s, pending=()),
     "a reentry needs a seat to decide"),
    ("laconga", lambda s: s.phase is Phase.REENTRY,
     lambda s: attrs.evolve(s, pending=(s.pending[0], s.pending[0])),
     "the seats to decide must be distinct seats still in the game"),
    ("laconga", lambda s: s.phase is Phase.REENTRY,
     lambda s: attrs.evolve(s, rules=s.rules.replace(reentry=0)),
     "nobody re-enters under these rules"),
    ("laconga", lambda s: s.phase is Phase.REENTRY,
     lambda s: attrs.evolve(s, reentry_total=1000),
     "a player would re-enter at 1000, at the limit"),
    ("laconga", lambda s: s.phase is Phase.REENTRY, lambda s: attrs.evolve(s, phase=Phase.CLAIM),
     "claims are decided only under rumino_claim='decision'"),
    ("laconga", lambda s: s.is_over, lambda s: attrs.evolve(s, winners=()),
     "the game is over but has no winner"),
    ("laconga", lambda s: s.is_over,
     lambda s: attrs.evolve(s, winners=tuple(seat for seat in range(3) if seat not in s.winners)),
     "(C-WINNERS)"),
    ("rumino", lambda s: s.phase is Phase.DRAW and s.hand_number > 1,
     lambda s: _hand(s, end=HandEnd.CLOSE),
     "last_hand: a hand of this game never ends with a close"),
    ("rumino", lambda s: s.phase is Phase.DRAW and s.hand_number > 1,
     lambda s: _hand(s, end=HandEnd.KNOCK, discard=s.hands[0][0]),
     "last_hand: a knock discards no card"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "found", "spoil", "problem"),
    CASES,
    ids=[f"{case[0]}-{number}" for number, case in enumerate(CASES)],
)
def test_each_spoiled_field_is_named(
    name: str, found: Callable[[Any], bool], spoil: Callable[[Any], Any], problem: str
) -> None:
    state = _reach(name, found)
    assert state.problems() == []
    spoiled: KnockState = spoil(state)
    problems = spoiled.problems()
    assert any(problem in line for line in problems), problems
    with pytest.raises(InvalidStateError):
        spoiled.validate()
