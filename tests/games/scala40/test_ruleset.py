"""The Scala 40 Ruleset: defaults, presets, validation, serialization and derived meld rules."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given

from scala40 import (
    PRESETS,
    InvalidRulesetError,
    MatchFormat,
    MeldRules,
    RestockMethod,
    Ruleset,
    Scala40Error,
    SerializationError,
    UnknownPresetError,
    french_deck,
)
from scala40.games.scala40.rules import option_names, option_rule
from tests.options import rulesets as drawn_rulesets

#: Every option, its official default (RULES.md Part 2, the ``official`` preset) and the
#: rule ID it implements.
OPTIONS: list[tuple[str, Any, str]] = [
    ("jokers", 4, "S40-DECK"),  # 108 cards: 2 x 52 + 4 jokers
    ("min_players", 2, "S40-PLAYERS"),  # 2 to 6 players
    ("max_players", 6, "S40-PLAYERS"),
    ("hand_size", 13, "S40-DEAL"),  # 13 cards each
    ("opening_threshold", 40, "S40-OPEN"),  # at least 40 to open
    ("max_jokers_per_meld", 1, "S40-V-MULTIJOKER"),  # S40-JOKER: at most one joker per meld
    ("joker_meld_value", None, "S40-V-JOKER25"),  # S40-MELD-VALUE: the represented card
    ("high_card_values", False, "S40-V-HIGHVALUES"),
    ("lone_ace_scores_one", False, "S40-V-LONEACE"),
    ("match_format", MatchFormat.ELIMINATION, "S40-ELIM"),
    ("elimination_score", 101, "S40-V-TARGET"),  # S40-ELIM: 101 or more retires
    ("no_elimination_limit", 1000, "S40-V-NOELIM"),  # 1000, 1500 or 2000
    ("discard_draw_to_open", False, "S40-V-EARLYDISCARD"),
    ("double_on_open_and_close", False, "S40-V-DOUBLE"),
    ("close_on_first_turn", False, "S40-V-FIRSTCLOSE"),  # S40-FIRST-ROUND forbids it
    ("not_opened_penalty", None, "S40-V-NOTOPENED"),  # S40-SCORE counts the cards
    ("ban_playable_discard_unopened", True, "S40-V-PLAYABLE"),  # S40-DISCARD: default on
    ("ban_playable_discard_opened", False, "S40-V-PLAYABLE"),  # default off
    ("ban_playable_discard_closing", False, "S40-V-PLAYABLE"),  # default off
    ("first_player_takes_upcard", False, "S40-V-UPCARD"),
    ("close_without_discard", False, "S40-V-NODISCARDCLOSE"),  # S40-CLOSE needs a discard
    ("discard_four_of_a_kind", False, "S40-V-FOURKIND"),
    ("split_sequences", False, "S40-V-SPLIT"),
    ("restock", RestockMethod.SHUFFLE, "S40-RESTOCK"),  # the discard pile is shuffled
    ("turn_limit", None, "S40-STALL"),  # a Decision: no limit, S40-STALL ends the hands
]

ONLINE_DIFFERENCES = {
    "jokers": 2,
    "max_players": 5,
    "discard_draw_to_open": True,  # S40-V-EARLYDISCARD
    "first_player_takes_upcard": True,  # S40-V-UPCARD
    "double_on_open_and_close": True,  # S40-V-DOUBLE
    "restock": RestockMethod.FLIP,  # S40-V-RESTOCK-FLIP
    "lone_ace_scores_one": True,  # S40-V-LONEACE
    "elimination_score": 100,  # S40-V-TARGET: "reaches 100"
}


# ------------------------------------------------------------------ options and defaults


def test_option_names_in_declaration_order() -> None:
    assert option_names() == tuple(name for name, _, _ in OPTIONS)
    assert list(Ruleset().options()) == list(option_names())


@pytest.mark.parametrize(("name", "default", "rule"), OPTIONS)
def test_option_default_is_the_official_rule(name: str, default: Any, rule: str) -> None:
    assert getattr(Ruleset(), name) == default
    assert Ruleset().options()[name] == default


@pytest.mark.parametrize(("name", "default", "rule"), OPTIONS)
def test_option_names_its_rule_id(name: str, default: Any, rule: str) -> None:
    assert option_rule(name) == rule


def test_every_variant_rule_is_an_option_value() -> None:
    # The variants without a field of their own are values of match_format and restock.
    assert MatchFormat("elimination") is MatchFormat.ELIMINATION  # S40-ELIM
    assert MatchFormat("reentry") is MatchFormat.REENTRY  # S40-V-REENTRY
    assert MatchFormat("no-elimination") is MatchFormat.NO_ELIMINATION  # S40-V-NOELIM
    assert MatchFormat("single") is MatchFormat.SINGLE  # S40-V-SINGLE
    assert RestockMethod("shuffle") is RestockMethod.SHUFFLE  # S40-RESTOCK
    assert RestockMethod("flip") is RestockMethod.FLIP  # S40-V-RESTOCK-FLIP
    assert len(MatchFormat) == 4
    assert len(RestockMethod) == 2


@pytest.mark.parametrize(
    ("name", "rule"),
    [(name, rule) for name, default, rule in OPTIONS if isinstance(default, bool)],
)
def test_each_switch_turns_on_its_variant_alone(name: str, rule: str) -> None:
    # The game-level variants (S40-V-EARLYDISCARD, S40-V-DOUBLE, S40-V-FIRSTCLOSE,
    # S40-V-UPCARD, S40-V-NODISCARDCLOSE, S40-V-FOURKIND, S40-V-PLAYABLE, ...) are switches
    # that can be flipped one at a time.
    default = getattr(Ruleset(), name)
    changes: dict[str, Any] = {name: not default}
    flipped = Ruleset(**changes)
    assert flipped.differences() == {name: (not default, default)}
    assert option_rule(name) == rule
    assert flipped.preset_name() == ("classic" if name == "split_sequences" else None)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("single", MatchFormat.SINGLE),  # S40-V-SINGLE
        ("reentry", MatchFormat.REENTRY),  # S40-V-REENTRY
        ("no-elimination", MatchFormat.NO_ELIMINATION),  # S40-V-NOELIM
        ("elimination", MatchFormat.ELIMINATION),  # S40-ELIM
    ],
)
def test_match_format_accepts_its_text_s40_v_single_s40_v_reentry(
    text: str, value: MatchFormat
) -> None:
    assert Ruleset(match_format=text).match_format is value
    assert Ruleset(match_format=value).match_format is value


def test_restock_accepts_its_text_s40_restock_s40_v_restock_flip() -> None:
    assert Ruleset(restock="flip").restock is RestockMethod.FLIP
    assert Ruleset(restock=RestockMethod.SHUFFLE).restock is RestockMethod.SHUFFLE


@pytest.mark.parametrize("score", [151, 201, 100, 101])
def test_other_elimination_targets_s40_v_target_s40_elim(score: int) -> None:
    assert Ruleset(elimination_score=score).elimination_score == score


@pytest.mark.parametrize("limit", [1000, 1500, 2000])
def test_no_elimination_limits_s40_v_noelim(limit: int) -> None:
    rules = Ruleset(match_format=MatchFormat.NO_ELIMINATION, no_elimination_limit=limit)
    assert rules.no_elimination_limit == limit


def test_not_opened_penalty_s40_v_notopened() -> None:
    assert Ruleset(not_opened_penalty=100).not_opened_penalty == 100


def test_playable_discard_switches_are_independent_s40_v_playable() -> None:
    rules = Ruleset(
        ban_playable_discard_unopened=False,
        ban_playable_discard_opened=True,
        ban_playable_discard_closing=True,
    )
    assert (
        rules.ban_playable_discard_unopened,
        rules.ban_playable_discard_opened,
        rules.ban_playable_discard_closing,
    ) == (False, True, True)


def test_player_counts_s40_players() -> None:
    # S40-PLAYERS: 2-6 by default, 2-5 (002) and 3-6 (003) as options.
    assert Ruleset(max_players=5).max_players == 5
    assert Ruleset(min_players=3).min_players == 3


def test_opening_threshold_option_s40_open() -> None:
    assert Ruleset(opening_threshold=51).opening_threshold == 51
    assert Ruleset(opening_threshold=0).opening_threshold == 0


def test_deck_follows_the_jokers_option_s40_deck() -> None:
    assert Ruleset().deck == french_deck()
    assert Ruleset().deck.size == 108
    assert Ruleset(jokers=2).deck.size == 106
    assert Ruleset(jokers=0).deck.size == 104


# ------------------------------------------------------------------ presets


def test_preset_names() -> None:
    assert list(PRESETS) == ["official", "classic", "federation-article", "online"]
    for name, rules in PRESETS.items():
        assert Ruleset.preset(name) == rules
        assert rules.preset_name() == name


def test_official_preset_is_every_default() -> None:
    assert Ruleset.preset("official") == Ruleset()
    assert Ruleset.preset("official").differences() == {}


def test_classic_preset_adds_split_sequences_s40_v_split() -> None:
    assert Ruleset.preset("classic").differences() == {"split_sequences": (True, False)}


def test_federation_article_preset_s40_v_joker25_s40_v_nodiscardclose() -> None:
    # 001 = S40-V-JOKER25 + S40-V-NODISCARDCLOSE.
    assert Ruleset.preset("federation-article").differences() == {
        "joker_meld_value": (25, None),
        "close_without_discard": (True, False),
    }


def test_online_preset_s40_v_earlydiscard_s40_v_upcard_s40_v_double() -> None:
    # 002 = 2 jokers, 2-5 players, S40-V-EARLYDISCARD, S40-V-UPCARD, S40-V-DOUBLE,
    # S40-V-RESTOCK-FLIP, S40-V-LONEACE, elimination at 100.
    online = Ruleset.preset("online")
    official = Ruleset()
    assert online.differences() == {
        name: (value, getattr(official, name)) for name, value in ONLINE_DIFFERENCES.items()
    }
    assert (online.min_players, online.max_players) == (2, 5)
    assert online.deck.size == 106
    assert online.restock is RestockMethod.FLIP


def test_differences_against_another_ruleset() -> None:
    classic = Ruleset.preset("classic")
    assert Ruleset().differences(classic) == {"split_sequences": (False, True)}
    assert classic.differences(classic) == {}


def test_a_changed_preset_has_no_preset_name() -> None:
    changed = Ruleset.preset("official").replace(joker_meld_value=25)
    assert changed.preset_name() is None
    assert changed.replace(joker_meld_value=None).preset_name() == "official"


def test_unknown_preset() -> None:
    with pytest.raises(UnknownPresetError) as info:
        Ruleset.preset("house")
    error = info.value
    assert isinstance(error, LookupError)
    assert isinstance(error, Scala40Error)
    assert str(error) == (
        "no preset named 'house'; presets: official, classic, federation-article, online"
    )
    with pytest.raises(UnknownPresetError, match="presets: official"):
        Ruleset.preset("")
    with pytest.raises(UnknownPresetError):
        Ruleset.preset(["official"])  # type: ignore[arg-type]


# ------------------------------------------------------------------ validation


def test_validation_lists_every_problem() -> None:
    with pytest.raises(InvalidRulesetError) as info:
        Ruleset(
            jokers=-1,
            hand_size=2,
            min_players=1,
            opening_threshold=-5,
            max_jokers_per_meld=0,
            joker_meld_value=-1,
            elimination_score=0,
            no_elimination_limit=0,
            not_opened_penalty=-1,
            split_sequences="yes",  # type: ignore[arg-type]
        )
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, Scala40Error)
    assert set(error.problems) == {
        "split_sequences must be True or False, got 'yes'",
        "jokers must be an integer from 0 to 8, got -1",
        "hand_size must be an integer from 3 to 13, got 2",
        "min_players must be an integer of at least 2, got 1",
        "opening_threshold must be an integer from 0 to 1000, got -5",
        "max_jokers_per_meld must be an integer from 1 to 8 or None, got 0",
        "joker_meld_value must be an integer from 0 to 1000 or None, got -1",
        "elimination_score must be an integer from 1 to 100000, got 0",
        "no_elimination_limit must be an integer from 1 to 100000, got 0",
        "not_opened_penalty must be an integer from 0 to 10000 or None, got -1",
    }
    assert str(error) == "invalid ruleset: " + "; ".join(error.problems)


@pytest.mark.parametrize(
    ("options", "problems"),
    [
        ({"min_players": 3, "max_players": 2}, ["max_players (2) is below min_players (3)"]),
        (
            {"max_players": 9},
            ["max_players * hand_size + 2 = 119 cards needed, but the deck has 108"],
        ),
        (
            {"hand_size": 13, "jokers": 0, "max_players": 8},
            ["max_players * hand_size + 2 = 106 cards needed, but the deck has 104"],
        ),
        (
            {"match_format": MatchFormat.SINGLE, "double_on_open_and_close": True},
            ["double_on_open_and_close needs scores, but match_format 'single' keeps none"],
        ),
        (
            {"match_format": MatchFormat.SINGLE, "not_opened_penalty": 100},
            ["not_opened_penalty needs scores, but match_format 'single' keeps none"],
        ),
        (
            {"jokers": 0, "joker_meld_value": 25},
            ["joker_meld_value is set but the deck has no jokers"],
        ),
        ({"jokers": 9}, ["jokers must be an integer from 0 to 8, got 9"]),
        ({"hand_size": 14}, ["hand_size must be an integer from 3 to 13, got 14"]),
        (
            {"opening_threshold": 1001},
            ["opening_threshold must be an integer from 0 to 1000, got 1001"],
        ),
        (
            {"max_players": 10**5000},
            [
                "max_players must be an integer of at least 2 and at most 1000000000, "
                "got an integer of 5001 digits"
            ],
        ),
        (
            {"max_players": 200},
            [
                "max_players * hand_size + 2 cards are needed, but the deck has 108, "
                "got max_players=200"
            ],
        ),
        (
            {"elimination_score": 10**5000},
            [
                "elimination_score must be an integer from 1 to 100000, got an integer of 5001 digits"
            ],
        ),
    ],
)
def test_contradictory_options_are_refused(options: dict[str, Any], problems: list[str]) -> None:
    with pytest.raises(InvalidRulesetError) as info:
        Ruleset(**options)
    assert list(info.value.problems) == problems


def test_largest_valid_table() -> None:
    # 8 players x 13 cards + 2 = 106 cards fit in 108 (S40-PLAYERS, S40-DEAL).
    assert Ruleset(max_players=8).max_players == 8
    assert Ruleset(max_players=34, hand_size=3).max_players == 34


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("jokers", "jokers must be an integer from 0 to 8, got True"),
        ("hand_size", "hand_size must be an integer from 3 to 13, got True"),
        ("min_players", "min_players must be an integer of at least 2, got True"),
        ("max_players", "max_players must be an integer of at least 2, got True"),
        ("opening_threshold", "opening_threshold must be an integer from 0 to 1000, got True"),
        (
            "max_jokers_per_meld",
            "max_jokers_per_meld must be an integer from 1 to 8 or None, got True",
        ),
        (
            "joker_meld_value",
            "joker_meld_value must be an integer from 0 to 1000 or None, got True",
        ),
        ("elimination_score", "elimination_score must be an integer from 1 to 100000, got True"),
        (
            "no_elimination_limit",
            "no_elimination_limit must be an integer from 1 to 100000, got True",
        ),
        (
            "not_opened_penalty",
            "not_opened_penalty must be an integer from 0 to 10000 or None, got True",
        ),
    ],
)
def test_bools_are_refused_where_integers_are_expected(name: str, problem: str) -> None:
    changes: dict[str, Any] = {name: True}
    with pytest.raises(InvalidRulesetError) as info:
        Ruleset(**changes)
    assert problem in info.value.problems


@pytest.mark.parametrize("value", [1, 0, "true", None])
def test_integers_are_refused_where_bools_are_expected(value: object) -> None:
    with pytest.raises(InvalidRulesetError) as info:
        Ruleset(split_sequences=value)  # type: ignore[arg-type]
    assert info.value.problems == (f"split_sequences must be True or False, got {value!r}",)


@pytest.mark.parametrize("value", [4.0, "4", None])
def test_other_types_are_refused_where_integers_are_expected(value: object) -> None:
    with pytest.raises(InvalidRulesetError) as info:
        Ruleset(jokers=value)  # type: ignore[arg-type]
    assert f"jokers must be an integer from 0 to 8, got {value!r}" in info.value.problems


def test_unknown_enum_values_are_ruleset_problems() -> None:
    # A match format or restock method that does not exist is an invalid option like any
    # other: InvalidRulesetError, listed with the other problems.
    with pytest.raises(InvalidRulesetError) as info:
        Ruleset(match_format="bogus", jokers=-1)
    assert len(info.value.problems) == 2
    assert any("match_format" in problem for problem in info.value.problems)
    with pytest.raises(InvalidRulesetError, match="restock"):
        Ruleset(restock="sideways")


# ------------------------------------------------------------------ replace


def test_replace_changes_options_and_revalidates() -> None:
    rules = Ruleset().replace(split_sequences=True, jokers=2)
    assert rules.split_sequences
    assert rules.jokers == 2
    assert rules.meld_rules.sequence_max == 5
    assert rules.deck.size == 106
    assert Ruleset().split_sequences is False  # the original is unchanged
    with pytest.raises(InvalidRulesetError) as info:
        Ruleset().replace(jokers=-1)
    assert info.value.problems == ("jokers must be an integer from 0 to 8, got -1",)
    with pytest.raises(InvalidRulesetError) as info:
        Ruleset().replace(max_players=3, min_players=4)
    assert info.value.problems == ("max_players (3) is below min_players (4)",)


def test_replace_refuses_unknown_option_names() -> None:
    with pytest.raises(InvalidRulesetError) as info:
        Ruleset().replace(joker=2, players=4)
    assert info.value.problems == ("unknown option 'joker'", "unknown option 'players'")
    with pytest.raises(InvalidRulesetError, match="unknown option '_meld_rules'"):
        Ruleset().replace(_meld_rules=MeldRules())


# ------------------------------------------------------------------ serialization


def test_to_dict_of_the_official_rules() -> None:
    assert Ruleset().to_dict() == {
        "format": "scala40.ruleset",
        "version": 1,
        "options": {
            name: default.value if isinstance(default, (MatchFormat, RestockMethod)) else default
            for name, default, _ in OPTIONS
        },
    }


@pytest.mark.parametrize("name", list(PRESETS))
def test_presets_round_trip_through_dicts_and_json(name: str) -> None:
    rules = Ruleset.preset(name)
    data = rules.to_dict()
    assert Ruleset.from_dict(data) == rules
    assert Ruleset.from_dict(json.loads(json.dumps(data))) == rules
    assert Ruleset.from_dict(json.loads(json.dumps(data))).preset_name() == name


@given(rules=drawn_rulesets(Ruleset))
def test_random_rulesets_round_trip(rules: Ruleset) -> None:
    data = rules.to_dict()
    text = json.dumps(data, sort_keys=True)
    again = Ruleset.from_dict(json.loads(text))
    assert again == rules
    assert again.options() == rules.options()
    assert again.meld_rules == rules.meld_rules
    assert json.dumps(again.to_dict(), sort_keys=True) == text


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "expected a mapping"),
        ("scala40.ruleset", "expected a mapping"),
        ({"format": "scala40.game", "version": 1, "options": {}}, "expected format"),
        ({"version": 1, "options": {}}, "expected format"),
        ({"format": "scala40.ruleset", "version": 2, "options": {}}, "unsupported version 2"),
        ({"format": "scala40.ruleset", "options": {}}, "unsupported version None"),
        ({"format": "scala40.ruleset", "version": "1", "options": {}}, "unsupported version"),
        ({"format": "scala40.ruleset", "version": 1}, "'options' must be a mapping"),
        (
            {"format": "scala40.ruleset", "version": 1, "options": []},
            "'options' must be a mapping",
        ),
        (
            {"format": "scala40.ruleset", "version": 1, "options": {"jokerz": 2}},
            "unknown options ['jokerz']",
        ),
        (
            {"format": "scala40.ruleset", "version": 1, "options": {"jokers": -1}},
            "jokers must be an integer from 0 to 8, got -1",
        ),
        (
            {"format": "scala40.ruleset", "version": 1, "options": {"jokers": "4"}},
            "jokers must be an integer",
        ),
        (
            {"format": "scala40.ruleset", "version": 1, "options": {"match_format": "bogus"}},
            "bogus",
        ),
        (
            {"format": "scala40.ruleset", "version": 1, "options": {"restock": 3}},
            "3",
        ),
        (
            {"format": "scala40.ruleset", "version": 1, "options": {"split_sequences": 1}},
            "split_sequences must be True or False",
        ),
    ],
)
def test_from_dict_refuses_malformed_data(data: Any, message: str) -> None:
    with pytest.raises(SerializationError) as info:
        Ruleset.from_dict(data)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, Scala40Error)
    assert str(info.value).startswith("ruleset: ")
    assert message in str(info.value)


def test_from_dict_fills_missing_options_with_defaults() -> None:
    data = {"format": "scala40.ruleset", "version": 1, "options": {"jokers": 2}}
    assert Ruleset.from_dict(data) == Ruleset(jokers=2)


# ------------------------------------------------------------------ derived meld rules


def test_default_meld_rules_s40_joker_s40_meld_value() -> None:
    rules = Ruleset().meld_rules
    assert rules == MeldRules()
    assert (rules.max_wilds, rules.min_natural_lead) == (1, None)
    assert rules.sequence_max is None
    assert rules.wild_value is None
    assert Ruleset().max_sequence_length is None


def test_split_meld_rules_s40_v_split() -> None:
    rules = Ruleset(split_sequences=True)
    assert rules.meld_rules.sequence_max == 5
    assert rules.max_sequence_length == 5
    assert rules.meld_rules == MeldRules(sequence_max=5)


@pytest.mark.parametrize(("jokers", "max_wilds"), [(None, None), (2, 2), (3, 3)])
def test_multijoker_meld_rules_s40_v_multijoker(jokers: int | None, max_wilds: int | None) -> None:
    # S40-V-MULTIJOKER decision: a meld must still hold more natural cards than jokers.
    rules = Ruleset(max_jokers_per_meld=jokers).meld_rules
    assert rules.max_wilds == max_wilds
    assert rules.min_natural_lead == 1


def test_joker25_meld_rules_s40_v_joker25() -> None:
    assert Ruleset(joker_meld_value=25).meld_rules.wild_value == 25
    assert Ruleset.preset("federation-article").meld_rules == MeldRules(wild_value=25)


def test_high_values_meld_rules_s40_v_highvalues() -> None:
    rules = Ruleset(high_card_values=True).meld_rules
    assert rules.rank_values == (0, 14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
    assert rules.low_ace_value == 1


@given(rules=drawn_rulesets(Ruleset))
def test_meld_rules_follow_the_options(rules: Ruleset) -> None:
    meld_rules = rules.meld_rules
    assert meld_rules.max_wilds == rules.max_jokers_per_meld
    assert meld_rules.min_natural_lead == (None if rules.max_jokers_per_meld == 1 else 1)
    assert meld_rules.sequence_max == (5 if rules.split_sequences else None)
    assert meld_rules.wild_value == rules.joker_meld_value
    assert meld_rules.rank_values[1] == (14 if rules.high_card_values else 11)
    assert meld_rules.rank_values[13] == (13 if rules.high_card_values else 10)
    assert rules.deck.size == 104 + rules.jokers
    assert rules.max_players * rules.hand_size + 2 <= rules.deck.size
    assert rules.replace() == rules
    assert hash(rules.replace()) == hash(rules)
    assert rules.differences(rules) == {}
