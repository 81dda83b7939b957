"""Share a position as one line of text: write it, read it back, ask what to play there.

Run it with no arguments, scala40 installed::

    python examples/share_a_position.py

A player in the middle of a game of Scala 40 wants to ask "what should I play here?".
The whole state is one line (``state.to_text()``): a bug report or a test can paste it,
and ``load_game("scala40").state_from_text(text)`` gives the same state back. What the
player sees is one line too (``view.to_text()``): it hides the others' cards, so it is
what the player posts; read back, it is the game's own view, which a bot can play from.
A line with a typo is refused with the field and the character where it is.
"""

from __future__ import annotations

import random
from typing import Any

from scala40 import InvalidPositionError, load_game, position_from_text
from scala40.bots import make_bot


def a_position() -> Any:
    """A four-player game of Scala 40, some turns in, at a decision of a seat."""
    game = load_game("scala40")
    state = game.new_game("official", players=4, seed=7)
    chooser = random.Random(7)
    while state.move_number < 42 or len(state.legal_moves()) < 3:
        state = state.apply(chooser.choice(list(state.legal_moves())))
    return state


def main() -> None:
    game = load_game("scala40")
    state = a_position()
    text = state.to_text()
    print(f"The whole state, {len(text)} characters:")
    print(f"  {text}")
    again = game.state_from_text(text)
    same = again.to_dict() == state.to_dict()
    print(f"read back: {again == state}, the same dictionary: {same}")

    seat = again.current_player
    view_text = again.view(seat).to_text()
    print(f"\nWhat seat {seat} sees, {len(view_text)} characters (the others' hands are counts):")
    print(f"  {view_text}")
    view = position_from_text(view_text)
    print(f"read back as the game's view: {view == again.view(seat)}")

    legal = list(view.legal_moves())
    for name in ("greedy", "ismcts:iterations=300"):
        bot = make_bot(name, game)
        move = bot.choose(view, legal, random.Random(0))
        print(f"the {name} bot would play: {move}")

    broken = text.replace(" play ", " plya ", 1)
    try:
        game.state_from_text(broken)
    except InvalidPositionError as error:
        print(f"\nA typo is refused where it is: {error.field} at character {error.position}")
        print(f"  {error}")

    after = again.apply(legal[0])
    print(f"\nAfter {legal[0]}:")
    print(f"  {after.to_text()}")


if __name__ == "__main__":
    main()
