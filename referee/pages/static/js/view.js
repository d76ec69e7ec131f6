// What the page shows besides the picture: who is to move, the referee's refusal, the
// events of the last turn and its open questions, the turn being built, and the score
// sheet. Each function writes one part of the page from the app's state object.
import { N_, t } from "./texts.js";
import { matchTotals } from "./record.js";

const $ = (id) => document.getElementById(id);

const RANGE = { low: "1–10", high: "12–21" };

export function showStatus(app, round) {
  const state = round.state;
  const line = $("to-move");
  if (app.finished) {
    line.textContent = t("The game is over.");
    line.removeAttribute("data-current-player");
  } else {
    line.textContent = t("%(name)s to move", { name: state.players[state.current].name });
    line.dataset.currentPlayer = String(state.current);
  }
  const setup = app.match.setup;
  $("round").textContent = t("Round %(round)s of %(rounds)s", { round: app.match.rounds.length, rounds: setup.rounds });
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
  code.textContent = t("Rule %(code)s. Change the turn and end it again.", { code: problem.code });
  parts.push(code);
  box.replaceChildren(...parts);
}

function eventText(event, names) {
  const name = names[event.player];
  switch (event.type) {
    case "bonus":
      return t("%(name)s takes a bonus card (row %(row)s, %(range)s complete).", { name, row: event.row, range: RANGE[event.half] });
    case "bonus_unavailable":
      return t("No bonus card is left for row %(row)s, %(range)s.", { row: event.row, range: RANGE[event.half] });
    case "drew":
      return event.card ? t("%(name)s drew %(card)s.", { name, card: event.card }) : t("%(name)s drew a card.", { name });
    case "passed":
      return t("%(name)s passed.", { name });
    case "game_over":
      return event.reason === "out" ? t("A player has laid the last card: the game is over.") : t("Nobody can lay a card any more: the game is over.");
    default:
      return "";
  }
}

// What the referee could not check without the hidden cards, as a question to the table.
const QUESTIONS = {
  MUST_PLAY: N_("Did %(name)s really have no card to lay?"),
  OPENING: N_("Was %(name)s's 11 really the first to open (nobody held one that comes before it)?"),
  DRAW_AFTER_FIT: N_("Did the cards %(name)s drew before the last one really not fit?"),
  PLAY_AFTER_DRAW: N_("Was the card %(name)s laid really the one just drawn?"),
  DRAW_INCOMPLETE: N_("Did the last card %(name)s drew fit? If not, %(name)s must keep drawing."),
  MUST_PLACE_DRAWN: N_("Did the card %(name)s drew really fit nowhere? A drawn card that fits must be laid."),
};

export function showNews(news, names) {
  const box = $("news");
  box.replaceChildren();
  if (!news) return;
  const lines = [t("%(name)s's turn is recorded.", { name: names[news.player] }), ...news.events.map((e) => eventText(e, names))];
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
    const question = QUESTIONS[code] || N_("The referee could not check rule %(code)s: please check it at the table.");
    p.textContent = t(question, { name: names[news.player], code });
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
      return t("draw");
    case "pass":
      return t("pass");
    default:
      return action.type;
  }
}

export function showBuilding(turn, legal) {
  const line = $("building");
  let prompt;
  if (turn.mode === "joker") prompt = t("Joker: tap the slot it is laid in.");
  else if (turn.mode === "bridge" && !turn.bridgeFrom) prompt = t("Bridge card: tap the slot it starts from.");
  else if (turn.mode === "bridge") prompt = t("Bridge card from %(slot)s: tap the slot it leads to.", { slot: turn.bridgeFrom });
  else if (!turn.actions.length) prompt = t("Tap the slot of each card laid; the slot says which card it is.");
  else prompt = legal && legal.complete ? t("The turn may end now.") : "";
  const list = turn.actions.map(describe).join("  ");
  const label = t("This turn:");
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
  const parts = [heading(t("Score sheet"))];
  const open = round.state.players.flatMap((p, i) => (!Array.isArray(p.hand) && p.hand.count > 0 ? [i] : []));
  if (!round.result && open.length) {
    parts.push(paragraph(t("Tell the referee the cards left in each hand (for example: R5 Y12 J), then score the round.")));
    for (const i of open) {
      const label = document.createElement("label");
      label.className = "left-in-hand";
      label.textContent = t("Cards left in %(name)s's hand (%(count)s)", { name: names[i], count: round.state.players[i].hand.count });
      const input = document.createElement("input");
      input.dataset.handOf = String(i);
      input.autocomplete = "off";
      input.autocapitalize = "characters";
      label.append(input);
      parts.push(label);
    }
    parts.push(button("score", t("Score the round")));
    if (app.sheetProblem) parts.push(paragraph(`${app.sheetProblem.title}: ${app.sheetProblem.detail || app.sheetProblem.reason || ""}`, "problem-inline"));
  }
  if (round.result) {
    const head = master ? [t("Player"), t("Bonus"), t("Hand"), t("Jokers"), t("Total")] : [t("Player"), t("Penalty")];
    const rows = round.result.scores.map((s) => {
      const cells = master ? [names[s.player], s.bonus, s.hand, s.jokers, s.total] : [names[s.player], s.penalty];
      return { cells, winner: (round.result.winners || []).includes(s.player) };
    });
    parts.push(table(head, rows, "round-scores"));
    const winners = (round.result.winners || []).map((i) => names[i]).join(", ");
    if (winners) parts.push(paragraph(t("Winner of the round: %(names)s", { names: winners }), "winners"));
  }
  const { totals, scored, leaders } = matchTotals(app.match);
  if (scored) {
    const head = [t("Player"), ...app.match.rounds.map((_, i) => t("Round %(round)s", { round: i + 1 })), t("Match")];
    const rows = names.map((name, i) => ({
      cells: [name, ...app.match.rounds.map((r) => (r.result ? scoreOf(r.result, i, master) : "–")), totals[i]],
      winner: leaders.includes(i),
    }));
    parts.push(heading(t("The match"), "h3"), table(head, rows, "match-scores"));
    const done = scored >= app.match.setup.rounds && round.result;
    const who = leaders.map((i) => names[i]).join(", ");
    parts.push(paragraph(done ? t("Winner of the match: %(names)s", { names: who }) : t("Rounds scored: %(rounds)s of %(total)s. Leading: %(names)s", { rounds: scored, total: app.match.setup.rounds, names: who }), done ? "match-winner" : "match-leader"));
    if (!done && round.result) parts.push(button("next-round", t("Deal the next round")));
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
