// The table page: one state object (`app`), the handlers that change it, and `refresh`,
// which asks the referee what may come next and draws the table as the referee's
// POST /v1/pictures draws it. The rules stay with the referee: a tap records what was
// done, "end turn" asks the referee, and its answer is shown as it comes.
import * as api from "./api.js";
import * as box from "./box/table.js";
import * as record from "./record.js";
import * as setupForm from "./setup.js";
import * as turns from "./turn.js";
import * as view from "./view.js";
import * as grid from "./grid.js";
import { ask } from "./confirm.js";
import { _, language } from "./texts.js";

const saved = record.load();
const app = {
  match: saved.match || null, // {setup, rounds: [{start, turns, state, result}]}
  turn: saved.turn || turns.emptyTurn(), // the turn being built
  legal: null, // the referee's legal next actions for that turn
  problem: saved.problem || null, // the referee's last refusal
  news: saved.news || null, // the last recorded turn's events and open questions
  finished: false, // the referee lists no next action: the round is over
  sheetProblem: null, // the referee's refusal of the hands told at the end
  settingUp: false, // the setup form is open
  focusSlot: null, // the table's slot last used from the keyboard (kept in the tab order)
  box: box.emptyUi(), // the box games' pickers (box/table.js)
};
let drawing = 0; // drops an answer that a newer refresh has overtaken
let shownProblem = null; // the refusal on screen (its code and marked slots)

const $ = (id) => document.getElementById(id);
const round = () => record.currentRound(app.match);
const narrow = window.matchMedia("(max-width: 720px)");

function persist() {
  record.save({ match: app.match, turn: app.turn, problem: app.problem, news: app.news });
}

// A refusal kept from before a language switch came in the other language: the same turn
// is put to the referee again, which answers in this one. A refusal of something else
// (an import, a deal) is not asked again and goes.
async function retellProblem() {
  if (!app.problem || app.problem.lang === language || !app.match) return;
  const current = round();
  const again = app.problem.from === "turn" ? await api.turn(current.state, current.state.current, app.turn.actions) : null;
  app.problem = again && !again.ok ? refusal(again.problem, "turn") : null;
}

// A refusal as the page keeps it: in which language it came, and what it refused.
function refusal(problem, from) {
  return { ...problem, lang: language, from };
}

function markedSlots(problem, actions) {
  if (!problem || problem.action === null || problem.action === undefined) return [];
  const action = actions[problem.action];
  if (!action) return [];
  if (action.type === "bridge") return [action.from, action.to];
  const slot = turns.slotOf(action);
  return slot ? [slot] : [];
}

async function refresh() {
  const mine = ++drawing;
  persist();
  const hasGame = Boolean(app.match);
  $("setup").hidden = hasGame && !app.settingUp;
  $("game").hidden = !hasGame;
  // While the setup form is open the game behind it stays as it is: nothing in it reacts.
  $("game").inert = app.settingUp;
  $("dock").hidden = !hasGame || app.settingUp;
  document.querySelector(".game-menu").hidden = !hasGame || app.settingUp;
  document.querySelector("[data-action=cancel-setup]").hidden = !hasGame;
  document.body.dataset.ruleset = hasGame ? app.match.setup.ruleset : "";
  if (!hasGame) {
    document.body.dataset.ready = String(mine);
    return;
  }
  $("controls").hidden = false; // box/table.js hides them where a box game has no turn to end
  document.body.dataset.family = box.handles(app.match) ? "box" : "rows";
  $("box").hidden = !box.handles(app.match);
  if (box.handles(app.match)) {
    // The other games of the box have their own table (box/table.js).
    const drawn = await box.refresh(app, { stale: () => mine !== drawing, again: refresh });
    if (drawn) document.body.dataset.ready = String(mine);
    return;
  }
  const current = round();
  const legal = await api.legalActions(current.state, app.turn.actions);
  if (mine !== drawing) return;
  app.legal = legal.ok ? legal.data : null;
  let problem = app.problem;
  if (!legal.ok && legal.problem.status === 422 && !problem) {
    // The turn so far already breaks a rule. The referee's answer to the turn as it
    // stands carries the same refusal with its hint (what would have worked).
    const asTurn = await api.turn(current.state, current.state.current, app.turn.actions);
    if (mine !== drawing) return;
    problem = !asTurn.ok && asTurn.problem.code === legal.problem.code ? asTurn.problem : legal.problem;
  } else if (!legal.ok) {
    problem = problem || legal.problem;
  }
  app.finished = Boolean(app.legal && app.legal.actions.length === 0 && !app.legal.complete);
  const shown = await api.picture({
    state: current.state,
    turn: app.turn.actions,
    mark: markedSlots(problem, app.turn.actions),
    highlight: app.finished ? [] : turns.lit(app.turn, app.legal),
    layout: narrow.matches ? "tall" : "wide",
  });
  if (mine !== drawing) return;
  if (shown.ok) {
    const picture = $("picture");
    const hadFocus = picture.contains(document.activeElement);
    picture.innerHTML = shown.data;
    const status = app.finished ? _("The game is over.") : _("{name} to move", { name: current.state.players[current.state.current].name });
    grid.enhance(picture, { label: status, focus: app.focusSlot, take: hadFocus });
  }
  const ruleset = app.match.setup.ruleset;
  view.showStatus(app, current);
  view.showProblem(problem, ruleset);
  const marked = markedSlots(problem, app.turn.actions);
  const told = problem ? `${problem.code}:${marked}` : null;
  if (told && told !== shownProblem) keepInView(marked); // a new refusal: its slot in sight
  shownProblem = told;
  view.showNews(app.news, current.state.players.map((p) => p.name), ruleset);
  view.showBuilding(app.turn, app.legal);
  $("controls").dataset.finished = String(app.finished);
  if (app.finished && !current.result && current.state.players.every((p) => Array.isArray(p.hand) || p.hand.count === 0)) {
    await score(); // every hand is known: the referee scores the round at once
  }
  view.showSheet(app, current);
  document.body.dataset.ready = String(mine);
}

// The refusal shows above the controls at the bottom; if it hides the slot it marks, the
// page scrolls the table up (never down) until that slot is in sight above it.
function keepInView(slots) {
  const dock = $("dock").getBoundingClientRect().top;
  const slot = slots.map((name) => document.querySelector(`#picture [data-slot="${name}"]`)).find(Boolean);
  if (!slot) return;
  const rect = slot.getBoundingClientRect();
  if (rect.bottom > dock) window.scrollBy(0, rect.bottom - dock + 8);
}

function change(turn) {
  app.turn = turn;
  app.problem = null;
  refresh();
}

async function startMatch(event) {
  event.preventDefault();
  const setup = setupForm.readSetup();
  if (app.match && !(await replaceGame())) return;
  const dealt = await api.newGame(setupForm.dealRequest(setup, 0));
  if (!dealt.ok) {
    $("setup-problem").textContent = setupRefusal(dealt.problem, setup);
    refresh();
    return;
  }
  $("setup-problem").textContent = "";
  app.match = { setup, rounds: [record.newRound(dealt.data.state)] };
  app.settingUp = false;
  Object.assign(app, { turn: turns.emptyTurn(), problem: null, news: null, sheetProblem: null, box: box.emptyUi() });
  refresh();
}

// The referee's refusal of the setup in the players' words: a player count the game's
// contract does not take is said as such (the contract's own words name its fields).
function setupRefusal(problem, setup) {
  const at = (problem.errors || []).map((e) => e.pointer);
  if (problem.code === "SCHEMA_VIOLATION" && at.length && at.every((p) => p.startsWith("/players"))) {
    return _("This game cannot be played by {count} players.", { count: setup.players.length });
  }
  return problem.detail || problem.title || "";
}

async function nextRound() {
  const setup = app.match.setup;
  const holder = document.querySelector("[data-control=opener]");
  const opener = holder ? Number(holder.value) : null;
  const dealt = await api.newGame(setupForm.dealRequest(setup, app.match.rounds.length, opener));
  if (!dealt.ok) {
    app.problem = refusal(dealt.problem, "deal");
    refresh();
    return;
  }
  app.match.rounds.push(record.newRound(dealt.data.state));
  Object.assign(app, { turn: turns.emptyTurn(), problem: null, news: null, sheetProblem: null, box: box.emptyUi() });
  refresh();
}

async function endTurn() {
  if (box.handles(app.match)) return box.endTurn(app, refresh);
  const current = round();
  const player = current.state.current;
  const answer = await api.turn(current.state, player, app.turn.actions);
  if (!answer.ok) {
    app.problem = refusal(answer.problem, "turn"); // the turn stays as it is, to be corrected
    refresh();
    return;
  }
  current.turns.push({ player, actions: app.turn.actions });
  current.state = answer.data.state;
  app.news = {
    kind: "recorded", number: current.turns.length, player, actions: app.turn.actions,
    events: answer.data.events, unchecked: answer.data.unchecked, answers: {},
  };
  Object.assign(app, { turn: turns.emptyTurn(), problem: null });
  refresh();
}

async function undo() {
  if (box.handles(app.match)) return box.undo(app, refresh);
  const current = round();
  if (!current.turns.length) return;
  const kept = current.turns.slice(0, -1);
  const answer = await api.replay(current.start, kept);
  if (!answer.ok) {
    app.problem = refusal(answer.problem, "undo");
    refresh();
    return;
  }
  const taken = current.turns[current.turns.length - 1];
  current.turns = kept;
  current.state = answer.data.state;
  current.result = null;
  const news = { kind: "undone", number: kept.length + 1, player: taken.player, actions: taken.actions };
  Object.assign(app, { turn: turns.emptyTurn(), problem: null, news, sheetProblem: null, box: box.emptyUi() });
  refresh();
}

// The hands told at the end, read as the players typed them. What does not fit what the
// table shows (a card count, a word that is no card) is said before the referee is asked.
function readHands(state) {
  for (const input of document.querySelectorAll("[data-hand-of]")) {
    const player = state.players[Number(input.dataset.handOf)];
    const cards = input.value.toUpperCase().split(/[\s,;]+/).filter(Boolean);
    const odd = cards.find((card) => !/^([ROYGB]\d{1,2}|J)$/.test(card));
    if (odd) return { kind: "not-a-card", text: _("“{text}” is not a card: type a colour's letter and a value, such as Y12.", { text: odd }) };
    if (cards.length !== player.hand.count) {
      return { kind: "count", text: _("You typed {typed} cards for {name}; {name} holds {count}.", { typed: cards.length, name: player.name, count: player.hand.count }) };
    }
    player.hand = cards;
  }
  return null;
}

async function score() {
  const current = round();
  const state = structuredClone(current.state);
  const wrong = readHands(state);
  if (wrong) {
    app.sheetProblem = wrong;
    return;
  }
  const answer = await api.scores(state);
  if (!answer.ok) {
    // The referee's own reason, without its two layers of titles ("The game state cannot
    // happen: The state cannot happen: ...").
    const reason = answer.problem.reason || answer.problem.detail || answer.problem.title;
    app.sheetProblem = { kind: "refused", text: _("These hands cannot be: {reason}", { reason: reason.replace(/^([^:]*cannot happen: )+/i, "") }) };
  } else {
    current.result = answer.data;
    app.sheetProblem = null;
  }
  persist();
}

async function importRecord(input) {
  const file = input.files[0];
  input.value = "";
  if (!file) return;
  let game;
  try {
    game = await record.readRecord(file);
  } catch {
    app.problem = refusal({ code: "MALFORMED_JSON", title: _("This file is not a game record.") }, "import");
    refresh();
    return;
  }
  if (app.match && !(await replaceGame())) return;
  const answer = await api.replay(game.state, game.turns);
  if (!answer.ok) {
    app.problem = refusal(answer.problem, "import");
    refresh();
    return;
  }
  const state = game.state;
  const setup = {
    ruleset: state.ruleset,
    players: state.players.map((p) => p.name),
    first: state.current,
    rounds: 1,
    deal: Array.isArray(state.players[0].hand) ? "shown" : "hidden",
    seed: 0,
  };
  if (state.ruleset === "master") setup.rows = state.rows.map((r) => r.color);
  if (state.options) setup.options = state.options;
  // `entered`: an imported record's cards on the table are its own (box/table.js).
  app.match = { setup, rounds: [{ start: state, turns: game.turns, state: answer.data.state, result: null, entered: true }] };
  Object.assign(app, { turn: turns.emptyTurn(), problem: null, news: null, sheetProblem: null, settingUp: false });
  refresh();
}

function exportRecord() {
  const current = round();
  const names = current.start.players.map((p) => p.name).join("-");
  record.download(record.gameRecord(current), `elfer-${current.start.ruleset}-${names}-round${app.match.rounds.length}.json`);
}

// Before a new game or an import takes the place of the game on the table.
function replaceGame() {
  const names = app.match.setup.players.join(", ");
  return ask(
    _("Replace the game of {names}? It cannot be brought back unless it was exported.", { names }),
    _("Yes, replace it"),
    _("No, keep the game"),
  );
}

function tapSlot(slot) {
  if (app.finished || app.settingUp) return;
  app.focusSlot = slot.dataset.slot;
  change(turns.tap(app.turn, slot.dataset.slot, slot.dataset.card || null));
}

function onTap(event) {
  const slot = event.target.closest("[data-slot]");
  if (slot) tapSlot(slot);
}

// A question of the referee answered: "yes" lets the turn stand; "no" shows the rule
// (its title in the page's language) and the way back.
async function answer(control) {
  const code = control.dataset.code;
  const entry = { value: control.dataset.answer };
  if (entry.value === "no") {
    const rule = await api.rule(code);
    if (rule.ok) entry.title = rule.data.title;
  }
  app.news.answers = { ...(app.news.answers || {}), [code]: entry };
  refresh().then(() => {
    const next = document.querySelector(`[data-unchecked=${code}] .answered, [data-unchecked=${code}] [data-action=undo]`);
    if (next && next.matches("button")) next.focus();
  });
}

const actions = {
  "joker": () => change(turns.choose(app.turn, "joker")),
  "bridge": () => change(turns.choose(app.turn, "bridge")),
  "draw": () => change(turns.add(app.turn, { type: "draw" })),
  "pass": () => change(turns.add(app.turn, { type: "pass" })),
  "clear": () => {
    app.box = box.emptyUi();
    change(turns.emptyTurn());
  },
  "undo": undo,
  "end-turn": endTurn,
  "export": exportRecord,
  "new-game": () => {
    app.settingUp = true;
    setupForm.fillSetup(app.match ? app.match.setup : null);
    refresh().then(() => $("setup").scrollIntoView());
  },
  "cancel-setup": () => {
    app.settingUp = false;
    refresh();
  },
  "add-player": () => setupForm.addName(),
  "remove-player": () => setupForm.removeName(),
  "score": () => score().then(refresh),
  "answer": answer,
  "next-round": nextRound,
};

document.addEventListener("click", (event) => {
  const control = event.target.closest("button[data-action]");
  if (control && actions[control.dataset.action]) actions[control.dataset.action](control);
});
$("picture").addEventListener("click", onTap);
$("picture").addEventListener("keydown", (event) => grid.onKey(event, tapSlot));
$("picture").addEventListener("focusin", (event) => {
  const slot = event.target.closest && event.target.closest("[data-slot]");
  if (slot) app.focusSlot = slot.dataset.slot;
});
$("setup-form").addEventListener("submit", startMatch);
$("setup-form").addEventListener("change", setupForm.showOptions);
$("setup-form").rounds.addEventListener("input", setupForm.roundsSetByHand);
document.querySelector("input[data-action=import]").addEventListener("change", (e) => importRecord(e.target));
$("language").addEventListener("change", (e) => {
  // The choice is remembered for the next visit (the server reads the cookie).
  document.cookie = `lang=${e.target.value}; path=/; max-age=31536000; SameSite=Lax`;
  const url = new URL(location.href);
  url.searchParams.set("lang", e.target.value);
  location.assign(url);
});
narrow.addEventListener("change", refresh);

setupForm.fillSetup(app.match ? app.match.setup : null);
if (!app.match) app.settingUp = true;
retellProblem().then(refresh);
