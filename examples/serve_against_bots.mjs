// A program in another language (JavaScript, for Node.js 18 or later) that plays whole
// games of every game of the library against its bots through `scala40 serve`: the
// referee speaks JSON lines on its standard input and output, plays the bot seats inside
// `new` and `apply` (and `advance`, when a request's time ran out before the bots were
// done), and says which moves they made.
//
//     node examples/serve_against_bots.mjs [BOT]        (BOT: greedy by default)
//
// This program holds seat 0 and plays a legal move drawn at random; every other seat is
// BOT. The environment variable PYTHON names the interpreter that has scala40 installed
// (python3 by default).

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const bot = process.argv[2] ?? "greedy";
const python = process.env.PYTHON ?? "python3";
const referee = spawn(python, ["-m", "scala40", "serve"], { stdio: ["pipe", "pipe", "inherit"] });
const answers = createInterface({ input: referee.stdout });
const waiting = [];
answers.on("line", (line) => waiting.shift()(JSON.parse(line)));

// One request, its answer (the referee answers each line in order).
function ask(request) {
  return new Promise((resolve, reject) => {
    waiting.push((answer) =>
      answer.ok ? resolve(answer) : reject(new Error(`${answer.error.type}: ${answer.error.message}`)),
    );
    referee.stdin.write(JSON.stringify(request) + "\n");
  });
}

// A small seeded generator (mulberry32), so that a run can be repeated.
function generator(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = generator(7);
const { games } = await ask({ op: "games" });
for (const game of games) {
  const seats = Array(game.default_players).fill(bot);
  seats[0] = null; // this program's seat
  let answer = await ask({ op: "new", game: game.name, seed: 1, bots: seats });
  const handle = answer.handle;
  let mine = 0;
  let theirs = answer.bot_moves.length;
  while (!answer.summary.is_over) {
    if (answer.summary.current_player !== 0) {
      // The request's time ran out while the bots played: they play on.
      answer = await ask({ op: "advance", handle });
      theirs += answer.bot_moves.length;
      continue;
    }
    const { moves } = await ask({ op: "legal", handle });
    const choice = moves[Math.floor(random() * moves.length)];
    answer = await ask({ op: "apply", handle, move: choice.move });
    mine += 1;
    theirs += answer.bot_moves.length;
  }
  const { events } = await ask({ op: "events", handle, seat: 0 });
  const { summary } = answer;
  console.log(
    `${game.title}: over after ${summary.hand_number} hands, ${mine} moves of ours and ` +
      `${theirs} of ${bot}; ${events.length} events; winners: seats ${summary.winners.join(", ")}`,
  );
  await ask({ op: "close", handle });
}
referee.stdin.end();
