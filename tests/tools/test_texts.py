"""Each game's words on the command line are the command line's, found by the game's
name (:mod:`scala40.texts`): the library's games by their module in
:mod:`scala40.cli.text`, a game of a program by :func:`~scala40.texts.register_text`, the
default words otherwise, and, until the next release, a record given its words the way
0.5 took them (warning)."""

from __future__ import annotations

import importlib

import pytest

import scala40.texts as registry
from scala40.errors import InvalidArgumentError
from scala40.game import BUILTIN_GAMES, Game, load_game
from scala40.texts import GameText, register_text, text_of


def test_every_game_of_the_library_has_its_words_by_name() -> None:
    for name in BUILTIN_GAMES:
        words = text_of(name)
        assert type(words).__module__.startswith("scala40.cli.text.")
        assert type(words) is not GameText
    assert text_of("chinchon") is importlib.import_module("scala40.cli.text.chinchon").TEXT


def test_words_registered_for_a_game_are_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry._TEXTS, "registered", {})
    words = GameText()
    register_text("chinchon", words)
    assert text_of("chinchon") is words
    with pytest.raises(InvalidArgumentError, match="expected a GameText"):
        register_text("chinchon", "words")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="expected a game or its name"):
        register_text(3, words)  # type: ignore[arg-type]


def _record(**parts: object) -> Game:
    game = load_game("chinchon")
    return Game(
        "toy-worded",
        "Toy worded",
        "",
        1,
        game.ruleset_type,
        game.new_game,
        game.state_from_dict,
        game.parse_move,
        game.move_from_dict,
        **parts,  # type: ignore[arg-type]
    )


def test_words_given_with_the_record_warn_and_are_found() -> None:
    words = GameText()
    with pytest.warns(DeprecationWarning, match=r"scala40\.texts\.register_text"):
        record = _record(text=words)
    assert registry._TEXTS.look_up(record) is words
    assert registry._TEXTS.look_up(_record()) == registry._DEFAULT


def test_the_old_paths_of_the_words_warn_and_give_the_new_ones() -> None:
    for name in ("scala40", "skarney"):
        with pytest.warns(DeprecationWarning, match=rf"import scala40\.cli\.text\.{name}"):
            old = importlib.import_module(f"scala40.games.{name}.text")
        assert old is importlib.import_module(f"scala40.cli.text.{name}")
    with pytest.warns(DeprecationWarning, match=r"use scala40\.cli\.text\.rumino\.TEXT"):
        old_name = importlib.import_module("scala40.games.rumino").TEXT
    assert old_name is text_of("rumino")
