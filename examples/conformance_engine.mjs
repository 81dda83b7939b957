// A small engine in another language for `scala40 conformance`: Scala 40's melds and
// hands' scores under the official rules (S40-SEQ, S40-SET, S40-JOKER, S40-MELD-VALUE,
// S40-SCORE, S40-HAND-VALUE, S40-STALL), written from the rules, not from the library. It
// reads one JSON request a line on standard input and answers one JSON line each; it skips
// what it does not know (other games, presets and sections: it answers no deal, match,
// moves, refusal or perft request, and a run of those sections with it is incomplete
// unless --allow-skip is given).
//
//   scala40 conformance --engine "node examples/conformance_engine.mjs" \
//       --game scala40 --preset official --sections meld score
//
// Planted mistakes, for trying the runner's reports: CONFORMANCE_PLANT=ace-low-11 values
// the low ace of A-2-3 at 11, CONFORMANCE_PLANT=jack-11 values a jack left in hand at 11.

import { createInterface } from "node:readline";

const SUITS = ["S", "H", "D", "C"];
const RANKS = [null, "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const PLANT = process.env.CONFORMANCE_PLANT ?? "";

// A card's text: "10H", "AS", "JK". Returns {rank: 1-13, suit: 0-3} or {joker: true}.
function parseCard(text) {
  if (text === "JK") return { joker: true };
  const rank = RANKS.indexOf(text.slice(0, -1));
  const suit = SUITS.indexOf(text.slice(-1));
  if (rank < 1 || suit < 0) throw new Error(`not a card: ${text}`);
  return { rank, suit };
}

function name(rank, suit) {
  return RANKS[rank] + SUITS[suit];
}

// S40-MELD-VALUE: a card at a place of a sequence (1 is the low ace, 14 the high one).
function placeValue(place) {
  if (place === 1) return PLANT === "ace-low-11" ? 11 : 1;
  if (place === 14) return 11;
  return Math.min(place, 10);
}

// S40-HAND-VALUE.
function handValue(card) {
  if (card.joker) return 25;
  if (card.rank === 1) return 11;
  if (card.rank === 11 && PLANT === "jack-11") return 11;
  return Math.min(card.rank, 10);
}

// Every meld the cards make (in any order), each as the library writes it, with its value.
function readings(cards) {
  const naturals = cards.filter((card) => !card.joker);
  const jokers = cards.length - naturals.length;
  const found = new Map();
  if (jokers > 1 || cards.length < 3 || naturals.length === 0) return [];
  // S40-SET: 3 or 4 cards of one rank, all of different suits.
  const rank = naturals[0].rank;
  const suits = new Set(naturals.map((card) => card.suit));
  if (
    cards.length <= 4 &&
    naturals.every((card) => card.rank === rank) &&
    suits.size === naturals.length
  ) {
    const missing = jokers ? [0, 1, 2, 3].filter((suit) => !suits.has(suit)) : [null];
    for (const wildSuit of missing) {
      const parts = [];
      for (let suit = 0; suit < 4; suit += 1) {
        if (suits.has(suit)) parts.push(name(rank, suit));
        else if (suit === wildSuit) parts.push(`JK=${name(rank, suit)}`);
      }
      const value = cards.length * (rank === 1 ? 11 : Math.min(rank, 10));
      found.set(parts.join(" "), value);
    }
  }
  // S40-SEQ: consecutive cards of one suit, the ace low (1) or high (14), never both
  // natural; a joker fills one place (S40-JOKER).
  const suit = naturals[0].suit;
  const ranks = naturals.map((card) => card.rank);
  if (naturals.every((card) => card.suit === suit) && new Set(ranks).size === ranks.length) {
    const hasAce = ranks.includes(1);
    for (const aceAt of hasAce ? [1, 14] : [1]) {
      const places = ranks.map((r) => (r === 1 ? aceAt : r));
      const low = Math.min(...places);
      const high = Math.max(...places);
      for (let start = Math.max(1, high - cards.length + 1); start <= low; start += 1) {
        const end = start + cards.length - 1;
        if (end > 14) continue;
        const parts = [];
        let value = 0;
        for (let place = start; place <= end; place += 1) {
          const rankThere = place === 14 ? 1 : place;
          const card = name(rankThere, suit);
          parts.push(places.includes(place) ? card : `JK=${card}`);
          value += placeValue(place);
        }
        if (parts.length - places.length === jokers) found.set(parts.join(" "), value);
      }
    }
  }
  return [...found].map(([meld, value]) => ({ meld, value }));
}

function judgeMeld(request) {
  const cards = request.cards.trim().split(/\s+/).map(parseCard);
  const found = readings(cards);
  const verdict = found.length === 0 ? "not a meld" : found.length === 1 ? "meld" : "ambiguous";
  return { verdict, readings: found };
}

// S40-SCORE: the closer scores 0, every other seat the value of the cards in its hand.
// The position's third field holds the hands, seat 0's first; its eighth, the seat to
// play, who closes with this move.
// S40-RESTOCK, S40-STALL: a stock left empty (its sixth field "0": it could not be
// rebuilt) ends the hand blocked after this discard, unless the discard is the last card:
// nobody closed, and nobody scores.
function score(request) {
  const fields = request.position.split(/\s+/);
  const hands = fields[2].split("/");
  const closer = Number(fields[7]);
  const cardsOf = (hand) => hand.match(/10[SHDC]|[2-9AJQK][SHDC]|JK/g) ?? [];
  if (fields[5] === "0" && cardsOf(hands[closer]).length > 1) {
    return { points: hands.map(() => 0) };
  }
  const points = hands.map((hand, seat) => {
    if (seat === closer || hand === "-") return 0;
    return cardsOf(hand)
      .map(parseCard).reduce((total, card) => total + handValue(card), 0);
  });
  return { points };
}

function answer(request) {
  // The official rules alone: a variant's lines (ruleset "official,...") are skipped.
  if (request.game !== "scala40" || (request.ruleset ?? request.preset) !== "official") {
    return { skip: true };
  }
  if (request.op === "meld") return judgeMeld(request);
  if (request.op === "score") return score(request);
  return { skip: true };
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  let reply;
  try {
    reply = answer(JSON.parse(line));
  } catch (error) {
    reply = { skip: true, error: String(error) };
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
});
