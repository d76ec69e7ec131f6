// The score sheet of a finished box game: the referee's scores in the game's own columns,
// the winners, the hands still to be told where hidden hands decide (Farben sammeln), and
// the match so far (the rounds each player has won).
import * as api from "../api.js";
import { _ } from "../texts.js";
import { button, element } from "./cards.js";

const $ = (id) => document.getElementById(id);

async function score(ctx, typed) {
  const { round, app } = ctx;
  const state = structuredClone(round.state);
  for (const [i, cards] of Object.entries(typed || {})) state.players[Number(i)].hand = cards;
  const answer = await api.scores(state);
  if (!answer.ok) {
    app.sheetProblem = answer.problem;
    return;
  }
  app.sheetProblem = null;
  const open = answer.data.scores.some((s) => Object.values(s).some((v) => v === null));
  round.result = open ? null : answer.data;
}

export async function showSheet(ctx, finished) {
  const sheet = $("sheet");
  const { round, app, game, names, state, hooks } = ctx;
  if (!finished) {
    sheet.hidden = true;
    sheet.replaceChildren();
    return;
  }
  if (!round.result) await score(ctx);
  sheet.hidden = false;
  const parts = [element("h2", {}, _("Score sheet"))];
  const hidden = state.players.flatMap((p, i) => (p.hand && !Array.isArray(p.hand) && p.hand.count > 0 ? [i] : []));
  if (!round.result && hidden.length) {
    parts.push(element("p", {}, _("Tell the referee the cards left in each hand (for example: O5 Y12 B3), then score the round.")));
    for (const i of hidden) {
      const label = element("label", { class: "left-in-hand" }, _("Cards left in {name}'s hand ({count})", { name: names[i], count: state.players[i].hand.count }));
      const input = element("input", { "data-hand-of": String(i), autocomplete: "off", autocapitalize: "characters" });
      label.append(input);
      parts.push(label);
    }
    parts.push(button(_("Score the round"), { class: "primary", "data-action": "box-score" }, async () => {
      const typed = {};
      for (const input of sheet.querySelectorAll("[data-hand-of]")) {
        typed[input.dataset.handOf] = input.value.toUpperCase().split(/[\s,;]+/).filter(Boolean);
      }
      await score(ctx, typed);
      hooks.again();
    }));
    if (app.sheetProblem) parts.push(element("p", { class: "problem-inline" }, `${app.sheetProblem.title}: ${app.sheetProblem.detail || app.sheetProblem.reason || ""}`));
  }
  if (round.result) {
    const columns = game.columns(state);
    const winners = round.result.winners || [];
    const rows = round.result.scores.map((s) => ({ cells: [names[s.player], ...columns.map(([, cell]) => cell(s))], winner: winners.includes(s.player) }));
    parts.push(table([_("Player"), ...columns.map(([head]) => head)], rows, "round-scores box-scores"));
    if (winners.length) parts.push(element("p", { class: "winners" }, _("Winner of the round: {names}", { names: winners.map((i) => names[i]).join(", ") })));
    else parts.push(element("p", { class: "winners" }, _("Nobody wins this round.")));
  }
  const wins = names.map((_n, i) => app.match.rounds.filter((r) => r.result && (r.result.winners || []).includes(i)).length);
  const scored = app.match.rounds.filter((r) => r.result).length;
  if (scored) {
    const best = Math.max(...wins);
    const leaders = wins.flatMap((w, i) => (w === best ? [i] : []));
    const rows = names.map((name, i) => ({ cells: [name, wins[i]], winner: leaders.includes(i) }));
    parts.push(element("h3", {}, _("The match")), table([_("Player"), _("Rounds won")], rows, "match-scores"));
    const done = scored >= app.match.setup.rounds && round.result;
    const who = leaders.map((i) => names[i]).join(", ");
    parts.push(element("p", { class: done ? "match-winner" : "match-leader" }, done
      ? _("Winner of the match: {names}", { names: who })
      : _("Rounds scored: {rounds} of {total}. Leading: {names}", { rounds: scored, total: app.match.setup.rounds, names: who })));
    if (!done && round.result) parts.push(button(_("Deal the next round"), { class: "primary", "data-action": "next-round" }));
  }
  sheet.replaceChildren(...parts);
}

function table(head, rows, cls) {
  const t = element("table", { class: cls });
  const tr = t.createTHead().insertRow();
  for (const text of head) tr.append(element("th", {}, text));
  const body = t.createTBody();
  for (const row of rows) {
    const r = body.insertRow();
    if (row.winner) r.className = "winner";
    row.cells.forEach((value, i) => {
      r.insertCell().textContent = i === 0 && row.winner ? `★ ${value}` : value ?? "?";
    });
  }
  return t;
}
