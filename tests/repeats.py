"""The tests that repeat the same costly work case after case (a game, a page of the
docs, an example) beside a promise suite that already holds each game's rules: the
default run keeps the cases named here and leaves the others to the soak
(``nox -s soak``, which CI runs), which plays them all.

Each entry names a test function (its file under ``tests/`` or ``server/tests/`` and its name) and the
patterns (``fnmatch``, over the parameter's id) of the cases the default run keeps. The
games kept turn from test to test, so that the default run still reaches every game in
each folder; the cheap toy and example games stay wherever a test has them. An entry
whose test is collected but keeps none of its cases stops the run (a renamed parameter
would otherwise move a whole test to the soak without a word).
"""

from __future__ import annotations

import fnmatch

import pytest

__all__ = ["ONE_CASE_BY_DEFAULT", "leave_repeats_to_the_soak"]

ONE_CASE_BY_DEFAULT: dict[str, tuple[str, ...]] = {
    # The learning-agent adapters: whole random games through each framework's checks.
    "adapters/test_learning_promises.py::test_random_simulations_serialize_for_every_game": (
        "chinchon",
    ),
    "adapters/test_learning_promises.py::test_pettingzoo_checks_pass_with_the_default_wrappers": (
        "skarney",
    ),
    "adapters/test_openspiel.py::test_openspiel_random_simulations_pass": ("scala40",),
    "adapters/test_pettingzoo.py::test_pettingzoo_api_test_passes_for_every_game": ("laconga",),
    "adapters/test_game_observations.py::test_different_views_give_different_texts_and_numbers": (
        "rumino-claims",
        "laconga-reentries",
    ),
    "adapters/test_game_observations.py::test_numbers_are_in_range_and_read_the_view_on_random_playouts": (
        "skarney-partnership",
        "chinchon-catsatcards",
    ),
    "adapters/test_observations.py::test_encoding_a_state_gives_its_views_numbers_and_reads_only_the_view": (
        "rumino",
    ),
    # The schemas and the tools: the same validator over every game's documents.
    "tools/test_schemas.py::test_broken_data_fails_and_the_loader_agrees": (
        "scala40-state",
        "scala40-ruleset",
        "skarney-view",
        "rumino-move",
        "chinchon-record",
        "laconga-tournament",
    ),
    "tools/test_schemas.py::test_playout_states_moves_and_records_validate": ("laconga-*",),
    "tools/test_schemas.py::test_finished_games_validate": ("scala40",),
    "tools/test_schemas.py::test_every_field_is_checked": ("rumino",),
    "tools/test_view_schemas.py::test_every_view_validates_and_every_fact_is_declared": (
        "chinchon-*",
    ),
    "test_protocol_schemas.py::test_mutated_answers_are_refused": ("skarney",),
    "tools/test_tools_by_game.py::test_play_answers_any_typed_line": ("laconga",),
    "tools/test_conformance.py::test_a_planted_disagreement_is_reported_with_its_position_and_rules": (
        "drop-move-moves",
        "meld-meld",
    ),
    "test_cli_games.py::test_every_report_as_json": ("chinchon",),
    "test_card_spelling.py::test_no_picture_or_reason_spells_a_card_in_the_notation": ("scala40",),
    "test_cli_reasons.py::test_load_game_finds_a_displayed_name_in_a_fresh_interpreter": (
        "chinch\\xf3n",
        "La Conga",
    ),
    # The bots and the beliefs beside the rules: the toy and example games stay.
    "test_ismcts.py::test_plays_only_legal_moves_in_every_game": ("toy", "trio"),
    "protocol/test_belief.py::test_twin_games_give_the_same_belief": ("toy", "trio", "laconga-*"),
    "protocol/test_belief.py::test_every_guess_gives_the_seat_its_view": (
        "toy",
        "trio",
        "scala40-*",
    ),
    "protocol/test_belief.py::test_the_search_on_a_belief_makes_the_same_moves_from_the_same_seed": (
        "chinchon",
    ),
    "protocol/test_belief.py::test_an_updates_work_is_bounded": ("toy", "trio", "skarney-*"),
    "protocol/test_view_text_bots.py::test_a_bot_plays_the_same_move_from_a_view_read_back_from_its_text": (
        "scala40-careful",
        "skarney-greedy",
        "rumino-careful",
        "chinchon-greedy",
        "laconga-careful",
    ),
    # Scala 40's and Skarney's searches beside their oracles: the soak runs every ruleset
    # (and the oracles' long runs, at length).
    "games/scala40/test_analysis.py::test_can_close_matches_a_search_of_every_legal_move": (
        "official",
        "classic",
        "multi-joker",
    ),
    "games/scala40/test_opening_solver.py::test_the_solver_answers_as_the_search_along_random_playouts": (
        "rules0-4-seeds0",
        "rules2-3-seeds2",
    ),
    "games/skarney/test_bots.py::test_the_table_fits_counted_once_a_table_are_the_fits_card_by_card": (
        "partnership-4",
    ),
    # Each ruleset's checks beside its legal moves, and each knock game's whole games told
    # event by event: the same work from game to game (the soak plays every one).
    "games/scala40/test_engine_turns.py::test_each_check_agrees_with_the_legal_moves": (
        "official",
    ),
    "games/knock/test_text.py::test_whole_games_tell_every_event": ("rumino-*",),
    # The pages' examples and the examples folder, each in a process of its own.
    "test_docs_copy.py::test_a_page_pastes_into_python_block_by_block": ("getting-started.rst",),
    "test_docs_examples.py::test_page_examples_run_as_copied_without_the_extras": (
        "getting-started.rst",
        "games/*.rst",
        "guides/validate-melds.rst",
    ),
    "test_examples.py::test_example_runs": (
        "play_random_game.py",
        "validate_melds.py",
        "add_a_game.py",
    ),
}


def _key(item: pytest.Item) -> str | None:
    """``file::function`` of a parametrized test under ``tests/``, or None."""
    callspec = getattr(item, "callspec", None)
    if callspec is None:
        return None
    path = item.path.as_posix()
    _, found, tail = path.rpartition("/tests/")
    if not found:
        return None
    function = getattr(item, "originalname", item.name)
    return f"{tail}::{function}"


def leave_repeats_to_the_soak(items: list[pytest.Item]) -> None:
    """Mark ``slow`` every case of :data:`ONE_CASE_BY_DEFAULT`'s tests that the default
    run does not keep; raise :class:`pytest.UsageError` where an entry's test is
    collected and keeps no case."""
    kept: dict[str, int] = {}
    for item in items:
        key = _key(item)
        if key is None or key not in ONE_CASE_BY_DEFAULT:
            continue
        case = item.callspec.id  # type: ignore[attr-defined]
        kept.setdefault(key, 0)
        if any(fnmatch.fnmatchcase(case, pattern) for pattern in ONE_CASE_BY_DEFAULT[key]):
            kept[key] += 1
        else:
            item.add_marker(pytest.mark.slow)
    lost = sorted(key for key, count in kept.items() if count == 0)
    if lost:
        raise pytest.UsageError(f"tests/repeats.py keeps no case of: {', '.join(lost)}")
