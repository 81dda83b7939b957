// The web table's page: plain JavaScript, no framework, no build step.
// The lobby lists the games (GET /games) and starts a table (POST /tables); the table
// shows the seat's view as the library's picture, its hand as cards to pick, its legal
// moves as buttons, the event feed as a log, the scores, undo and resignation.
"use strict";

const $ = (id) => document.getElementById(id);
const MOVES_SHOWN = 40; // moves listed before the player is asked to pick cards
const CARD = /^(?:10|[2-9AJQK])[SHDC]$|^JK$/;
const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

let games = [];
let chosen = null; // the game chosen in the lobby
let table = null; // {id, seat, token}
let answer = null; // the server's latest answer for our seat
let log = []; // the events seen so far
let selected = []; // indexes of the hand's cards picked
let handShown = null; // the hand number whose result the player has seen
let polling = null;

async function call(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(data.message || response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
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

function cardText(name, pack) {
  // 7S -> 7♠ in the French pack; the Spanish pack keeps the notation's letters.
  if (pack !== "french" || name === "JK") return name;
  return name.slice(0, -1) + SUITS[name.slice(-1)];
}

function moveText(text, pack) {
  return text.split(" ").map((word) => {
    const [own, reading] = word.split("=");
    if (!CARD.test(own.toUpperCase())) return word;
    return cardText(own, pack) + (reading ? "=" + cardText(reading, pack) : "");
  }).join(" ");
}

function moveCards(text) {
  // The cards a move's text names (a wild card's own card, not its reading).
  return text.split(" ").map((word) => word.split("=")[0].toUpperCase()).filter((word) => CARD.test(word));
}

function notice(text) {
  const box = $("notice");
  box.textContent = text || "";
  box.hidden = !text;
}

// ------------------------------------------------------------------ the lobby

async function showLobby() {
  stopPolling();
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
  fillPlayers();
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
    seats.push(element("label", {}, `Seat ${seat} `, select));
  }
  $("seats").replaceChildren(...seats);
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
  // A seed as its decimal text: a JavaScript number would round one past 2**53.
  if ($("seed").value.trim() !== "") request.seed = $("seed").value.trim();
  try {
    const made = await call("POST", "/tables", request);
    const links = Object.entries(made.tokens).filter(([seat]) => seat !== "0");
    location.hash = `table=${made.table}&seat=0&token=${made.tokens["0"]}`;
    if (links.length) {
      const base = location.href.split("#")[0];
      notice("Links for the other people: " + links.map(([seat, token]) => `seat ${seat}: ${base}#table=${made.table}&seat=${seat}&token=${token}`).join("  "));
    }
  } catch (error) {
    alert(error.message);
  }
}

// ------------------------------------------------------------------ the table

function openTable(id, seat, token) {
  table = { id, seat, token };
  log = [];
  selected = [];
  handShown = null;
  answer = null;
  $("lobby").hidden = true;
  $("table").hidden = false;
  $("log").replaceChildren();
  refresh();
}

function since() {
  return answer ? answer.view.move_number : 0;
}

async function refresh() {
  try {
    const query = `seat=${table.seat}&token=${encodeURIComponent(table.token)}&since=${since()}`;
    show(await call("GET", `/tables/${table.id}?${query}`));
  } catch (error) {
    notice(error.message);
  }
}

async function post(action, extra) {
  const body = Object.assign({ seat: table.seat, token: table.token, since: since() }, extra || {});
  try {
    show(await call("POST", `/tables/${table.id}/${action}`, body));
  } catch (error) {
    notice(error.status === 409 ? "The game had moved on: here it is now." : error.message);
    answer = null;
    log = [];
    $("log").replaceChildren();
    refresh();
  }
}

function stopPolling() {
  if (polling !== null) clearTimeout(polling);
  polling = null;
}

function show(next) {
  stopPolling();
  if (next.undone_to !== undefined) {
    log = log.filter((event) => event.number <= next.undone_to);
    renderLog(true);
  }
  answer = next;
  selected = [];
  for (const event of next.events) log.push(event);
  const view = next.view;
  $("table-title").textContent = `${next.game.title} · table ${next.table} · seat ${next.seat}`;
  $("picture").src = `/tables/${table.id}/picture?seat=${table.seat}&token=${encodeURIComponent(table.token)}&v=${view.move_number}`;
  $("picture").dataset.moveNumber = String(view.move_number);
  renderStatus();
  renderHand();
  renderMoves();
  renderScores();
  renderLog(false);
  renderEnds();
  $("undo").disabled = !next.can_undo;
  // Another person's clock has run out: any seat may have the default move played.
  const clock = next.clock;
  $("timeout").hidden = !(clock && clock.seat !== table.seat && clock.left === 0);
  $("resign").disabled = view.is_over || (view.public.resigned || []).includes(table.seat);
  if (next.waiting) polling = setTimeout(() => post("advance"), 300);
  else if (!view.is_over && view.current_player !== table.seat) polling = setTimeout(refresh, 2000);
}

function seatName(seat) {
  if (seat === table.seat) return "You";
  const place = answer.seats[seat];
  return place && place.bot ? `Seat ${seat} (${place.bot})` : `Seat ${seat}`;
}

function renderStatus() {
  const view = answer.view;
  let text;
  if (view.is_over) text = `Game over: ${view.winners.map(seatName).join(", ")} won.`;
  else if (view.current_player === table.seat) text = `Your turn: ${view.phase}.`;
  else if (view.current_player === null) text = "Dealing...";
  else text = `${seatName(view.current_player)} to ${view.phase}...`;
  const clock = answer.clock;
  const left = clock ? ` (${Math.ceil(clock.left)} s left)` : "";
  $("status").textContent = `Hand ${view.public.hand_number ?? ""} · move ${view.move_number} · ${text}${left}`;
}

function renderHand() {
  const pack = answer.game.pack;
  const cards = answer.view.hand.map((name, index) => element("button", {
    type: "button", "data-card": name, "aria-pressed": String(selected.includes(index)),
    title: name, onclick: () => { toggle(index); },
  }, element("img", { src: `/cards/${pack}/${name}.svg`, alt: cardText(name, pack) })));
  $("hand").replaceChildren(...cards);
}

function toggle(index) {
  selected = selected.includes(index) ? selected.filter((item) => item !== index) : [...selected, index];
  for (const [place, button] of [...$("hand").children].entries()) {
    button.setAttribute("aria-pressed", String(selected.includes(place)));
  }
  renderMoves();
}

function renderMoves() {
  const view = answer.view;
  const pack = answer.game.pack;
  const picked = {};
  for (const index of selected) picked[view.hand[index]] = (picked[view.hand[index]] || 0) + 1;
  const fits = (move) => {
    const named = {};
    for (const card of moveCards(move.text)) named[card] = (named[card] || 0) + 1;
    return Object.entries(picked).every(([card, count]) => (named[card] || 0) >= count);
  };
  let moves = view.legal_moves.filter(fits);
  let hint = "";
  if (!view.legal_moves.length) hint = view.is_over ? "" : "Waiting for the others.";
  else if (!selected.length && moves.length > MOVES_SHOWN) {
    const plain = moves.filter((move) => !moveCards(move.text).length);
    const rest = moves.filter((move) => moveCards(move.text).length).slice(0, MOVES_SHOWN - plain.length);
    hint = `${moves.length} moves: pick cards to see the ones that use them.`;
    moves = [...plain, ...rest];
  } else if (selected.length && !moves.length) hint = "No move uses all the cards picked.";
  $("moves").replaceChildren(...moves.map((move) => element("button", {
    type: "button", "data-move": move.text,
    class: moveCards(move.text).length && selected.length ? "main" : "",
    onclick: () => post("moves", { move: move.move, move_number: view.move_number }),
  }, moveText(move.text, pack))));
  $("moves-hint").textContent = hint;
}

function scoreRows(target, rows) {
  target.replaceChildren(...rows.map((cells, index) => element("tr", {},
    ...cells.map((cell) => element(index === 0 ? "th" : "td", {}, String(cell))))));
}

function renderScores() {
  const view = answer.view;
  const resigned = view.public.resigned || [];
  const rows = [["Seat", "Score"]];
  if (view.scores.length === answer.seats.length) {
    view.scores.forEach((score, seat) => rows.push([seatName(seat) + (resigned.includes(seat) ? " (resigned)" : ""), score]));
  } else {
    view.scores.forEach((score, side) => rows.push([`Side ${side}`, score]));
  }
  scoreRows($("scores"), rows);
}

function eventLine(event) {
  const pack = answer.game.pack;
  const cards = (names) => names.map((name) => cardText(name, pack)).join(" ");
  if (event.kind === "hand_end") {
    const points = event.result.points.map((points, seat) => `${seat}: ${points > 0 ? "+" : ""}${points}`).join(", ");
    return `Hand ${event.result.hand_number} ended (points ${points}).`;
  }
  if (event.kind === "game_over") return `Game over: ${event.winners.map(seatName).join(", ")} won.`;
  if (event.kind === "resign") return `${seatName(event.seat)} resigned.`;
  if (event.move === null) {
    return event.cards.length ? `${event.kind}: you got ${cards(event.cards)}.` : `${event.kind}.`;
  }
  let line = `${seatName(event.seat)}: ${moveText(event.move, pack)}`;
  if (event.seat === table.seat && event.cards.length) line += ` (you got ${cards(event.cards)})`;
  else if (event.shown.length && !event.move.includes(event.shown[0])) line += ` (${cards(event.shown)})`;
  return line;
}

function renderLog(all) {
  const box = $("log");
  if (all) box.replaceChildren();
  const have = box.children.length;
  for (const event of log.slice(have)) {
    box.append(element("li", { "data-number": String(event.number), "data-kind": event.kind }, eventLine(event)));
  }
  box.scrollTop = box.scrollHeight;
}

function renderEnds() {
  const view = answer.view;
  const last = view.last_hand;
  if (view.is_over) {
    $("hand-end").hidden = true;
    $("game-over").hidden = false;
    $("game-over-title").textContent = `Game over: ${view.winners.map(seatName).join(", ")} won`;
    const rows = [["Seat", "Score"]];
    view.scores.forEach((score, seat) => rows.push([seatName(seat), score]));
    scoreRows($("final-scores"), rows);
    return;
  }
  $("game-over").hidden = true;
  if (handShown === null) handShown = last ? last.hand_number : 0;
  if (last && last.hand_number > handShown) {
    $("hand-end").hidden = false;
    $("hand-end-title").textContent = `Hand ${last.hand_number} ended` + (last.closer !== null ? `: ${seatName(last.closer)} closed` : "");
    $("hand-end-picture").src = `/tables/${table.id}/picture?seat=${table.seat}&token=${encodeURIComponent(table.token)}&what=last_hand&v=${view.move_number}`;
    const rows = [["Seat", "This hand", "Score"]];
    last.points.forEach((points, seat) => rows.push([seatName(seat), points, view.scores[seat] ?? ""]));
    scoreRows($("hand-end-points"), rows);
  } else {
    $("hand-end").hidden = true;
  }
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
$("continue").addEventListener("click", () => {
  handShown = answer.view.last_hand.hand_number;
  $("hand-end").hidden = true;
});
$("undo").addEventListener("click", () => post("undo", { move_number: answer.view.move_number }));
$("timeout").addEventListener("click", () => post("timeout"));
$("resign").addEventListener("click", () => {
  if (confirm("Resign this game?")) post("resign");
});
$("play-again").addEventListener("click", () => { location.hash = ""; });
$("home-link").addEventListener("click", (event) => { event.preventDefault(); location.hash = ""; });
window.addEventListener("hashchange", route);
route();
