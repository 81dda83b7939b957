// The web table's page: plain JavaScript, no framework, no build step.
// The lobby lists the games (GET /games) and starts a table (POST /tables); the table
// shows the seat's view as the library's picture, what the picture leaves to words (a
// Skarney hand's contract, partner, offer and sides), its hand as cards to pick, its
// legal moves as buttons, the event feed as a log, the scores, undo and resignation; a
// hand's result comes up over the table until the player asks for the next hand.
"use strict";

const $ = (id) => document.getElementById(id);
const SHOWN_AT_ONCE = 6; // moves of a kind that names several cards shown unfolded
const CARD = /^(?:10|[2-9AJQK])[SHDC]$|^JK$/;
// A card in the notation inside a text (a reason), with the card a wild card stands for
// (JK=7S): the library's expression (scala40._wording.CARD_WORD); several a space apart.
const CARD_WORD = String.raw`(?<![\w=#-])(?:(?:10|[2-9AJQK])[SHDC]|JK)(?:=(?:10|[2-9AJQK])[SHDC])?(?![\w=-])`;
const CARD_WORDS = new RegExp(`${CARD_WORD}(?: +${CARD_WORD})*`, "g");
// A rule ID of a game's (S40-OPEN, SK-CONTRACT): linked to its rule on the game's page.
const RULE_ID = /\b(?:S40|SK|RU|CH|LC)(?:-[A-Z0-9]+)+\b/g;
const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
// The picture's smallest text is 10 of its units: laid out as narrow as the screen and
// shown at 1.25 times its size, it reads at 12.5 pixels on a phone as on a desktop.
const SCALE = 1.25;
const NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven"];

let games = [];
let chosen = null; // the game chosen in the lobby
let table = null; // {id, seat, token}
let answer = null; // the server's latest answer for our seat
let shownDeal = null; // the latest deal shown (of a table dealt or not): the receipt's
let log = []; // the events seen so far
let selected = []; // indexes of the hand's cards picked
let unfolded = new Set(); // the kinds of move whose folded list the player opened
let decisionShown = null; // the move number of the last decision brought into view
let handShown = null; // the hand number whose result the player has seen
let overShown = false; // whether the end of the match has been shown
let polling = null;
let shuffling = false; // whether the notice says the deal waits for the people
let limitTimer = null; // the countdown of what the server holds back
let clockRead = 0; // when the answer's clock was read (performance.now(), milliseconds)
let clockTimer = null; // the countdown of the person's clock on the page
let seenMove = null; // the move number of the last table shown (kept when its events are read again)
let playedTold = false; // whether the notice says what a timeout played for the person
let shownCount = 0; // answers shown: a look answered after a newer answer was shown is dropped
const POLL_MS = 2000; // how often the page looks at the table while nothing of its own is due

async function call(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (failure) {
    // No answer at all: the network, or a server too busy to take the connection.
    const error = new Error("the server cannot be reached");
    Object.assign(error, { status: 0, limit: "network", retryAfter: 2 });
    throw error;
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.message || response.statusText);
    error.status = response.status;
    // A limit reached (the server's name for it) and when to try again (its Retry-After).
    error.limit = data.limit || null;
    error.retryAfter = data.retry_after || Number(response.headers.get("Retry-After")) || null;
    throw error;
  }
  return data;
}

function seconds(count) {
  return count === 1 ? "1 second" : `${count} seconds`;
}

function limitedText(limit, when, starting) {
  // What a player reads when the server holds something back: what was reached, in a
  // player's words, and when it goes on (``when``: "12 seconds").
  switch (limit) {
    case "client_tables_per_minute":
      return `This server lets each player start only so many tables a minute: you can start another in ${when}.`;
    case "client_bot_seconds_per_minute":
      return starting
        ? `The bots of your games have thought as long as this server allows in a minute: you can start a table in ${when}.`
        : `The bots of your games have thought as long as this server allows in a minute: they play on in ${when}.`;
    case "table_bot_seconds_per_minute":
      return `The bots at this table have thought as long as this server allows in a minute: they play on in ${when}.`;
    case "bots_at_once":
      return `The server's bots are busy with other tables: yours play on in ${when}.`;
    case "client_tables":
      return `You have as many tables in play as this server keeps for one player: you can start another in ${when}.`;
    case "max_tables":
      return `This server keeps as many tables as it can, all in play: try again in ${when}.`;
    case "network":
      return `The server cannot be reached: trying again in ${when}.`;
    default:
      return `The server is busy: trying again in ${when}.`;
  }
}

function showLimited(limit, retryAfter, then, starting) {
  // Says what the server holds back, counting down to when it said to try again, then
  // does ``then`` (asks again), if anything.
  stopLimited();
  let left = Math.max(1, Math.ceil(retryAfter || 1));
  const box = $("limited");
  const write = () => { box.textContent = limitedText(limit, seconds(left), starting); };
  write();
  box.hidden = false;
  limitTimer = setInterval(() => {
    left -= 1;
    if (left > 0) {
      write();
      return;
    }
    stopLimited();
    if (then) then();
  }, 1000);
}

function stopLimited() {
  clearInterval(limitTimer);
  limitTimer = null;
  $("limited").hidden = true;
}

function element(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function spanishNames() {
  return answer ? answer.game.card_names : {};
}

function cardText(name) {
  // 7S -> 7♠ in the French pack; in the Spanish pack the name the command line prints
  // (QH -> caballo de copas), which the server sends.
  const spanish = spanishNames()[name.toUpperCase()];
  if (spanish) return spanish;
  if (name === "JK" || !SUITS[name.slice(-1)]) return name;
  return name.slice(0, -1) + SUITS[name.slice(-1)];
}

function cardsText(names) {
  // Spanish names are several words each: commas keep the cards apart.
  return names.map(cardText).join(Object.keys(spanishNames()).length ? ", " : " ");
}

function setWords(parts) {
  // The indexes of the card words of a move's text that are cards of a set: a run of
  // two or more card words whose cards (a wild card's reading) are of one rank, or the
  // card an extension adds to a set ("extend JK=5S #0 set").
  const found = new Set();
  const rank = (word) => { const [own, reading] = word.toUpperCase().split("="); return (reading || own).slice(0, -1); };
  const isCard = (word) => CARD.test(word.split("=")[0].toUpperCase());
  if (parts[parts.length - 1] === "set") {
    parts.forEach((word, index) => { if (isCard(word)) found.add(index); });
    return found;
  }
  for (let start = 0; start < parts.length; start += 1) {
    if (!isCard(parts[start])) continue;
    let end = start;
    while (end + 1 < parts.length && isCard(parts[end + 1])) end += 1;
    const group = parts.slice(start, end + 1);
    if (group.length > 1 && group.every((word) => rank(word) === rank(group[0]))) {
      for (let index = start; index <= end; index += 1) found.add(index);
    }
    start = end;
  }
  return found;
}

function moveText(text, toSet = false) {
  // A move's text (or a meld's) as a player reads it; ``toSet``: its cards go on a set.
  const spanish = Object.keys(spanishNames()).length > 0;
  // In a set whose suits may repeat (SK-MELDS) a wild card stands for a card of its rank,
  // whatever the suit: its reading is the rank alone ("JK=4"), as the pictures draw it.
  const parts = text.split(" ");
  const rankOnly = answer && answer.game && answer.game.set_wild_suit === false
    ? setWords(toSet ? [...parts, "set"] : parts) : new Set();
  const words = [];
  let afterCard = false;
  parts.forEach((word, index) => {
    const [own, reading] = word.split("=");
    if (!CARD.test(own.toUpperCase())) {
      words.push(word);
      afterCard = false;
      return;
    }
    if (spanish && afterCard) words[words.length - 1] += ",";
    let read = reading ? cardText(reading) : "";
    if (reading && rankOnly.has(index)) read = spanish ? read.split(" de ")[0] : reading.slice(0, -1).toUpperCase();
    words.push(cardText(own) + (reading ? (spanish ? ` (${read})` : `=${read}`) : ""));
    afterCard = true;
  });
  return words.join(" ");
}

function spelledText(text) {
  // A text of the library's (a reason) with its cards as the page spells them (Q♣, or a
  // Spanish pack's names), as scala40._wording.players_text spells them.
  return text.replace(CARD_WORDS, (cards) => moveText(cards));
}

function reasonNodes(text) {
  // A reason as the page shows it: its cards spelled, each rule ID it cites a link to
  // the rule on its game's page (the documentation's anchor of the ID).
  const pages = (answer && answer.game.rule_pages) || {};
  const nodes = [];
  let from = 0;
  for (const found of text.matchAll(RULE_ID)) {
    const page = pages[found[0].split("-")[0]];
    if (!page) continue;
    nodes.push(spelledText(text.slice(from, found.index)));
    nodes.push(element("a", { href: `${page}#${found[0].toLowerCase()}`, target: "_blank", rel: "noopener", "data-rule": found[0] }, found[0]));
    from = found.index + found[0].length;
  }
  nodes.push(spelledText(text.slice(from)));
  return nodes;
}

function moveCards(text) {
  // The cards a move's text names (a wild card's own card, not its reading).
  return text.split(" ").map((word) => word.split("=")[0].toUpperCase()).filter((word) => CARD.test(word));
}

function notice(text) {
  // A text, or the nodes of one (a reason: reasonNodes).
  const box = $("notice");
  box.replaceChildren(...[].concat(text || ""));
  box.hidden = !text;
}

// ------------------------------------------------------------------ the lobby

async function showLobby() {
  stopPolling();
  stopLimited();
  clearInterval(clockTimer);
  closeResults();
  table = null;
  $("table").hidden = true;
  $("lobby").hidden = false;
  $("table-title").textContent = "";
  if (!games.length) games = (await call("GET", "/games")).games;
  const list = $("games");
  list.replaceChildren(...games.map((game) => element("li", {},
    element("button", { type: "button", "data-game": game.name, "aria-pressed": "false", onclick: () => choose(game) },
      element("strong", {}, game.title), element("span", {}, game.summary)))));
}

function choose(game) {
  chosen = game;
  for (const button of $("games").querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(button.dataset.game === game.name));
  }
  $("new-table").hidden = false;
  $("chosen-title").textContent = game.title;
  $("chosen-summary").textContent = game.summary;
  $("preset").replaceChildren(...game.presets.map((preset) =>
    element("option", Object.assign({ value: preset.name }, preset.name === game.default_preset ? { selected: "" } : {}), preset.name)));
  $("bot-guide-lines").replaceChildren(...chosen.bots.map(botLine));
  fillPlayers();
}

function botLine(bot) {
  // "careful: quick, and stronger than greedy...": the server's words for the bot.
  return element("li", { "data-bot": bot }, element("strong", {}, bot), `: ${chosen.bot_lines[bot] || ""}`);
}

function showBotLines() {
  // A line for each bot seated, in seat order, each once.
  const seated = [...$("seats").querySelectorAll("select")].map((select) => select.value).filter(Boolean);
  $("bot-lines").replaceChildren(...[...new Set(seated)].map(botLine));
}

function keepStartInView() {
  // The form just shown or grown: scrolled so that its Start button is in the window
  // (on a phone it opens below the list of games), showing as much of the games as fits.
  const start = $("start").getBoundingClientRect();
  if (start.top < 0 || start.bottom > innerHeight) $("new-table").scrollIntoView({ block: "end" });
}

function fillPlayers() {
  const preset = chosen.presets.find((item) => item.name === $("preset").value) || chosen.presets[0];
  const options = [];
  for (let count = preset.min_players; count <= preset.max_players; count++) {
    const attributes = { value: String(count) };
    if (count === Math.min(Math.max(chosen.default_players, preset.min_players), preset.max_players)) attributes.selected = "";
    options.push(element("option", attributes, String(count)));
  }
  $("players").replaceChildren(...options);
  fillSeats();
}

function fillSeats() {
  const count = Number($("players").value);
  const seats = [element("legend", {}, "The other seats")];
  for (let seat = 1; seat < count; seat++) {
    const select = element("select", { "data-seat": String(seat) },
      ...chosen.bots.map((bot) => element("option", Object.assign({ value: bot }, bot === chosen.default_bot ? { selected: "" } : {}), `bot: ${bot}`)),
      element("option", { value: "" }, "a person (share the link)"));
    select.addEventListener("change", showBotLines);
    seats.push(element("label", {}, `Seat ${seat} `, select));
  }
  $("seats").replaceChildren(...seats);
  showBotLines();
  keepStartInView();
}

async function startTable(event) {
  event.preventDefault();
  const count = Number($("players").value);
  const bots = [null];
  for (let seat = 1; seat < count; seat++) {
    const value = $("seats").querySelector(`select[data-seat="${seat}"]`).value;
    bots.push(value || null);
  }
  const request = { game: chosen.name, rules: $("preset").value, players: count, bots };
  // A seed as its decimal text: a JavaScript number would round one past 2**53. Without
  // one, each person's page shuffles with the server (see takePart).
  if ($("seed").value.trim() !== "") request.seed = $("seed").value.trim();
  try {
    const made = await call("POST", "/tables", request);
    // The page that chose the seed knows it did (its check at the end says so).
    if (request.seed !== undefined) sessionStorage.setItem(`scala40-seed:${made.table}`, request.seed);
    const links = Object.entries(made.tokens).filter(([seat]) => seat !== "0");
    location.hash = `table=${made.table}&seat=0&token=${made.tokens["0"]}`;
    if (links.length) {
      const base = location.href.split("#")[0];
      const text = "Links for the other people: " + links.map(([seat, token]) => `seat ${seat}: ${base}#table=${made.table}&seat=${seat}&token=${token}`).join("  ");
      // Kept to show while the deal waits for them (the notice says what it waits for).
      sessionStorage.setItem(`scala40-links:${made.table}`, text);
      notice(text);
    }
  } catch (error) {
    if (error.retryAfter) showLimited(error.limit, error.retryAfter, null, true);
    else alert(error.message);
  }
}

// ------------------------------------------------------------------ the table

function closeResults() {
  // Leaving the table: its result goes without asking the server for the next hand.
  delete $("hand-end").dataset.hand;
  for (const id of ["hand-end", "game-over"]) if ($(id).open) $(id).close();
}

function openTable(id, seat, token) {
  closeResults();
  table = { id, seat, token };
  dealWarning("");
  shuffling = false;
  log = [];
  selected = [];
  handShown = null;
  overShown = false;
  decisionShown = null;
  seenMove = null;
  playedTold = false;
  answer = null;
  $("lobby").hidden = true;
  $("table").hidden = false;
  $("log").replaceChildren();
  $("picture").replaceChildren();
  delete $("picture").dataset.moveNumber;
  delete $("picture").dataset.urlMoveNumber;
  refresh();
}

// ------------------------------------------------------------------ fair dealing

const CHOSEN_SCHEME = "sha256:scala40-deal-v1:<salt>:<seed>";
const SEALED_SCHEME = "sha256:scala40-deal-v3:<salt>:<secret>:<terms>";

// SHA-256 of ASCII text, in hexadecimal: the page makes its commitment and checks the
// deal's hashes itself, on any origin (crypto.subtle is only on secure ones).
const SHA_K = [];
const SHA_H = [];
for (let candidate = 2; SHA_K.length < 64; candidate++) {
  if ([...Array(candidate).keys()].slice(2).some((factor) => candidate % factor === 0)) continue;
  if (SHA_H.length < 8) SHA_H.push((Math.pow(candidate, 1 / 2) * 2 ** 32) | 0);
  SHA_K.push((Math.pow(candidate, 1 / 3) * 2 ** 32) | 0);
}

function sha256(text) {
  const bytes = new TextEncoder().encode(text);
  const words = new Array(((bytes.length + 8) >> 6) * 16 + 16).fill(0);
  bytes.forEach((byte, index) => { words[index >> 2] |= byte << (24 - (index % 4) * 8); });
  words[bytes.length >> 2] |= 0x80 << (24 - (bytes.length % 4) * 8);
  words[words.length - 1] = bytes.length * 8;
  const rotate = (word, count) => (word >>> count) | (word << (32 - count));
  const hash = SHA_H.slice();
  const schedule = new Array(64);
  for (let block = 0; block < words.length; block += 16) {
    for (let step = 0; step < 64; step++) {
      if (step < 16) schedule[step] = words[block + step];
      else {
        const early = schedule[step - 15];
        const late = schedule[step - 2];
        const mixed = rotate(early, 7) ^ rotate(early, 18) ^ (early >>> 3);
        const folded = rotate(late, 17) ^ rotate(late, 19) ^ (late >>> 10);
        schedule[step] = (schedule[step - 16] + mixed + schedule[step - 7] + folded) | 0;
      }
    }
    let [a, b, c, d, e, f, g, h] = hash;
    for (let step = 0; step < 64; step++) {
      const sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25);
      const first = (h + sum1 + ((e & f) ^ (~e & g)) + SHA_K[step] + schedule[step]) | 0;
      const sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22);
      const second = (sum0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      [h, g, f, e, d, c, b, a] = [g, f, e, (d + first) | 0, c, b, a, (first + second) | 0];
    }
    [a, b, c, d, e, f, g, h].forEach((word, index) => { hash[index] = (hash[index] + word) | 0; });
  }
  return hash.map((word) => (word >>> 0).toString(16).padStart(8, "0")).join("");
}

function hex(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// ------------------------------------------------------------------ what names the table

const PUBLIC_KEY = /^ed25519:[0-9a-f]{64}$/;
// A key as a table's terms name it: the library's own form
// (scala40_server.serving.signatures.check_public_key); any other is the server's fault.

function signingKeyOf(deal) {
  // The key the table's terms name: null where they say the server signs nothing (a
  // table made by a server of 0.4 without the library that signs) or name none (a table
  // made before keys), else what they give, a key's form or not
  // (terms that are no JSON object give an object naming them).
  let terms;
  try {
    terms = JSON.parse(deal.terms);
  } catch (error) {
    terms = null;
  }
  if (!terms || typeof terms !== "object") return { unreadable: String(deal.terms).slice(0, 40) };
  return terms.key === undefined ? null : terms.key;
}

function keyName(deal) {
  // The server's key as the page names what it keeps of a table: "unsigned", the key, or
  // a short digest of what terms naming no key's form give.
  const key = signingKeyOf(deal);
  if (key === null) return "unsigned";
  if (typeof key === "string" && PUBLIC_KEY.test(key)) return key;
  return `malformed-${sha256(JSON.stringify(key) || "").slice(0, 16)}`;
}

function firstDealOf(deal) {
  // The table's name as the server signs it: the commitment of its first deal. The page
  // keeps the first it saw at this table, so that a server naming another in what it
  // signs (a deal of this table hidden, or another table's answer) is caught; kept for
  // the server's key and the table's number (#table-namespace), so that a fresh tables'
  // file at the same address (a new key, its table 1 again) is another table, while a
  // server keeping its key is held to the first deal it showed.
  const name = `scala40-first-deal:${keyName(deal)}:${table.id}`;
  const named = sessionStorage.getItem(name);
  if (named) return named;
  const first = deal.voided && deal.voided.length ? deal.voided[0].commitment : deal.commitment;
  sessionStorage.setItem(name, first);
  return first;
}

function tableName(deal) {
  // What the page keeps of a seat's part in a table's deals is kept under what names the
  // table: its first deal and the seat, not the table's number, which a fresh tables'
  // file at the same address gives again, nor the server's key, which a server may
  // change between the deals of one match (#key-change): what its old key signed is
  // kept, and holds it, whatever key it names next.
  return `${firstDealOf(deal)}:${table.seat}`;
}

function dealKey(deal) {
  return `scala40-deal:${tableName(deal)}`;
}

function keptPart(deal) {
  return JSON.parse(sessionStorage.getItem(dealKey(deal)) || "null");
}

function keepPart(deal, part) {
  sessionStorage.setItem(dealKey(deal), JSON.stringify(part));
}

function valueCommitment(deal, value) {
  return sha256(`scala40-value-v3:${deal.commitment}:${table.seat}:${value}`);
}

function acksKey(deal) {
  return `scala40-acks:${tableName(deal)}`;
}

function keptAcks(deal) {
  // What the server answered each part this page sent at this table (every deal of it,
  // the void ones included): the deal's commitment, the seat, the seat's commitment and
  // whether its value is in, with whether this page checked its signature (``checked``)
  // and, if not, why (``unchecked``). Only a checked one refutes anything: a void that
  // blames this seat for a value the server acknowledged
  // (scala40_server.serving.fair_deal.refuted_void), a deal without a part it acknowledged.
  return JSON.parse(sessionStorage.getItem(acksKey(deal)) || "[]");
}

function keepAck(deal, ack) {
  const acks = keptAcks(deal).filter((kept) => !(kept.table === ack.table && kept.revealed === ack.revealed && kept.checked === ack.checked));
  acks.push(ack);
  sessionStorage.setItem(acksKey(deal), JSON.stringify(acks));
}

const ACK_TRIES = 3;
// The answers a part is sent for that acknowledge it wrongly before the page stops and
// says so, naming the server: a bad acknowledgement is no acknowledgement.
const MOST_BAD_ANSWERS = 2 * ACK_TRIES * 8;
// The bad answers kept of a table (each part of each of its deals, at most MAX_VOIDS of
// them, sent ACK_TRIES times): a bound on what the page keeps, never reached otherwise.

function badAnswersKey(deal) {
  return `scala40-bad-answers:${tableName(deal)}`;
}

function badAnswers(deal) {
  // The answers of the server's that acknowledged no part of this seat's at this table,
  // each {deal, part, problem}: said at the first, naming the server.
  return JSON.parse(sessionStorage.getItem(badAnswersKey(deal)) || "[]");
}

function keepBadAnswer(deal, answer) {
  const kept = badAnswers(deal);
  if (kept.length < MOST_BAD_ANSWERS) kept.push(answer);
  sessionStorage.setItem(badAnswersKey(deal), JSON.stringify(kept));
}

// ------------------------------------------------------------------ the server's signatures

// RFC 8032's first Ed25519 test: a key and its signature of the empty message, which a
// browser whose WebCrypto verifies Ed25519 finds good.
const ED25519_TEST_KEY = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
const ED25519_TEST_SIGNATURE = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";
let signatureLimitKnown; // undefined until the browser has been asked; then as signatureLimit
const signatureLimit = (async () => {
  // Why this page cannot check a signature (null: it can): "insecure", a page served over
  // plain HTTP at a network address, to which browsers give no WebCrypto (#insecure-context);
  // "no-ed25519", a browser whose WebCrypto does not verify Ed25519.
  if (!window.isSecureContext) return "insecure";
  try {
    const key = await crypto.subtle.importKey("raw", bytesOfHex(ED25519_TEST_KEY), { name: "Ed25519" }, false, ["verify"]);
    if (await crypto.subtle.verify({ name: "Ed25519" }, key, bytesOfHex(ED25519_TEST_SIGNATURE), new Uint8Array(0))) return null;
  } catch (error) {
    // No WebCrypto Ed25519 in this browser: said below.
  }
  return "no-ed25519";
})().then((limit) => {
  signatureLimitKnown = limit;
  return limit;
});

function uncheckedWhy(code) {
  // Why a signature was not checked, in the person's words: what and why.
  if (code === "insecure") {
    return `this page is served over plain HTTP at a network address (${location.host}), where browsers give a page no WebCrypto: open it over HTTPS (scala40 web --certfile and --keyfile) or at localhost to have signatures checked`;
  }
  if (code === "no-ed25519") return "this browser's WebCrypto does not verify Ed25519 signatures: open the page in a browser whose WebCrypto does";
  if (code === "unsigned") return "the server signs nothing (its terms name no key)";
  return "this page kept it without checking it";
}

function acknowledgementText(ack) {
  // What the server signs (scala40_server.serving.signatures.acknowledgement_text): the five
  // fields as JSON, keys sorted, no spaces (every field is ASCII).
  const fields = { commitment: ack.commitment, first_deal: ack.first_deal, revealed: ack.revealed, seat: ack.seat, table: ack.table };
  return `scala40-ack-v2:${JSON.stringify(fields)}`;
}

function bytesOfHex(text) {
  return new Uint8Array(text.match(/../g).map((pair) => parseInt(pair, 16)));
}

async function signatureHolds(ack, key) {
  // Whether the key's Ed25519 signature over the acknowledgement verifies (WebCrypto):
  // true or false, or why this page cannot tell (signatureLimit's code).
  const limit = await signatureLimit;
  if (limit) return limit;
  try {
    const publicKey = await crypto.subtle.importKey("raw", bytesOfHex(key.slice("ed25519:".length)), { name: "Ed25519" }, false, ["verify"]);
    return await crypto.subtle.verify({ name: "Ed25519" }, publicKey, bytesOfHex(ack.signature), new TextEncoder().encode(acknowledgementText(ack)));
  } catch (error) {
    // This browser verifies Ed25519 (signatureLimit): 32 bytes it cannot take as a key
    // are no key, as the library's check finds them, and sign nothing.
    return false;
  }
}

async function acknowledgementVerdict(ack, deal, kept, revealed) {
  // Whether the server's answer acknowledges this seat's part, as
  // scala40_server.serving.acknowledgements.received_problem: it must be of this seat's
  // commitment (and value) at this deal of this table, under terms naming a key of a
  // key's form, and carry that key's signature, checked here when it comes, while the
  // part can be sent again (terms naming no key of a key's form are the server's fault:
  // #key-form). {problem} (not null: no acknowledgement), else {checked}: whether its
  // signature was checked, and if not, why (unchecked).
  const key = signingKeyOf(deal);
  if (key !== null && !(typeof key === "string" && PUBLIC_KEY.test(key))) return { problem: `its terms name no key of a key's form ("ed25519:" and 64 lowercase hexadecimal digits), but ${JSON.stringify(key).slice(0, 90)}` };
  if (!ack || typeof ack !== "object") return { problem: "it answered no acknowledgement" };
  if (ack.first_deal !== firstDealOf(deal)) return { problem: `it acknowledged the part as one of another table (whose first deal is ${String(ack.first_deal).slice(0, 16)}...): it hid a deal of this table, or answered for another` };
  if (ack.table !== kept.table || ack.seat !== table.seat || ack.commitment !== kept.mine || (revealed && ack.revealed !== true)) return { problem: "it acknowledged another part than the one sent" };
  if (key === null) return { problem: null, checked: false, unchecked: "unsigned" };  // the page says so
  if (typeof ack.signature !== "string" || !/^[0-9a-f]{128}$/.test(ack.signature)) return { problem: "its answer carries no signature of the key its terms name" };
  const holds = await signatureHolds(ack, key);
  if (holds === false) return { problem: "its answer does not carry the signature of the key its terms name" };
  return { problem: null, checked: holds === true, unchecked: holds === true ? null : holds };
}

function badAnswerWords(deal) {
  // A bad answer is said at the first (#bad-answer-said), naming the server: whether or
  // not the part is ever sent again, a table of one person sending each part once.
  const bad = badAnswers(deal);
  if (!bad.length) return "";
  const count = bad.length === 1 ? "1 answer" : `${bad.length} answers`;
  const kept = keptPart(deal);
  const stopped = kept && kept.ackRefused ? ` This page stopped sending your part after ${ACK_TRIES} such answers.` : "";
  return `Warning: the server at ${location.host} did not acknowledge your part of the deal (${count}): ${bad[bad.length - 1].problem}.${stopped} A server that does not acknowledge what it takes can blame you for it: play at another server.`;
}

function signingWords(deal) {
  // What the person must know of what the server signs: a part it did not acknowledge
  // rightly, or signatures this page cannot check, and why (a table whose terms name no
  // key, made by a server of 0.4 without the library that signs, among them).
  if (!deal || deal.scheme !== SEALED_SCHEME) return "";
  const bad = badAnswerWords(deal);
  if (bad) return bad;
  const unchecked = keptAcks(deal).find((ack) => !ack.checked);
  const why = signatureLimitKnown || (unchecked && unchecked.unchecked);
  if (why) return `Warning: this page cannot check the server's signatures, because ${uncheckedWhy(why)}; so it keeps the server's acknowledgements unchecked, and they refute nothing.`;
  return "";
}

// ------------------------------------------------------------------ the server's keys

const MOST_KEYS = 1000;
// The keys the page keeps of a server: every one it sees, up to this many (a server
// drawing a key a table cannot fill the browser's storage).

function serverKeysName() {
  return `scala40-server-keys:${location.host}`;
}

function serverKeys() {
  // Every key this browser has seen the server at this address sign with (#known-keys),
  // as SSH keeps its known hosts: each {key, first, last} (when first and last seen), the
  // latest last.
  const keys = JSON.parse(localStorage.getItem(serverKeysName()) || "[]");
  return Array.isArray(keys) ? keys : [];
}

function noteServerKey(deal) {
  // The key the table's terms name, remembered for this server; a key other than the one
  // it signed with last is noted for this table, to be said while the person plays it.
  const key = signingKeyOf(deal);
  if (typeof key !== "string" || !PUBLIC_KEY.test(key)) return;
  const keys = serverKeys();
  const now = new Date().toISOString();
  const latest = keys[keys.length - 1];
  if (latest && latest.key === key) {
    latest.last = now;
  } else {
    if (latest) sessionStorage.setItem(`scala40-key-change:${key}:${table.id}`, latest.key);
    const known = keys.findIndex((seen) => seen.key === key);
    const entry = known >= 0 ? keys.splice(known, 1)[0] : { key, first: now };
    entry.last = now;
    if (known >= 0 || keys.length < MOST_KEYS) keys.push(entry);
  }
  localStorage.setItem(serverKeysName(), JSON.stringify(keys));
}

function matchKeyWords(deal) {
  // A deal of this match whose terms named another key than this deal's (#key-change):
  // a server keeps one key for all its tables, in the file that holds this match too, so
  // a new key inside one match is the server's doing, whatever it gives as the reason.
  const key = signingKeyOf(deal);
  const other = keptDeals(deal).find((seen) => seen.commitment !== deal.commitment && signingKeyOf(seen) !== key);
  if (!other) return "";
  return `Warning: the server at ${location.host} changed its key inside this match: the terms of its deal ${other.commitment.slice(0, 16)}... named the key ${signingKeyOf(other)}, this deal's name ${key}. A server keeps one key for all its tables, so a new key inside one match is the server's doing, not a fresh tables' file (that would have ended the match). What the old key signed still holds the server to it: save your receipt.`;
}

function keyWords(deal) {
  // A key changed inside this match (matchKeyWords); else a table signed with a key
  // other than the one the server signed with before: said, with both keys and every
  // key the page keeps of the server.
  const inMatch = matchKeyWords(deal);
  if (inMatch) return inMatch;
  const key = signingKeyOf(deal);
  const before = typeof key === "string" ? sessionStorage.getItem(`scala40-key-change:${key}:${table.id}`) : null;
  if (!before) return "";
  const keys = serverKeys();
  const listed = keys.slice(-10).map((seen) => `${seen.key} (first seen ${seen.first}, last ${seen.last})`).join("; ");
  const more = keys.length > 10 ? ` and ${keys.length - 10} before them` : "";
  return `Warning: the server at ${location.host} signs this table with the key ${key}, not the one it signed with before (${before}): a fresh tables' file, or another server at this address. Acknowledgements signed by the old key prove nothing about the tables of this one, and a refutation signed by it names a key no table of this one names. This browser keeps every key it has seen this server sign with, so that you can show that an old key was this server's: ${listed}${more}.`;
}

// ------------------------------------------------------------------ the receipt

const MOST_DEALS = 3;
// The deals of a table the page keeps (scala40_server.serving.deals.MAX_VOIDS: a table
// draws at most that many), so that a server sending more cannot fill the storage.
const DEAL_FIELDS = ["scheme", "commitment", "seed_chosen", "terms", "phase", "commitments", "values", "withheld", "voided", "secret", "salt", "seed"];
// What the page keeps of each deal as it was sent (the receipt's deal, receipt.json).

function dealsKey(deal) {
  return `scala40-deals:${tableName(deal)}`;
}

function keptDeals(deal) {
  // Each deal of this table as the page was last sent it, oldest first: the void ones
  // with the key their terms named, which a later deal's terms do not show.
  const kept = JSON.parse(sessionStorage.getItem(dealsKey(deal)) || "[]");
  return Array.isArray(kept) ? kept : [];
}

function keepDeal(deal) {
  const kept = keptDeals(deal);
  const shown = Object.fromEntries(DEAL_FIELDS.filter((name) => name in deal).map((name) => [name, deal[name]]));
  const index = kept.findIndex((seen) => seen.commitment === deal.commitment);
  if (index >= 0) kept[index] = shown;
  else if (kept.length < MOST_DEALS) kept.push(shown);
  sessionStorage.setItem(dealsKey(deal), JSON.stringify(kept));
}

const SIGNED_FIELDS = ["first_deal", "table", "seat", "commitment", "revealed", "signature"];
// What the receipt keeps of each acknowledgement: what the server signed, and its signature.

function receiptOf(deal) {
  // The person's receipt (scala40_server.serving.receipts, receipt.json): the server's
  // signed acknowledgements of this seat's parts, with the deals of the match as this
  // page was sent them. Saved to the person's disk and checked by the library
  // (scala40 receipt FILE), it is the check the operator cannot reach: this page, and
  // what it keeps in the browser, are the operator's (#receipt).
  const acks = keptAcks(deal).map((ack) => Object.fromEntries(SIGNED_FIELDS.filter((name) => name in ack).map((name) => [name, ack[name]])));
  return {
    receipt: "scala40-receipt-v1",
    server: location.host.slice(0, 200),
    table: table.id,
    seat: table.seat,
    saved: new Date().toISOString(),
    deals: keptDeals(deal),
    acknowledgements: acks,
  };
}

function saveReceipt() {
  const deal = shownDeal;
  if (!deal || deal.scheme !== SEALED_SCHEME) return;
  const text = JSON.stringify(receiptOf(deal), null, 1);
  const link = element("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: `scala40-receipt-table-${table.id}-seat-${table.seat}.json` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

function showReceiptButtons(deal) {
  // Offered wherever the page holds an acknowledgement of this table's.
  const offered = Boolean(deal && deal.scheme === SEALED_SCHEME && keptAcks(deal).length);
  for (const id of ["save-receipt", "save-receipt-end"]) $(id).hidden = !offered;
}

const RESENT_AFTER = new Set([0, 429, 500, 502, 503, 504]);
// The failures a part is sent again after (no answer, or the server busy): any other
// refusal stands, and sending the same part again cannot change it.

async function takePart(deal) {
  // This seat's part of the deal (scala40_server.serving.fair_deal), which the page takes for
  // the person: it draws a random value and sends only its commitment; once every
  // seat's commitment is in, it keeps them and reveals the value. So no seat chooses
  // its value after seeing another's, and no server its secret. Each part is sent again
  // at every look until the server acknowledges it (a 503 or a lost connection loses
  // nothing), and the acknowledgement is kept. Kept for this tab, to check the deal at
  // the end. Whether it sent something (then the page looks again).
  const seat = table.seat;
  const at = table;
  let kept = keptPart(deal);
  if (kept && kept.table !== deal.commitment) kept = null;  // a deal gone void, or long ago
  const send = async (part) => {
    kept.sends = (kept.sends || 0) + 1;
    keepPart(deal, kept);
    const body = { seat, token: table.token, deal_commitment: kept.table, ...part };
    let sent;
    try {
      sent = await call("POST", `/tables/${table.id}/shuffle`, body);
    } catch (error) {
      if (!RESENT_AFTER.has(error.status) && error.status !== 409) {
        kept.refused = error.message;
        keepPart(deal, kept);
      }
      throw error;
    }
    // The person left this table while the part was on its way: the answer is of a table
    // no longer shown, so nothing of it is kept under the table shown now (the part is
    // sent again when the person is back, and the server acknowledges it again).
    if (table !== at) return false;
    const ack = sent.acknowledged;
    const named = "value" in part ? "value" : "commitment";
    const verdict = await acknowledgementVerdict(ack, deal, kept, "value" in part);
    if (table !== at) return false;
    if (verdict.problem !== null) {
      // No acknowledgement, though the server took the part (it answered it): said at
      // once, naming the server; the part is sent again, and after ACK_TRIES answers the
      // page stops.
      keepBadAnswer(deal, { deal: kept.table, part: named, problem: verdict.problem, at: new Date().toISOString() });
      kept.badAcks = (kept.badAcks || 0) + 1;
      if (kept.badAcks >= ACK_TRIES) {
        kept.refused = `the server at ${location.host} did not acknowledge your part of the deal (${kept.badAcks} answers): ${verdict.problem}`;
        kept.ackRefused = true;
      }
      keepPart(deal, kept);
      throw Object.assign(new Error(`The server's answer is no acknowledgement: ${verdict.problem}`), { status: 0 });
    }
    keepAck(deal, { ...ack, at: new Date().toISOString(), key: signingKeyOf(deal), checked: verdict.checked, unchecked: verdict.unchecked });
    kept.acked = ack.revealed ? "value" : "commitment";
    keepPart(deal, kept);
    return true;
  };
  if (deal.phase === "commit") {
    if (!kept && deal.commitments[seat] !== null) return false;  // another tab's part
    if (!kept) {
      const value = hex(crypto.getRandomValues(new Uint8Array(32)));
      kept = { table: deal.commitment, value, mine: valueCommitment(deal, value), seen: null, acked: null, sends: 0 };
      keepPart(deal, kept);
    }
    if (kept.acked || kept.refused) return false;
    return send({ commitment: kept.mine });
  }
  if (deal.phase === "reveal" && kept && deal.commitments[seat] === kept.mine && kept.acked !== "value" && !kept.refused) {
    if (!kept.seen) {
      kept.seen = deal.commitments;
      keepPart(deal, kept);
    }
    return send({ value: kept.value });
  }
  return false;
}

function uncheckedAck(ack, what) {
  // An acknowledgement this page could not check, said as such: it refutes nothing.
  return `Warning: the server acknowledged ${what}, but this page could not check its signature, because ${uncheckedWhy(ack.unchecked)}: it refutes nothing.`;
}

function voidWords(deal) {
  // The table's deals before this one, each void (counted in its terms), as the person
  // must read them: refuted where the server acknowledged, signed as this page checked,
  // the value it blames this seat for withholding (an acknowledgement this page could
  // not check is said, and refutes nothing: #refute-checked-only); else whom each named,
  // and that voids let their cause choose among the deals. Returns whether a void is
  // refuted or hidden, and what to say.
  const voided = (deal && deal.voided) || [];
  const acks = keptAcks(deal);
  const notes = [];
  const hiddenBy = (ack) => ack.table !== deal.commitment && !voided.some((gone) => gone.commitment === ack.table);
  const hidden = acks.find((ack) => ack.checked && hiddenBy(ack));
  if (hidden) return [true, `Deal NOT verified: the server acknowledged your part of a deal of this table (its commitment ${hidden.table.slice(0, 16)}...) that it no longer counts among its void deals: it hid a void.`];
  const hiddenUnchecked = acks.find(hiddenBy);
  if (hiddenUnchecked) notes.push(uncheckedAck(hiddenUnchecked, `your part of a deal of this table (its commitment ${hiddenUnchecked.table.slice(0, 16)}...) that it no longer counts among its void deals`));
  const blamed = deal.phase === "void" ? [...voided, { commitment: deal.commitment, withheld: deal.withheld }] : voided;
  const refuted = blamed.find((gone) => gone.withheld.includes(table.seat)
    && acks.some((ack) => ack.table === gone.commitment && ack.revealed && ack.checked));
  if (refuted) {
    const ack = acks.find((kept) => kept.table === refuted.commitment && kept.revealed && kept.checked);
    return [true, `Refuted: the server acknowledged your value${ack.at ? ` at ${ack.at}` : ""} for a deal it then voided naming your seat as withholding it (that deal's commitment ${refuted.commitment.slice(0, 16)}...): the server withheld your value, not you. The server may be choosing deals: play at another.`];
  }
  for (const gone of blamed.filter((each) => each.withheld.includes(table.seat))) {
    const ack = acks.find((kept) => kept.table === gone.commitment && kept.revealed);
    if (ack) notes.push(uncheckedAck(ack, `your value${ack.at ? ` at ${ack.at}` : ""} for a deal it then voided naming your seat as withholding it (that deal's commitment ${gone.commitment.slice(0, 16)}...)`));
  }
  if (!voided.length) return [false, notes.join(" ")];
  const named = voided.map((gone) => gone.withheld.map((seat) => (seat === table.seat ? "your seat" : `seat ${seat}`)).join(" and ")).join("; then ");
  const times = voided.length === 1 ? "once" : `${voided.length} times`;
  const mine = voided.filter((gone) => gone.withheld.includes(table.seat)).length;
  const unanswered = mine ? " The server names your seat, though this page sent your value until the server acknowledged it or the deal's clock ran out." : "";
  return [false, [`Warning: this table's deal was void ${times} before this one (naming ${named}): each void let whoever caused it choose among the deals, so if voids keep coming, the server may be choosing deals.${unanswered}`, ...notes].join(" ")];
}

function seatsText(seats) {
  return seats.map((seat) => (seat === table.seat ? "yours" : `seat ${seat}'s`)).join(", ");
}

function droppedCommitment(deal, what, refuted) {
  // What the person is told of a deal that goes on without this seat's commitment
  // (``what``: "shows none for it..."), where the server had it: refuted by an
  // acknowledgement this page checked (``refuted``'s words); an unchecked one said, and
  // refuting nothing (#refute-checked-only); a commitment the server took (it answered
  // it, if with no acknowledgement) is the server's doing, not lateness
  // (#dropped-not-late). Null: the page holds nothing of it.
  const ack = keptAcks(deal).find((kept) => kept.table === deal.commitment && kept.commitment !== null);
  if (ack && ack.checked) return refuted;
  if (ack) return `${uncheckedAck(ack, "this seat's commitment")} Yet it ${what}.`;
  const bad = badAnswers(deal).find((answer) => answer.deal === deal.commitment && answer.part === "commitment");
  if (bad) return `Warning: the server at ${location.host} took your commitment in time (it answered it, but with no acknowledgement: ${bad.problem}), yet it ${what}: that is the server's doing, not lateness. Play at another server.`;
  return null;
}

function undealtWarning(next) {
  // What the person must know of a deal that is not dealt: void, or not theirs to shape,
  // and the table's void deals before it.
  const deal = next.deal;
  const voids = [signingWords(deal), voidWords(deal)[1], keyWords(deal)].filter(Boolean).join(" ");
  const both = (text) => [text, voids].filter(Boolean).join(" ");
  if (deal.phase === "void") return voidWords(deal)[0] ? voids : both(`Warning: ${next.void}`);
  if (deal.phase !== "reveal") return voids;
  const kept = keptPart(deal);
  const mine = deal.commitments[table.seat];
  if (mine === null) {
    const dropped = droppedCommitment(deal, "shows none for it, so your value takes no part in this deal: the server could choose your cards",
      "Refuted: the server acknowledged this seat's commitment, yet shows none for it, so your value takes no part in this deal: the server could choose your cards.");
    return both(dropped || "Warning: this seat's commitment did not come in time, so it takes no part in this deal: the server and the seats that took part could choose your cards.");
  }
  if (!kept || kept.mine !== mine) {
    return both("Warning: the server shows a commitment for your seat that this page did not send, so it does not reveal your value: this deal is not yours to check.");
  }
  return voids;
}

function undealtNotice(next) {
  const clock = next.deal_clock;
  const links = sessionStorage.getItem(`scala40-links:${table.id}`);
  let text = "Shuffling the cards with the other people...";
  if (clock && clock.waiting.length) {
    const step = clock.phase === "commit" ? "commitment to a random value" : "value";
    text = `Shuffling with the other people: waiting for ${seatsText(clock.waiting)} ${step} (${Math.ceil(clock.left)} s left; a seat that commits and does not reveal voids the table).`;
  }
  return links ? `${text} ${links}` : text;
}

function chosenWarning(deal) {
  // A deal no value of this seat's went into was chosen by the server (with the seats that
  // took part): the person is told while they play, not only at the end.
  if (!deal) return "Warning: this table sends no deal: the server alone knows what dealt it.";
  if (deal.scheme === CHOSEN_SCHEME) {
    if (!deal.seed_chosen) return "Warning: the server chose this deal: it drew the seed alone, so nothing stopped it from choosing your cards.";
    if (sessionStorage.getItem(`scala40-seed:${table.id}`) === null) return "Warning: this table's seed was chosen by whoever made it, not by you: whoever knows it knows every hand.";
    return "";
  }
  if (deal.values[table.seat] !== null) return "";
  const terms = JSON.parse(deal.terms);
  if (terms.shuffle === false) {
    return "Warning: the server chose this deal: the table was made without shuffling with its people, so nothing stopped the server from choosing your cards.";
  }
  const dropped = droppedCommitment(deal, "dealt without your value: the server could have chosen your cards",
    "Refuted: the server acknowledged this seat's commitment, yet dealt without your value: the server could have chosen your cards.");
  if (dropped) return dropped;
  if (deal.values.every((value) => value === null)) {
    // The table shuffles with its people, but no part came in time (yours included):
    // not a table made without shuffling.
    return "Warning: the server dealt this table from its secret alone: no person's commitment came in before the deal took them, yours included, so nothing stopped the server from choosing your cards.";
  }
  return "Warning: no value of yours went into this deal: the server and the seats that took part could have chosen your cards.";
}

function playWarning(deal) {
  // What the person is told while they play: a deal not theirs, the table's voids, what
  // the server signs, and a key other than the one it signed with before.
  const sealed = deal && deal.scheme === SEALED_SCHEME;
  return [chosenWarning(deal), sealed ? voidWords(deal)[1] : "", signingWords(deal), sealed ? keyWords(deal) : ""].filter(Boolean).join(" ");
}

function dealWarning(text) {
  $("deal-warning").textContent = text;
  $("deal-warning").hidden = !text;
}

function dealCheck(deal) {
  // What this page can check of the revealed deal: the secret, salt and terms hash to
  // the commitment it saw first, every value hashes to its seat's commitment and those
  // are the commitments it saw before it revealed, its own value is the one used, and
  // the seed is the one they give. Replaying the moves is verify_deal's. Returns whether
  // the deal checks out, and what to say.
  const chosen = chosenWarning(deal);
  if (!deal) return [false, chosen];
  if (deal.scheme === CHOSEN_SCHEME) {
    if (sha256(`scala40-deal-v1:${deal.salt}:${deal.seed}`) !== deal.commitment) return [false, "Deal NOT verified: the revealed seed does not match the commitment."];
    return chosen ? [false, chosen] : [true, "Deal checked: the seed you chose dealt this game, the one the table's commitment named."];
  }
  if (deal.scheme !== SEALED_SCHEME) return [false, "Deal NOT verified: this page does not know the deal's scheme."];
  const commitment = sha256(`scala40-deal-v3:${deal.salt}:${deal.secret}:${deal.terms}`);
  if (commitment !== deal.commitment) return [false, "Deal NOT verified: the revealed secret does not match the commitment."];
  const voided = deal.voided || [];
  if ((JSON.parse(deal.terms).voids || 0) !== voided.length) return [false, "Deal NOT verified: the void deals listed are not those the terms count."];
  const [blamed, voids] = voidWords(deal);
  if (blamed) return [false, [voids, matchKeyWords(deal)].filter(Boolean).join(" ")];
  let kept = keptPart(deal);
  if (kept && kept.table !== commitment) kept = null;  // its part of a deal gone void
  if (chosen) return [false, [chosen, voids].filter(Boolean).join(" ")];
  if (!kept) return [false, "Warning: this tab did not send this seat's value (another tab or browser did), so it cannot tell the seed used it: the deal is not checked here."];
  if (deal.values[table.seat] !== kept.value) return [false, "Deal NOT verified: your value was not used."];
  const changed = deal.commitments.findIndex((sealed, seat) => (sealed === null) !== (deal.values[seat] === null)
    || (sealed !== null && sealed !== sha256(`scala40-value-v3:${deal.commitment}:${seat}:${deal.values[seat]}`)));
  if (changed >= 0) return [false, `Deal NOT verified: seat ${changed}'s value does not match its commitment.`];
  if (JSON.stringify(kept.seen) !== JSON.stringify(deal.commitments)) return [false, "Deal NOT verified: the commitments revealed are not those this page saw before it revealed your value."];
  const digest = sha256(["scala40-seed-v3", deal.secret, ...deal.values.map((value) => value ?? "")].join(":"));
  if (String(BigInt(`0x${digest.slice(0, 16)}`)) !== deal.seed) return [false, "Deal NOT verified: the seed is not the one the values give."];
  const signatures = signaturesChecked(deal);
  const keys = matchKeyWords(deal);
  if (voids || keys || signatures) return [false, [`Checked: the commitment, every seat's value and the seed check out.${signatures}`, voids, keys].filter(Boolean).join(" ")];
  return [true, "Deal verified: the commitment, every seat's value and the seed check out, and the server's signature on each acknowledgement of your parts was checked."];
}

function signaturesChecked(deal) {
  // What could not be checked of the server's signatures, and why (empty: each
  // acknowledgement of this seat's parts was checked when it came): never "Deal
  // verified" where it could not (#said-checked).
  const unchecked = keptAcks(deal).find((ack) => !ack.checked);
  const why = signatureLimitKnown || (unchecked && unchecked.unchecked);
  if (!why) return "";
  return ` Not checked: the server's signatures on its acknowledgements, because ${uncheckedWhy(why)}; so what it acknowledged refutes nothing here.`;
}

function showDealCheck() {
  const line = $("deal-check") || element("p", { id: "deal-check", role: "status" });
  $("deal-verdict").append(line);
  let verdict;
  try {
    verdict = dealCheck(answer.deal);
  } catch (error) {
    verdict = [false, "Deal NOT verified: the revealed deal could not be read."];
  }
  line.textContent = verdict[1];
  line.className = verdict[0] ? "" : "warning";
  // What no check shows, said plainly beside it.
  const limits = $("deal-limits") || element("p", { id: "deal-limits", class: "hint" });
  limits.textContent = "What the deal does not prevent: the server sees every hand it deals, so it could tell them to a seat it works with while the match is on; and a seat that withholds its value, or a server that drops one, voids the deal, so that a new one is drawn: you see that happen, counted and with the seat named (refuted, where the server had acknowledged your value), but no one chooses your cards unseen. This page is the operator's code: your saved receipt, checked by scala40 receipt FILE, is the check the operator cannot touch.";
  $("deal-verdict").append(limits);
}

function since() {
  return answer ? answer.view.move_number : 0;
}

async function refresh() {
  if (!table) return;  // a look asked for after the person left the table
  try {
    const query = `seat=${table.seat}&token=${encodeURIComponent(table.token)}&since=${since()}`;
    const asked = shownCount;
    const at = table;
    const next = await call("GET", `/tables/${table.id}?${query}`);
    // The person left the table meanwhile: this look is of a table no longer shown.
    if (table !== at) return;
    // The answer to a move sent meanwhile was shown: this look may be older than it.
    if (asked !== shownCount) return;
    if (unchanged(next)) keepTable(next);
    else show(next);
  } catch (error) {
    if (error.retryAfter) showLimited(error.limit, error.retryAfter, refresh);
    else notice(error.message);
  }
}

async function post(action, extra) {
  // Whether the server took it (the table shown as it answered).
  const body = Object.assign({ seat: table.seat, token: table.token, since: since() }, extra || {});
  const at = table;
  try {
    const shown = await call("POST", `/tables/${table.id}/${action}`, body);
    // The person left the table meanwhile: the answer is of a table no longer shown.
    if (table !== at) return false;
    show(shown);
    return true;
  } catch (error) {
    if (table !== at) return false;  // of a table no longer shown
    if (error.status === 503) {
      // Busy, the request not taken: sent again once the server said to try again (a
      // move made stale meanwhile is refused 409, so that nothing is played twice).
      showLimited(error.limit, error.retryAfter, () => post(action, extra));
      return false;
    }
    if (error.retryAfter) {
      // Held back, nothing done: the bots play on (advance) or the table is shown again
      // (a move to make again) once the server said to try again.
      showLimited(error.limit, error.retryAfter, action === "advance" ? () => post("advance") : refresh);
      return false;
    }
    notice(error.status === 409 ? "The game had moved on: here it is now." : reasonNodes(error.message));
    answer = null;
    log = [];
    $("log").replaceChildren();
    refresh();
    return false;
  }
}

function unchanged(next) {
  // Whether a look found the table as shown: no move since (the same move number, no
  // event), so that only its clock is read again.
  return answer !== null && next.dealt !== false && next.table === answer.table
    && next.view.move_number === answer.view.move_number && !next.events.length
    && next.undone_to === undefined && next.waiting === answer.waiting && !next.held_back;
}

function keepTable(next) {
  // The table as shown, its clock read again (the person's own starts when the server
  // first shows them the decision): the cards the person picked stay picked, the moves
  // and the picture as they are.
  stopPolling();
  shownCount += 1;
  answer = Object.assign({}, answer, { clock: next.clock, can_undo: next.can_undo });
  $("undo").disabled = !next.can_undo;
  startClock();
  tickClock();
  lookAgain(next);
}

function othersSeated() {
  // Whether another person sits at the table: only a person's page offers "Time's up",
  // and no bot asks for anyone's default move.
  return answer.seats.some((place, seat) => seat !== table.seat && !place.bot);
}

function playedForYou(next) {
  // The moves a timeout played for this seat that the page has not shown: those after the
  // table it showed last, or, at its first look, those after the seat's own last move.
  const mine = next.events.filter((event) => event.seat === table.seat && event.move !== null && event.kind !== "resign");
  if (seenMove !== null) return mine.filter((event) => event.timeout && event.number > seenMove);
  return mine.slice(mine.findLastIndex((event) => !event.timeout) + 1);
}

function tellPlayed(next) {
  // The person is told at once what another person had played for them when their clock
  // ran out; the notice stays until they move themselves.
  const played = playedForYou(next);
  seenMove = next.view.move_number;
  if (played.length) {
    const moves = played.map((event) => `“${moveText(event.move)}”`).join(" then ");
    notice(`Time's up: ${moves} ${played.length > 1 ? "were" : "was"} played for you.`);
    playedTold = true;
  } else if (playedTold && next.events.some((event) => event.seat === table.seat && !event.timeout)) {
    notice("");
    playedTold = false;
  }
}

function stopPolling() {
  if (polling !== null) clearTimeout(polling);
  polling = null;
}

function show(next) {
  stopPolling();
  shownCount += 1;
  // The key the table's terms name, remembered for the server (said where it changed).
  shownDeal = next.deal || null;
  if (next.deal && next.deal.scheme === SEALED_SCHEME) {
    noteServerKey(next.deal);
    keepDeal(next.deal);
  }
  showReceiptButtons(next.deal);
  if (next.dealt === false) {
    // The cards wait for the people's parts (fair dealing): this seat's first.
    const warning = undealtWarning(next);
    dealWarning(warning);
    if (next.deal.phase === "void") {
      notice("");
      return;
    }
    const at = table;
    takePart(next.deal).then((sent) => {
      // The person left the table meanwhile: this answer is of a table no longer shown.
      if (table !== at) return;
      if (sent) refresh();
      else {
        notice(undealtNotice(next));
        shuffling = true;
        polling = setTimeout(refresh, 1000);
      }
    }, (error) => {
      if (table !== at) return;  // of a table no longer shown
      // Not acknowledged: said at once (a bad answer names the server), and the part goes
      // again at the next look, until it is.
      dealWarning(undealtWarning(next));
      const wait = error.retryAfter || 2;
      const again = RESENT_AFTER.has(error.status) ? `your part of the deal was not acknowledged, so it is sent again in ${seconds(wait)}` : "";
      notice(again ? `${error.message}: ${again}.` : error.message);
      polling = setTimeout(refresh, wait * 1000);
    });
    return;
  }
  if (shuffling) notice("");
  shuffling = false;
  dealWarning(playWarning(next.deal));
  if (next.undone_to !== undefined) {
    log = log.filter((event) => event.number <= next.undone_to);
    renderLog(true);
  }
  if (!answer || answer.view.move_number !== next.view.move_number) unfolded = new Set();
  answer = next;
  tellPlayed(next);
  startClock();
  selected = [];
  for (const event of next.events) log.push(event);
  const view = next.view;
  $("table-title").textContent = `${next.game.title} · table ${next.table} · seat ${next.seat}`;
  showPicture();
  renderStatus();
  renderFacts();
  renderHand();
  renderMoves();
  renderScores();
  renderLog(false);
  renderEnds();
  bringDecisionIntoView();
  $("undo").disabled = !next.can_undo;
  // Another person's clock has run out: this page may have their default move played.
  tickClock();
  $("resign").disabled = view.is_over || (view.public.resigned || []).includes(table.seat);
  lookAgain(next);
}

function lookAgain(next) {
  // What the page asks next: the bots' moves, or a look at the table every two seconds,
  // its person's turn or not where another person sits (who may have the person's
  // default move played once their clock runs out: the page says so at once).
  const view = next.view;
  const mine = !view.is_over && view.current_player === table.seat;
  // While a hand's result is up, the bots wait: the next hand goes on when the player
  // asks for it. A move another person may play for them is still looked for.
  if ($("hand-end").open) {
    if (mine && othersSeated()) polling = setTimeout(refresh, POLL_MS);
    return;
  }
  if (next.held_back) {
    // The bots wait for a budget of the server's: they play on when it says.
    const held = next.held_back;
    showLimited(held.limit, held.retry_after, () => post("advance"));
    return;
  }
  if (limitTimer !== null) stopLimited();
  if (next.waiting) polling = setTimeout(() => post("advance"), 300);
  else if (!view.is_over && (!mine || othersSeated())) polling = setTimeout(refresh, POLL_MS);
}

function pictureUrl(what) {
  const seat = `seat=${table.seat}&token=${encodeURIComponent(table.token)}`;
  return `/tables/${table.id}/picture?${seat}&v=${answer.view.move_number}${what ? "&what=" + what : ""}`;
}

function layoutWidth(box) {
  const style = getComputedStyle(box);
  const inner = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return Math.max(200, Math.floor(inner / SCALE));
}

async function loadPicture(box, url, number) {
  // The picture is laid out as wide as its box allows at SCALE, and put in the page
  // itself (not as an image), drawn at SCALE times its own size. The box says which move
  // it shows (data-move-number) once the picture of that move is in, whichever asking
  // brought it (the move's own, or a resize's laying the same picture out again).
  const width = layoutWidth(box);
  const asked = String(Number(box.dataset.asked || 0) + 1);
  box.dataset.asked = asked;
  box.dataset.url = url;
  if (number !== undefined) box.dataset.urlMoveNumber = String(number);
  const response = await fetch(`${url}&layout_width=${width}`);
  const text = await response.text();
  if (!response.ok || box.dataset.asked !== asked) return false; // a newer one was asked
  const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  const [, , across, down] = svg.getAttribute("viewBox").split(" ").map(Number);
  svg.setAttribute("width", String(Math.round(across * SCALE)));
  svg.setAttribute("height", String(Math.round(down * SCALE)));
  box.replaceChildren(document.importNode(svg, true));
  box.dataset.layoutWidth = String(width);
  if (box.dataset.urlMoveNumber !== undefined) box.dataset.moveNumber = box.dataset.urlMoveNumber;
  return true;
}

function showPicture() {
  const box = $("picture");
  loadPicture(box, pictureUrl(), answer.view.move_number).then((shown) => {
    // The meld marked on the picture before, marked on the new one.
    if (shown && box.dataset.target !== undefined) markMeld(Number(box.dataset.target));
  }).catch((error) => notice(error.message));
}

let resizing = null;
window.addEventListener("resize", () => {
  // A turned phone or a resized window: the pictures laid out again for the new width.
  clearTimeout(resizing);
  resizing = setTimeout(() => {
    for (const box of document.querySelectorAll(".picture")) {
      if (box.dataset.url && box.clientWidth && layoutWidth(box) !== Number(box.dataset.layoutWidth)) {
        loadPicture(box, box.dataset.url).catch((error) => notice(error.message));
      }
    }
  }, 150);
});

function seatName(seat) {
  // One way to name a seat, the pictures' too: "Seat 2", and who sits there: "(you)",
  // or the bot's name (the pictures cannot know it).
  if (seat === table.seat) return `Seat ${seat} (you)`;
  const place = answer.seats[seat];
  return place && place.bot ? `Seat ${seat} (${place.bot})` : `Seat ${seat}`;
}

function sideName(index) {
  // A side of partners by whose side it is, with its seats; a seat alone by its name.
  const team = answer.teams[index] || [index];
  if (team.length === 1) return seatName(team[0]);
  const whose = team.includes(table.seat) ? "Your side" : "Opponents";
  return `${whose}: ${team.map(seatName).join(" + ")}`;
}

function scoreNames(count) {
  // Scores come one a seat, or one a side where partners share theirs (Skarney).
  if (count === answer.seats.length) return answer.seats.map((_, seat) => seatName(seat));
  return Array.from({ length: count }, (_, index) => sideName(index));
}

function renderFacts() {
  // What the picture leaves to words, from the view: the game's status (Scala 40's
  // opening, Skarney's contract and offer), the moves the rules refuse and why, the score.
  const facts = answer.game.name === "skarney" ? skarneyFacts() : answer.game.name === "scala40" ? openingFacts() : [];
  facts.push(...refusedFacts());
  facts.push(["scores", scoresText(), false]);
  const discard = answer.view.public.discard;
  if (Object.keys(spanishNames()).length && discard && discard.length) {
    // The Spanish pack's cards by their names, as the command line says them.
    const top = discard[discard.length - 1];
    facts.push(["discard", `On the discard pile: ${cardText(top)} (${top})`, false]);
  }
  $("facts").replaceChildren(...facts.map(([kind, text, strong]) =>
    element("li", { "data-fact": kind, class: strong ? "strong" : "" }, ...[].concat(text))));
  $("facts").hidden = !facts.length;
}

function scoresText() {
  const names = scoreNames(answer.view.scores.length);
  const shortNames = answer.view.scores.length === answer.seats.length
    ? names.map((name, seat) => (seat === table.seat ? "you" : `Seat ${seat}`))
    : names.map((name) => (name.startsWith("Your side") ? "your side" : name.startsWith("Opponents") ? "opponents" : name));
  // Skarney's sides say, beside their points, whether they made this hand's contract.
  const contracts = answer.view.public.contracts;
  const contract = (place) => (contracts && answer.view.public.rules.options.contract
    ? ` (contract ${contracts[place] ? "made" : "not yet"})` : "");
  return `Score — ${answer.view.scores.map((score, place) => `${shortNames[place]}: ${score}${contract(place)}`).join(" · ")}`;
}

function refusedFacts() {
  // The moves a player looks for that the rules refuse now (the view's own "refused"), one
  // line a reason: "Not allowed: take the discard pile: a player who has not opened...",
  // "Not allowed: discard K♦, 9♣ or K♣: ...".
  const byReason = new Map();
  for (const { move, why } of answer.view.own.refused) {
    if (!byReason.has(why)) byReason.set(why, []);
    byReason.get(why).push(move);
  }
  return [...byReason].map(([why, moves]) => {
    const discards = moves.filter((text) => text.startsWith("discard "));
    const others = moves.filter((text) => !text.startsWith("discard "));
    const named = others.map((text) => (text === "take" ? "take the discard pile's top card" : moveText(text)));
    // Every card refused for one reason (an opening to complete) is said once.
    const every = discards.length > 1 && discards.length === new Set(answer.view.hand).size;
    if (every) named.push("discard any card");
    else if (discards.length) named.push(`discard ${orText(discards.map((text) => cardText(text.slice(8))))}`);
    // Each refused discard is one card: "discard K♦, 9♣ or K♣", not a three-card discard.
    return ["refused", [`Not allowed: ${named.join("; ")}: `, ...reasonNodes(why)], false];
  });
}

function orText(words) {
  // Words one of which is meant: "K♦", "K♦ or 9♣", "K♦, 9♣ or K♣".
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}` : words.join("");
}

function pickedNames() {
  return selected.map((index) => answer.view.hand[index]);
}

function sameCards(one, other) {
  return one.length === other.length && [...one].sort().join(" ") === [...other].sort().join(" ");
}

function planCards(plan) {
  return plan.moves.flatMap(moveCards);
}

function heldMeld(held) {
  // The meld the hand holds (the view's "held": S40-OPEN's opening, SK-CONTRACT's
  // contract) whose cards are exactly those picked, if any.
  const picked = pickedNames();
  return picked.length ? (held || []).find((item) => sameCards(moveCards(item.meld), picked)) : undefined;
}

function openingShort(opening) {
  // Why the melds of the hand cannot open yet (S40-OPEN), from the view's best melds.
  const best = opening.best ? `your best melds (${opening.best.melds.map(moveText).join(" + ")}) make ${opening.best.points}` : "your hand holds no meld";
  const down = opening.put_down ? `, with ${opening.put_down} put down this turn` : "";
  return `an opening needs ${opening.threshold} points, and ${best}${down}: ${opening.missing} missing`;
}

function openingFacts() {
  // Scala 40: who has opened, and for a seat that has not, the points its melds must
  // reach (S40-OPEN), those put down this turn, how far its best melds are, and those
  // of the cards picked (a meld that cannot open yet named as a meld, with what it lacks).
  const shown = answer.view.public;
  const facts = [];
  const opened = shown.opened.map((done, seat) => `${seat === table.seat ? "you" : `Seat ${seat}`} ${done ? "yes" : "not yet"}`);
  facts.push(["opened", `Opened: ${opened.join(" · ")}`, false]);
  // (How far this seat is from opening is its own: the view's "own", never "public".)
  const opening = answer.view.own.opening;
  if (!opening) return facts;
  let text = `To open: new melds worth ${opening.threshold} points`;
  if (opening.put_down) text += ` (${opening.put_down} put down this turn)`;
  text += opening.best
    ? `; your best melds: ${opening.best.points} points${opening.missing ? `, ${opening.missing} missing` : ", enough"}`
    : "; your hand holds no meld yet";
  facts.push(["opening", text, false]);
  const picked = pickedNames();
  if (picked.length && answer.view.current_player === table.seat && ["draw", "play"].includes(answer.view.phase)) {
    const plan = opening.plans.find((item) => sameCards(planCards(item), picked));
    const total = plan ? opening.put_down + plan.points : null;
    const meld = plan ? null : heldMeld(opening.held);
    let said = "Cards picked: no meld toward the opening yet";
    if (plan) said = `Cards picked: ${plan.points} points, ${total} of ${opening.threshold}${total >= opening.threshold ? ": enough to open" : ""}`;
    else if (meld && opening.missing) said = `Cards picked: ${moveText(meld.meld)}, a meld of ${meld.points} points, cannot open yet: ${openingShort(opening)}`;
    else if (meld) said = `Cards picked: ${moveText(meld.meld)}, a meld of ${meld.points} points that no opening ${answer.view.phase === "draw" ? "after your draw" : "this turn"} uses`;
    facts.push(["picked", said, true]);
  }
  return facts;
}

function contractNeeds(count, kind, more = "") {
  // A contract's melds as its rule names them (SK-CONTRACT): all sets, or all sequences
  // ("three 3-card sets, or three 3-card sequences"); of one kind once the first is down.
  const number = `${NUMBERS[count] || String(count)}${more}`;
  return kind ? `${number} 3-card ${kind}s` : `${number} 3-card sets, or ${number} 3-card sequences`;
}

function contractHeld(parts) {
  // What the hand holds of the rest of its side's contract (SK-CONTRACT), each kind
  // still open counted apart, as the contract is of one kind: "you hold 2 of the 3 sets
  // and 1 of the 3 sequences: 1 set missing" (the kinds nearest to it, by the view's
  // "missing").
  const rest = parts.melds - parts.put_down;
  const kinds = parts.kind ? [parts.kind] : ["set", "sequence"];
  const held = (kind) => parts[kind === "set" ? "sets" : "sequences"].length;
  const left = parts.put_down ? " left" : "";
  const text = `you hold ${kinds.map((kind) => `${held(kind)} of the ${rest} ${kind}s${left}`).join(" and ")}`;
  if (!parts.missing) return text;
  const plural = parts.missing === 1 ? "" : "s";
  const nearest = kinds.filter((kind) => rest - held(kind) === parts.missing).map((kind) => kind + plural);
  return `${text}: ${parts.missing} ${nearest.join(" or ")} missing`;
}

function skarneyFacts() {
  const view = answer.view;
  const shown = view.public;
  const options = shown.rules.options;
  const hand = shown.hand_number;
  const facts = [];
  if (options.contract) {
    const melds = options.contract_melds;
    const size = melds[Math.min(Math.max(hand, 1), melds.length) - 1];
    let text = `Contract, hand ${hand} of ${options.hands}: ${contractNeeds(size)}`;
    if (shown.progress) text += ` (${seatName(shown.turn)}: ${shown.progress} of ${size} down)`;
    // How far this seat's hand is from the rest of its side's contract.
    const parts = view.own.contract;
    if (parts) text += `; ${contractHeld(parts)}`;
    facts.push(["contract", text, false]);
    const meld = parts ? heldMeld(parts.held) : undefined;
    if (meld && view.current_player === table.seat && ["draw", "play"].includes(view.phase)) {
      const playable = view.legal_moves.some((move) => move.text.startsWith("meld ") && sameCards(moveCards(move.text), pickedNames()));
      facts.push(["picked", playable
        ? `Cards picked: ${moveText(meld.meld)}, a ${meld.kind} of the contract`
        : `Cards picked: ${moveText(meld.meld)}, a ${meld.kind} for the contract, cannot be put down yet: ${contractWhy(parts)}`, true]);
    }
  } else {
    facts.push(["contract", `Hand ${hand} of ${options.hands}: no contract, free melding`, false]);
  }
  const team = answer.teams.find((seats) => seats.includes(table.seat)) || [table.seat];
  const partners = team.filter((seat) => seat !== table.seat);
  if (partners.length) {
    facts.push(["partner", `Your partner: ${partners.map(seatName).join(", ")}, opposite`, false]);
  }
  if (shown.offer_card !== null && shown.offer_to !== null) {
    const card = cardText(shown.offer_card);
    const stop = /^(?:[A2].|JK)$/.test(shown.offer_card) ? " (an ace, a 2 or a joker accepted skips the next draw)" : "";
    const text = shown.offer_to === table.seat
      ? `${seatName(shown.turn)} offers you ${card}: accept or decline${stop}`
      : `${seatName(shown.turn)} offers ${card} to ${seatName(shown.offer_to)}${stop}`;
    facts.push(["offer", text, shown.offer_to === table.seat]);
  }
  shown.known.forEach((cards, seat) => {
    if (seat !== table.seat && cards.length) facts.push(["known", `${seatName(seat)} holds ${cardsText(cards)}`, false]);
  });
  shown.stopped.forEach((stopped, seat) => {
    if (stopped) facts.push(["stopped", `${seatName(seat)} skips the next draw`, false]);
  });
  return facts;
}

function contractWhy(parts) {
  // Why no contract meld can be put down (SK-CONTRACT): the melds needed, those the hand
  // holds.
  const needed = contractNeeds(parts.melds - parts.put_down, parts.kind, parts.put_down ? " more" : "");
  return `the contract needs ${needed}, and ${contractHeld(parts)}`;
}

function pickedWhy() {
  // Why the cards picked, a meld the hand holds, cannot be put down yet (an opening short
  // of its points, a contract short of its melds), or "".
  const { opening, contract } = answer.view.own;
  if (opening && opening.missing && heldMeld(opening.held)) return openingShort(opening);
  if (contract && contract.missing && heldMeld(contract.held)) return contractWhy(contract);
  return "";
}

function decisionWords(view) {
  // What the deciding seat does: the phase's name, but a seat offered a card (Skarney's
  // offer, SK-OFFER) accepts or declines it, whatever the phase is called.
  const shown = view.public;
  if (shown.offer_card != null && shown.offer_to === view.current_player) {
    const whose = shown.turn === table.seat ? "your" : `${seatName(shown.turn)}'s`;
    return `accept or decline ${whose} offer of ${cardText(shown.offer_card)}`;
  }
  return view.phase;
}

function clockLeft() {
  // The seconds left on the clock of the person to decide: what the server's answer said,
  // less the time since it came.
  const clock = answer && answer.clock;
  return clock ? Math.max(0, clock.left - (performance.now() - clockRead) / 1000) : null;
}

function clockWords() {
  // The clock of the person to decide, counting down.
  const left = clockLeft();
  if (left === null) return "";
  return left > 0 ? ` (${Math.ceil(left)} s left)` : " (time's up)";
}

function clockNote() {
  // What happens at zero, as the server does it: it plays nothing by itself; another
  // person at the table may then have the person's default move played (its timeout),
  // which the server names to that person. No bot asks: at a table of bots, nothing.
  const clock = answer.clock;
  if (!clock) return "";
  const over = clockLeft() === 0;
  if (clock.seat === table.seat) {
    if (!othersSeated()) {
      return over
        ? "Your time is up, but no other person sits at this table and no bot asks for your move to be played: the bots wait for yours."
        : "No other person sits at this table: when your clock reaches 0, nothing is played for you; the bots wait for your move.";
    }
    const move = clock.default_move ? `“${moveText(clock.default_move)}”` : "your default move";
    return over
      ? `Your time is up: another person at the table may now have ${move} played for you (this page will say so); until someone does, the move is yours.`
      : `When your clock reaches 0, another person at the table may have ${move} played for you; nothing is played until someone asks.`;
  }
  return over
    ? `${seatName(clock.seat)}'s time is up: you may have their default move played for them (“Time's up” above).`
    : `When ${seatName(clock.seat)}'s clock reaches 0, you may have their default move played for them.`;
}

function tickClock() {
  // Four times a second: the clock counted down, and, once another person's has run
  // out, their default move offered.
  if (!answer || !table) return;
  renderStatus();
  const note = clockNote();
  if ($("clock-note").textContent !== note) $("clock-note").textContent = note;
  $("clock-note").hidden = !note;
  const clock = answer.clock;
  $("timeout").hidden = !(clock && clock.seat !== table.seat && clockLeft() === 0);
}

function startClock() {
  clearInterval(clockTimer);
  clockTimer = null;
  clockRead = performance.now();
  if (answer.clock) clockTimer = setInterval(tickClock, 250);
}

function renderStatus() {
  const view = answer.view;
  let text;
  if (view.is_over) text = `Game over: ${view.winners.map(seatName).join(", ")} won.`;
  else if (view.current_player === table.seat) text = `Your turn: ${decisionWords(view)}.`;
  else if (view.current_player === null) text = "Dealing...";
  else text = `${seatName(view.current_player)} to ${decisionWords(view)}...`;
  $("status").textContent = `Hand ${view.public.hand_number ?? ""} · move ${view.move_number} · ${text}${clockWords()}`;
}

function renderHand() {
  const pack = answer.game.pack;
  const cards = answer.view.hand.map((name, index) => element("button", {
    type: "button", "data-card": name, "aria-pressed": String(selected.includes(index)),
    title: cardText(name) === name ? name : `${cardText(name)} (${name})`, onclick: () => { toggle(index); },
  }, element("img", { src: `/cards/${pack}/${name}.svg`, alt: cardText(name) })));
  $("hand").replaceChildren(...cards);
  const spanish = Object.keys(spanishNames()).length > 0;
  $("hand-names").textContent = spanish ? cardsText(answer.view.hand) : "";
  $("hand-names").hidden = !spanish;
}

function toggle(index) {
  selected = selected.includes(index) ? selected.filter((item) => item !== index) : [...selected, index];
  for (const [place, button] of [...$("hand").children].entries()) {
    button.setAttribute("aria-pressed", String(selected.includes(place)));
  }
  renderFacts();
  renderMoves();
}

function renderMoves() {
  // The legal moves as buttons, grouped by kind (moveGroup): those that use every card
  // picked in the hand, or all of them when none is picked.
  const view = answer.view;
  const picked = {};
  for (const index of selected) picked[view.hand[index]] = (picked[view.hand[index]] || 0) + 1;
  const fits = (move) => {
    const named = {};
    for (const card of moveCards(move.text)) named[card] = (named[card] || 0) + 1;
    return Object.entries(picked).every(([card, count]) => (named[card] || 0) >= count);
  };
  const moves = view.legal_moves.filter(fits);
  // The common moves first: those that name no card (draw, accept...), then those that
  // name one (a discard, an offer), then the melds, closes and lay-offs; folded lists last.
  const kinds = moveGroups(moves);
  const plain = kinds.filter(([, kind]) => kind.every((move) => !moveCards(move.text).length));
  const groups = kinds.filter((pair) => !plain.includes(pair)).map(([verb, kind]) => moveGroup(verb, kind));
  const rank = (group) => ["single", "several", "folded"].indexOf(group.dataset.shape);
  groups.sort((one, other) => rank(one) - rank(other));
  if (plain.length) {
    // The moves that name no card, one row of their own buttons ("draw", "take"...).
    groups.unshift(element("div", { class: "group", "data-shape": "plain" },
      ...plain.flatMap(([, kind]) => kind.map((move) => moveButton(move, moveText(move.text))))));
  }
  // A whole opening of several melds (the view's plans, S40-OPEN) that uses exactly the
  // cards picked: one button, its melds played in turn.
  const opening = view.own.opening;
  const pickedCards = pickedNames();
  const plans = opening && selected.length
    ? opening.plans.filter((plan) => plan.moves.length > 1 && sameCards(planCards(plan), pickedCards))
    : [];
  if (plans.length) {
    groups.unshift(element("div", { class: "group", "data-kind": "open", "data-shape": "several" },
      element("span", { class: "kind" }, "Open"), ...plans.map(planButton)));
  }
  let hint = "";
  if (!view.legal_moves.length) hint = view.is_over ? "" : "Waiting for the others.";
  else if (selected.length && !moves.length && !plans.length) {
    // A meld the hand holds that no move puts down yet is a meld: the hint says what it
    // lacks.
    const why = pickedWhy();
    hint = why ? `No move puts these cards down yet: ${why}.` : "No move uses all the cards picked.";
  }
  else if (groups.some((group) => group.dataset.shape === "folded")) {
    hint = "Tap cards in your hand to see the moves that use them, or open a list.";
  }
  $("moves").replaceChildren(...groups);
  $("moves-hint").textContent = hint;
  // The table meld that every move left names (a lay-off's, an extension's), marked in
  // the picture.
  const targets = new Set(moves.flatMap(moveMelds));
  markMeld(selected.length && targets.size === 1 ? [...targets][0] : null);
}

function planButton(plan) {
  const texts = plan.moves;
  const label = `${texts.map((text) => moveText(text.slice(text.indexOf(" ") + 1))).join(" + ")} (${plan.points} points)`;
  return element("button", {
    type: "button", "data-plan": texts.join(" + "), "aria-label": `open: ${label}`, class: "main",
    onclick: () => playInTurn(texts),
  }, label);
}

async function playInTurn(texts) {
  // The moves one after another, each once the server has taken the one before.
  for (const text of texts) {
    if (!(await post("moves", { move: text, move_number: answer.view.move_number }))) return;
  }
}

function moveMelds(move) {
  // The table melds a move's text names (#3), by number.
  return move.text.split(" ").filter((word) => /^#\d+$/.test(word)).map((word) => Number(word.slice(1)));
}

function meldName(index) {
  // A table meld as a player sees it: whose it is and its cards ("Seat 1's 7♥ 8♥ 9♥").
  const shown = answer.view.public;
  const owners = shown.meld_owners || shown.owners || [];
  const owner = owners[index];
  const cards = shown.table && shown.table[index] !== undefined ? moveText(shown.table[index]) : `#${index}`;
  if (owner === undefined || owner === null) return `meld ${cards}`;
  return owner === table.seat ? `your ${cards}` : `Seat ${owner}'s ${cards}`;
}

function namedMoveText(text) {
  // A move's text with each table meld it names by whose it is and its cards, where it
  // goes in words: "9♦ #10 low" -> "9♦ on Seat 1's 6♦ 7♦ 8♦, low end".
  const words = text.split(" ");
  const index = words.findIndex((word) => /^#\d+$/.test(word));
  if (index < 0) return moveText(text);
  const end = { low: ", low end", high: ", high end", set: "" }[words[index + 1]];
  const rest = end === undefined ? words.slice(index + 1) : words.slice(index + 2);
  const before = moveText(words.slice(0, index).join(" "), words[index + 1] === "set");
  const after = rest.length ? ` ${moveText(rest.join(" "))}` : "";
  return `${before} on ${meldName(Number(words[index].slice(1)))}${end || ""}${after}`;
}

function markMeld(index) {
  // Outlines table meld ``index`` in the picture (null: none), and says which it is
  // (data-target) for whoever reads the page.
  const box = $("picture");
  for (const old of box.querySelectorAll(".meld-target")) old.remove();
  if (index === null || index === undefined) {
    delete box.dataset.target;
    return;
  }
  const group = box.querySelector(`g[data-meld="${index}"]`);
  if (!group) return;
  const area = group.getBBox();
  const mark = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  for (const [key, value] of Object.entries({
    x: area.x - 3, y: area.y - 3, width: area.width + 6, height: area.height + 6, rx: 4,
    // Blue and dashed: the picture outlines the last move's cards in orange already.
    class: "meld-target", fill: "#1565c0", "fill-opacity": 0.1, stroke: "#1565c0",
    "stroke-width": 3, "stroke-dasharray": "7 4",
  })) mark.setAttribute(key, String(value));
  group.prepend(mark);
  box.dataset.target = String(index);
}

function moveGroups(moves) {
  // The moves by kind (the verb their text starts with), in the order the game lists
  // them: [verb, moves] pairs.
  const kinds = new Map();
  for (const move of moves) {
    const verb = move.text.split(" ")[0];
    if (!kinds.has(verb)) kinds.set(verb, []);
    kinds.get(verb).push(move);
  }
  return [...kinds];
}

function exchanged(text) {
  // What an exchange (SK-EXCHANGE: "exchange 6S #2") brings to the hand: the meld's wild
  // card (a mixed meld holds one at most, SK-MELDS), written in the meld's text with the
  // card it stands for (JK=6S).
  const words = text.split(" ");
  if (words[0] !== "exchange") return "";
  const meld = answer.view.public.table[Number(words[2].slice(1))] || "";
  const wild = meld.split(" ").find((word) => word.includes("="));
  return wild ? `, the ${cardText(wild.split("=")[0])} comes to your hand` : ", its wild card comes to your hand";
}

function moveButton(move, label) {
  const view = answer.view;
  const melds = moveMelds(move);
  label += exchanged(move.text);
  const button = element("button", {
    type: "button", "data-move": move.text, "aria-label": namedMoveText(move.text) + exchanged(move.text),
    class: moveCards(move.text).length && selected.length ? "main" : "",
    onclick: () => post("moves", { move: move.move, move_number: view.move_number }),
  }, label);
  if (melds.length) {
    // The meld a lay-off or an extension goes on, marked in the picture while the move
    // is pointed at or has the focus.
    const mark = () => markMeld(melds[0]);
    const unmark = () => markMeld(null);
    for (const name of ["pointerenter", "focus"]) button.addEventListener(name, mark);
    for (const name of ["pointerleave", "blur"]) button.addEventListener(name, unmark);
  }
  return button;
}

function moveGroup(verb, moves) {
  // One kind of move that names cards, as a row: its name, then a button for each move
  // with the rest of its text ("Discard" 7♠ 9♥...). A kind whose moves name several
  // cards each (melds, lay-offs) shows SHOWN_AT_ONCE of them at most: more are folded
  // under its name and count ("Meld (25)") until cards are picked; then the moves that
  // add fewest cards to those picked come first, the rest folded ("14 more").
  const name = verb.charAt(0).toUpperCase() + verb.slice(1);
  const several = moves.some((move) => moveCards(move.text).length > 1);
  const nearest = several && selected.length
    ? [...moves].sort((one, other) => moveCards(one.text).length - moveCards(other.text).length)
    : moves;
  const buttons = nearest.map((move) => moveButton(move, namedMoveText(move.text.slice(verb.length + 1))));
  if (several && !selected.length && buttons.length > SHOWN_AT_ONCE) {
    return folded(verb, `${name} (${buttons.length})`, buttons, { class: "group", "data-kind": verb, "data-shape": "folded" });
  }
  const row = element("div", { class: "group", "data-kind": verb, "data-shape": several ? "several" : "single" },
    element("span", { class: "kind" }, name));
  if (several && buttons.length > SHOWN_AT_ONCE) {
    const rest = buttons.splice(SHOWN_AT_ONCE);
    row.append(...buttons, folded(`${verb} more`, `${rest.length} more`, rest, { class: "more" }));
  } else row.append(...buttons);
  return row;
}

function folded(key, title, buttons, attributes) {
  // A list the player opens (a <details>), open again at the same decision if it was.
  const fold = element("details", attributes, element("summary", {}, title),
    element("div", { class: "choices" }, ...buttons));
  fold.open = unfolded.has(key);
  fold.addEventListener("toggle", () => {
    if (fold.open) unfolded.add(key);
    else unfolded.delete(key);
  });
  return fold;
}

function scoreRows(target, rows) {
  target.replaceChildren(...rows.map((cells, index) => element("tr", {},
    ...cells.map((cell) => element(index === 0 ? "th" : "td", {}, String(cell))))));
}

function renderScores() {
  const view = answer.view;
  const resigned = view.public.resigned || [];
  const bySeat = view.scores.length === answer.seats.length;
  const names = scoreNames(view.scores.length);
  const rows = [[bySeat ? "Seat" : "Side", "Score"]];
  view.scores.forEach((score, place) => rows.push([names[place] + (bySeat && resigned.includes(place) ? " (resigned)" : ""), score]));
  scoreRows($("scores"), rows);
}

function partsText(parts) {
  // "melds 280 · cards left (7♥ Q♥) −20 · bonus 100"
  return parts.map((part) => `${part.what}${part.cards.length ? ` (${cardsText(part.cards)})` : ""} ${signed(part.points)}`).join(" · ");
}

function signed(points) {
  return `${points > 0 ? "+" : ""}${points}`;
}

function eventLine(event) {
  const cards = cardsText;
  if (event.kind === "hand_end") {
    const names = scoreNames(event.result.points.length);
    const points = event.result.points.map((points, place) => `${names[place]} ${signed(points)}`).join(", ");
    return `Hand ${event.result.hand_number} ended: ${points}.`;
  }
  if (event.kind === "game_over") return `Game over: ${event.winners.map(seatName).join(", ")} won.`;
  if (event.kind === "resign") return `${seatName(event.seat)} resigned.`;
  if (event.move === null) {
    return event.cards.length ? `${event.kind}: you got ${cards(event.cards)}.` : `${event.kind}.`;
  }
  let line = `${seatName(event.seat)}: ${moveText(event.move)}`;
  if (event.seat === table.seat && event.cards.length) line += ` (you got ${cards(event.cards)})`;
  else if (event.shown.length && !event.move.includes(event.shown[0])) line += ` (${cards(event.shown)})`;
  // Played by a timeout: the seat's clock ran out and another person asked for it.
  if (event.timeout) line += ` (time's up: played for ${event.seat === table.seat ? "you" : "them"})`;
  return line;
}

function renderLog(all) {
  const box = $("log");
  if (all) box.replaceChildren();
  const have = box.children.length;
  log.slice(have).forEach((event, index) => {
    box.append(element("li", { "data-number": String(event.number), "data-kind": event.kind },
      element("span", { class: "number" }, `${have + index + 1}.`), eventLine(event)));
  });
  box.scrollTop = box.scrollHeight;
}

function resignedSince(handNumber) {
  // The seats that resigned after the end of the hand before ``handNumber``: the
  // resignation that abandoned that hand (C-RESIGN), read from the events seen.
  let from = 0;
  log.forEach((event, index) => {
    if (event.kind === "hand_end" && event.result.hand_number < handNumber) from = index + 1;
  });
  return log.slice(from).filter((event) => event.kind === "resign").map((event) => event.seat);
}

function bringDecisionIntoView() {
  // A new decision of this seat: its hand and moves brought into the window if the page
  // was scrolled away from them (on a phone they come first, at a desk they stay beside
  // the picture), unless a result is up over the table.
  const view = answer.view;
  if (view.is_over || view.current_player !== table.seat || decisionShown === view.move_number) return;
  decisionShown = view.move_number;
  if ($("hand-end").open || $("game-over").open) return;
  const top = $("play").getBoundingClientRect().top;
  if (top < 0 || $("hand").getBoundingClientRect().bottom > innerHeight) $("play").scrollIntoView({ block: "start" });
}

function renderEnds() {
  // The result comes up over the table, where the player is looking (a modal dialog),
  // and stays until the player asks for the next hand.
  const view = answer.view;
  const last = view.last_hand;
  if (view.is_over) {
    if ($("hand-end").open) $("hand-end").close();
    if (overShown) return;
    overShown = true;
    $("game-over-title").textContent = `Game over: ${view.winners.map(seatName).join(", ")} won`;
    // A match ended by a resignation says so (the picture below words the abandoned hand).
    const resigned = view.public.resigned || [];
    $("game-over-note").textContent = resigned.length ? `${resigned.map(seatName).join(" and ")} resigned.` : "";
    $("game-over-note").hidden = !resigned.length;
    const names = scoreNames(view.scores.length);
    const rows = [[view.scores.length === answer.seats.length ? "Seat" : "Side", "Score"]];
    view.scores.forEach((score, place) => rows.push([names[place], score]));
    scoreRows($("final-scores"), rows);
    $("game-over").showModal();
    showDealCheck();
    $("game-over-picture").replaceChildren();
    if (last) loadPicture($("game-over-picture"), pictureUrl("last_hand")).catch((error) => notice(error.message));
    return;
  }
  if (handShown === null) handShown = last ? last.hand_number : 0;
  if (!last || last.hand_number <= handShown || $("hand-end").open) return;
  // The game's word for how the hand ended (the picture below tells it in full).
  const end = last.details && last.details.end;
  const ended = answer.game.name === "skarney" ? "went out"
    : end === "knock" ? "knocked" : end === "gin" ? "knocked with gin" : "closed";
  const resigned = resignedSince(last.hand_number);
  if (resigned.length) {
    // C-RESIGN: the hand in play was abandoned, nobody scored for it.
    $("hand-end-title").textContent = `Hand ${last.hand_number} abandoned: ${resigned.map(seatName).join(" and ")} resigned`;
  } else {
    $("hand-end-title").textContent = `Hand ${last.hand_number} ended` + (last.closer !== null ? `: ${seatName(last.closer)} ${ended}` : "");
  }
  const bySeat = last.points.length === answer.seats.length;
  const names = scoreNames(last.points.length);
  // How each seat's (or side's) points were made: the view's parts of the last hand.
  const parts = view.public.last_hand_parts || [];
  const rows = [[bySeat ? "Seat" : "Side", "How", "This hand", "Score"]];
  last.points.forEach((points, place) => rows.push([names[place], partsText(parts[place] || []), points, view.scores[place] ?? ""]));
  scoreRows($("hand-end-points"), rows);
  $("hand-end").dataset.hand = String(last.hand_number);
  $("hand-end").showModal();
  $("hand-end-picture").replaceChildren();
  loadPicture($("hand-end-picture"), pictureUrl("last_hand")).catch((error) => notice(error.message));
}

// ------------------------------------------------------------------ start

function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("table")) openTable(Number(params.get("table")), Number(params.get("seat") || 0), params.get("token") || "");
  else showLobby();
}

$("preset").addEventListener("change", fillPlayers);
$("players").addEventListener("change", fillSeats);
$("new-table").addEventListener("submit", startTable);
$("continue").addEventListener("click", () => $("hand-end").close());
$("hand-end").addEventListener("close", () => {
  // Next hand (the button, or Escape): the bots play on from where the table is.
  if (!$("hand-end").dataset.hand) return;
  handShown = Number($("hand-end").dataset.hand);
  delete $("hand-end").dataset.hand;
  if (table) refresh();
});
$("look").addEventListener("click", () => $("game-over").close());
for (const id of ["save-receipt", "save-receipt-end"]) $(id).addEventListener("click", saveReceipt);
$("undo").addEventListener("click", () => post("undo", { move_number: answer.view.move_number }));
$("timeout").addEventListener("click", () => post("timeout"));
$("resign").addEventListener("click", () => {
  if (confirm("Resign this game?")) post("resign");
});
$("play-again").addEventListener("click", () => { location.hash = ""; });
$("home-link").addEventListener("click", (event) => { event.preventDefault(); location.hash = ""; });
window.addEventListener("hashchange", route);
route();
