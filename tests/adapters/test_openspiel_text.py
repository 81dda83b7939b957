"""OpenSpiel states as text, without pickle (:mod:`scala40.adapters.openspiel_text`):
hostile texts cost bounded memory and time and raise the library's error, and nothing a
text says is ever unpickled. Skipped without the ``rl`` extra."""

from __future__ import annotations

import base64
import pickle
import random
import tracemalloc
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from hypothesis import given

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

pyspiel = pytest.importorskip("pyspiel")

from scala40.adapters import openspiel  # noqa: E402
from scala40.adapters.actions import ActionEncoding  # noqa: E402
from scala40.adapters.episodes import (  # noqa: E402
    CHANCE_MODES,
    EPISODES,
    MAX_GAME_LENGTH,
    default_max_game_length,
)
from scala40.adapters.openspiel_text import (  # noqa: E402
    MAX_STATE_CHARS,
    read_serialized,
    write_serialized,
)
from scala40.errors import InvalidValueError, SerializationError  # noqa: E402
from scala40.game import game_names, load_game  # noqa: E402
from tests.adapters.test_read_back_work import _never_closing  # noqa: E402
from tests.documents import RELEASE_GAMES  # noqa: E402
from tests.hostile import fuzz_settings, hostile_texts, library_errors_only  # noqa: E402

_MEMO_INDEX = base64.b64encode(b"\x80\x05Nr\x00\xe1\xf5\x05.").decode("ascii")
"""A pickle of nine bytes that asks for a memo of 100 million entries (``LONG_BINPUT``)."""


def _bounded(call: Callable[[], Any], most_bytes: int = 50 << 20) -> None:
    """``call`` raises the library's SerializationError within the library's bound of CPU
    (timed as every bound of the suite is: tests.hostile.library_errors_only), and
    allocates at most ``most_bytes`` on the way (a second run, traced: tracing slows the
    interpreter, so it is never timed)."""
    assert library_errors_only(call) is None
    tracemalloc.start()
    try:
        with pytest.raises(SerializationError):
            call()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peak < most_bytes, f"{peak:,} bytes"


def _played(game: Any, steps: int) -> Any:
    rng = random.Random(steps)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < steps:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_44_character_text_costs_no_memory() -> None:
    """A serialized state's attributes were unpickled before anything was checked: 44
    characters asked for a memo of 1.6 GiB. States serialize without pickle now, and the
    old form is refused by its lines."""
    game = openspiel.load_game("chinchon")
    text = f"history=\nmove_number=0\n__dict__={_MEMO_INDEX}"
    assert len(text) == 44
    _bounded(lambda: game.deserialize_state(text))


def test_a_megabyte_of_junk_is_refused_by_its_length_or_its_lines() -> None:
    game = openspiel.load_game("scala40", players=2)
    rng = random.Random(8)
    junk = "".join(rng.choice('history=move_numbr0123456789,:-\n{}[]"') for _ in range(1 << 20))
    headed = "history=" + junk
    over = "x" * (game._max_serialized + 1)
    deep = write_serialized([], str(game), 0, 0, 0).replace("state=0", "state=" + "[" * 500_000)
    for text in (junk, headed, deep):
        _bounded(partial(game.deserialize_state, text))
    # Refused by its length alone: nothing is copied.
    _bounded(lambda: game.deserialize_state(over), most_bytes=1 << 16)


@fuzz_settings(60)
@given(text=hostile_texts())
def test_any_text_reads_as_a_state_or_the_library_error(text: str) -> None:
    game = openspiel.load_game("chinchon")
    for given_text in (text, f"history={text}\nmove_number=0", f"{text}\n" * 6):
        _bounded(partial(game.deserialize_state, given_text))


def test_a_serialized_state_holds_no_pickle_and_reads_back() -> None:
    """``serialize()`` writes the library state's dictionary and the actions, each line
    as read; ``pickle`` of a state holds that text; the C++ side's own writer and reader
    (``pyspiel.serialize_game_and_state``) still round-trip."""
    game = openspiel.load_game("chinchon")
    state = _played(game, 90)
    text = state.serialize()
    lines = text.split("\n")
    assert [line.split("=")[0] for line in lines] == [
        "history", "move_number", "game", "pending", "moves", "state",
    ]  # fmt: skip
    again = game.deserialize_state(text)
    assert again.serialize() == text
    assert again.history() == state.history()
    assert str(again) == str(state)
    data = pickle.dumps(state)
    assert b"_state_from" in data
    assert b"_node" not in data
    assert pickle.loads(data).serialize() == text
    _, other_state = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert other_state.serialize() == text
    read = read_serialized(text, str(game), game.max_game_length())
    assert read.history == [(p.player, p.action) for p in state.full_history()]
    assert len(lines[-1]) <= MAX_STATE_CHARS


def test_game_and_state_read_back_without_pickle() -> None:
    """OpenSpiel's game-and-state form, written and read by the library's functions (the
    state's lines without pickle); pyspiel's own form, whose attributes are a pickle, is
    refused unread, and so is a pickle handed to a state's __setstate__."""
    game = openspiel.load_game("scala40", players=2)
    state = _played(game, 40)
    text = openspiel.serialize_game_and_state(state)
    other_game, other_state = openspiel.deserialize_game_and_state(text)
    assert str(other_game) == str(game)
    assert other_state.serialize() == state.serialize()
    ran: list[str] = []

    class Run:
        def __reduce__(self) -> Any:
            return (ran.append, ("a pickle ran code",))

    attributes = base64.b64encode(pickle.dumps({"x": Run()})).decode("ascii")
    forged = pyspiel.serialize_game_and_state(game, state).split("[State]\n")[0]
    forged += f"[State]\nhistory=\nmove_number=0\n__dict__={attributes}\n"
    with pytest.raises(SerializationError, match="six lines"):
        openspiel.deserialize_game_and_state(forged)
    with pytest.raises(SerializationError):
        state.__setstate__(forged)
    with pytest.raises(SerializationError):
        openspiel.deserialize_game_and_state("x" * 10_000_000)
    assert ran == []


# -- the longest history, checked within the bound ---------------------------------------

_LONGEST = {
    # (rules, players) whose default cap under the rules reaches MAX_GAME_LENGTH, and the
    # policy that keeps its hands going to the cap (the first or the last legal action).
    "scala40": ("official", 2, "last"),
    "skarney": ("partnership", 4, "first"),
    "rumino": ("catsatcards", 3, "last"),
    "chinchon": ("argentina_50", 4, "last"),
    "laconga": ("uruguay", 4, "last"),
}


def _longest_text(name: str) -> tuple[Any, str]:
    """A game of ``name`` whose cap is MAX_GAME_LENGTH, and the text of a state of it
    whose history is as long as any can be: played to the cap by a policy that never
    ends a hand."""
    rules, players, policy = _LONGEST[name]
    game = openspiel.load_game(name, rules=rules, players=players)
    assert game.max_game_length() == MAX_GAME_LENGTH
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[0] if policy == "first" else legal[-1])
    # Stopped by the cap, not by the rules: no longer history fits.
    assert len(state.history()) > MAX_GAME_LENGTH - game.episode.longest_step
    return game, state.serialize()


def _checked_within_the_bound(game: Any, text: str) -> None:
    again = library_errors_only(game.deserialize_state, text, seconds=0.25)
    assert again is not None
    assert again.serialize() == text
    # The same history with one action of a player changed (another legal action at
    # that point would be another game): refused, in as little time.
    head, rest = text.split("\n", 1)
    actions = head.split(",")
    middle = next(
        i for i in range(len(actions) // 2, len(actions)) if not actions[i].startswith("-1:")
    )
    player, action = actions[middle].rsplit(":", 1)
    actions[middle] = f"{player}:{(int(action) + 1) % game.num_distinct_actions()}"
    assert library_errors_only(game.deserialize_state, ",".join(actions) + "\n" + rest,
                               seconds=0.25) is None  # fmt: skip


def test_no_history_is_longer_than_the_cap_every_game_reaches() -> None:
    """The longest history a game allows: its default cap under any of its presets,
    seats and modes is at most MAX_GAME_LENGTH, which each of the library's released games
    reaches in a match (_LONGEST; a game added since may stop short of it), and no game
    may be given a longer one."""
    released = set().union(*RELEASE_GAMES.values())
    for name in game_names():
        record = load_game(name)
        reached = 0
        for preset in record.ruleset_type.preset_names():
            rules = record.ruleset_type.preset(preset)
            for players in range(rules.min_players, min(rules.max_players, 8) + 1):
                encoding = ActionEncoding(name, rules, players)
                for episode in EPISODES:
                    for chance in CHANCE_MODES:
                        cap = default_max_game_length(encoding, episode, chance)
                        assert cap <= MAX_GAME_LENGTH
                        reached = max(reached, cap)
        assert reached == MAX_GAME_LENGTH if name in released else reached > 0, name
        with pytest.raises(InvalidValueError, match="max_game_length"):
            openspiel.load_game(name, max_game_length=MAX_GAME_LENGTH + 1)
    game = openspiel.load_game("chinchon")
    text = openspiel.serialize_game_and_state(game.new_initial_state())
    longer = text.replace(f"max_game_length={game.max_game_length()}", "max_game_length=10000000")
    with pytest.raises(SerializationError, match="max_game_length"):
        openspiel.deserialize_game_and_state(longer)


def test_the_longest_history_of_chinchon_is_checked_within_the_bound() -> None:
    # The default run's share of the next test: the knock games check the most slowly.
    _checked_within_the_bound(*_longest_text("chinchon"))


def test_a_chinchon_match_nobody_closes_is_checked_within_the_bound() -> None:
    # The history that cost the most CPU an action to read back, measured (0.42-0.45 s
    # at 21,212 actions, when the cap was 32,768): two seats that never close, the
    # first hand going on to the cap (the work is counted in test_read_back_work.py).
    game = openspiel.load_game("chinchon")
    _checked_within_the_bound(game, _never_closing(game, 1).serialize())


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(_LONGEST))
def test_the_longest_history_of_every_game_is_checked_within_the_bound(name: str) -> None:
    _checked_within_the_bound(*_longest_text(name))
