"""Light move dictionaries, as a client sends them, in every game: ``format`` and
``version`` left out, fields at their default left out, melds as the text of the
notation with the wild cards' readings inline. Each reads back to the same move; a
header that is present is still checked."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from scala40.errors import SerializationError
from scala40.game import Game, game_names, load_game


def _light(game: Game, move: Any) -> dict[str, Any]:
    data: dict[str, Any] = game.move_to_dict(move)
    del data["format"], data["version"]
    for field in attrs.fields(type(move)):
        if field.default is not attrs.NOTHING and getattr(move, field.name) == field.default:
            data.pop(field.name, None)  # a meld's readings are written inline
    return data


@pytest.mark.parametrize("name", game_names())
def test_light_dictionaries_read_back_to_the_same_move(name: str) -> None:
    game = load_game(name)
    moves = game.move_set
    assert moves is not None
    state: Any = game.new_game(None, game.default_players, 4)
    chooser = random.Random(4)
    for _ in range(300):
        if state.is_over:
            break
        legal = state.legal_moves()
        for move in legal:
            written = game.move_to_dict(move)
            # Melds are written as text, each wild card's reading inline: never as a field
            # of readings or as [cards, represented] pairs.
            assert "represented" not in written
            assert not any(
                isinstance(item, list)
                for value in written.values()
                if isinstance(value, list)
                for item in value
            )
            assert moves.from_dict(_light(game, move)) == move
            assert state.is_legal(_light(game, move))
        state = state.apply(legal[chooser.randrange(len(legal))])
    with pytest.raises(SerializationError, match="expected format"):
        moves.from_dict({"type": "draw", "format": "scala40.other"})
    with pytest.raises(SerializationError, match="unsupported version"):
        moves.from_dict({"type": "draw", "version": 9})


@pytest.mark.parametrize("name", ["chinchon", "laconga"])
def test_a_close_reads_its_melds_as_text(name: str) -> None:
    """Chinchón's and La Conga's closes (CH-CLOSE): melds as the notation writes them,
    or as pairs."""
    moves = load_game(name).move_set
    assert moves is not None
    text = moves.parse("close 2S : 5H 6H 7H / 8C 9C 10C")
    light = {"type": "close", "card": "2S", "melds": ["5H 6H 7H", "8C 9C 10C"]}
    assert moves.from_dict(light) == text
    mixed = {**light, "melds": ["5H 6H 7H", ["8C 9C 10C", "8C 9C 10C"]]}
    assert moves.from_dict(mixed) == text
    with pytest.raises(SerializationError, match="a list of melds, each as text"):
        moves.from_dict({**light, "melds": [7]})
