"""A smoke test of an installed scala40, run with no source tree on the path.

It checks a meld, plays one seeded game of every registered game to its end, saves and
replays a record, reads the JSON Schemas shipped as package data, checks that the
server's commands (``web``, ``serve``) say in one line to install scala40-server where it
is not installed (the rules alone), and prints ``smoke test passed`` with where scala40
was imported from.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import random
import sys
import tempfile

import scala40
from scala40.records import GameRecord
from scala40.schemas import BUILTIN_GAMES, KINDS, json_schema, shipped_schema


def main() -> None:
    meld = scala40.check_meld("JK 9C 8C")
    assert meld.value == 27, meld
    for name in scala40.game_names():
        game = scala40.load_game(name)
        record = GameRecord.start(None, players=game.default_players, seed=1, game=game)
        state = record.initial_state()
        chooser = random.Random(1)
        for _ in range(20_000):
            if state.is_over:
                break
            move = chooser.choice(state.legal_moves())
            record = record.append(state, move)
            state = state.apply(move)
        again = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
        assert again.final_state() == state, name
        print(f"{game.title}: {len(record.moves)} moves, over: {state.is_over}")
    for name in BUILTIN_GAMES:
        for kind in KINDS:
            assert shipped_schema(kind, name) == json_schema(kind, name), (kind, name)
    print(f"{len(BUILTIN_GAMES) * len(KINDS)} JSON Schemas shipped")
    if importlib.util.find_spec("scala40_server") is None:
        from scala40.cli import main as command_line

        for command in ("web", "serve"):
            said = io.StringIO()
            with contextlib.redirect_stderr(said):
                code = command_line([command])
            lines = said.getvalue().splitlines()
            assert code != 0, code
            assert len(lines) == 1, lines
            assert "scala40-server" in lines[0], lines
            print(f"scala40 {command} without the server: {lines[0]}")
    _corpus_after_one_command()
    print(f"smoke test passed with scala40 {scala40.__version__} from {scala40.__file__}")


SKIPPING_ENGINE = "import sys\nfor line in sys.stdin:\n    print('{\"skip\": true}', flush=True)\n"
"""An engine that skips every request: enough to show the corpus is read and run."""


def _corpus_after_one_command() -> None:
    """On a fresh install, ``scala40 corpus DIR`` (the one command docs/conformance.rst
    gives) writes this version's corpus, which ``scala40 conformance --corpus DIR`` then
    runs as this version's."""
    from scala40.cli import main as command_line

    with tempfile.TemporaryDirectory() as place:
        folder = os.path.join(place, "corpus")
        with contextlib.redirect_stdout(io.StringIO()):
            assert command_line(["corpus", folder]) == 0
        engine = os.path.join(place, "engine.py")
        with open(engine, "w", encoding="utf-8") as file:
            file.write(SKIPPING_ENGINE)
        said = io.StringIO()
        with contextlib.redirect_stdout(said):
            code = command_line(
                ["conformance", "--engine", f"{sys.executable} {engine}", "--corpus", folder,
                 "--game", "chinchon", "--sections", "meld", "--allow-skip"]
            )  # fmt: skip
        assert code == 0, said.getvalue()
        assert said.getvalue().startswith("meld: 0 agreed, 0 disagreed, "), said.getvalue()
    print("scala40 corpus, then scala40 conformance --corpus: run")


if __name__ == "__main__":
    main()
