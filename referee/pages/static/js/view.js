// What the page shows besides the picture: who is to move, the referee's refusal, the
// events of the last turn and its open questions, the turn being built, and the score
// sheet. Each function writes one part of the page from the app's state object.
import { N_, _, language } from "./texts.js";
import { matchTotals } from "./record.js";
import { cardName, colourName } from "./names.js";
import { openerAsked } from "./setup.js";

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

// A rule's entry on the rules page, in the page's language; the link reads as the rule's
// title (`text`), never as its code.
export function ruleLink(code, ruleset, text) {
  const link = document.createElement("a");
  link.href = `/rules?lang=${language}#${ruleset}-${code}`;
  link.target = "_blank";
  link.dataset.rule = code;
  link.textContent = text || _("the rule explained");
  return link;
}

// "About this rule: <the rule's title, linked to its entry>" for a refusal of the referee;
// the page's own problems (no connection, a file that is no game) have no entry.
export function ruleLine(problem, ruleset) {
  const line = document.createElement("p");
  line.className = "problem-code";
  if (!RULE_CODE.test(problem.code || "")) return null;
  const [before, after] = _("About this rule: {rule}").split("{rule}");
  line.append(before, ruleLink(problem.code, ruleset, problem.title), after ?? "");
  return line;
}

// The alert box (#alert): a refusal kept on screen until the next action, with its title
// (`untitled` where it has none), detail, hint and reason, what to do next (`next()`: the
// caller's paragraphs) and the rule's entry linked by its title. No refusal: emptied, hidden.
export function showAlert(problem, ruleset, { untitled = "", next = () => [] } = {}) {
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
  title.textContent = problem.title || untitled || problem.code;
  const parts = [title];
  for (const [key, cls] of [["detail", "problem-detail"], ["hint", "problem-hint"], ["reason", "problem-reason"]]) {
    if (problem[key]) parts.push(paragraph(problem[key], cls));
  }
  parts.push(...next());
  const rule = ruleLine(problem, ruleset);
  if (rule) parts.push(rule);
  box.replaceChildren(...parts);
}

// The row games' refusal: the turn is changed and ended again.
export function showProblem(problem, ruleset) {
  showAlert(problem, ruleset, { next: () => [paragraph(_("Change the turn and end it again."), "problem-next")] });
}

// The referee's rule codes (not the page's own, such as UNREACHABLE) have an entry in /rules.
const RULE_CODE = /^(?!UNREACHABLE$|HTTP_ERROR$|MALFORMED_JSON$|SCHEMA_VIOLATION$|INVALID_STATE$)[A-Z_]+$/;

function eventText(event, names) {
  const name = names[event.player];
  switch (event.type) {
    case "bonus":
      return _("{name} takes a bonus card (row {row}, {range} complete).", { name, row: colourName(event.row), range: RANGE[event.half] });
    case "bonus_unavailable":
      return _("No bonus card is left for row {row}, {range}.", { row: colourName(event.row), range: RANGE[event.half] });
    case "drew":
      // A card drawn unseen is told in the turn's own line ("drew 3 cards").
      return event.card ? _("{name} drew {card}.", { name, card: cardName(event.card) }) : "";
    case "passed":
      return "";
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

// A recorded turn in words: "red 9, red 10, joker on yellow 10, drew 2 cards".
export function turnSummary(actions) {
  const parts = [];
  const draws = actions.filter((a) => a.type === "draw").length;
  for (const action of actions) {
    if (action.type === "draw") continue;
    parts.push(describe(action));
  }
  if (draws === 1) parts.push(_("drew a card"));
  if (draws > 1) parts.push(_("drew {n} cards", { n: draws }));
  return parts.join(", ");
}

// The last turn recorded or taken back, numbered so that two alike turns in a row read
// as two; the referee's events; and its questions, each to be answered yes or no (a
// "no" shows the rule and the way back: undo the turn).
export function showNews(news, names, ruleset) {
  const box = $("news");
  box.replaceChildren();
  if (!news) return;
  const name = names[news.player];
  const summary = turnSummary(news.actions || []);
  const first = news.kind === "undone"
    ? _("Turn {number} taken back ({name}: {actions}). {name} is to move again.", { number: news.number, name, actions: summary })
    : _("Turn {number} recorded: {name} — {actions}.", { number: news.number, name, actions: summary });
  const lines = [first, ...(news.events || []).map((e) => eventText(e, names))];
  for (const text of lines.filter(Boolean)) box.append(paragraph(text, "event"));
  for (const code of news.unchecked || []) {
    const question = QUESTIONS[code] || N_("The referee could not check rule {code}: please check it at the table.");
    box.append(questionBlock(code, _(question, { name, code }), (news.answers || {})[code], ruleset));
  }
}

// A question of the referee to the table, answered Yes or No (`data-action=answer`); a
// "no" shows the rule broken, its entry, and the way back: undo the turn.
export function questionBlock(code, text, answer, ruleset) {
  const p = document.createElement("div");
  p.className = "question";
  p.dataset.unchecked = code;
  p.append(paragraph(text));
  if (!answer) {
    const buttons = document.createElement("div");
    buttons.className = "answers";
    for (const [value, label] of [["yes", _("Yes")], ["no", _("No")]]) {
      const b = button("answer", label);
      b.className = "";
      b.dataset.answer = value;
      b.dataset.code = code;
      buttons.append(b);
    }
    p.append(buttons);
  } else if (answer.value === "yes") {
    p.dataset.answered = "yes";
    p.append(paragraph(_("Yes: the turn stands."), "answered"));
  } else {
    p.dataset.answered = "no";
    // The rule's title is the link to its entry.
    const rule = paragraph("", "answered");
    const [before, after] = _("Then the turn broke this rule: {title}").split("{title}");
    rule.append(before, ruleLink(code, ruleset, answer.title), after ?? "");
    p.append(rule, paragraph(_("Take the turn back and record what really happened."), "answered"), button("undo", _("Undo the turn")));
  }
  return p;
}

function describe(action) {
  switch (action.type) {
    case "place":
      return action.card === "J" ? _("joker on {card}", { card: cardName(action.at) }) : cardName(action.card);
    case "swap":
      return _("{card} for the joker", { card: cardName(action.card) });
    case "bridge":
      return _("bridge card {from} – {to}", { from: cardName(action.from), to: cardName(action.to) });
    case "draw":
      return _("draw");
    case "pass":
      return _("passed");
    default:
      return action.type;
  }
}

export function showBuilding(turn, legal) {
  const line = $("building");
  let prompt;
  if (turn.mode === "joker") prompt = _("Joker: tap the slot it is laid in.");
  else if (turn.mode === "bridge" && !turn.bridgeFrom) prompt = _("Bridge card: tap the slot it starts from.");
  else if (turn.mode === "bridge") prompt = _("Bridge card from {slot}: tap the slot it leads to.", { slot: cardName(turn.bridgeFrom) });
  else if (!turn.actions.length) prompt = _("Tap the slot of each card laid; the slot says which card it is.");
  else prompt = legal && legal.complete ? _("The turn may end now.") : "";
  const list = turn.actions.map(describe).join(", ");
  const label = _("This turn:");
  line.textContent = list ? `${label} ${list}${prompt ? " — " + prompt : ""}` : prompt;
  for (const mode of ["joker", "bridge"]) {
    document.querySelector(`[data-action=${mode}]`).setAttribute("aria-pressed", String(turn.mode === mode));
  }
  document.querySelector("[data-action=end-turn]").dataset.ready = String(Boolean(legal && legal.complete));
  for (const type of ["draw", "pass"]) {
    const allowed = Boolean(legal && legal.actions.some((a) => a.type === type));
    const control = document.querySelector(`[data-action=${type}]`);
    control.dataset.legal = String(allowed);
    control.disabled = !allowed; // the referee lists no such next action now
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
  // What the players typed stays when the sheet is drawn again (after a refusal, say).
  const typed = Object.fromEntries([...sheet.querySelectorAll("[data-hand-of]")].map((i) => [i.dataset.handOf, i.value]));
  const names = round.state.players.map((p) => p.name);
  const master = app.match.setup.ruleset === "master";
  const parts = [heading(_("Score sheet"))];
  const open = round.state.players.flatMap((p, i) => (!Array.isArray(p.hand) && p.hand.count > 0 ? [i] : []));
  if (!round.result && open.length) {
    parts.push(paragraph(_("Tell the referee the cards left in each hand, then score the round.")));
    // The wire format's letters, said once in the players' language (in German "G" is
    // grün here, not gelb).
    const colours = gameColours(round.state);
    const letters = colours.map((c) => `${c} = ${colourName(c)}`);
    if (master) letters.push(`J = ${cardName("J")}`);
    const example = master ? "R5 Y12 J" : `${colours[0]}5 ${colours[1]}9`;
    parts.push(paragraph(_("Type each card as its colour's letter and its value ({letters}), for example {example}.", { letters: letters.join(", "), example }), "hand-help"));
    for (const i of open) {
      const label = document.createElement("label");
      label.className = "left-in-hand";
      label.textContent = _("Cards left in {name}'s hand ({count})", { name: names[i], count: round.state.players[i].hand.count });
      const input = document.createElement("input");
      input.dataset.handOf = String(i);
      input.value = typed[String(i)] || "";
      input.autocomplete = "off";
      input.autocapitalize = "characters";
      label.append(input);
      parts.push(label);
    }
    parts.push(button("score", _("Score the round")));
    if (app.sheetProblem) {
      const said = paragraph(app.sheetProblem.text, "problem-inline");
      said.setAttribute("role", "alert");
      said.dataset.sheetProblem = app.sheetProblem.kind;
      parts.push(said);
    }
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
    if (!done && round.result) {
      const asked = openerAsked(app.match.setup);
      if (asked) {
        // The next deal's real cards decide who opens: the table says who holds the 11.
        const label = document.createElement("label");
        label.className = "opener";
        label.append(_("Who holds the {card}?", { card: cardName(asked) }), " ");
        const select = document.createElement("select");
        select.dataset.control = "opener";
        names.forEach((name, i) => select.append(new Option(name, String(i))));
        label.append(select);
        parts.push(label);
      }
      parts.push(button("next-round", _("Deal the next round")));
    }
  }
  sheet.replaceChildren(...parts);
}

// The colours of the game's deck (the editions' own colours), for the letters' legend.
function gameColours(state) {
  if (state.ruleset === "master") return ["R", "Y", "G", "B"];
  const options = state.options || {};
  const colours = state.ruleset === "classic" && options.edition === "original" ? ["R", "Y", "G", "B"] : ["O", "Y", "G", "B"];
  return options.without_blue ? colours.slice(0, 3) : colours;
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
