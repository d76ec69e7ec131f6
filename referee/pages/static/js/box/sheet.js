// The score sheet of a finished box game: the referee's scores in the game's own columns,
// the winners, the hands still to be told where hidden hands decide (Farben sammeln), and
// the match so far (the rounds each player has won).
import * as api from "../api.js";
import { _ } from "../texts.js";
import { button, cardFace, cardName, cardPicker, element } from "./cards.js";

const $ = (id) => document.getElementById(id);

// The round scored by the referee, with the hands the table named where they were hidden.
// A refusal is kept with the round (it stays on screen, and across a reload) until the
// hands change.
async function score(ctx, named) {
  const { round } = ctx;
  const state = structuredClone(round.state);
  for (const [i, cards] of Object.entries(named || {})) state.players[Number(i)].hand = cards;
  const answer = await api.scores(state);
  if (!answer.ok) {
    const p = answer.problem;
    // The referee's own reason, without its layers of titles ("The game state cannot happen: ...").
    const reason = (p.reason || p.detail || p.title || "").replace(/^([^:]*(cannot happen|kann nicht|impossible|impossibile)[^:]*: )+/i, "");
    round.sheetProblem = { code: p.code, title: p.title, reason };
    return;
  }
  round.sheetProblem = null;
  const open = answer.data.scores.some((s) => Object.values(s).some((v) => v === null));
  round.result = open ? null : answer.data;
}

// The hands still hidden at the end (Farben sammeln): each named card by card with the
// picker, shown as cards; a card tapped again is taken out.
function handsPanel(ctx, hidden, sheet) {
  const { round, state, names, game, ui, hooks } = ctx;
  const hands = round.hands || (round.hands = {});
  const parts = [element("p", {}, _("Turn each hand up and name its cards with the picker, then score the round."))];
  const pending = hidden.find((i) => (hands[i] || []).length < state.players[i].hand.count);
  const editing = hidden.includes(ui.handOf) ? ui.handOf : pending ?? hidden[0];
  for (const i of hidden) {
    const cards = hands[i] || (hands[i] = []);
    const count = state.players[i].hand.count;
    const block = element("div", { class: "left-in-hand", "data-hand-of": String(i) });
    block.append(element("p", { class: "hand-title" }, _("{name}'s hand: {named} of {count} cards named", { name: names[i], named: cards.length, count })));
    const faces = element("div", { class: "hand-cards" });
    cards.forEach((card, k) => {
      const b = button(cardFace(card, true), { class: "hand-card", "data-hand-card": card, "aria-label": _("Take {card} out", { card: cardName(card) }) }, () => {
        cards.splice(k, 1);
        round.sheetProblem = null;
        ui.handOf = i;
        hooks.again();
      });
      faces.append(b);
    });
    block.append(faces);
    if (i === editing) {
      if (cards.length < count) {
        block.append(cardPicker(game.deck(state), ui, (card) => {
          cards.push(card);
          round.sheetProblem = null;
          if (cards.length >= count) ui.handOf = null;
          hooks.again();
        }, (color) => {
          ui.color = color;
          hooks.again();
        }));
      }
    } else {
      block.append(button(_("Name {name}'s cards", { name: names[i] }), { "data-name-hand": String(i) }, () => {
        ui.handOf = i;
        hooks.again();
      }));
    }
    parts.push(block);
  }
  parts.push(button(_("Score the round"), { class: "primary", "data-action": "box-score" }, async () => {
    const short = hidden.find((i) => (hands[i] || []).length !== state.players[i].hand.count);
    if (short !== undefined) {
      round.sheetProblem = { code: "COUNT", reason: _("{name} holds {count} cards; {named} are named.", { name: names[short], count: state.players[short].hand.count, named: (hands[short] || []).length }) };
    } else {
      await score(ctx, hands);
    }
    hooks.again();
  }));
  if (round.sheetProblem) {
    const said = element("p", { class: "problem-inline", role: "alert", "data-sheet-problem": round.sheetProblem.code || "" },
      _("These hands cannot be: {reason}", { reason: round.sheetProblem.reason }));
    parts.push(said);
  }
  return parts;
}

export async function showSheet(ctx, finished) {
  const sheet = $("sheet");
  const { round, app, game, names, state } = ctx;
  if (!finished) {
    sheet.hidden = true;
    sheet.replaceChildren();
    return;
  }
  const hidden = game.handsAtEnd ? state.players.flatMap((p, i) => (p.hand && !Array.isArray(p.hand) && p.hand.count > 0 ? [i] : [])) : [];
  // Every hand known: the referee scores the round at once. Hidden hands wait for the table.
  if (!round.result && !hidden.length) await score(ctx);
  sheet.hidden = false;
  const parts = [element("h2", {}, _("Score sheet"))];
  if (!round.result && hidden.length) parts.push(...handsPanel(ctx, hidden, sheet));
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
