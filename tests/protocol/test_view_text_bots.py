"""A bot given a seat's view read back from its text plays the move it plays at the table:
a promise of every registered game (``scala40 hint`` reads a view's text).

The bots read the moves of the hand in play (the knock games' careful bot the last 400,
their stalled-hand plan the cards that went round the table,
:mod:`~scala40.bots.knock.stalled`), and a view's text keeps the hand's last
:data:`~scala40.history.TEXT_MOVES` of them, no bot reading further back. The hands
here are played into stalled territory: a player that never ends a hand while it may
(:func:`~tests.protocol.test_hands_end.adversarial_move`) plays until the hand has lasted
:data:`~scala40.bots.knock.stalled.STALL_DECKS` times as many turns as its deck has
cards (a knock game's hand has then stalled) or the rules end it (Scala 40's, S40-STALL),
every :data:`DRIVEN_EVERY`-th decision
compared on the way; then the bot plays every seat, each of its :data:`BOT_DECISIONS`
decisions compared. At each, the bot's move from the live view and from the view's text
read back (the same random numbers for both) must be the same move.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scala40.bots import QUICK_BOTS, bot_names, make_bot
from scala40.bots.knock.careful import MAX_READ_MOVES
from scala40.bots.knock.stalled import STALL_DECKS, hand_stalled
from scala40.errors import InvalidPositionError
from scala40.game import Game, game_names, load_game
from scala40.games._knock.state import KnockState
from scala40.history import TEXT_MOVES
from tests.protocol.tally import TALLY, long_run
from tests.protocol.test_hands_end import adversarial_move

DRIVEN_EVERY = 4
"""How often a decision of the hand's long first part is compared (one in this many)."""
BOT_DECISIONS = 24
"""The bot's own decisions compared once the hand is long, each game, bot and seed (a
stalled Rumino decision costs its bots a tenth of a second: the plan's melds of 108
cards)."""
SEEDS = (1, 2, 3) if long_run() else (1,)
"""The first hands played, each game and bot."""
LONG_SHARE = 3
"""At least one in this many of the bot's compared decisions are in a stalled hand, in
a knock game (the bot may end the hand)."""
DRIVE_CAP = 5_000
"""The most moves the first part of a hand may take (a long hand is a few hundred)."""


def _cases() -> list[Any]:
    return [
        pytest.param(name, bot, id=f"{name}-{bot}")
        for name in game_names()
        for bot in QUICK_BOTS
        if bot in bot_names(name)
    ]


def _moves_in_hand(state: Any) -> int:
    history = state.history
    count: int = len(history) + history.dropped
    return count


def _long(state: Any) -> bool:
    """Whether the hand in play is in stalled territory: a knock game's has stalled
    (:func:`~scala40.bots.knock.stalled.hand_stalled`); another game's has lasted as
    many moves as such a hand's turns, two moves a turn."""
    if isinstance(state, KnockState):
        return hand_stalled(state.view(0))
    return _moves_in_hand(state) >= 2 * STALL_DECKS * len(state.rules.deck.cards)


def _same_move(game: Game, bot: Any, state: Any, step: int) -> Any:
    """The bot's move at ``state``, checked to be the one it plays from the view's text."""
    seat = state.current_player
    view, legal = state.view(seat), list(state.legal_moves())
    text = view.to_text()
    back = game.view_from_text(text)
    assert list(back.legal_moves()) == legal
    move = bot.choose(view, legal, random.Random(step))
    again = bot.choose(back, list(back.legal_moves()), random.Random(step))
    assert again == move, (
        f"{game.name}: {bot!r} plays {move} at the table and {again} from the view's text "
        f"(move {state.move_number}, {_moves_in_hand(state)} moves into the hand): {text}"
    )
    TALLY["bot moves from a view's text compared with the table's"] += 1
    return move


def test_the_bots_read_no_further_back_than_a_view_text_keeps() -> None:
    assert MAX_READ_MOVES <= TEXT_MOVES


@pytest.mark.parametrize(("name", "bot_name"), _cases())
def test_a_bot_plays_the_same_move_from_a_view_read_back_from_its_text(
    name: str, bot_name: str
) -> None:
    game = load_game(name)
    rules = game.ruleset_type.default()
    players = max(rules.min_players, min(3, rules.max_players))
    bot = make_bot(bot_name, name)
    long_decisions = 0
    knock = isinstance(game.new_game(rules, players, 0), KnockState)
    for seed in SEEDS:
        state = game.new_game(rules, players, seed)
        rng = random.Random(seed)
        hand = state.hand_number
        step = 0
        while not _long(state):
            if state.is_over or state.hand_number != hand:
                # Only a knock game's rules let a hand go on for ever (Scala 40's end it,
                # S40-STALL; Skarney's adversarial hands end with its contracts).
                assert not knock, f"{name}: the hand ended"
                break
            assert step < DRIVE_CAP, f"{name}: no long hand within {DRIVE_CAP} moves"
            step += 1
            if state.current_player is None:
                state = state.apply(state.legal_moves()[0])
                continue
            if step % DRIVEN_EVERY == 0:
                _same_move(game, bot, state, step)
            state = state.apply(adversarial_move(state, rng))
        for _ in range(BOT_DECISIONS):
            if state.is_over:
                break
            step += 1
            if state.current_player is None:
                state = state.apply(state.legal_moves()[0])
                continue
            long_decisions += _long(state)
            state = state.apply(_same_move(game, bot, state, step))
    if knock:
        assert long_decisions >= len(SEEDS) * BOT_DECISIONS // LONG_SHARE


def test_a_view_text_whose_moves_are_not_a_hands_is_refused() -> None:
    game = load_game("chinchon")
    state = game.new_game(players=2, seed=1).apply("take").apply("discard 2S")
    text = state.view(1).to_text()
    assert ' history=[[0,"take","KC"],[0,"discard\\u00202S"]]' in text
    assert game.view_from_text(text).history == state.view(1).history
    moves = ",".join(['[0,"draw"]'] * (TEXT_MOVES + 1))
    for wrong, field in (
        (text.replace('"take"', '"fly"'), "history"),
        (text.replace('[0,"take","KC"]', '[0,"take","KX"]'), "history"),
        (text.replace('[0,"take","KC"]', "7"), "history"),
        (text.split(" history=")[0] + f" history=[{moves}]", "history"),
        (text.split(" history=")[0] + " history_dropped=3", "history_dropped"),
    ):
        with pytest.raises(InvalidPositionError) as caught:
            game.view_from_text(wrong)
        assert caught.value.field == field, (wrong, str(caught.value))
    # A state's text leaves the moves out, as FEN leaves a chess game's.
    assert "history" not in state.to_text()
    with pytest.raises(InvalidPositionError):
        game.state_from_text(state.to_text() + ' history=[[0,"draw"]]')
