"""The options of Chinchón, which La Conga shares (LC-BASE), and La Conga's own: one base
class for both rulesets, with their validation and the
:class:`~scala40.games._knock.profile.KnockRules` they give, and the class La Conga's
ruleset adds its options with.

Chinchón's :class:`scala40.games.chinchon.Ruleset` is :class:`SpanishRules` with its
format and presets; La Conga's :class:`scala40.games.laconga.Ruleset` is
:class:`CongaRules`, which adds its own options (LC-*). The options are the family's, so
that the conditions of a close (:mod:`~scala40.games._knock.conditions`) read them from
the ruleset itself, each declared once, here.

>>> from scala40.games.chinchon import Ruleset
>>> rules = Ruleset(wild="ace_of_coins")
>>> rules.deck.size, sorted(rules.meld_rules.extra_wilds)        # CH-DECK: the A♦ is wild
(40, [26])
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
from typing_extensions import Self

from scala40.cards import (
    ACE,
    DIAMONDS,
    SPANISH_40_RANKS,
    SPANISH_48_RANKS,
    Deck,
    make_card,
    spanish_deck,
)
from scala40.checks import describe
from scala40.games._knock.profile import (
    Ending,
    EndMode,
    FaceValues,
    KnockRules,
    LayoffOrder,
    LayoffTarget,
    Wild,
    as_end_mode,
    as_face_values,
    as_layoff_order,
    as_layoff_target,
    as_wild,
)
from scala40.games._knock.tables import spanish_values
from scala40.melds import MeldRules
from scala40.rulesets import (
    OptionChecks,
    RulesetBase,
    need_int,
    shared_meld_rules,
)
from scala40.rulesets import option_metadata as _rule

__all__ = ["HAND_SIZE", "PLAYERS_PER_PACK", "CongaRules", "SpanishRules", "spanish_problems"]

HAND_SIZE = 7
"""Cards each player holds between turns (CH-DEAL)."""

PLAYERS_PER_PACK = 4
"""Most players a pack serves: 2-4 with one pack, up to 8 with two (CH-PLAYERS)."""


class _AsPacksAllow(int):
    """The default of ``max_players``, replaced when a ruleset is made by the most players
    its packs allow (an attrs default cannot read ``packs``, declared after it)."""


_AS_PACKS_ALLOW = _AsPacksAllow(0)

ACE_OF_COINS = make_card(ACE, DIAMONDS)
"""The A♦, the "as de oros" (C-DECK: oros are diamonds)."""


@attrs.frozen(kw_only=True)
class SpanishRules(RulesetBase):
    """Every option of Chinchón (RULES Part 5), with 003's rules as defaults."""

    min_players: int = attrs.field(default=2, metadata=_rule("CH-PLAYERS", 2, 8))
    """Fewest players (CH-PLAYERS: 2)."""
    max_players: int = attrs.field(
        default=attrs.Factory(lambda: _AS_PACKS_ALLOW), metadata=_rule("CH-PLAYERS", 2, 8)
    )
    """Most players (CH-PLAYERS: 4 with one pack, up to 8 with two); by default as many as
    the packs allow, so that ``Ruleset(packs=2)`` seats 5 to 8 players."""
    deck_size: int = attrs.field(default=40, metadata=_rule("CH-DECK", choices=(40, 48)))
    """The ``deck`` option: 40 cards (A, 2-7, J, Q, K; the jack follows the 7 in a run)
    or 48 (with the 8s and 9s; the jack follows the 9) (CH-DECK)."""
    packs: int = attrs.field(default=1, metadata=_rule("CH-DECK", 1, 2))
    """One pack, or two shuffled together for more players (CH-DECK, CH-PLAYERS)."""
    wild: Wild = attrs.field(default=Wild.NONE, converter=as_wild, metadata=_rule("CH-DECK"))
    """The wild cards: ``"none"``, ``"two_jokers"`` (two jokers a pack; 003), or
    ``"ace_of_coins"`` (the A♦; x:eswiki, x:cccj) (CH-DECK)."""
    max_wild_per_meld: int | None = attrs.field(default=None, metadata=_rule("CH-MELDS", 1, 4))
    """Most wild cards in one meld; ``None``: never more wild cards than natural ones
    (CH-MELDS, 003); 1 (x:eswiki, x:lm)."""
    face_values: FaceValues = attrs.field(
        default=FaceValues.BY_DECK, converter=as_face_values, metadata=_rule("CH-VALUES")
    )
    """What the sota, caballo and rey cost unmatched: ``"by_deck"`` (40 cards: 8, 9, 10;
    48 cards: 10, 11, 12), ``"index"`` (10, 11, 12) or ``"all10"`` (CH-VALUES)."""
    wild_penalty: int = attrs.field(default=25, metadata=_rule("CH-VALUES", 0, 1000))
    """What a wild card costs unmatched (CH-VALUES: 25; 50 in x:mp43, x:conecta)."""
    close_limit: int = attrs.field(default=5, metadata=_rule("CH-CLOSE", 0, 1000))
    """Most unmatched value of a close (CH-CLOSE: 5; 4 x:jac, 3 x:vip, 7 x:nca)."""
    close_max_unmatched: int | None = attrs.field(
        default=None, metadata=_rule("CH-CLOSE", 0, HAND_SIZE)
    )
    """Most unmatched cards of a close; ``None`` for no limit but the value (CH-CLOSE;
    1, "one loose card": x:jac, x:mp43, x:bl)."""
    close_first_round: bool = attrs.field(default=True, metadata=_rule("CH-CLOSE"))
    """A player may close on his first turn of a hand (CH-CLOSE Decision; ``False``:
    x:jac, x:bl)."""
    discard_taken_card: bool = attrs.field(default=True, metadata=_rule("CH-TURN"))
    """The card just taken from the discard pile may be discarded again (CH-TURN Decision)."""
    all_matched_bonus: int = attrs.field(default=-10, metadata=_rule("CH-MINUS10", -1000, 1000))
    """Added to the total of a closer with all seven cards in melds (CH-MINUS10: -10)."""
    wild_chinchon_bonus: int = attrs.field(default=-10, metadata=_rule("CH-CHINCHON", -1000, 1000))
    """Added instead by a closer whose seven cards make one run holding a wild card
    (CH-CHINCHON: -10; -25 x:conecta)."""
    layoff_target: LayoffTarget = attrs.field(
        default=LayoffTarget.CLOSER, converter=as_layoff_target, metadata=_rule("CH-LAYOFF")
    )
    """Where the others lay off after a close: ``"closer"`` (his melds only, 003),
    ``"all"`` (any meld shown before, x:jac, x:hack) or ``"none"`` (CH-LAYOFF)."""
    layoff_order: LayoffOrder = attrs.field(
        default=LayoffOrder.PLAY, converter=as_layoff_order, metadata=_rule("CH-LAYOFF")
    )
    """The order the others show their hands in after a close: ``"play"`` (from the
    closer's next seat, the Decision) or ``"reverse"`` (CH-LAYOFF)."""
    end_mode: EndMode = attrs.field(
        default=EndMode.LOWEST, converter=as_end_mode, metadata=_rule("CH-END")
    )
    """``"lowest"``: once a total reaches ``target`` the game ends and the lowest total
    wins (003); ``"elimination"``: a player reaching it drops out, the last one left
    wins (x:eswiki, x:aca, x:cccj) (CH-END)."""
    target: int = attrs.field(default=100, metadata=_rule("CH-END", 1, 100_000))
    """The total that ends the game or puts a player out (CH-END: 100; 70, 150 x:dpop)."""
    reentry: int | None = attrs.field(default=0, metadata=_rule("CH-END", 0, 100))
    """Times each player may re-enter at the highest total still in when his total puts
    him out, with ``end_mode="elimination"`` only; ``None`` for any number (CH-END, as
    LC-REENGANCHE)."""
    forbid_close_with_two_wilds: bool = attrs.field(default=False, metadata=_rule("CH-CLOSE"))
    """No close keeping two wild cards among the seven shown (x:conecta) (CH-CLOSE)."""
    turn_limit: int | None = attrs.field(default=None, metadata=_rule("CH-TURN", 1, 1_000_000))
    """Turns (discards, all players together) after which a hand ends blocked: nobody
    scores for it and the deal passes on (CH-TURN Decision). ``None``, the default: a
    hand goes on until a close, so a player who never closes keeps it going for ever."""

    _meld_rules: MeldRules = attrs.field(init=False, repr=False, eq=False, hash=False)
    profile: KnockRules = attrs.field(init=False, repr=False, eq=False, hash=False)
    """What the shared engine of the knock games works out from these options (an
    attribute, not a property: the engine reads it a few times every move)."""

    gin_streak: ClassVar[None] = None
    """No run of gins wins a game (RU-GINSTREAK is Rumino's: no option here)."""
    GAME = "chinchon"
    """The game whose profile this ruleset gives."""

    def __attrs_post_init__(self) -> None:
        if type(self.max_players) is _AsPacksAllow:
            packs = self.packs if type(self.packs) is int and 1 <= self.packs <= 2 else 1
            object.__setattr__(self, "max_players", PLAYERS_PER_PACK * packs)
        self.validate_options()
        meld_rules = shared_meld_rules(MeldRules(
            rank_order=SPANISH_40_RANKS if self.deck_size == 40 else SPANISH_48_RANKS,
            ace_high=False,                 # CH-MELDS Decision: the ace is low only
            extra_wilds=frozenset({ACE_OF_COINS}) if self.wild is Wild.ACE_OF_COINS else (),
            max_wilds=self.max_wild_per_meld,
            min_natural_lead=0,             # CH-MELDS: never more wilds than naturals
            set_suits_distinct=False,       # CH-MELDS Decision: two packs may repeat a suit
            cites={
                "shape": ("CH-MELDS",),
                "set": ("CH-MELDS",),
                "sequence": ("CH-MELDS",),
                "wilds": (self.option_rule("max_wild_per_meld"),),
                "natural-lead": ("CH-MELDS",),
                "pack": ("CH-DECK",),
            },
        ))  # fmt: skip
        object.__setattr__(self, "_meld_rules", meld_rules)
        object.__setattr__(self, "profile", self._make_profile(meld_rules))

    def replace(self, **changes: Any) -> Self:
        """A copy with some options changed, validated again; ``max_players`` follows a
        change of ``packs`` when it was as many as the packs allowed (CH-PLAYERS).

        >>> from scala40.games.chinchon import Ruleset
        >>> Ruleset().replace(packs=2).max_players, Ruleset(max_players=3).replace(packs=2).max_players
        (8, 3)
        """
        if (
            "packs" in changes
            and "max_players" not in changes
            and self.max_players == PLAYERS_PER_PACK * self.packs
        ):
            changes["max_players"] = _AS_PACKS_ALLOW
        return super().replace(**changes)

    def _cross_problems(self, checks: OptionChecks) -> list[str]:
        return spanish_problems(self, checks)

    def _limit(self) -> int:
        """The total that ends the game or puts a player out (CH-END; La Conga's own)."""
        return self.target

    def _make_profile(self, meld_rules: MeldRules) -> KnockRules:
        if self.face_values is FaceValues.ALL10:
            face = (10, 10, 10)
        elif self.face_values is FaceValues.INDEX or self.deck_size == 48:
            face = (10, 11, 12)
        else:
            face = (8, 9, 10)
        most = self.close_max_unmatched
        return KnockRules(
            game=self.GAME,
            deck=self.deck,
            hand_size=HAND_SIZE,
            meld_rules=meld_rules,
            values=spanish_values(face, meld_rules.wild_cards, self.wild_penalty),
            ending=Ending.CLOSE,
            inclusive=True,
            limit=self._limit(),
            # close_max_unmatched as a number the loops compare with (CH-CLOSE): more than
            # any hand holds where the rules set none (close_count_allowed, the hot loops).
            close_most_unmatched=1 << 30 if most is None else most,
        )

    @property
    def deck(self) -> Deck:
        """The Spanish pack of ``deck_size`` cards, ``packs`` times, with two jokers a pack
        under ``wild="two_jokers"`` (CH-DECK)."""
        jokers = 2 * self.packs if self.wild is Wild.TWO_JOKERS else 0
        return spanish_deck(self.deck_size, copies=self.packs, jokers=jokers)

    @property
    def meld_rules(self) -> MeldRules:
        """What a meld is (CH-MELDS): sets of 3 or 4 of a rank, runs of 3 or more in the
        Spanish order with the ace low only, never more wild cards than natural ones."""
        return self._meld_rules


@attrs.frozen(kw_only=True)
class CongaRules(SpanishRules):
    """Every option of La Conga: Chinchón's (LC-BASE) and its own, with 003's rules as
    defaults (RULES Part 6)."""

    end_mode: EndMode = attrs.field(
        default=EndMode.ELIMINATION, converter=as_end_mode, metadata=_rule("LC-ELIM")
    )
    """``"elimination"``: a player whose total reaches :attr:`eliminate_at` drops out, the
    last one left wins (LC-ELIM); ``"lowest"``: the game ends once a total reaches
    ``target`` and the lowest total wins (as CH-END)."""
    reentry: int | None = attrs.field(default=0, metadata=_rule("LC-REENGANCHE", 0, 100))
    """Times each player may re-enter (reenganche) when his total reaches the limit, at
    the highest total still below it, if he so decides (LC-REENGANCHE: 0; 1 in 003's
    optional rule; ``None`` for any number, x:cccj)."""
    mano_extra_card: bool = attrs.field(default=True, metadata=_rule("LC-DEAL"))
    """The first player gets eight cards and no card is turned up; his first turn is a
    discard (LC-DEAL); ``False`` deals as Chinchón."""
    close_cap: bool = attrs.field(default=True, metadata=_rule("LC-CLOSECAP"))
    """No close that would bring the closer's total to the limit, unless all his cards are
    in melds (LC-CLOSECAP)."""
    eliminate_at: int = attrs.field(default=100, metadata=_rule("LC-ELIM", 1, 100_000))
    """The total that puts a player out, reached or passed (LC-ELIM: 100; 101 x:tplmp)."""

    GAME = "laconga"

    def _limit(self) -> int:
        # Out at eliminate_at under elimination (LC-ELIM), the game's end at target else.
        return self.eliminate_at if self.end_mode is EndMode.ELIMINATION else self.target


def spanish_problems(rules: SpanishRules, checks: OptionChecks) -> list[str]:
    """The problems of the Chinchón options of ``rules`` taken together (CH-*; each alone is
    checked from its declaration: :func:`~scala40.rulesets.option_checks`)."""
    problems: list[str] = []
    # CH-PLAYERS: 2-4 with one pack, up to 8 with two.
    most = PLAYERS_PER_PACK * rules.packs if checks.ok("packs") else 8
    low_ok = checks.ok("min_players") and need_int(problems, rules, "min_players", 2, most)
    high_ok = checks.ok("max_players") and need_int(problems, rules, "max_players", 2, most)
    if low_ok and high_ok and rules.max_players < rules.min_players:
        problems.append(
            f"max_players ({rules.max_players}) is below min_players ({rules.min_players})"
        )
    if rules.reentry != 0 and rules.end_mode is EndMode.LOWEST:
        problems.append(
            f"reentry ({describe(rules.reentry)}) needs end_mode 'elimination': nobody drops out "
            "under 'lowest'"
        )
    if rules.wild is Wild.NONE:
        if rules.max_wild_per_meld is not None:
            problems.append("max_wild_per_meld is set but the pack has no wild card")
        if rules.forbid_close_with_two_wilds is True:
            problems.append("forbid_close_with_two_wilds is set but the pack has no wild card")
    return problems
