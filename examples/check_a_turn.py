"""Check whole turns the way an app that keeps its own table would.

Run it with no arguments, scala40 installed::

    python examples/check_a_turn.py

The app holds a position (hands, discard pile, table, who has opened) and receives each
turn as a line of moves typed by a player. It builds the position with
``GameState.from_position``, checks the turn as a whole with ``GameState.apply_turn``, and
answers in one line: what the turn did, or which move was refused and the rule that
refused it. It also asks single questions (``state.can("take")``, ``can("layoff 4D #0")``,
``can("discard 9D")``) the way a user interface greys out buttons.
"""

from __future__ import annotations

from scala40 import GameState, IllegalMoveError, InvalidMoveError, format_cards


def position() -> GameState:
    """Player 0 has not opened and holds two melds worth 24 and 30 (S40-OPEN)."""
    return GameState.from_position(
        hands=["7S 8S 9S KD KH KC 2D 5C QH", "2C 3C 4C 4D 9D"],
        discard="JC 10H",
        table=["JK=5D 6D 7D"],
        opened=[False, True],
        turns_played=[2, 2],
        turn=0,
    )


def check(state: GameState, turn: str) -> GameState:
    """Check one typed turn and say what happened; the state is kept when it is refused."""
    try:
        after = state.apply_turn(turn)
    except (IllegalMoveError, InvalidMoveError) as error:
        print(f"  refused  {turn!r}\n           {error}")
        return state
    player = state.current_player
    assert player is not None
    print(
        f"  accepted {turn!r}\n           player {player} now holds "
        f"{format_cards(after.hands[player])}; opened: {after.opened[player]}"
    )
    return after


def main() -> None:
    state = position()
    print("Questions before the draw:")
    print(f"  take the 10H from the discard pile? {state.can('take')}")
    print(f"  draw from the stock? {state.can('draw')}")
    print("Turns typed by player 0:")
    check(state, "draw; meld 7S 8S 9S; discard 2D")  # 24 points: the opening falls short
    check(state, "draw; meld 7S 8S 9S; meld KD KH KC; discard QH; discard 5C")
    check(state, "draw; meld 7S 8S 9X")  # a typing mistake
    state = check(state, "draw; meld KD KH KC; meld 7S 8S 9S; discard QH")
    print("Questions for player 1, who has opened, after drawing:")
    drawn = state.apply("draw")
    print(f"  lay off 4D on #0 (JK=5D 6D 7D)? {drawn.can('layoff 4D #0')}")
    print(f"  lay off 9D on #1 (a set of kings)? {drawn.can('layoff 9D #1')}")
    print(f"  discard 9D? {drawn.can('discard 9D')}")


if __name__ == "__main__":
    main()
