"""scala40: a typed, side-effect-free rules library for Scala 40 and its relatives."""

from scala40.cards import (
    JOKER,
    Card,
    Deck,
    format_card,
    format_cards,
    french_deck,
    parse_card,
    parse_cards,
    spanish_deck,
)
from scala40.errors import (
    AmbiguousMeldError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMeldError,
    InvalidMoveError,
    InvalidRulesetError,
    InvalidStateError,
    Scala40Error,
    SerializationError,
    UnknownPresetError,
)
from scala40.ruleset import PRESETS, MatchFormat, RestockMethod, Ruleset, hand_value
from scala40.melds import (
    Extension,
    Meld,
    MeldEnd,
    MeldKind,
    MeldRules,
    check_meld,
    is_meld,
    meld_interpretations,
)

__version__ = "0.1.0.dev0"

__all__ = [
    "JOKER",
    "AmbiguousMeldError",
    "Card",
    "Deck",
    "Extension",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidMoveError",
    "InvalidRulesetError",
    "InvalidStateError",
    "Meld",
    "MeldEnd",
    "MeldKind",
    "MeldRules",
    "PRESETS",
    "MatchFormat",
    "RestockMethod",
    "Ruleset",
    "Scala40Error",
    "SerializationError",
    "UnknownPresetError",
    "__version__",
    "check_meld",
    "format_card",
    "format_cards",
    "hand_value",
    "french_deck",
    "is_meld",
    "meld_interpretations",
    "parse_card",
    "parse_cards",
    "spanish_deck",
]
