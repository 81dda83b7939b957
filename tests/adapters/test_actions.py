"""The action encoding: exact legal actions, stable ids, moves both ways, chance draws.

The central check: on every state of the protocol suite's seeded playouts (every game,
every preset, its numbers of players, both chance modes), walking the legal actions
token by token reaches exactly the legal moves, each once, and nothing else.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import scala40
from scala40.adapters.actions import (
    CARD_CODES,
    ActionEncoding,
    ActionEncodingError,
    Decision,
    IllegalActionError,
    TokenKind,
    _Scheme,
)
from scala40.adapters.chance import ChanceDraws, shuffled_chance_move
from scala40.errors import IllegalMoveError, InvalidValueError, UnknownGameError
from scala40.game import Game, game_names, load_game
from tests.adapters.toygame import GAME as TOY
from tests.protocol.cases import soak_unless_default
from tests.protocol.test_protocol import MAX_ACTIONS, PLAYOUTS


def _player_counts(game: Game, preset: str) -> list[int]:
    """The numbers of players the protocol suite plays each preset with."""
    rules = game.ruleset_type.preset(preset)
    counts = {rules.min_players, rules.max_players, game.default_players}
    return sorted(count for count in counts if rules.min_players <= count <= rules.max_players)


def _cases() -> Iterator[Any]:
    for game in [*(load_game(name) for name in game_names()), TOY]:
        for preset in game.ruleset_type.preset_names():
            yield pytest.param(
                game, preset, id=f"{game.name}-{preset}", marks=soak_unless_default(game, preset)
            )


CASES = list(_cases())


def _states(game: Game, preset: str, players: int, seed: int, auto_chance: bool) -> Iterator[Any]:
    """The states of the protocol suite's seeded random playout."""
    chooser = random.Random(seed)
    state = game.new_game(preset, players, seed, auto_chance=auto_chance)
    for _ in range(MAX_ACTIONS):
        yield state
        if state.is_over:
            return
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])


def _walk(decision: Decision) -> Iterator[Decision]:
    """Every complete decision reachable by choosing legal actions, depth first."""
    if decision.complete:
        assert not decision.actions()
        yield decision
        return
    actions = decision.actions()
    assert actions, "a decision that is not complete has a legal action (no dead end)"
    assert list(actions) == sorted(set(actions))
    for action in actions:
        yield from _walk(decision.after(action))


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_the_legal_actions_reach_exactly_the_legal_moves(game: Game, preset: str) -> None:
    for players in _player_counts(game, preset):
        encoding = ActionEncoding(game, preset, players)
        for seed in range(PLAYOUTS):
            for auto_chance in (True, False):
                for state in _states(game, preset, players, seed, auto_chance):
                    if state.current_player is None:
                        with pytest.raises(IllegalMoveError):
                            encoding.decision(state)
                        continue
                    legal = list(state.legal_moves())
                    sequences = [encoding.encode(move) for move in legal]
                    assert len(set(sequences)) == len(sequences), "two moves share tokens"
                    for tokens, move in zip(sequences, legal):
                        assert all(0 <= t < encoding.num_distinct_actions for t in tokens)
                        assert len(tokens) <= encoding.max_move_length
                        assert encoding.decode(tokens) == move
                    reached = [(end.prefix, end.move) for end in _walk(encoding.decision(state))]
                    assert sorted(reached, key=lambda item: item[0]) == sorted(
                        zip(sequences, legal), key=lambda item: item[0]
                    )
                    first = sequences[0]
                    assert encoding.legal_actions(state) == encoding.decision(state).actions()
                    mask = encoding.legal_mask(state, first[:1])
                    assert len(mask) == encoding.num_distinct_actions
                    assert mask[first[1]] if len(first) > 1 else not any(mask)


def test_ids_are_stable_and_documented() -> None:
    encoding = ActionEncoding("scala40", "official", players=2)
    texts = [token.text for token in encoding.tokens]
    assert texts[:10] == [
        "draw", "take", "upcard", "meld", "layoff", "swap", "split", "discard", "deal",
        "restock",
    ]  # fmt: skip
    assert texts[10:63] == list(scala40.cards.CARD_NAMES)
    assert texts[63:72] == ["end", "none", "no", "yes", "[", "cards:", "low", "high", "set"]
    assert texts[72:] == [str(number) for number in range(108)]
    assert encoding.num_distinct_actions == 180 == len(encoding.tokens)
    assert all(token.id == index for index, token in enumerate(encoding.tokens))
    # Only the numbers follow the deck's size; a ruleset of 106 cards has 2 fewer.
    online = ActionEncoding("scala40", "online", players=5)
    assert [t.text for t in online.tokens][:72] == texts[:72]
    assert online.num_distinct_actions == 178
    assert encoding.token_id("discard") == 7
    assert encoding.token_id("7H") == 29
    assert encoding.token(64).kind is TokenKind.NONE
    assert repr(encoding) == "<ActionEncoding scala40 2 players: 180 actions>"


def test_every_codec_round_trips_in_the_toy_game() -> None:
    encoding = ActionEncoding(TOY, None, 4)
    kinds = Counter(token.kind for token in encoding.tokens)
    assert kinds[TokenKind.SEAT] == 4
    assert kinds[TokenKind.CHOICE] == 2
    assert kinds[TokenKind.NUMBER] == 13
    moves = [
        "give 2 AS 2S",
        "bet 2 yes",
        "swap",
        "swap JK",
        "answer no",
        "play 3D up",
        "play JK",
        "pass",
    ]
    for text in moves:
        move = TOY.parse_move(text)
        assert encoding.decode(encoding.encode(move)) == move
    mark = TOY.move_from_dict(
        {"format": "tests.toy.move", "version": 1, "type": "mark", "notes": [["AS 2S", 3]]}
    )
    tokens = encoding.encode(mark)
    texts = [encoding.describe(token) for token in tokens]
    assert texts == ["mark", "[", "[", "cards:", "AS", "2S", "end", "3", "end", "end"]
    assert encoding.decode(tokens) == mark


def test_bad_tokens_and_moves_are_library_errors() -> None:
    encoding = ActionEncoding("scala40", players=2)
    with pytest.raises(ActionEncodingError, match="expected a move of Scala 40"):
        encoding.encode("discard 7H")
    with pytest.raises(ActionEncodingError, match="end too early"):
        encoding.decode([encoding.token_id("discard")])
    with pytest.raises(ActionEncodingError, match="left over"):
        encoding.decode([encoding.token_id("draw"), 3])
    with pytest.raises(ActionEncodingError, match="expected a verb"):
        encoding.decode([20])
    with pytest.raises(ActionEncodingError, match="beyond the action encoding's numbers"):
        encoding.encode(scala40.parse_move("swap 8S #500"))
    with pytest.raises(InvalidValueError):
        encoding.token(180)
    with pytest.raises(InvalidValueError):
        encoding.token_id("nothing")
    with pytest.raises(InvalidValueError, match="players must be from 2 to 6"):
        ActionEncoding("scala40", players=9)
    with pytest.raises(UnknownGameError):
        ActionEncoding("bridge")
    state = scala40.new_game(players=2, seed=3)
    decision = encoding.decision(state)
    with pytest.raises(IllegalActionError, match=r"legal actions: 0 \(draw\)"):
        decision.after(7)
    assert isinstance(IllegalActionError("x"), IllegalMoveError)


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_a_prefix_read_on_from_the_one_before_reads_as_from_the_start(
    game: Game, preset: str
) -> None:
    """The slot and field start of a move's first tokens, read on from those of the
    tokens before (as a decision is walked), are the ones read from the first token."""
    players = game.default_players
    rules = game.ruleset_type.preset(preset)
    if not rules.min_players <= players <= rules.max_players:
        players = rules.min_players
    encoding = ActionEncoding(game, preset, players)
    for state in _states(game, preset, players, 0, True):
        if state.current_player is None:
            continue
        for tokens in encoding.legal_sequences(state):
            for end in range(1, len(tokens) + 1):
                prefix = tokens[:end]
                facts = (encoding.slot(prefix), encoding.field_start(prefix))
                assert facts == (encoding._slot(prefix), encoding._field_start(prefix))
                assert encoding.position(prefix) == facts


def test_decisions_name_their_seat_and_slot() -> None:
    encoding = ActionEncoding("scala40", players=2)
    state = scala40.new_game(players=2, seed=3).apply("draw")
    decision = encoding.decision(state)
    assert decision.player == 0
    assert decision.move is None
    meld = decision.after(encoding.token_id("meld"))
    assert encoding.slots[encoding.slot(meld.prefix)] == (scala40.PutDown, "cards")
    assert encoding.slot(()) == 0
    assert encoding.field_start(meld.prefix) == 1
    assert "Decision of seat 0: [meld]" in repr(meld)
    assert encoding.legal_sequences(state) == tuple(
        encoding.encode(move) for move in state.legal_moves()
    )


def test_chance_draws_give_every_order_its_shuffle_probability() -> None:
    cards = (3, 3, 7, 52)
    orders: dict[tuple[int, ...], float] = {}

    def walk(draws: ChanceDraws, probability: float) -> None:
        if draws.complete:
            orders[draws.order] = orders.get(draws.order, 0.0) + probability
            return
        outcomes = draws.outcomes()
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        for card, p in outcomes:
            walk(draws.after(card), probability * p)

    walk(ChanceDraws(cards), 1.0)
    # 4! / 2! distinct orders, each as likely as under a uniform shuffle of the 4 cards.
    assert len(orders) == 12
    assert all(math.isclose(p, 1 / 12) for p in orders.values())
    with pytest.raises(IllegalActionError, match="not possible"):
        ChanceDraws(cards).after(8)
    assert ChanceDraws(scala40.french_deck().cards).outcomes()[-1] == (52, 4 / 108)
    assert CARD_CODES == 53
    assert repr(ChanceDraws(cards).after(3)) == "<ChanceDraws 1 drawn, 3 left>"


def test_a_shuffled_chance_move_plays_the_chance_cards() -> None:
    state = scala40.new_game(players=2, seed=4, auto_chance=False)
    move = shuffled_chance_move(state, random.Random(1).randrange)
    assert sorted(move.order) == list(state.chance_cards())
    assert state.apply(move).current_player is not None


def test_encoding_is_json_friendly() -> None:
    encoding = ActionEncoding("scala40", "classic", players=3)
    state = scala40.new_game("classic", players=3, seed=2)
    for move in state.legal_moves():
        tokens = json.loads(json.dumps(encoding.encode(move)))
        assert encoding.decode(tokens) == move


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_a_field_ends_where_its_reader_ends_it(game: Game, preset: str) -> None:
    """Where a field ends, asked without reading its value (the positions of an
    unfinished move's fields), is where reading it ends, and ``None`` where reading it
    raises: at every place of legal moves' tokens, cut short or with a token changed."""
    players = game.default_players
    rules = game.ruleset_type.preset(preset)
    players = min(max(players, rules.min_players), rules.max_players)
    encoding = ActionEncoding(game, preset, players)
    chooser = random.Random(11)
    # The schemes that find their end without reading (the others read to find it).
    schemes = {
        scheme
        for fields in encoding._schemes.values()
        for _name, scheme in fields
        if type(scheme).end_of is not _Scheme.end_of
    }
    checked = cut = 0
    for state in _states(game, preset, players, 11, False):
        for move in list(state.legal_moves())[:10]:
            tokens = list(encoding.encode(move))
            spoiled = list(tokens)
            spoiled[chooser.randrange(len(spoiled))] = chooser.randrange(
                encoding.num_distinct_actions
            )
            for sequence in (tokens, spoiled):
                for end in range(len(sequence) + 1):
                    actions = sequence[:end]
                    for at in range(1, end + 1):
                        for scheme in schemes:
                            try:
                                expected: int | None = scheme.read(actions, at)[1]
                            except ActionEncodingError:
                                expected = None
                                cut += 1
                            assert scheme.end_of(actions, at) == expected
                            checked += 1
        if checked > 20_000:
            break
    assert cut
    assert checked > cut


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_any_tokens_after_a_verb_decode_or_fail_cleanly(game: Game, preset: str) -> None:
    """A verb followed by any tokens at all (a number where a field holds a list of
    melds, a list where it holds a number...): each reader gives a move or its place, or
    an ActionEncodingError, never another exception."""
    rules = game.ruleset_type.preset(preset)
    encoding = ActionEncoding(game, preset, rules.min_players)
    chooser = random.Random(11)
    verbs = sorted(encoding.verbs.values())
    failed = 0
    for _ in range(300):
        tokens = [chooser.choice(verbs)] + [
            chooser.randrange(encoding.num_distinct_actions)
            for _ in range(chooser.randrange(encoding.max_move_length + 2))
        ]
        for read in (encoding.decode, encoding.move_end, encoding.position):
            try:
                read(tokens)
            except ActionEncodingError:
                failed += 1
    assert failed


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_spoiled_token_sequences_decode_or_fail_cleanly(game: Game, preset: str) -> None:
    """The tokens of legal moves with one token replaced, one dropped, one added or the
    sequence cut: decoding gives a move of the game or an ActionEncodingError, never
    another exception (every scheme's reader checks what it reads)."""
    players = game.default_players
    rules = game.ruleset_type.preset(preset)
    players = min(max(players, rules.min_players), rules.max_players)
    encoding = ActionEncoding(game, preset, players)
    chooser = random.Random(7)
    sequences = set()
    for state in _states(game, preset, players, 7, False):
        for move in list(state.legal_moves())[:20]:
            sequences.add(encoding.encode(move))
        if len(sequences) > 200:
            break
    decoded = failed = 0
    for tokens in sorted(sequences):
        for _ in range(6):
            spoiled = list(tokens)
            place = chooser.randrange(len(spoiled) + 1)
            how = chooser.randrange(4)
            if how == 0 and place < len(spoiled):
                spoiled[place] = chooser.randrange(encoding.num_distinct_actions)
            elif how == 1 and place < len(spoiled):
                del spoiled[place]
            elif how == 2:
                spoiled.insert(place, chooser.randrange(encoding.num_distinct_actions))
            else:
                spoiled = spoiled[:place]
            try:
                move = encoding.decode(spoiled)
            except ActionEncodingError:
                failed += 1
                continue
            decoded += 1
            assert encoding.decode(encoding.encode(move)) == move
    assert failed


def test_resignation_is_never_offered_to_agents() -> None:
    """C-RESIGN: leaving a match is a player's choice, not a move for agents to learn: a
    legal resignation gets no token and no action."""
    import attrs

    from scala40.adapters.actions import UNOFFERED_VERBS

    encoding = ActionEncoding("scala40", "official", players=2)
    state = scala40.new_game("official", players=2, seed=3)

    @attrs.frozen
    class Resign:
        verb = "resign"
        seat: int = 0

    @attrs.frozen
    class Resigning:
        inner: Any

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

        def legal_moves(self) -> tuple[Any, ...]:
            return (*self.inner.legal_moves(), Resign())

    assert "resign" in UNOFFERED_VERBS
    assert all(kind.verb != "resign" for kind in encoding.kinds)
    offered = encoding.decision(Resigning(state))
    plain = encoding.decision(state)
    assert offered.actions() == plain.actions()
    assert encoding.legal_sequences(Resigning(state)) == encoding.legal_sequences(state)
