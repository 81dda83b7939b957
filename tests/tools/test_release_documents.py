"""Documents an earlier release wrote read back the same today, and their schemas accept
them.

``tests/golden/v0.2.0/<game>.jsonl`` holds what scala40 0.2.0 (the release commit,
da5b968) wrote for each game: states at several moments of a game between greedy bots
(a hand's end among them, and the end of the match), of a game of random moves with its
chance steps played as moves, and after a resignation; a view of each of those states;
moves of every kind those games listed; every preset's ruleset; a record of random
moves (with who played each seat) and one of chance steps played as moves; and a small
tournament's result. Each line is ``{"kind": ..., "document": ...}``.
``tests/golden/v0.3.0/<game>.jsonl`` holds the same kinds of documents as scala40 0.3.0
(the release commit, e2274db) wrote them, its moves of every kind of each game (those
its games listed, and the others read from their texts).
``tests/golden/v0.4.0/<game>.jsonl`` holds them as scala40 0.4.0 (the release commit,
a2a50d0) wrote them: its views in their format's version 2 (with each seat's ``own``
facts), a deal in a given order beside one left to the seed, and its moves of every kind
of each game (those its games listed, and the others read from their texts).

Whatever a loader reads today, it must read these as each release wrote them (a format's
version moves only when a meaning changes): each loads, writes back exactly the document
it was read from, and validates against its format's schema.
"""

from __future__ import annotations

from collections import Counter

import pytest

from scala40.game import load_game
from scala40.schemas import BUILTIN_GAMES, KINDS
from tests.documents import (
    GOLDEN,
    RELEASE_GAMES,
    is_valid,
    load,
    release_documents,
    same_json,
    written,
)


def test_a_release_s_documents_are_of_the_games_it_had() -> None:
    """One file a game of each release, no other: a game added since has none to keep."""
    for release, games in RELEASE_GAMES.items():
        saved = sorted(path.stem for path in (GOLDEN / f"v{release}").glob("*.jsonl"))
        assert saved == sorted(games), release
        assert set(games) <= set(BUILTIN_GAMES), release


@pytest.mark.parametrize(
    ("release", "name"),
    [(release, name) for release, games in RELEASE_GAMES.items() for name in games],
)
def test_every_document_of_a_release_reads_back_the_same(release: str, name: str) -> None:
    game = load_game(name)
    documents = release_documents(release, name)
    assert set(Counter(kind for kind, _ in documents)) == set(KINDS)
    for kind, document in documents:
        value = load(kind, game, document)
        again = written(kind, game, value)
        assert same_json(again, document), f"{name} {kind} reads back otherwise"
        assert is_valid(kind, game, document), f"{name} {kind}: its schema refuses it"


def test_the_saved_documents_show_every_move_kind_they_name() -> None:
    # Guards the file itself: moves of several kinds, states with a hand's result and
    # with a resignation, in every game.
    for release, games in RELEASE_GAMES.items():
        for name in games:
            _shows_every_kind(release, name)


def _shows_every_kind(release: str, name: str) -> None:
    documents = release_documents(release, name)
    verbs = {document["type"] for kind, document in documents if kind == "move"}
    states = [document for kind, document in documents if kind == "state"]
    assert len(verbs) >= 6, (release, name, verbs)
    assert any(state["last_hand"] is not None for state in states), (release, name)
    assert any("history" in state for state in states), (release, name)
    if name != "skarney":  # (partnerships: a resignation ends a side's match)
        assert any("resigned" in state for state in states), (release, name)
