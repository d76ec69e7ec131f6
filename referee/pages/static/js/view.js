// What the page shows besides the picture: who is to move, the referee's refusal, the
// events of the last turn and its open questions, the turn being built, and the score
// sheet. Each function writes one part of the page from the app's state object.
import { N_, _ } from "./texts.js";
import { matchTotals } from "./record.js";

const $ = (id) => document.getElementById(id);

const RANGE = { low: "1–10", high: "12–21" };

export function showStatus(app, round) {
  const state = round.state;
  const line = $("to-move");
  if (app.finished) {
    line.textContent = _("The game is over.");
    line.removeAttribute("data-current-player");
  } else {
    line.textContent = _("{name} to move", { name: state.players[state.current].name });
    line.dataset.currentPlayer = String(state.current);
  }
  const setup = app.match.setup;
  $("round").textContent = _("Round {round} of {rounds}", { round: app.match.rounds.length, rounds: setup.rounds });
}

export function showProblem(problem) {
  const box = $("alert");
  if (!problem) {
    box.hidden = true;
    box.replaceChildren();
    box.removeAttribute("data-code");
    return;
  }
  box.hidden = false;
  box.dataset.code = problem.code || "";
  const title = document.createElement("strong");
  title.className = "problem-title";
  title.textContent = problem.title || problem.code;
  const parts = [title];
  for (const [key, cls] of [["detail", "problem-detail"], ["hint", "problem-hint"], ["reason", "problem-reason"]]) {
    if (problem[key]) {
      const p = document.createElement("p");
      p.className = cls;
      p.textContent = problem[key];
      parts.push(p);
    }
  }
  const code = document.createElement("p");
  code.className = "problem-code";
  code.textContent = _("Rule {code}. Change the turn and end it again.", { code: problem.code });
  parts.push(code);
  box.replaceChildren(...parts);
}

function eventText(event, names) {
  const name = names[event.player];
  switch (event.type) {
    case "bonus":
      return _("{name} takes a bonus card (row {row}, {range} complete).", { name, row: event.row, range: RANGE[event.half] });
    case "bonus_unavailable":
      return _("No bonus card is left for row {row}, {range}.", { row: event.row, range: RANGE[event.half] });
    case "drew":
      return event.card ? _("{name} drew {card}.", { name, card: event.card }) : _("{name} drew a card.", { name });
    case "passed":
      return _("{name} passed.", { name });
    case "game_over":
      return event.reason === "out" ? _("A player has laid the last card: the game is over.") : _("Nobody can lay a card any more: the game is over.");
    default:
      return "";
  }
}

// What the referee could not check without the hidden cards, as a question to the table.
const QUESTIONS = {
  MUST_PLAY: N_("Did {name} really have no card to lay?"),
  OPENING: N_("Was {name}'s 11 really the first to open (nobody held one that comes before it)?"),
  DRAW_AFTER_FIT: N_("Did the cards {name} drew before the last one really not fit?"),
  PLAY_AFTER_DRAW: N_("Was the card {name} laid really the one just drawn?"),
  DRAW_INCOMPLETE: N_("Did the last card {name} drew fit? If not, {name} must keep drawing."),
  MUST_PLACE_DRAWN: N_("Did the card {name} drew really fit nowhere? A drawn card that fits must be laid."),
};

export function showNews(news, names) {
  const box = $("news");
  box.replaceChildren();
  if (!news) return;
  const lines = [_("{name}'s turn is recorded.", { name: names[news.player] }), ...news.events.map((e) => eventText(e, names))];
  for (const text of lines.filter(Boolean)) {
    const p = document.createElement("p");
    p.className = "event";
    p.textContent = text;
    box.append(p);
  }
  for (const code of news.unchecked) {
    const p = document.createElement("p");
    p.className = "question";
    p.dataset.unchecked = code;
    const question = QUESTIONS[code] || N_("The referee could not check rule {code}: please check it at the table.");
    p.textContent = _(question, { name: names[news.player], code });
    box.append(p);
  }
}

function describe(action) {
  switch (action.type) {
    case "place":
      return action.card === "J" ? `J→${action.at}` : action.card;
    case "swap":
      return `${action.card}⇄J`;
    case "bridge":
      return `${action.from}═${action.to}`;
    case "draw":
      return _("draw");
    case "pass":
      return _("pass");
    default:
      return action.type;
  }
}

export function showBuilding(turn, legal) {
  const line = $("building");
  let prompt;
  if (turn.mode === "joker") prompt = _("Joker: tap the slot it is laid in.");
  else if (turn.mode === "bridge" && !turn.bridgeFrom) prompt = _("Bridge card: tap the slot it starts from.");
  else if (turn.mode === "bridge") prompt = _("Bridge card from {slot}: tap the slot it leads to.", { slot: turn.bridgeFrom });
  else if (!turn.actions.length) prompt = _("Tap the slot of each card laid; the slot says which card it is.");
  else prompt = legal && legal.complete ? _("The turn may end now.") : "";
  const list = turn.actions.map(describe).join("  ");
  const label = _("This turn:");
  line.textContent = list ? `${label} ${list}${prompt ? " — " + prompt : ""}` : prompt;
  for (const mode of ["joker", "bridge"]) {
    document.querySelector(`[data-action=${mode}]`).setAttribute("aria-pressed", String(turn.mode === mode));
  }
  document.querySelector("[data-action=end-turn]").dataset.ready = String(Boolean(legal && legal.complete));
  for (const type of ["draw", "pass"]) {
    document.querySelector(`[data-action=${type}]`).dataset.legal = String(Boolean(legal && legal.actions.some((a) => a.type === type)));
  }
}

// The score sheet of the finished round, the hands still to be told (hidden hands), and
// the match so far.
export function showSheet(app, round) {
  const sheet = $("sheet");
  if (!app.finished) {
    sheet.hidden = true;
    sheet.replaceChildren();
    return;
  }
  sheet.hidden = false;
  const names = round.state.players.map((p) => p.name);
  const master = app.match.setup.ruleset === "master";
  const parts = [heading(_("Score sheet"))];
  const open = round.state.players.flatMap((p, i) => (!Array.isArray(p.hand) && p.hand.count > 0 ? [i] : []));
  if (!round.result && open.length) {
    parts.push(paragraph(_("Tell the referee the cards left in each hand (for example: R5 Y12 J), then score the round.")));
    for (const i of open) {
      const label = document.createElement("label");
      label.className = "left-in-hand";
      label.textContent = _("Cards left in {name}'s hand ({count})", { name: names[i], count: round.state.players[i].hand.count });
      const input = document.createElement("input");
      input.dataset.handOf = String(i);
      input.autocomplete = "off";
      input.autocapitalize = "characters";
      label.append(input);
      parts.push(label);
    }
    parts.push(button("score", _("Score the round")));
    if (app.sheetProblem) parts.push(paragraph(`${app.sheetProblem.title}: ${app.sheetProblem.detail || app.sheetProblem.reason || ""}`, "problem-inline"));
  }
  if (round.result) {
    const head = master ? [_("Player"), _("Bonus"), _("Hand"), _("Jokers"), _("Total")] : [_("Player"), _("Penalty")];
    const rows = round.result.scores.map((s) => {
      const cells = master ? [names[s.player], s.bonus, s.hand, s.jokers, s.total] : [names[s.player], s.penalty];
      return { cells, winner: (round.result.winners || []).includes(s.player) };
    });
    parts.push(table(head, rows, "round-scores"));
    const winners = (round.result.winners || []).map((i) => names[i]).join(", ");
    if (winners) parts.push(paragraph(_("Winner of the round: {names}", { names: winners }), "winners"));
  }
  const { totals, scored, leaders } = matchTotals(app.match);
  if (scored) {
    const head = [_("Player"), ...app.match.rounds.map((round_, i) => _("Round {round}", { round: i + 1 })), _("Match")];
    const rows = names.map((name, i) => ({
      cells: [name, ...app.match.rounds.map((r) => (r.result ? scoreOf(r.result, i, master) : "–")), totals[i]],
      winner: leaders.includes(i),
    }));
    parts.push(heading(_("The match"), "h3"), table(head, rows, "match-scores"));
    const done = scored >= app.match.setup.rounds && round.result;
    const who = leaders.map((i) => names[i]).join(", ");
    parts.push(paragraph(done ? _("Winner of the match: {names}", { names: who }) : _("Rounds scored: {rounds} of {total}. Leading: {names}", { rounds: scored, total: app.match.setup.rounds, names: who }), done ? "match-winner" : "match-leader"));
    if (!done && round.result) parts.push(button("next-round", _("Deal the next round")));
  }
  sheet.replaceChildren(...parts);
}

function scoreOf(result, player, master) {
  const entry = result.scores.find((s) => s.player === player);
  return master ? entry.total : entry.penalty;
}

function heading(text, level = "h2") {
  const h = document.createElement(level);
  h.textContent = text;
  return h;
}

function paragraph(text, cls) {
  const p = document.createElement("p");
  p.textContent = text;
  if (cls) p.className = cls;
  return p;
}

function button(action, text) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "primary";
  b.dataset.action = action;
  b.textContent = text;
  return b;
}

function table(head, rows, cls) {
  const tableEl = document.createElement("table");
  tableEl.className = cls;
  const tr = tableEl.createTHead().insertRow();
  for (const text of head) {
    const th = document.createElement("th");
    th.textContent = text;
    tr.append(th);
  }
  const body = tableEl.createTBody();
  for (const row of rows) {
    const r = body.insertRow();
    if (row.winner) r.className = "winner";
    row.cells.forEach((value, i) => {
      const cell = r.insertCell();
      cell.textContent = i === 0 && row.winner ? `★ ${value}` : value ?? "?";
    });
  }
  return tableEl;
}
