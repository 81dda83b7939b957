"""One spelling of cards for players: over hands played by the bots in every game, no
picture of a table (a seat's view, from the view and from its JSON, and with the last
move marked as the web table draws it; the last hand's end) has a line, title or label
that spells a card in the notation (``QC``), and every reason a view gives for a refused
move (``view.to_dict()["own"]["refused"]``) reads, once spelled as the page spells it
(:func:`scala40._wording.players_text`, which the page's ``spelledText`` mirrors), with
its cards as a player reads them and its rule ID kept. The page itself is held to it in
a real browser (server/tests/browser/test_web_table.py).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scala40._wording import players_text
from scala40.bots import make_bot
from scala40.drawing import last_hand_svg, view_svg
from scala40.game import BUILTIN_GAMES, load_game
from tests.spelling import codes_in, svg_texts

PLAYERS = {"skarney": 4}
EVERY = 3
"""Every how many moves the pictures are drawn (every seat's view)."""
MAX_MOVES = 3_000
HANDS = 2
"""The hands played in each game (or fewer, when the match ends first)."""


@pytest.mark.parametrize("name", BUILTIN_GAMES)
def test_no_picture_or_reason_spells_a_card_in_the_notation(name: str) -> None:
    game = load_game(name)
    rules = game.ruleset_type.default()
    spanish = rules.deck.name.startswith("spanish")
    state = game.new_game(rules, PLAYERS.get(name, 2), 5)
    bot = make_bot("greedy", game)
    chooser = random.Random(5)
    seen: Counter[str] = Counter()
    previous: str | None = None
    for number in range(MAX_MOVES):
        ended = state.last_hand is not None and state.last_hand.hand_number > seen["hands ended"]
        if number % EVERY == 0 or ended or state.is_over:
            for seat in range(state.player_count):
                view = state.view(seat)
                data = view.to_dict()
                pictures = [view_svg(view), view_svg(data)]
                if previous is not None:  # as the web table draws it, the last move marked
                    pictures.append(view_svg(view, last_move=previous))
                if state.last_hand is not None:
                    pictures.append(last_hand_svg(view))
                for picture in pictures:
                    for text in svg_texts(picture):
                        assert codes_in(text) == [], (name, text)
                    seen["pictures"] += 1
                for refused in data["own"]["refused"]:
                    said = players_text(refused["why"], spanish)
                    assert codes_in(said) == [], (name, said)
                    assert said.endswith(refused["why"][refused["why"].rindex("(") :])
                    seen["reasons"] += 1
            seen["positions"] += 1
        if ended:
            seen["hands ended"] = state.last_hand.hand_number
        if state.is_over or seen["hands ended"] >= HANDS:
            break
        seat = state.current_player
        legal = list(state.legal_moves())
        move = legal[0] if seat is None else bot.choose(state.view(seat), legal, chooser)
        state = state.apply(move)
        previous = None if seat is None else str(move)
    assert seen["hands ended"], f"{name}: no hand ended in {MAX_MOVES} moves"
    assert seen["pictures"] > 20
    if name == "scala40":
        assert seen["reasons"] > 0
