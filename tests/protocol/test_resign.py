"""Resignation (C-RESIGN), in every game and preset.

Seeded random games, most players at the table, with a random seat resigning at a random
moment (its turn or not, chance steps and out-of-turn decisions included), then played on
at random to the end, another seat resigning now and then. Throughout:

* ``resignations()`` lists one move per seat still in (none once the game is over), never
  among ``legal_moves()``; each reads back from its text and its dictionary;
* a resignation is legal at that moment and nowhere listed; the seat (with its side) is
  out: it never decides again, holds no card of a hand dealt after, never wins;
* the cards are all there (C-DECK), every state passes ``problems()``, the game never
  reaches a dead end, and the state's dictionary and JSON read back to the same state;
* with fewer than two sides left the game is over at once, won by the side left, whose
  seats share the returns; otherwise the hand in play is abandoned, scoring nothing;
* each seat's view JSON shows who resigned, and a sample of the view (a twin state) keeps
  it and passes its own ``problems()``.

Besides, every seat resigns at the first states of every phase a seeded random game
reaches (its chance steps, the knock games' re-entry decisions under rules that allow
them, the end of a hand): each resignation leaves a state whose ``problems()`` are empty
and that the loader reads back, whether the match goes on or ends there.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scala40.errors import IllegalMoveError
from scala40.events import events_of
from scala40.game import Game, load_game
from tests.protocol.cases import registered_cases

MAX_ACTIONS = 1_500
"""Moves a test game plays at most (every hand of the games ends far sooner)."""


def _phase_cases() -> list[Any]:
    """Every preset, the knock games with one re-entry allowed (LC-REENGANCHE, RU-ELIM),
    which no preset of La Conga or Rumino allows, and Rumino's claims decided in turn
    (RU-RUMINO), no preset's either."""
    cases = registered_cases()
    for name in ("rumino", "laconga"):
        game = load_game(name)
        kind: Any = game.ruleset_type
        rules = kind(reentry=1)
        cases.append(pytest.param(game, rules, id=f"{name}-reentry"))
    rumino = load_game("rumino")
    rumino_rules: Any = rumino.ruleset_type
    claims = rumino_rules(rumino_claim="decision")
    cases.append(pytest.param(rumino, claims, id="rumino-claims"))
    return cases


def _sides_left(state: Any) -> list[tuple[int, ...]]:
    seats = {move.seat for move in state.resignations()}
    return [team for team in state.teams if seats & set(team)]


def _check_resignation(game: Game, before: Any, seat: int) -> Any:
    """Resign ``seat`` in ``before`` and check what C-RESIGN promises right after."""
    move = next(move for move in before.resignations() if move.seat == seat)
    assert game.parse_move(str(move)) == move
    assert game.move_from_dict(game.move_to_dict(move)) == move
    assert before.MOVES.from_dict({"type": "resign", "seat": seat}) == move
    assert move not in before.legal_moves()
    assert before.is_legal(str(move))
    assert before.can(move)
    after = before.apply(game.move_to_dict(move), expected_move_number=before.move_number)
    assert after.move_number == before.move_number + 1
    side = next(team for team in before.teams if seat in team)
    assert set(side) <= set(after.resigned)
    assert after.resigned[: len(before.resigned)] == before.resigned
    assert after.problems() == []
    # The feed: the resignation, seen by all, then the end of the hand it abandoned and
    # of the game it ended.
    events = events_of(before, move, after)
    assert (events[0].kind, events[0].seat) == ("resign", seat)
    for other in range(before.player_count):
        assert events[0].for_seat(other)["move"] == str(move)
    kinds = [event.kind for event in events[1:]]
    assert ("game_over" in kinds) == after.is_over
    if after.last_hand is not before.last_hand:
        assert "hand_end" in kinds
        if before.phase.value != "reentry":  # a hand in play, abandoned: nobody scores
            assert not any(after.last_hand.points)
    with pytest.raises(IllegalMoveError, match="C-RESIGN"):
        after.apply(str(move))
    left = _sides_left(before)
    still = [team for team in left if not set(team) & set(side)]
    if len(still) < 2:
        assert after.is_over
        assert after.resignations() == ()
        assert set(after.winners) == {s for s in still[0] if s not in after.resigned}
        returns = after.returns()
        assert all(returns[s] == 0 for s in after.resigned)
        assert sum(returns) == pytest.approx(1.0 if len(still[0]) == 1 else len(still[0]))
    else:
        # The hand in play is abandoned: nobody scores for it.
        assert tuple(after.scores) == tuple(before.scores) or after.is_over
        if after.hand_number > before.hand_number and not after.is_over:
            for gone in after.resigned:
                assert not after.hands[gone]
        assert {m.seat for m in after.resignations()} | set(after.resigned) >= {
            s for team in still for s in team
        }
    return after


def _check_state(game: Game, state: Any) -> None:
    assert state.problems() == []
    assert state.all_cards() == tuple(sorted(state.rules.deck.cards))
    if not state.is_over:
        assert state.legal_moves().count() > 0
        assert state.current_player not in state.resigned
    else:
        assert not set(state.winners) & set(state.resigned)
    data = json.loads(json.dumps(state.to_dict()))
    assert data.get("resigned", []) == list(state.resigned)
    loaded = game.state_from_dict(data)
    assert loaded == state
    assert loaded.resigned == state.resigned
    for move in state.resignations():
        assert move not in state.legal_moves()


def _check_views(state: Any, seed: int) -> None:
    for seat in range(state.player_count):
        view = state.view(seat)
        data = view.to_dict()
        assert data["public"]["resigned"] == list(state.resigned)
        twin = view.sample(seed)
        assert twin.resigned == state.resigned
        assert twin.problems() == []
        assert twin.view(seat).to_dict() == data


@pytest.mark.parametrize(("game", "preset"), registered_cases())
def test_a_seat_resigns_at_any_moment_and_the_game_goes_on_without_it(
    game: Game, preset: str
) -> None:
    """C-RESIGN: a random seat resigns at a random moment; another may later."""
    for seed in (1, 2):
        chooser = random.Random(f"{game.name}-{preset}-{seed}")
        rules = game.resolve_rules(preset)
        players = min(rules.max_players if seed == 1 else rules.min_players, 4)
        # Odd seeds stop at the chance steps (deals, restocks): a seat resigns at one.
        state: Any = game.new_game(rules, players, seed, auto_chance=seed % 2 == 0)
        resign_at = {chooser.randrange(80), chooser.randrange(80, 600)}
        at_chance = seed % 2 == 1
        for number in range(MAX_ACTIONS):
            if state.is_over:
                break
            if number in resign_at or (at_chance and state.is_chance and number > 0):
                at_chance = at_chance and not state.is_chance
                seats = [move.seat for move in state.resignations()]
                others = [seat for seat in seats if seat != state.current_player]
                # Mostly a seat that does not decide now: resigning out of turn.
                seat = chooser.choice(others if others and chooser.random() < 0.7 else seats)
                state = _check_resignation(game, state, seat)
                _check_state(game, state)
                _check_views(state, seed)
                continue
            legal = state.legal_moves()
            assert state.current_player not in state.resigned
            state = state.apply(legal[chooser.randrange(len(legal))])
            if state.resigned and chooser.random() < 0.05:
                _check_state(game, state)
        _check_state(game, state)


PHASE_ACTIONS = 4_000
"""Moves a game of the every-phase test plays at most (enough, with hands ended when
they can be, for a player of the knock games to reach the limit and decide on a
re-entry)."""
RESIGN_STATES_PER_PHASE = 2
"""States of each phase at which every seat resigns, one seat at a time."""
_ENDING_VERBS = frozenset({"close", "knock", "meld"})
"""Moves the every-phase test plays when it can, so that hands end sooner."""


def _phase(state: Any) -> object:
    return getattr(state, "phase", (state.is_chance, state.is_over))


@pytest.mark.parametrize(("game", "rules"), _phase_cases())
def test_a_resignation_at_every_phase_leaves_a_state_the_loader_accepts(
    game: Game, rules: Any
) -> None:
    """C-RESIGN at every phase: a resignation that ends the match, or only the hand, at a
    chance step, a draw, an offer, a claim or a re-entry decision leaves a valid state
    (``problems()`` empty) that the loader reads back, equal."""
    rules = game.resolve_rules(rules)
    # Two players (a resignation ends the match) and three (it ends a hand, mostly).
    for players in sorted({rules.min_players, max(rules.min_players, min(rules.max_players, 3))}):
        reached = _resign_at_every_phase(game, rules, players)
        if getattr(rules, "reentry", 0) != 0:  # the knock games' re-entries (LC-REENGANCHE)
            assert "reentry" in reached, f"{players} players: no re-entry decision, {reached}"


def _resign_at_every_phase(game: Game, rules: Any, players: int) -> list[str]:
    """Play a seeded game, every seat resigning in turn (each in a copy) at the first
    states of each phase; return the phases reached."""
    state: Any = game.new_game(rules, players, 7, auto_chance=False)
    chooser = random.Random(f"{game.name}-phases-{players}")
    resigned_at: dict[object, int] = {}
    for _ in range(PHASE_ACTIONS):
        if state.is_over:
            break
        phase = _phase(state)
        if resigned_at.get(phase, 0) < RESIGN_STATES_PER_PHASE:
            resigned_at[phase] = resigned_at.get(phase, 0) + 1
            for move in state.resignations():
                after = state.apply(move)
                assert after.problems() == [], (phase, str(move), after.problems())
                _check_state(game, after)
        legal = list(state.legal_moves())
        ending = [move for move in legal if str(move).split(" ", 1)[0] in _ENDING_VERBS]
        state = state.apply(chooser.choice(ending or legal))
    return sorted(str(getattr(phase, "value", phase)) for phase in resigned_at)
