"""Adding a game: three-card rummy, a whole small game on the library's core.

A game is a ruleset, its moves, a state on :class:`scala40.game.StateBase`, a view, one
bot and a :class:`scala40.game.Game` record. Registered, it is played by every tool of the
library (bots, tournaments, records, the command line, the learning-agent adapters)
unchanged. ``docs/architecture.rst`` walks through this file.

The rules (rule IDs ``TR-...``):

* **TR-DEAL** One 52-card pack, plus 0 to 2 wild jokers (option ``jokers``); 2 to 4
  players. Each is dealt 3 cards; the next card starts the discard pile; the rest is
  the stock.
* **TR-TURN** On his turn a player draws the top card of the stock or takes the top
  discard, then discards a card: not the card he took from the pile this turn.
* **TR-OUT** He goes out instead of discarding plainly when the three cards he keeps
  form a meld (Scala 40's: a set of one rank in three suits, or a sequence of three of
  one suit; a joker stands for any card, one a meld). He wins the hand.
* **TR-BLOCK** When the stock is empty after a discard, or after ``max_turns`` turns
  (the bound that ends every hand, 60 by default), the hand ends with no winner:
  every player shares it.

Run it to see the tools play it: ``python examples/add_a_game.py``.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations
from typing import Any, ClassVar, TypeAlias, get_args

import attrs

from scala40.cards import CARD_NAMES, JOKER, RANK_OF, Card, Deck, format_cards, french_deck
from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidMoveError,
    InvalidValueError,
)
from scala40.game import (
    FieldReader,
    Game,
    StateBase,
    check_choice,
    check_seat,
    deal_hidden,
    describe,
    expect_header,
    register_game,
    schema,
)
from scala40.legal import LegalMoves
from scala40.melds import MeldRules, is_meld
from scala40.movekinds import (
    CARD,
    OPTIONAL_CARDS,
    MoveBase,
    MoveSet,
    as_move_card,
    as_optional_move_cards,
)
from scala40.notation import view_to_text
from scala40.rulesets import OptionChecks, RulesetBase, option_metadata, set_presets

NAME = "trio"

# -- the rules: a ruleset is a frozen value with one field per option ------------------


@attrs.frozen(kw_only=True)
class TrioRules(RulesetBase):
    """The options of three-card rummy, the defaults being the standard rules."""

    min_players: int = attrs.field(default=2, metadata=option_metadata("TR-DEAL", 2, 4))
    max_players: int = attrs.field(default=4, metadata=option_metadata("TR-DEAL", 2, 4))
    jokers: int = attrs.field(default=0, metadata=option_metadata("TR-DEAL", 0, 2))
    """Wild jokers added to the pack."""
    max_turns: int = attrs.field(default=60, metadata=option_metadata("TR-BLOCK", 2, 1000))
    """Turns after which the hand ends with no winner."""

    FORMAT = "trio.ruleset"
    DEFAULT_PRESET = "standard"

    def __attrs_post_init__(self) -> None:
        self.validate_options()  # each option from its declaration, then _cross_problems

    def _cross_problems(self, checks: OptionChecks) -> list[str]:
        if checks.ok("min_players", "max_players") and self.max_players < self.min_players:
            return ["max_players is below min_players"]
        return []

    @property
    def deck(self) -> Deck:
        return french_deck(jokers=self.jokers, copies=1)


PRESETS = set_presets(
    TrioRules, {"standard": TrioRules(), "wild": TrioRules(jokers=2)}, "standard"
)
MELDS = MeldRules()
"""Scala 40's meld rules (TR-OUT)."""


# -- the moves: each kind a frozen class with a verb; its text and dict come for free ---


@attrs.frozen
class Deal(MoveBase):
    """The chance step: the deck in the order it is dealt (``None``: shuffled from the
    game's seed)."""

    verb = "deal"
    order: tuple[Card, ...] | None = attrs.field(
        default=None, converter=as_optional_move_cards, metadata={"codec": OPTIONAL_CARDS}
    )


@attrs.frozen
class Draw(MoveBase):
    """Draw the top card of the stock (TR-TURN)."""

    verb = "draw"


@attrs.frozen
class Take(MoveBase):
    """Take the top card of the discard pile (TR-TURN)."""

    verb = "take"


@attrs.frozen
class Discard(MoveBase):
    """Discard a card and end the turn (TR-TURN)."""

    verb = "discard"
    card: Card = attrs.field(converter=as_move_card, metadata={"codec": CARD})


@attrs.frozen
class Out(MoveBase):
    """Discard a card and go out with the three kept (TR-OUT)."""

    verb = "out"
    card: Card = attrs.field(converter=as_move_card, metadata={"codec": CARD})


TrioMove: TypeAlias = Deal | Draw | Take | Discard | Out
MOVES = MoveSet("trio.move", 1, get_args(TrioMove))


class Phase(enum.Enum):
    DEAL = "deal"
    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def is_out(cards: Iterable[Card]) -> bool:
    """Whether three cards form a meld (TR-OUT).

    >>> from scala40.cards import parse_cards
    >>> is_out(parse_cards("7S 7H 7D")), is_out(parse_cards("7S 8S 10S"))
    (True, False)
    """
    return is_meld(tuple(cards), MELDS)


# -- the state: the fields, then the hooks the state base calls --------------------------


@attrs.frozen(repr=False)
class TrioState(StateBase["TrioMove", "TrioView"]):
    """A game of three-card rummy at one moment (one hand is the game)."""

    rules: TrioRules
    player_count: int
    hand_number: int
    phase: Phase
    turn: int
    """The seat to play."""
    turns: int
    """Turns completed."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    """Top card last."""
    pile: tuple[Card, ...]
    """The discard pile, top card last."""
    taken: Card | None
    """The card the player to move took from the pile this turn."""
    known: tuple[tuple[Card, ...], ...]
    """Cards each seat took from the pile and still holds: everyone saw them."""
    winners: tuple[int, ...]
    seed: int
    move_number: int = attrs.field(default=0, eq=False, hash=False, repr=False)
    """Moves applied so far (``apply`` counts them)."""
    _legal: tuple[Any, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False, metadata={"cache": True}
    )

    game_name: ClassVar[str] = NAME
    MOVES: ClassVar[MoveSet] = MOVES
    FORMAT: ClassVar[str] = "trio.state"

    @classmethod
    def start(cls, rules: TrioRules, players: int, seed: int) -> TrioState:
        empty = ((),) * players
        return cls(rules, players, 0, Phase.DEAL, 0, 0, empty, (), (), None, empty, (), seed)

    # The protocol's questions.
    @property
    def current_player(self) -> int | None:
        return self.turn if self.phase in (Phase.DRAW, Phase.DISCARD) else None

    @property
    def is_chance(self) -> bool:
        return self.phase is Phase.DEAL

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(int(seat in self.winners) for seat in range(self.player_count))

    def all_cards(self) -> tuple[Card, ...]:
        cards = [*self.stock, *self.pile, *(card for hand in self.hands for card in hand)]
        return tuple(sorted(cards)) if cards else self.rules.deck.cards

    def chance_cards(self) -> tuple[Card, ...]:
        return self.rules.deck.cards if self.phase is Phase.DEAL else ()

    def __str__(self) -> str:
        top = CARD_NAMES[self.pile[-1]] if self.pile else "-"
        lines = [f"{self.phase.value}, player {self.turn}; stock {len(self.stock)}, pile {top}"]
        lines += [f"Player {seat}: {format_cards(hand)}" for seat, hand in enumerate(self.hands)]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<TrioState {self.phase.value} player {self.turn} turns {self.turns}>"

    # The hooks.
    def _generate(self) -> Iterable[TrioMove]:
        if self.phase is Phase.DEAL:
            return (Deal(),)
        if self.phase is Phase.DRAW:
            return (Draw(), Take()) if self.pile else (Draw(),)
        if self.phase is Phase.DISCARD:
            hand = self.hands[self.turn]
            moves: list[TrioMove] = []
            for card in sorted(set(hand)):
                if card != self.taken:
                    moves.append(Discard(card))
                    if is_out(_without(hand, card)):
                        moves.append(Out(card))
            return moves
        return ()

    def _chance(self, order: tuple[Card, ...]) -> Deal:
        return Deal(order)

    def _apply(self, move: Any) -> TrioState:
        if not isinstance(move, get_args(TrioMove)):
            raise InvalidMoveError(f"not a move of three-card rummy: {describe(move)}")
        if isinstance(move, Deal):
            return self._deal(move)
        if self.phase is Phase.OVER:
            raise IllegalMoveError(f"{move}: the game is over")
        if self.phase is Phase.DEAL:
            raise IllegalMoveError(f"{move}: the cards are dealt first (TR-DEAL)")
        seat, hand = self.turn, self.hands[self.turn]
        if isinstance(move, (Draw, Take)):
            if self.phase is not Phase.DRAW:
                raise IllegalMoveError(f"{move}: you have drawn already (TR-TURN)")
            if isinstance(move, Draw):
                card, stock, pile, taken = self.stock[-1], self.stock[:-1], self.pile, None
            else:
                if not self.pile:
                    raise IllegalMoveError("take: the discard pile is empty (TR-TURN)")
                card, stock, pile, taken = self.pile[-1], self.stock, self.pile[:-1], self.pile[-1]
            known = list(self.known)
            if taken is not None:
                known[seat] = tuple(sorted((*known[seat], taken)))
            return self.copy_with(
                phase=Phase.DISCARD,
                hands=_replace(self.hands, seat, tuple(sorted((*hand, card)))),
                stock=stock,
                pile=pile,
                taken=taken,
                known=tuple(known),
            )
        if self.phase is not Phase.DISCARD:
            raise IllegalMoveError(f"{move}: draw or take a card first (TR-TURN)")
        if move.card not in hand:
            raise IllegalMoveError(f"{move}: {CARD_NAMES[move.card]} is not in your hand")
        if move.card == self.taken:
            raise IllegalMoveError(f"{move}: not the card you took from the pile (TR-TURN)")
        kept = _without(hand, move.card)
        if isinstance(move, Out) and not is_out(kept):
            raise IllegalMoveError(f"{move}: {format_cards(kept)} is no meld (TR-OUT)")
        known = list(self.known)
        if move.card in known[seat]:
            known[seat] = _without(known[seat], move.card)
        turns = self.turns + 1
        over = isinstance(move, Out) or not self.stock or turns >= self.rules.max_turns
        if isinstance(move, Out):
            winners: tuple[int, ...] = (seat,)
        else:  # TR-BLOCK: a blocked hand is shared
            winners = tuple(range(self.player_count)) if over else ()
        return self.copy_with(
            phase=Phase.OVER if over else Phase.DRAW,
            turn=seat if over else (seat + 1) % self.player_count,
            turns=turns,
            hands=_replace(self.hands, seat, kept),
            pile=(*self.pile, move.card),
            taken=None,
            known=tuple(known),
            winners=winners,
        )

    def _deal(self, move: Deal) -> TrioState:
        if self.phase is not Phase.DEAL:
            raise IllegalMoveError("deal: the cards are dealt once (TR-DEAL)")
        cards = list(self.rules.deck.cards)
        if move.order is None:
            random.Random(self.seed).shuffle(cards)
        elif sorted(move.order) != cards:
            raise IllegalMoveError("deal: the order must hold every card of the deck once")
        else:
            cards = list(move.order)
        count = self.player_count
        hands = tuple(tuple(sorted(cards[seat * 3 : seat * 3 + 3])) for seat in range(count))
        return self.copy_with(
            hand_number=1,
            phase=Phase.DRAW,
            hands=hands,
            pile=(cards[count * 3],),
            stock=tuple(cards[count * 3 + 1 :]),
        )

    def _field_problems(self) -> list[str]:
        rules: object = self.rules  # a state built by hand may hold anything
        if not isinstance(rules, TrioRules):
            return ["rules must be a TrioRules"]
        if not rules.min_players <= self.player_count <= rules.max_players:
            return [f"player_count must be from 2 to 4, got {self.player_count}"]
        problems = []
        if not 0 <= self.turn < self.player_count:
            problems.append(f"turn must be a seat, got {self.turn}")
        if not 0 <= self.turns <= self.rules.max_turns:
            problems.append(f"turns must be from 0 to {self.rules.max_turns}, got {self.turns}")
        if len(self.hands) != self.player_count or len(self.known) != self.player_count:
            problems.append("hands and known must have one entry a seat")
        return problems

    def _consistency_problems(self) -> list[str]:
        problems = []
        if self.phase is not Phase.DEAL and self.all_cards() != self.rules.deck.cards:
            problems.append("the cards are not the deck's, each once (TR-DEAL)")
        for seat, hand in enumerate(self.hands):
            size = 4 if self.phase is Phase.DISCARD and seat == self.turn else 3
            if self.phase in (Phase.DRAW, Phase.DISCARD) and len(hand) != size:
                problems.append(f"player {seat} must hold {size} cards, got {len(hand)}")
            held = list(hand)
            for card in self.known[seat]:
                if card not in held:
                    problems.append(f"player {seat} does not hold {CARD_NAMES[card]}")
                    break
                held.remove(card)
        if self.taken is not None and (
            self.phase is not Phase.DISCARD or self.taken not in self.known[self.turn]
        ):
            problems.append("a card taken from the pile belongs to a turn being played")
        over = self.phase is Phase.OVER
        if over != bool(self.winners):
            problems.append("winners are named once the game is over, and only then")
        return problems

    def _fields_to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(),
            "players": self.player_count,
            "phase": self.phase.value,
            "turn": self.turn,
            "turns": self.turns,
            "hands": [format_cards(hand) for hand in self.hands],
            "stock": format_cards(self.stock),
            "pile": format_cards(self.pile),
            "taken": None if self.taken is None else CARD_NAMES[self.taken],
            "known": [format_cards(cards) for cards in self.known],
            "winners": list(self.winners),
            "seed": self.seed,
        }

    @classmethod
    def _read(cls, data: Mapping[str, Any]) -> TrioState:
        # Each field read and typed; the base's ``_load`` then checks how they fit
        # (``problems()``), and a view's text is read through here too.
        data = expect_header(data, "trio.state", 1)
        read = FieldReader(data, "trio state: ")
        # The base reads the move number before this hook: every other field is here.
        read.keys(frozenset(cls.start(TrioRules(), 2, 0).to_dict()) - {"move_number"})
        rules = TrioRules.from_dict(data["rules"])
        players = read.integer("players", rules.min_players, rules.max_players)
        phase = read.choice("phase", Phase)
        return cls(
            rules,
            players,
            0 if phase is Phase.DEAL else 1,
            phase,
            read.integer("turn", 0, players - 1),
            read.integer("turns", 0, rules.max_turns),
            read.card_lists("hands"),
            read.cards(data["stock"], "stock"),
            read.cards(data["pile"], "pile"),
            read.optional_card("taken"),
            read.card_lists("known"),
            read.ints("winners", 0, players - 1, most=players),
            read.integer("seed", 0, 2**63),
        )


def state_schema() -> dict[str, Any]:
    """What each field of a state's dictionary holds, as a JSON Schema: the schemas of
    :mod:`scala40.schemas` and the position's text (``state.to_text()``) are made from it."""
    cards, seat = schema.card_text(), schema.integer(0, 3)
    return schema.obj({
        **schema.header("trio.state", 1), "rules": TrioRules.json_schema(),
        "players": schema.integer(2, 4), "phase": schema.enum_of(p.value for p in Phase),
        "turn": seat, "turns": schema.integer(0, 1000), "hands": schema.array(cards),
        "stock": cards, "pile": cards, "taken": schema.card(nullable=True),
        "known": schema.array(cards), "winners": schema.array(seat),
        "seed": schema.integer(0, 2**63),
    })  # fmt: skip


def _replace(hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]) -> Any:
    return (*hands[:seat], hand, *hands[seat + 1 :])


# -- the view: what one seat may know, and full states consistent with it ---------------


@attrs.frozen
class TrioView:
    """What seat ``player`` may know: its hand, the pile, how many cards each holds and
    the cards it saw the others take from the pile."""

    player: int
    rules: TrioRules
    player_count: int
    phase: Phase
    turn: int
    turns: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    pile: tuple[Card, ...]
    taken: Card | None
    known: tuple[tuple[Card, ...], ...]
    winners: tuple[int, ...]
    move_number: int = attrs.field(default=0, eq=False)
    """The state's move number (public: every seat sees every move made)."""

    @classmethod
    def of(cls, state: TrioState, player: int) -> TrioView:
        """The view of ``state`` for seat ``player`` (``state.view`` calls it)."""
        check_seat("player", player, state.player_count)
        return cls(
            player, state.rules, state.player_count, state.phase, state.turn, state.turns,
            state.hands[player], tuple(map(len, state.hands)), len(state.stock), state.pile,
            state.taken, state.known, state.winners, state.move_number,
        )  # fmt: skip

    @property
    def current_player(self) -> int | None:
        return self.turn if self.phase in (Phase.DRAW, Phase.DISCARD) else None

    def sample(self, seed: int) -> TrioState:
        """A full state consistent with this view: the unseen cards dealt at random,
        the cards seen taken from the pile kept in their hands."""
        if self.phase is Phase.DEAL:
            return TrioState.start(self.rules, self.player_count, seed)
        seen = [*self.hand, *self.pile]
        unseen = list(self.rules.deck.cards)
        for card in seen:
            unseen.remove(card)
        known = {seat: cards for seat, cards in enumerate(self.known) if seat != self.player}
        hands, stock, _ = deal_hidden(
            unseen, viewer=self.player, hand=self.hand, hand_sizes=self.hand_sizes,
            known=known, stock_size=self.stock_size, stock_name="stock", rng=seed,
        )  # fmt: skip
        return TrioState(
            self.rules, self.player_count, 1, self.phase, self.turn, self.turns, hands,
            stock, self.pile, self.taken, self.known, self.winners, seed,
        )  # fmt: skip

    def legal_moves(self) -> LegalMoves[TrioMove]:
        """The seat's legal moves, when it decides: they depend on what it sees only."""
        return self.sample(0).legal_moves()

    def to_text(self) -> str:  # one line of text, GAME.view_from_text reads it back
        return view_to_text(self, GAME)


TrioState.VIEW = TrioView


# -- a bot, and the record that makes it a game of the library ---------------------------


class GreedyBot:
    """Goes out when it can; takes the top discard when it completes a pair or a near
    sequence; discards its highest card that belongs to no such pair."""

    name = "greedy"

    def choose(self, view: TrioView, legal: Sequence[TrioMove], rng: random.Random) -> TrioMove:
        del rng  # the greedy choice draws nothing
        # Refuse a wrong view, moves of another game, text, or no move at all.
        check_choice(view, legal, TrioView, MOVES.kinds, "Trio")
        outs = [move for move in legal if isinstance(move, Out)]
        if outs:
            return outs[0]
        if Take() in legal and _helps(view.pile[-1], view.hand):
            return Take()
        if Draw() in legal:
            return Draw()
        discards = [move for move in legal if isinstance(move, Discard)]
        loose = [m for m in discards if not _helps(m.card, _without(view.hand, m.card))]
        return max(loose or discards, key=lambda move: RANK_OF[move.card])


def _helps(card: Card, hand: Sequence[Card]) -> bool:
    """Whether ``card`` makes two cards of a meld with one of ``hand``."""
    return any(is_out((card, other, JOKER)) for other in hand if other != JOKER) or any(
        is_out(trio) for trio in combinations((card, *hand), 3)
    )


def new_game(
    rules: TrioRules | str | None = None,
    players: int = 2,
    seed: int | None = None,
    *,
    auto_chance: bool = True,
) -> TrioState:
    ruleset = TrioRules.resolve(rules)
    low, high = ruleset.min_players, ruleset.max_players
    if type(players) is not int:
        raise InvalidArgumentError(f"players must be an integer from {low} to {high}")
    if not low <= players <= high:
        raise InvalidValueError(f"players must be from {low} to {high}, got {describe(players)}")
    state = TrioState.start(ruleset, players, random.randrange(2**32) if seed is None else seed)
    return state.apply(Deal()) if auto_chance else state


GAME = Game(
    name=NAME,
    title="Three-card rummy",
    summary="Draw, discard, and go out with three cards that meld.",
    version=1,
    ruleset_type=TrioRules,
    new_game=new_game,
    state_from_dict=TrioState.from_dict,
    parse_move=MOVES.parse,
    move_from_dict=MOVES.from_dict,
    move_set=MOVES,
    state_schema=state_schema,
)
BOTS = {"greedy": GreedyBot}  # its own bots: the bots layer's, found by the game's name


def main() -> None:
    """Register the game, and let the library's tools play it."""
    from scala40.bots import make_bot, play_game, register_bots
    from scala40.records import GameRecord
    from scala40.tournament import run_tournament

    register_game(GAME)
    register_bots(NAME, BOTS)
    final = play_game(new_game(players=3, seed=7), [make_bot("greedy", NAME)] * 3, rng=7)
    print(f"A game of three players: winners {list(final.winners)}")
    record = GameRecord.start("standard", players=2, seed=5, game=NAME)
    print(f"A record replays: {record.final_state() == new_game(players=2, seed=5)}")
    result = run_tournament(40, ["greedy", "random"], seed=1, game=NAME, workers=1)
    print(result.summary())


if __name__ == "__main__":
    main()
