"""Time the worst inputs found for meld checks, hand analysis and Scala 40's searches, cold.

Run it from the repository root, scala40 installed::

    python benchmarks/bench_worst_inputs.py

The inputs are the ones the hostile-input tests keep: ``WORST_MELDS`` in
``tests/core/test_hostile_input.py``, ``WORST_OPENINGS`` in
``tests/games/scala40/test_hostile_input.py`` (the slowest found by hill climbs over
dense hands under every ruleset the library accepts, raw :class:`scala40.MeldRules` that
allow any number of wild cards in a meld included), and ``WORST_CLOSES`` and
``WORST_DEADWOODS`` in ``tests/games/scala40/test_search_budget.py`` (the costliest
closing searches met or found by hill climbs under S40-V-SPLIT, each timed through
``closing_moves`` and ``can_close``, and least-deadwood searches found), the position
of seeded play whose lookahead of taking the discard once ran past the budget (loaded,
its moves listed) and one whose splits cannot be listed within it (refused). Each call is
timed cold (every cache emptied first), best of five, in CPU time; a call that raises an
error of the library (a meld past ``MAX_READINGS``, a hand past ``MAX_HAND_READINGS``, a
search past ``MAX_SEARCH_WORK``) counts with the time it took to refuse. The tests only
check that the work stays bounded; the figures are here, so that a noisy machine never
fails a test run.

Besides: Skarney's ``contracts`` and ``best_contract`` on random hands of 40, 60 and 100
cards (two packs, with no jokers and with 8), contracts of 3 and 5 melds, and its greedy
bot on hands of 40 and 97 cards; every game's state loader on a real state's dictionary
with a field blown up to about 100,000 characters, or a 1 MB string; ``GameRecord``'s
loader on the longest records it reads (``MAX_RECORD_MOVES`` moves, in each game whose
players can keep a match going that long) and one move longer; ``events_since`` over
``MAX_EVENTS`` events and one more; the command line's
``check`` on 10,000 cards and on 1 MB of text; large inputs to the public entry points
(a million cards as text, as a list and as an endless iterator, a 3 MB meld, a 3 MB game
name, dictionaries of a million keys, a million-item list quoted in an error); the
``serve`` referee's worst lines (a seed of 5,000 digits, a line of 1 MiB, a line of
invalid UTF-8 among good ones); ``check_meld`` on its longest texts, a reading on every
card, under a ruleset whose deck counts the copies and without; and, with the ``rl``
extra, the OpenSpiel adapter reading back and writing states of whole matches played to
the cap of actions (Scala 40, Skarney and Chinchón, as text and pickled), the longest
text a game accepts to read, one past it, a megabyte of junk, a dictionary nested a
million deep and the 44 characters whose pickle once asked for a memo of 1.6 GiB. Every
row must stay under 0.25 s.

Each game's cases come from one function of :data:`CASES`, which lists ``(name, text,
call)`` rows: add a game's worst inputs by adding a function there.
"""

from __future__ import annotations

import contextlib
import copy
import io
import itertools
import json
import platform
import random
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scala40 import Scala40Error, check_meld, clear_caches, meld_interpretations
from scala40.cards import format_cards, parse_cards
from scala40.game import BUILTIN_GAMES, game_names, load_game
from scala40.games.scala40.analysis import best_opening, can_close, closing_moves, min_deadwood
from tests.core.test_hostile_input import EXTREME_RULES, WORST_MELDS
from tests.games.scala40.test_hostile_input import _WORST_RULES, WORST_OPENINGS
from tests.games.scala40.test_search_budget import (
    SPLITS_PAST_THE_BUDGET,
    TAKEN_CARD_POSITIONS,
    WORST_CLOSES,
    WORST_DEADWOODS,
    _hunted,
    take_discard_lookahead_position,
    taken_card_position,
)

REPEATS = 3

Case = tuple[str, str, Callable[[], Any]]
"""A row: what is called, the input in short, and the call."""


def _cold(call: Callable[[], Any]) -> tuple[float, str]:
    """The best CPU time of ``call`` over :data:`REPEATS` cold runs, and how it ended."""
    best = float("inf")
    outcome = "answered"
    for _ in range(REPEATS):
        clear_caches()
        start = time.process_time()
        try:
            call()
        except (Scala40Error, SystemExit) as error:
            outcome = type(error).__name__
        best = min(best, time.process_time() - start)
    return best, outcome


def meld_cases() -> Iterator[Case]:
    """Meld checks of the core."""
    for rules_name, text in WORST_MELDS:
        cards = parse_cards(text)
        rules = EXTREME_RULES[rules_name]
        for call in (meld_interpretations, check_meld):
            yield f"{call.__name__} [{rules_name}]", text, partial(call, cards, rules)


def scala40_cases() -> Iterator[Case]:
    """Scala 40's hand analysis and closing search."""
    call: Callable[[], Any]
    for rules_name, hand, criterion, threshold, keep in WORST_OPENINGS:
        call = partial(
            best_opening,
            hand,
            _WORST_RULES[rules_name],
            criterion=criterion,
            threshold=threshold,
            keep=keep,
        )
        yield f"best_opening [{rules_name}, {criterion}]", hand, call
    for name, rules, hand, table, keep in WORST_DEADWOODS:
        call = partial(min_deadwood, hand, rules, table=table, keep=keep)
        yield f"min_deadwood [{name}]", hand, call
    for name, make, _ in WORST_CLOSES:
        state = make()
        hand = format_cards(state.hands[state.turn])
        yield f"closing_moves [{name}]", hand, partial(closing_moves, state)
        yield f"can_close [{name}]", hand, partial(can_close, state)
    hand = SPLITS_PAST_THE_BUDGET[0]
    name = "14 cards, 3 jokers, splits past the budget (S40-V-SPLIT)"
    yield f"from_position [{name}]", hand, _hunted(*SPLITS_PAST_THE_BUDGET)
    state = take_discard_lookahead_position()
    hand = format_cards(state.hands[state.turn])
    name = "take-discard lookahead, 12 table melds (S40-V-SPLIT)"
    yield (
        f"from_position, legal_moves [{name}]",
        hand,
        lambda: list(take_discard_lookahead_position().legal_moves()),
    )
    data = state.to_dict()
    yield f"state_from_dict [{name}]", hand, partial(type(state).from_dict, data)
    for name in TAKEN_CARD_POSITIONS:
        state = taken_card_position(name)
        hand = format_cards(state.hands[state.turn])
        yield (
            f"from_position, legal_moves [taken card {name}]",
            hand,
            partial(lambda name: list(taken_card_position(name).legal_moves()), name),
        )
        yield f"apply take [taken card {name}]", hand, partial(state.apply, "take")


def skarney_cases() -> Iterator[Case]:
    """Skarney's contract search on random large hands (two packs, with 0 and 8 jokers;
    contracts of 3 and 5 melds) and the greedy bot on hands of 40 and 97 cards."""
    from scala40.bots.skarney.bots import GreedyBot
    from scala40.games.skarney import GameState as SkarneyState
    from scala40.games.skarney import Ruleset as SkarneyRules
    from scala40.games.skarney.analysis import best_contract, contracts

    for jokers in (0, 8):
        deck = list(SkarneyRules(jokers=jokers).deck.cards)
        for cards in (40, 60, 100):
            hand = sorted(random.Random(0).sample(deck, cards))
            for size in (3, 5):
                for search in (contracts, best_contract):
                    name = f"{search.__name__} [{cards} cards, {jokers} jokers, size {size}]"
                    yield name, format_cards(hand), partial(search, hand, size=size)
    rules = SkarneyRules(partnership=False, jokers=8)
    deck = list(rules.deck.cards)
    random.Random(1).shuffle(deck)
    for size in (40, 97):
        state = SkarneyState.from_position(
            hands=[
                format_cards(sorted(deck[:size])),
                format_cards(sorted(deck[size : size + 11])),
            ],
            rules=rules,
            contracts=[False, False],
        )
        choose = partial(
            GreedyBot().choose, state.view(0), list(state.legal_moves()), random.Random(0)
        )
        yield f"skarney GreedyBot.choose [{size} cards]", format_cards(state.hands[0]), choose


def loader_cases() -> Iterator[Case]:
    """Every game's state loader on large hostile dictionaries: a real state's dict with
    a field blown up (100,000 cards in a hand, a table of 10,000 melds, a long string)."""
    for name in game_names():
        game = load_game(name)
        state = game.new_game(None, game.default_players, 1)
        for _ in range(40):
            if state.is_over:
                break
            legal = state.legal_moves()
            state = state.apply(legal[len(legal) // 2])
        data = state.to_dict()
        for field, value in data.items():
            if isinstance(value, list) and value:
                hostile = copy.deepcopy(data)
                hostile[field] = value * (100_000 // max(1, len(json.dumps(value))) + 1)
                yield (
                    f"{name} state_from_dict [{field} blown up]",
                    field,
                    partial(game.state_from_dict, hostile),
                )
        hostile = copy.deepcopy(data)
        hostile["rules"] = "x" * 1_000_000
        yield (
            f"{name} state_from_dict [1 MB string]",
            "rules",
            partial(game.state_from_dict, hostile),
        )


def record_cases() -> Iterator[Case]:
    """``GameRecord.from_dict`` of the longest records it reads (``MAX_RECORD_MOVES``
    moves, every one replayed and checked), in each game whose players can keep a match
    going that long (each taking the first or the last legal move), and of one move
    more (refused by the count)."""
    from scala40.records import MAX_RECORD_MOVES, GameRecord

    for name in game_names():
        game = load_game(name)
        for pick in (0, -1):
            state = game.new_game(None, game.default_players, 1)
            moves: list[str] = []
            while len(moves) < MAX_RECORD_MOVES and not state.is_over:
                move = state.legal_moves()[pick]
                moves.append(str(move))
                state = state.apply(move)
            if len(moves) == MAX_RECORD_MOVES:
                break
        else:
            continue
        data = GameRecord(state.rules, state.player_count, 1, tuple(moves), True, name).to_dict()
        yield (
            f"GameRecord.from_dict [{name}, {len(moves):,} moves]",
            f"{moves[:2]}",
            partial(GameRecord.from_dict, data),
        )
    longer = copy.deepcopy(data)
    longer["moves"].append(longer["moves"][-2])
    yield (
        f"GameRecord.from_dict [{len(longer['moves']):,} moves]",
        f"{moves[:2]}",
        partial(GameRecord.from_dict, longer),
    )


def event_cases() -> Iterator[Case]:
    """``events_since`` over the longest feed it reads (``MAX_EVENTS`` events of random
    Skarney play, the costliest to give a seat, all after the move asked from), and one
    event more (refused)."""
    from scala40.events import MAX_EVENTS, events_of, events_since

    game = load_game("skarney")
    state = game.new_game(None, 4, 1)
    chooser = random.Random(1)
    played: list[Any] = []
    while len(played) < 600 and not state.is_over:
        move = chooser.choice(list(state.legal_moves()))
        after = state.apply(move)
        played.extend(events_of(state, move, after))
        state = after
    feed = (played * (MAX_EVENTS // len(played) + 1))[:MAX_EVENTS]
    yield f"events_since [{MAX_EVENTS:,} events]", "skarney", partial(events_since, feed, 0, 0)
    longer = [*feed, played[0]]
    yield f"events_since [{len(longer):,} events]", "skarney", partial(events_since, longer, 0, 0)


def cli_cases() -> Iterator[Case]:
    """The command line's ``check`` on long input (its output discarded)."""
    from scala40.cli import main as cli_main

    def quiet(argv: list[str]) -> None:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            cli_main(argv)

    for game in BUILTIN_GAMES:
        long = " ".join(["JK", "9C", "8C", "7C"] * 2_500)
        yield (
            f"cli check --game {game} [10,000 cards]",
            long,
            partial(quiet, ["check", "--game", game, long]),
        )
    yield "cli check [1 MB of text]", "x" * 50, partial(quiet, ["check", "x" * 1_000_000])


def large_input_cases() -> Iterator[Case]:
    """Inputs of millions of items to the public entry points, each refused by its length
    before any of it is read (``MAX_CARDS``, ``MAX_CARDS_TEXT``, ``MAX_GAME_NAME``, the
    loaders' ``MAX_READ_ITEMS``, ``MAX_OPTION_ITEMS``)."""
    from scala40 import Ruleset, is_meld, move_from_dict
    from scala40.cards import as_cards
    from scala40.view_json import view_from_dict

    million = "7S " * 1_000_000
    yield "parse_cards [a million cards]", million, partial(parse_cards, million)
    lower = "7s," * 1_000_000
    yield "parse_cards [a million cards, lower case]", lower, partial(parse_cards, lower)
    text = "x" * 3_000_000
    yield "check_meld [3 MB of text]", text, partial(check_meld, text)
    codes = [6] * 1_000_000
    yield "check_meld [a list of a million codes]", "[6, 6, ...]", partial(check_meld, codes)
    # The longest texts check_meld reads: readings on every card, under a ruleset (its
    # deck's copies counted) and without.
    chinchon: Any = load_game("chinchon").ruleset_type.default()
    for written in (" ".join(["JK=10C"] * 1_000), ",".join(["10C=10C"] * 1_000)):
        shown = f"{written[:20]}... ({len(written):,} characters)"
        yield (
            f"check_meld [{len(written):,} characters of readings]",
            shown,
            partial(check_meld, written),
        )
        yield (
            "check_meld [the same, Chinchón's deck]",
            shown,
            partial(check_meld, written, chinchon),
        )
    meld = " ".join(["JK=5S", "6S", "JK=7S"] * 10 + ["8S", "9S"])
    multi = Ruleset(max_jokers_per_meld=None)
    yield "check_meld [32 cards, 20 readings]", meld, partial(check_meld, meld, multi)
    yield "is_meld [100,000 codes]", "(6, 6, ...)", partial(is_meld, (6,) * 100_000)
    yield "as_cards [an endless iterator]", "repeat(6)", lambda: as_cards(itertools.repeat(6))
    yield "load_game [a 3 MB name]", text, partial(load_game, text)
    keys = {str(number): 1 for number in range(1_000_000)}
    game = load_game("chinchon")
    state = game.new_game(None, 2, 1)
    data = {**state.to_dict(), **keys}
    yield "chinchon state_from_dict [a million keys]", "{...}", partial(game.state_from_dict, data)
    yield (
        "move_from_dict [a million keys]",
        "{...}",
        partial(move_from_dict, {**keys, "type": "draw"}),
    )
    rules = Ruleset().to_dict()
    many = {**rules, "options": keys}
    yield "Ruleset.from_dict [a million options]", "{...}", partial(Ruleset.from_dict, many)
    view = {**state.view(0).to_dict(), **keys}
    yield "view_from_dict [a million keys]", "{...}", partial(view_from_dict, view)
    quoted = {"type": "meld", "cards": codes}
    yield (
        "move_from_dict [a million-item list, quoted]",
        "[6, 6, ...]",
        partial(move_from_dict, quoted),
    )


def serve_cases() -> Iterator[Case]:
    """The ``serve`` referee's worst lines, each answered (read from bytes)."""
    from scala40_server.commands.serve import MAX_REQUEST_BYTES, serve_stream

    def served(data: bytes) -> None:
        serve_stream(io.BytesIO(data), io.BytesIO())

    seed = b'{"op": "new", "seed": ' + b"9" * 5000 + b"}\n"
    yield "serve [a seed of 5,000 digits]", "9999...", partial(served, seed)
    line = b'{"op": "games"' + b" " * (MAX_REQUEST_BYTES - 15) + b"}\n"
    yield "serve [a line of 1 MiB]", '{"op": "games"   ...}', partial(served, line)
    over = b"x" * (4 * MAX_REQUEST_BYTES) + b"\n"
    yield "serve [a line of 4 MiB]", "xxxx...", partial(served, over)
    good = b'{"op": "games"}\n'
    mixed = good * 11 + b'{"op": "g\xffames"}\n' + good * 11
    yield "serve [23 lines, one not UTF-8]", '{"op": "g\\xffames"}', partial(served, mixed)


def openspiel_cases() -> Iterator[Case]:
    """The OpenSpiel adapter reading back states of whole matches played to the cap of
    actions, as text and pickled, and refusing the longest text it could be given (with
    the ``rl`` extra; no rows without it)."""
    try:
        from scala40.adapters import openspiel
    except ImportError:
        return
    import pickle

    # A player who always takes the last legal action (Scala 40) keeps 14 cards, and in
    # Chinchón nobody closes when players take the first: the matches go on to the cap.
    for name, players, last in (
        ("scala40", 2, True),
        ("skarney", 4, False),
        ("chinchon", 2, False),
    ):
        game = openspiel.load_game(name, players=players)
        state = _played(game, game.max_game_length(), last)
        count = len(state.history())
        text = state.serialize()
        yield (
            f"openspiel deserialize_state [{name}, {count} actions]",
            text[:44],
            partial(game.deserialize_state, text),
        )
        data = pickle.dumps(state)
        yield (
            f"openspiel pickle.loads [{name}, {count} actions]",
            "...",
            partial(pickle.loads, data),
        )
        yield (
            f"openspiel serialize [{name}, {count} actions]",
            "...",
            state.serialize,
        )
    game = openspiel.load_game("scala40", players=2)
    bound = game._max_serialized
    count = game.max_game_length()
    history = ",".join(["-1:0"] * count)
    head = f"history={history}\nmove_number={count}\ngame={game}\npending=0\nmoves=0\nstate="
    # The longest text a game accepts: every action, and a JSON string to the bound.
    longest = head + '"' + "A" * (bound - len(head) - 2) + '"'
    yield (
        f"openspiel deserialize_state [{len(longest):,} characters]",
        longest[:44],
        partial(game.deserialize_state, longest),
    )
    over = "history=" + "-1:0," * (bound // 5 + 1)
    yield (
        f"openspiel deserialize_state [{len(over):,} characters]",
        over[:44],
        partial(game.deserialize_state, over),
    )
    deep = head.replace(history, "").replace(f"move_number={count}", "move_number=0")
    deep += "[" * (1 << 20)
    yield (
        "openspiel deserialize_state [JSON nested a million deep]",
        deep[:44],
        partial(game.deserialize_state, deep),
    )
    # What a pickle of nine bytes once cost (a memo of 100 million entries), and junk.
    memo = "history=\nmove_number=0\n__dict__=gAVOcgDh9QUu"
    yield (
        "openspiel deserialize_state [44 characters, a memo index]",
        memo,
        partial(game.deserialize_state, memo),
    )
    rng = random.Random(8)
    junk = "".join(rng.choice('history=move_numbr0123456789,:-\n{}[]"') for _ in range(1 << 20))
    yield (
        "openspiel deserialize_state [1 MiB of junk]",
        junk[:44],
        partial(game.deserialize_state, junk),
    )
    whole = openspiel.serialize_game_and_state(_played(game, 400, False))
    yield (
        "openspiel deserialize_game_and_state [400 actions]",
        whole[:44],
        partial(openspiel.deserialize_game_and_state, whole),
    )


def _played(game: Any, steps: int, last: bool) -> Any:
    """A state of up to ``steps`` actions: chance at random, players always taking their
    first (or, with ``last``, their last) legal action."""
    rng = random.Random(1)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            actions = state.legal_actions()
            state.apply_action(actions[-1] if last else actions[0])
    return state


CASES: list[Callable[[], Iterator[Case]]] = [
    meld_cases,
    scala40_cases,
    skarney_cases,
    loader_cases,
    record_cases,
    event_cases,
    cli_cases,
    large_input_cases,
    serve_cases,
    openspiel_cases,
]
"""Where the rows come from, one function per game (or the core)."""


def main() -> None:
    print(f"Python {platform.python_version()} on {platform.machine()}, best of {REPEATS}, cold")
    rows: list[tuple[str, str, float, str]] = []
    for cases in CASES:
        for name, text, call in cases():
            took, outcome = _cold(call)
            rows.append((name, text, took, outcome))
    width = max(len(row[0]) for row in rows)
    for name, text, took, outcome in rows:
        shown = text if len(text) <= 44 else text[:41] + "..."
        print(f"{name:<{width}}  {took * 1000:7.2f} ms  {outcome:<16}  {shown}")
    print(f"worst: {max(row[2] for row in rows) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
