"""Validate the melds that the Scala 40 rule texts use as examples.

Run it with no arguments, scala40 installed::

    python examples/validate_melds.py

It checks an opening of 42 points, a sequence that goes around the corner (invalid), a
set whose joker needs a suit, the opening that only the joker-worth-25 rule makes
possible, and then shows how a meld can be extended and how its joker is swapped.
"""

from __future__ import annotations

import scala40
from scala40 import AmbiguousMeldError, InvalidMeldError, Meld, Ruleset


def describe(meld: Meld) -> str:
    """One line: the kind of meld, its cards (``JK=10C`` for a joker) and its value."""
    return f"{meld.kind.value} {meld} worth {meld.value}"


def opening_of_42(rules: Ruleset) -> None:
    """S40-OPEN with S40-MELD-VALUE: Joker-9-8 of clubs and three 5s make 42."""
    print("1. An opening of 42 (S40-OPEN, S40-MELD-VALUE)")
    # The rule texts write the suit first; the joker stands for the 10 of clubs by position.
    sequence = scala40.check_meld("JK-♣9-♣8", rules)
    a_set = scala40.check_meld("♢5-♡5-♠5", rules)
    for meld in (sequence, a_set):
        print(f"   {describe(meld)}")
    total = sequence.value + a_set.value
    verdict = "opens" if total >= rules.opening_threshold else "does not open"
    print(f"   total {total}: {verdict} (threshold {rules.opening_threshold})")
    other = scala40.check_meld("JK-♣9-♣8", rules, joker_as="7C")
    print(f"   with the joker as the 7 of clubs instead: {describe(other)}")


def around_the_corner(rules: Ruleset) -> None:
    """S40-SEQ: the ace is low or high, never in the middle."""
    print("2. K-A-2 is not a sequence (S40-SEQ)")
    try:
        scala40.check_meld("♠K ♠A ♠2", rules)
    except InvalidMeldError as error:
        print(f"   refused: {error}")
    print(f"   but Q-K-A is: {describe(scala40.check_meld('♠Q ♠K ♠A', rules))}")
    print(f"   and A-2-3 is: {describe(scala40.check_meld('♠A ♠2 ♠3', rules))}")


def set_with_a_joker(rules: Ruleset) -> Meld:
    """S40-JOKER: in a 3-card set the player names the suit the joker stands for."""
    print("3. A set with a joker names its suit (S40-JOKER, C-WILD)")
    try:
        scala40.check_meld("7S 7H JK", rules)
    except AmbiguousMeldError as error:
        readings = ", ".join(str(reading) for reading in error.readings)
        print(f"   7S 7H JK alone is ambiguous: {len(error.readings)} readings ({readings})")
    meld = scala40.check_meld("7S 7H JK", rules, joker_as="7C")
    print(f"   with joker_as='7C': {describe(meld)}")
    return meld


def joker_worth_25() -> None:
    """S40-V-JOKER25: the federation article's opening with a joker counted as 25."""
    print("4. The joker worth 25 (S40-V-JOKER25, preset 'federation-article')")
    for name in ("official", "federation-article"):
        rules = Ruleset.preset(name)
        sevens = scala40.check_meld("7♠ 7♥ JK", rules, joker_as="7D")
        fours = scala40.check_meld("4♦ 4♣ 4♠", rules)
        total = sevens.value + fours.value
        verdict = "opens" if total >= rules.opening_threshold else "does not open"
        print(f"   {name}: {sevens.value} + {fours.value} = {total}, {verdict}")


def extensions_and_swap(rules: Ruleset, set_meld: Meld) -> None:
    """S40-AFTER-OPEN, S40-LAYOFF-JOKER and S40-SWAP on the melds above."""
    print("5. Extending melds and swapping a joker (S40-AFTER-OPEN, S40-SWAP)")
    sequence = scala40.check_meld("6S 7S 8S", rules)
    ways = ", ".join(str(extension) for extension in sequence.extensions())
    print(f"   {sequence} takes: {ways}")
    longer = sequence.extend("JK", scala40.MeldEnd.HIGH)
    print(f"   adding a joker at the high end: {describe(longer)}")
    ways = ", ".join(str(extension) for extension in longer.extensions())
    print(f"   {longer} (joker used) takes only: {ways}")
    for index, natural in set_meld.joker_swaps():
        natural_name = scala40.format_card(natural)
        print(f"   in {set_meld} only {natural_name} frees the joker at position {index + 1}")
    swapped, freed = set_meld.swap("7C")
    print(f"   swapping 7C: {describe(swapped)}, {scala40.format_card(freed)} back in hand")
    try:
        set_meld.swap("7D")
    except InvalidMeldError as error:
        print(f"   swapping 7D is refused: {error}")


def main() -> int:
    rules = Ruleset.preset("official")
    opening_of_42(rules)
    around_the_corner(rules)
    set_meld = set_with_a_joker(rules)
    joker_worth_25()
    extensions_and_swap(rules, set_meld)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
