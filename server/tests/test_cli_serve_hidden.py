"""``scala40 serve`` shows a client no card hidden from the seats it plays, at any moment.

A property over every registered game: seeded matches of every kind a client can hold (a
deal the referee keeps secret, a seed the client chose, a state it gave with explicit
chance steps, a sample), the referee's bots playing some seats one move a request (so
that a bot is often still to move when the client asks), and, at every state, every
operation asked about every seat (the attacker's requests among them: another seat's
view, events, picture and sample, the legal moves and a bot's or a hint's move while a
bot is to move, a move or a resignation for a bot seat). Each answer, whatever its
operation, is checked by one checker (:func:`check_answer`) against the client's view:
no card it names that the views of the seats the client plays have never shown it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.cards import CARD_NAMES
from scala40.events import events_since
from scala40.game import game_names, load_game
from scala40_server.commands.serve import Referee
from scala40_server.serving.fair_deal import value_commitment_of

from .support.cases import one_game_by_default
from .support.hostile import fuzz_settings

_CARD = r"(?:10|[2-9AJQK])[SHDC]|JK"
_WORD = re.compile(r"[A-Z0-9]+")
"""A run of capitals and digits: a card's name, or several written one after another
(a position's text writes a hand so), or no card at all (``JSON``, ``81``)."""
_CARDS = re.compile(f"(?:{_CARD})+")
_ONE_CARD = re.compile(_CARD)
_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_SYMBOLS = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")
"""A card as the pictures title it (``8♦``)."""


def cards_named(value: object) -> set[str]:
    """Every card a JSON value names, wherever it is: in any text, as a card's name
    (``7H``, ``JK=4C``, a hand written ``AS5S6S``, a Spanish card's ``(QS)``) or as the
    pictures write it (``8♦``); in any field, nested at any depth, keys included."""
    found: set[str] = set()
    if isinstance(value, str):
        for word in _WORD.findall(value):
            if _CARDS.fullmatch(word):
                found.update(_ONE_CARD.findall(word))
        for rank, suit in _SYMBOLS.findall(value):
            found.add(rank + _SUITS[suit])
    elif isinstance(value, dict):
        for key, item in value.items():
            found |= cards_named(key) | cards_named(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            found |= cards_named(item)
    return found


def test_the_checker_reads_every_way_a_card_is_written() -> None:
    assert cards_named({"hand": ["AS", "10D"], "text": "meld JK=4C 4H 4D"}) == {
        "AS", "10D", "JK", "4C", "4H", "4D",
    }  # fmt: skip
    assert cards_named("scala40@0 official AS5S6S/13 - 8D 81 draw") == {"AS", "5S", "6S", "8D"}
    assert cards_named("<title>8♦</title><title>caballo de espadas (QS)</title>") == {"8D", "QS"}
    assert cards_named("line 3 is not JSON; IllegalMoveError at 81") == set()
    assert set(CARD_NAMES) == cards_named(" ".join(CARD_NAMES))


class Client:
    """One client of a referee, and what it may know of each game it holds: the seats it
    plays, and the cards their views have shown it so far (every card, for a game it
    knows whole: a seed it chose, a state it gave, a sample, a match that is over).

    The knowledge is the test's own model, made from the library's views and event feed
    of the true states (read from the referee, which the client never sees), never from
    the referee's decisions."""

    def __init__(self, referee: Referee) -> None:
        self.referee = referee
        self.plays: dict[str, frozenset[int]] = {}
        self.knows_all: dict[str, bool] = {}
        self.seen: dict[str, set[str]] = {}

    def state(self, handle: str) -> Any:
        return self.referee._states[handle]  # the truth, which only the test reads

    def hold(self, handle: str, plays: frozenset[int], knows_all: bool) -> None:
        self.plays[handle] = plays
        self.knows_all[handle] = knows_all
        self.seen[handle] = set()
        self.look(handle)

    def look(self, handle: str) -> None:
        """Add what the client's seats see now to what it knows."""
        if handle not in self.referee._states:
            return
        state = self.state(handle)
        feed = self.referee._events[handle]
        for seat in self.plays[handle]:
            view = state.view(seat)
            self.seen[handle] |= cards_named(view.to_dict()) | cards_named(view.to_text())
            self.seen[handle] |= cards_named(events_since(feed, 0, seat))

    def knows_every_card(self, handle: str) -> bool:
        return self.knows_all[handle] or self.state(handle).is_over

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """The referee's answer to ``request``, checked (:func:`check_answer`)."""
        handle = request.get("handle")
        before = handle in self.seen and not self.knows_every_card(handle)
        answer = self.referee.answer(request)
        if handle in self.seen:
            self.look(handle)
            if before:
                check_answer(answer, request, self.seen[handle])
        return answer


def check_answer(answer: dict[str, Any], request: dict[str, Any], seen: set[str]) -> None:
    """The checker, the same for every operation: an answer names no card that the
    client's seats have not been shown (an error answer may also repeat the request's
    own cards)."""
    named = cards_named(answer)
    allowed = seen if answer["ok"] else seen | cards_named(request)
    hidden = named - allowed
    assert not hidden, (
        f"{request['op']!r} showed {sorted(hidden)}, hidden from the client: {request} -> "
        f"{str(answer)[:400]}"
    )


@contextmanager
def one_bot_move_a_request() -> Iterator[None]:
    """The bot seats play one move a request, so that a bot is often left to move."""
    with mock.patch("scala40_server.serving.bot_seats.MAX_BOT_MOVES", 1):
        yield


def probe(client: Client, handle: str, rng: random.Random) -> None:
    """Every operation on ``handle`` (the attacker's among them), each answer checked;
    those the client may not have are refused, and its own seats' are answered."""
    state = client.state(handle)
    players = state.player_count
    plays = client.plays[handle]
    whole = client.knows_every_card(handle)
    deciding = None if state.is_chance else state.current_player
    bot_to_move = deciding is not None and deciding not in plays
    for op in ("legal", "bot", "hint"):
        request: dict[str, Any] = {"op": op, "handle": handle}
        if op != "legal":
            request["bot"] = "greedy"
        answer = client.ask(request)
        if bot_to_move and not whole:
            assert not answer["ok"], (request, answer)
        elif deciding is not None and deciding in plays:
            assert answer["ok"], (request, answer)
    since = max(state.move_number - rng.randint(0, 3), 0)
    for seat in range(players):
        mine = seat in plays or whole
        for request in (
            {"op": "view", "handle": handle, "seat": seat},
            {"op": "events", "handle": handle, "seat": seat, "since": since},
            {"op": "picture", "handle": handle, "seat": seat, "perspective": seat},
            {"op": "sample", "handle": handle, "seat": seat, "seed": rng.randrange(99)},
        ):
            answer = client.ask(request)
            assert answer["ok"] is mine, (request, answer)
            if request["op"] == "sample" and answer["ok"]:
                assert client.ask({"op": "close", "handle": answer["handle"]})["ok"]
    answer = client.ask({"op": "save", "handle": handle})
    assert answer["ok"] is whole, answer
    client.ask({"op": "deal", "handle": handle})
    for seat in sorted(set(range(players)) - plays):
        # Resigning the referee's bot, to win: never the client's to send.
        answer = client.ask({"op": "apply", "handle": handle, "move": f"resign {seat}"})
        assert not answer["ok"], answer
    if bot_to_move:
        move = rng.choice(list(state.legal_moves()))
        answer = client.ask({"op": "apply", "handle": handle, "move": state.MOVES.to_dict(move)})
        assert not answer["ok"], answer


def play_on(client: Client, handle: str, rng: random.Random) -> bool:
    """One request that plays on: the client's move (one of its legal moves, as
    ``legal`` answers them), or ``advance`` for the bots and the chance steps. Whether
    the match goes on."""
    state = client.state(handle)
    if state.is_over:
        return False
    if state.is_chance or state.current_player not in client.plays[handle]:
        answer = client.ask({"op": "advance", "handle": handle})
    else:
        moves = client.ask({"op": "legal", "handle": handle})["moves"]
        move = rng.choice(moves)["move"]
        answer = client.ask({"op": "apply", "handle": handle, "move": move, "chance": False})
    assert answer["ok"], answer
    return True


KINDS = ("secret", "secret", "chosen", "loaded", "secret, no bot", "loaded, no bot")
"""How the client came to hold the game: a deal the referee keeps secret (drawn twice as
often: the kind with most to hide), a seed the client chose, a state it gave (with
explicit chance steps); with bot seats, or without (the client plays every seat)."""


VALUE = "5eed" * 16
"""The client's value for each seat it plays, when it helps to shuffle."""
WAITING_OPERATIONS = ("legal", "bot", "hint", "view", "events", "picture", "sample", "save")
"""What a client may ask of a game that waits for its deal: none of it shows a card."""


def _shuffle_with_the_client(
    referee: Referee, handle: str, plays: frozenset[int], players: int
) -> dict[str, Any]:
    """Deal a game that waits for the client's seats (every operation asked of it while
    it waits, each answer naming no card), committing then revealing a value for each
    seat the client plays; the answer of ``reveal``."""
    for op in WAITING_OPERATIONS:
        answer = referee.answer({"op": op, "handle": handle, "seat": 0, "since": 0})
        check_answer(answer, {}, set())
    table = referee.answer({"op": "deal", "handle": handle})["deal"]["commitment"]
    commitments = [
        value_commitment_of(table, seat, VALUE) if seat in plays else None
        for seat in range(players)
    ]
    committed = referee.answer({"op": "commit", "handle": handle, "commitments": commitments})
    assert committed["ok"], committed
    values = [VALUE if seat in plays else None for seat in range(players)]
    dealt = referee.answer({"op": "reveal", "handle": handle, "values": values})
    assert dealt["ok"], dealt
    assert dealt["dealt"], dealt
    return dealt


def _new_game(
    client: Client, name: str, kind: str, players: int, plays: frozenset[int], seed: int
) -> str:
    game = load_game(name)
    bots = [None if seat in plays else "greedy" for seat in range(players)]
    request: dict[str, Any] = {"op": "new", "game": name, "players": players}
    if kind == "chosen":
        request["seed"] = seed
    if kind.startswith("loaded"):
        state = game.new_game(game.ruleset_type.default(), players, seed, auto_chance=False)
        request = {"op": "load", "game": name, "state": state.to_dict()}
    if not kind.endswith("no bot"):
        request["bots"] = bots
    answer = client.referee.answer(request)
    assert answer["ok"], answer
    handle: str = answer["handle"]
    if not answer.get("dealt", True):
        answer = _shuffle_with_the_client(client.referee, handle, plays, players)
    client.hold(handle, plays, knows_all=not kind.startswith("secret"))
    # The bots' first moves came with the answer: none may show a hidden card.
    if kind == "secret":
        check_answer(answer, request, client.seen[handle])
    return handle


@pytest.mark.parametrize("name", one_game_by_default("skarney"))
@fuzz_settings(5)
@given(data=st.data())
def test_no_answer_shows_a_card_hidden_from_the_clients_seats(
    name: str, data: st.DataObject
) -> None:
    game = load_game(name)
    rules = game.ruleset_type.default()
    players = data.draw(st.integers(rules.min_players, min(rules.max_players, 4)), "players")
    played = data.draw(
        st.lists(st.integers(0, players - 1), min_size=1, max_size=players - 1, unique=True),
        "seats the client plays",
    )
    kind = data.draw(st.sampled_from(KINDS), "kind")
    seed = data.draw(st.integers(0, 2**32), "seed")
    steps = data.draw(st.integers(1, 12), "requests that play on")
    rng = random.Random(seed)
    plays = frozenset(range(players)) if kind.endswith("no bot") else frozenset(played)
    with one_bot_move_a_request():
        client = Client(Referee(name))
        # Several games held at once: the one under test, and one of another kind.
        other = _new_game(client, name, "chosen", players, plays, seed + 1)
        handle = _new_game(client, name, kind, players, plays, seed)
        for _ in range(steps):
            probe(client, handle, rng)
            if not play_on(client, handle, rng):
                break
            play_on(client, other, rng)
        probe(client, handle, rng)
        # The client resigns: the match goes on for the bots (the client still sees its
        # seats only), or it is over, and its deal is revealed, with every card.
        for seat in sorted(plays):
            if not client.state(handle).is_over:
                answer = client.ask({"op": "apply", "handle": handle, "move": f"resign {seat}"})
                assert answer["ok"], answer
        probe(client, handle, rng)
        deal = client.ask({"op": "deal", "handle": handle})
        assert deal["ok"] is not kind.startswith("loaded"), deal
        if client.state(handle).is_over and deal["ok"]:
            assert "seed" in deal["deal"]


def _bot_left_to_move(
    referee: Referee, name: str, client: int = 0, bot: int | None = None, **fields: Any
) -> str:
    """A game of ``name`` whose seats but ``client`` (seat 0 unless given) the referee's
    greedy bots play, played (the client's moves the first legal ones, the bots' by
    ``advance``) until a bot (seat ``bot``, where given) is left to move at the end of a
    request."""
    rules = load_game(name).ruleset_type.default()
    bots = [None if seat == client else "greedy" for seat in range(rules.min_players)]
    request = {"op": "new", "game": name, "players": len(bots), "bots": bots, **fields}
    answer = referee.answer(request)
    handle: str = answer["handle"]
    if not answer.get("dealt", True):
        answer = _shuffle_with_the_client(referee, handle, frozenset({client}), len(bots))
    for _ in range(200):
        deciding = answer["summary"]["current_player"]
        if deciding is None:
            break
        if deciding != client and bot in (None, deciding):
            return handle
        if deciding != client:
            answer = referee.answer({"op": "advance", "handle": handle})
            continue
        move = referee.answer({"op": "legal", "handle": handle})["moves"][0]["move"]
        answer = referee.answer({"op": "apply", "handle": handle, "move": move})
    raise AssertionError(f"no bot of {name} was left to move")


@pytest.mark.parametrize("name", game_names())
def test_a_bot_left_to_move_shows_nothing_of_its_hand(name: str) -> None:
    """The defect (S1): when a request's time ran out with the referee's bot still to
    move, ``legal`` listed every card of its hand, and ``hint`` and ``bot`` chose one of
    them, while ``view`` of its seat was refused. Every operation that reaches the seat
    to decide is refused for a bot's seat now, with what to send instead; ``advance``
    lets the bot play, and the same requests answer again on the client's turn."""
    with one_bot_move_a_request():
        referee = Referee(name)
        handle = _bot_left_to_move(referee, name)
        for op in ("legal", "hint", "bot"):
            answer = referee.answer({"op": op, "handle": handle})
            assert not answer["ok"], answer
            assert answer["error"]["type"] == "InvalidArgumentError"
            message = answer["error"]["message"]
            assert "is the referee's bot's to decide" in message
            assert "send 'advance'" in message
        while referee.answer({"op": "advance", "handle": handle})["summary"]["current_player"]:
            pass
        assert referee.answer({"op": "legal", "handle": handle})["ok"]
        for op in ("hint", "bot"):
            assert referee.answer({"op": op, "handle": handle, "bot": "greedy"})["ok"]


@pytest.mark.parametrize("name", game_names())
def test_a_bot_at_seat_0_is_hidden_as_any_other(name: str) -> None:
    """Seat 0 is a seat like any other, never read as no seat (``0`` is false in a
    test of truth): with the client at seat 1 and the referee's bot at seat 0 left to
    move, ``legal``, ``hint`` and ``bot`` are refused, and so are seat 0's view, events,
    picture and sample; the client's own seat answers."""
    with one_bot_move_a_request():
        referee = Referee(name)
        handle = _bot_left_to_move(referee, name, client=1, bot=0)
        for op in ("legal", "hint", "bot"):
            answer = referee.answer({"op": op, "handle": handle})
            assert not answer["ok"], answer
            assert "seat 0 is the referee's bot's to decide" in answer["error"]["message"]
        for seat in (0, 1):
            for request in (
                {"op": "view", "handle": handle, "seat": seat},
                {"op": "events", "handle": handle, "seat": seat, "since": 0},
                {"op": "picture", "handle": handle, "seat": seat, "perspective": seat},
                {"op": "sample", "handle": handle, "seat": seat, "seed": 1},
            ):
                answer = referee.answer(request)
                assert answer["ok"] is (seat == 1), answer
                if seat == 0:
                    assert "seat 0 is the referee's bot's" in answer["error"]["message"]


@pytest.mark.parametrize("seed", [None, 7], ids=["secret deal", "chosen seed"])
def test_a_client_moves_and_resigns_only_for_its_own_seats(seed: int | None) -> None:
    """The defect: ``resign 1``, sent while the client's seat 0 decided, resigned the
    referee's bot and won the match; a move for a bot left to move was refused only by
    a check of the seat to decide. A move is the client's to send for its own seats only,
    whoever decides, whatever it knows of the deal; its own resignation stands."""
    with one_bot_move_a_request():
        referee = Referee("chinchon")
        fields = {} if seed is None else {"seed": seed}
        handle = _bot_left_to_move(referee, "chinchon", **fields)
        for move in ("resign 1", {"type": "resign", "seat": 1}, "draw", "take"):
            answer = referee.answer({"op": "apply", "handle": handle, "move": move})
            assert not answer["ok"], (move, answer)
            assert "played by the referee's bot" in answer["error"]["message"]
        while referee.answer({"op": "advance", "handle": handle})["summary"]["current_player"]:
            pass
        answer = referee.answer({"op": "apply", "handle": handle, "move": "resign 1"})
        assert "played by the referee's bot" in answer["error"]["message"]
        answer = referee.answer({"op": "apply", "handle": handle, "move": "resign 0"})
        assert answer["ok"], answer
        assert answer["summary"]["is_over"]
        assert answer["summary"]["winners"] == [1]
