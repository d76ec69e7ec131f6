// The table for the eight other games in the box: who may act now, the controls their
// turn needs, the turn being built, the reveal of face-down cards, the cards that lie on
// the table after the deal, the news and the score sheet. Every step asks the referee:
// /v1/legal-actions for each player says who may act and what may come next, /v1/turns
// judges the turn, /v1/replays replays a round whose face-down cards were named at the
// reveal, /v1/scores scores it. This module never decides a rule; each game's module
// (games.js) only says how its actions are tapped and named.
import * as api from "../api.js";
import { _ } from "../texts.js";
import { showAlert } from "../view.js";
import { button, cardLabel, cardPicker, element } from "./cards.js";
import { GAMES } from "./games.js";
import { showNews } from "./news.js";
import { showSheet } from "./sheet.js";

const $ = (id) => document.getElementById(id);

export const handles = (match) => Boolean(match && GAMES[match.setup.ruleset]);
export const isBox = (ruleset) => Boolean(GAMES[ruleset]);

// The box table's part of the page's state object (`app.box`): what is being picked.
export function emptyUi() {
  return { color: null, digits: "", picked: null, reveal: null, entry: null, justAdded: false, with: [], noStopp: false, handOf: null };
}

const finishedState = (state) => state.current === null && state.waiting.length === 0;

// The face-down cards the state hides (a trick's or the middle's `card: null`), in order.
function hiddenEntries(state) {
  return (state.trick || state.middle || []).filter((e) => e && Object.prototype.hasOwnProperty.call(e, "card") && e.card === null);
}

function freshTurn(player = null) {
  return { player, actions: [], mode: null, bridgeFrom: null };
}

export async function refresh(app, hooks) {
  const round = app.match.rounds[app.match.rounds.length - 1];
  const game = GAMES[app.match.setup.ruleset];
  const state = round.state;
  const names = state.players.map((p) => p.name);
  const ui = app.box;
  document.body.dataset.family = "box";
  const ctx = { app, round, game, state, names, ui, hooks, legal: null, legalOf: [], actor: null, problem: app.problem };

  if (game.entry && !round.entered && !round.turns.length) return showEntry(ctx);

  const finished = finishedState(state);
  if (!finished && !ui.reveal) {
    const answers = await Promise.all(state.players.map((_p, i) => api.legalActions(state, [], i)));
    if (hooks.stale()) return false;
    ctx.legalOf = answers.map((a) => (a.ok ? a.data.actions : []));
    const problemOf = answers.find((a) => !a.ok);
    if (problemOf && !ctx.problem) ctx.problem = problemOf.problem;
    const actors = ctx.legalOf.flatMap((list, i) => (list.length ? [i] : []));
    ctx.actors = actors;
    let actor = app.turn.player;
    if (!actors.includes(actor)) actor = actors.includes(state.current) ? state.current : actors.length ? actors[0] : state.current;
    if (actor !== app.turn.player) app.turn = freshTurn(actor);
    ctx.actor = actor;
    if (app.turn.actions.length && actor !== null) {
      const answer = await api.legalActions(state, app.turn.actions, actor);
      if (hooks.stale()) return false;
      if (answer.ok) ctx.legal = answer.data;
      else if (Number.isInteger(answer.problem.action)) {
        // The step just tapped breaks a rule: the referee's refusal stays on screen, the
        // step goes, and the controls go on from the steps before it.
        app.problem = { ...answer.problem, from: "turn" };
        app.turn = { ...app.turn, actions: app.turn.actions.slice(0, answer.problem.action) };
        ui.picked = null;
        ui.justAdded = false;
        hooks.again();
        return false;
      } else if (!ctx.problem) ctx.problem = answer.problem;
    } else if (actor !== null) {
      ctx.legal = { actions: ctx.legalOf[actor] || [], complete: false };
    }
    // A turn that nothing may follow is sent at once: the referee records it, or says why
    // not (CARDS_HIDDEN opens the reveal).
    const sendNow = ui.justAdded && ctx.legal && ctx.legal.actions.length === 0
      && (!game.autoSend || game.autoSend(app.turn));
    ui.justAdded = false;
    if (sendNow) {
      await endTurn(app, hooks.again);
      return false;
    }
    ctx.previews = game.previews ? await previews(game.previews(ctx)) : [];
    if (hooks.stale()) return false;
  }
  ui.justAdded = false;

  await showPicture(state, hooks);
  if (hooks.stale()) return false;
  showStatus(ctx, finished);
  showProblem(ctx.problem, ctx);
  showNews(app.news, names, ctx);
  const panel = $("box");
  panel.hidden = false;
  if (finished) panel.replaceChildren(...roundUndo(ctx)); // the last round may still go back whole
  else if (ui.reveal) panel.replaceChildren(...revealPanel(ctx));
  else panel.replaceChildren(...controlsPanel(ctx));
  showBuilding(ctx);
  $("controls").dataset.finished = String(finished);
  app.finished = finished;
  await showSheet(ctx, finished);
  return !hooks.stale();
}

async function previews(requests) {
  return Promise.all(requests.map(async (r) => {
    const answer = await api.turn(r.state, r.player, r.actions);
    return answer.ok ? answer.data : null;
  }));
}

async function showPicture(state, hooks) {
  const narrow = window.matchMedia("(max-width: 720px)").matches;
  const shown = await api.picture({ state, layout: narrow ? "tall" : "wide" });
  if (!hooks.stale() && shown.ok) $("picture").innerHTML = shown.data;
}

function showStatus(ctx, finished) {
  const { state, names, app } = ctx;
  const line = $("to-move");
  line.removeAttribute("data-current-player");
  if (finished) line.textContent = _("The game is over.");
  else if (state.current === null) {
    line.textContent = _("Everyone at once; still to act: {names}", { names: state.waiting.map((i) => names[i]).join(", ") });
  } else {
    line.textContent = _("{name} to move", { name: names[state.current] });
    line.dataset.currentPlayer = String(state.current);
  }
  $("round").textContent = _("Round {round} of {rounds}", { round: app.match.rounds.length, rounds: app.match.setup.rounds });
}

// The referee's refusal (view.js's alert box), with what to do next: the button that
// starts the turn again, or, for a turn refused whole, that nothing was recorded.
function showProblem(problem, ctx) {
  showAlert(problem, ctx ? ctx.app.match.setup.ruleset : "", { untitled: _("The referee refused this."), next: () => nextStep(problem, ctx) });
}

function nextStep(problem, ctx) {
  const turn = ctx && ctx.app.turn;
  if (turn && turn.actions.length) {
    const next = element("p", { class: "problem-next" }, _("Correct the step, or tap “{clear}” to start the whole turn again.", { clear: _("Clear") }) + " ");
    next.append(button(_("Clear"), { "data-alert-action": "clear" }, () => {
      Object.assign(ctx.app.box, { picked: null, digits: "", with: [] });
      ctx.app.turn = freshTurn();
      ctx.app.problem = null;
      ctx.hooks.again();
    }));
    return [next];
  }
  if (ctx && problem.from === "turn") return [element("p", { class: "problem-next" }, _("Nothing was recorded: record what really happened."))];
  return [];
}

function showBuilding(ctx) {
  const { app, game, names } = ctx;
  const turn = app.turn;
  const line = $("building");
  // A long turn (an Überall run) shows its last steps: the line stays one line.
  const shown = turn.actions.length > 4 ? turn.actions.slice(-4) : turn.actions;
  const list = (turn.actions.length > 4 ? "… " : "") + shown.map((a) => game.describe(a, ctx)).join(" · ");
  const who = turn.player === null || turn.player === undefined ? "" : names[turn.player];
  const ready = Boolean(ctx.legal && ctx.legal.complete && turn.actions.length);
  line.textContent = list ? `${_("This turn:")} ${who}: ${list}${ready ? " — " + _("The turn may end now.") : ""}` : "";
  document.querySelector("[data-action=end-turn]").dataset.ready = String(ready);
}

// Helpers each game's controls use to change the turn being built.
function tools(ctx) {
  const { app, ui, hooks, game } = ctx;
  return {
    add(action, player = ctx.actor) {
      if (app.turn.player !== player) app.turn = freshTurn(player);
      app.turn = { ...app.turn, actions: [...app.turn.actions, action] };
      app.problem = null;
      ui.picked = null;
      ui.justAdded = true;
      hooks.again();
    },
    set(player, actions, send = false) {
      app.turn = { ...freshTurn(player), actions };
      app.problem = null;
      ui.picked = null;
      ui.justAdded = send;
      hooks.again();
    },
    act(player) {
      app.turn = freshTurn(player);
      app.problem = null;
      ui.picked = null;
      hooks.again();
    },
    ui(change) {
      Object.assign(ui, change);
      hooks.again();
    },
    picker(deck, onCard) {
      return cardPicker(deck, ui, (card) => {
        // A game whose cards come from different players forgets the colour (Schnipp Schnapp).
        if (game.forgetColor) ui.color = null;
        onCard(card);
      }, (color) => {
        ui.color = color;
        hooks.again();
      });
    },
    send() {
      endTurn(app, hooks.again);
    },
    // A turn the referee cannot list ahead (it would turn up face-down cards): sent as it is.
    submit(player, actions) {
      app.turn = { ...freshTurn(player), actions };
      app.problem = null;
      endTurn(app, hooks.again);
    },
  };
}

function controlsPanel(ctx) {
  const { game, names, state } = ctx;
  const t = tools(ctx);
  const parts = [];
  if (ctx.actor === null || ctx.actor === undefined || !(ctx.legal && (ctx.legal.actions.length || ctx.legal.complete))) {
    const blocked = game.blocked ? game.blocked(ctx, t) : null;
    if (blocked) return [...blocked, ...roundUndo(ctx)];
    if (hiddenEntries(state).length) {
      return [element("p", { class: "box-prompt" }, _("The referee needs the face-down cards: turn them up and name them.")),
        button(_("Turn the cards up"), { class: "primary", "data-box-action": "reveal-cards" }, () => t.ui({ reveal: { pending: null, named: [] } }))];
    }
    if (ctx.app.turn.actions.length) {
      // The turn so far cannot go on: the way back is to start it again.
      return [element("p", { class: "box-prompt", "data-box-step": "stuck" }, _("This turn cannot go on as recorded. Start it again.")),
        button(_("Clear"), { class: "primary", "data-box-action": "clear-turn" }, () => t.set(ctx.actor, []))];
    }
  }
  if (!game.ownActors && ctx.actors && ctx.actors.length > 1) {
    const row = element("div", { class: "actors", role: "group", "aria-label": _("Who acts?") });
    row.append(element("span", { class: "actors-label" }, _("Who acts?")));
    for (const i of ctx.actors) {
      row.append(button(names[i], { "data-actor": String(i), "aria-pressed": String(i === ctx.actor) }, () => t.act(i)));
    }
    parts.push(row);
  }
  parts.push(...game.controls(ctx, t), ...roundUndo(ctx));
  return parts;
}

// Games played in rounds (Ratefix, the tricks of Die höchste Karte): one tap takes the
// whole round back, the cards named at its reveal with it.
function roundUndo(ctx) {
  const { game, round, app, hooks } = ctx;
  if (!game.roundStart || !round.turns.length || app.turn.actions.length) return [];
  const row = element("div", { class: "box-buttons box-undo" });
  row.append(button(_("Undo the whole round"), { "data-box-action": "undo-round" }, () => undo(app, hooks.again, true)));
  return [row];
}

// The reveal: the referee answered CARDS_HIDDEN (or lists nothing while cards lie face
// down): the table turns the cards up and names each; the face-down turns recorded get
// their cards, and the round is replayed with them.
function revealPanel(ctx) {
  const { app, ui, state, names, game } = ctx;
  const t = tools(ctx);
  const entries = hiddenEntries(state).map((e) => e.player);
  const pending = ui.reveal.pending;
  if (pending && !pending.actions[0].card && !pending.actions[0].value && pending.actions[0].type !== "guess") entries.push(pending.player);
  const named = ui.reveal.named;
  const parts = [element("p", { class: "box-prompt", "data-box-step": "reveal" }, _("Turn the face-down cards up and name each."))];
  const list = element("ol", { class: "revealed" });
  entries.forEach((p, i) => {
    const item = element("li", { "data-reveal-of": String(p) }, `${names[p]}: `);
    item.append(named[i] ? cardLabel(named[i]) : "?");
    list.append(item);
  });
  parts.push(list);
  if (named.length < entries.length) {
    const p = entries[named.length];
    parts.push(element("p", { class: "box-ask" }, _("{name}'s card:", { name: names[p] })));
    parts.push(t.picker(game.deck(state, p), (card) => {
      named.push(card);
      if (named.length === entries.length) applyReveal(app, entries, named, ctx.hooks.again);
      else ctx.hooks.again();
    }));
  }
  const row = element("div", { class: "box-buttons" });
  if (named.length) row.append(button(_("Take back the last card named"), { "data-box-action": "unname" }, () => { named.pop(); ctx.hooks.again(); }));
  row.append(button(_("Cancel"), { "data-box-action": "cancel-reveal" }, () => { ui.reveal = null; app.problem = null; ctx.hooks.again(); }));
  parts.push(row);
  return parts;
}

async function applyReveal(app, entries, named, again) {
  const round = app.match.rounds[app.match.rounds.length - 1];
  const pending = app.box.reveal.pending;
  const turns = round.turns.map((turn) => ({ ...turn, actions: turn.actions.map((a) => ({ ...a })) }));
  const hidden = entries.length - (pending && !pending.actions[0].card && pending.actions[0].type !== "guess" ? 1 : 0);
  // Each face-down card belongs to the latest unnamed face-down play or put of its player.
  const used = new Set();
  for (let i = hidden - 1; i >= 0; i -= 1) {
    const t = turns.findLastIndex((turn, k) => !used.has(k) && turn.player === entries[i]
      && turn.actions.length === 1 && ["play", "put"].includes(turn.actions[0].type) && !turn.actions[0].card);
    if (t >= 0) {
      used.add(t);
      turns[t].actions[0].card = named[i];
    }
  }
  if (pending) {
    const actions = pending.actions.map((a) => ({ ...a }));
    if (hidden < entries.length) actions[0].card = named[named.length - 1];
    turns.push({ player: pending.player, actions });
  }
  const answer = await api.replay(round.start, turns);
  if (!answer.ok) {
    app.problem = answer.problem;
    app.box.reveal.named = [];
    again();
    return;
  }
  round.turns = turns;
  round.state = answer.data.state;
  round.result = null;
  const last = turns[turns.length - 1];
  app.news = { player: last.player, events: answer.data.events[answer.data.events.length - 1] || [], unchecked: [] };
  app.turn = freshTurn();
  Object.assign(app.box, emptyUi(), { color: app.box.color });
  app.problem = null;
  again();
}

// Undo: the last recorded turn taken back (`whole`: the whole round of a game that plays
// in rounds, Ratefix's puts and guesses, a trick), said in the news. The cards named at
// a reveal were written into the round's face-down turns: a round opened again by the
// undo turns them face down again, so the reveal asks for them anew.
export async function undo(app, again, whole = false) {
  const round = app.match.rounds[app.match.rounds.length - 1];
  const game = GAMES[app.match.setup.ruleset];
  if (!round.turns.length) return;
  const cut = whole && game.roundStart ? game.roundStart(round.turns, round.start) : round.turns.length - 1;
  const taken = round.turns.slice(cut);
  let kept = round.turns.slice(0, cut);
  if (game.roundStart) {
    const open = game.roundStart(kept, round.start, true);
    kept = kept.map((turn, k) => (k >= open && hiddenAtStart(round.start, turn.player) ? faceDown(turn) : turn));
  }
  const answer = await api.replay(round.start, kept);
  if (!answer.ok) {
    app.problem = answer.problem;
    again();
    return;
  }
  round.turns = kept;
  round.state = answer.data.state;
  round.result = null;
  round.hands = null;
  app.news = { kind: "undone", taken };
  app.turn = freshTurn();
  app.problem = null;
  app.sheetProblem = null;
  Object.assign(app.box, emptyUi(), { color: app.box.color });
  again();
}

// Whether the player's cards were hidden when the round was dealt (a real table's cards).
function hiddenAtStart(start, player) {
  const p = start.players[player];
  const pile = p.hand ?? p.stack;
  return pile !== undefined && !Array.isArray(pile);
}

function faceDown(turn) {
  return { ...turn, actions: turn.actions.map((a) => (["play", "put"].includes(a.type) ? { type: a.type } : a)) };
}

export async function endTurn(app, again) {
  const round = app.match.rounds[app.match.rounds.length - 1];
  const player = app.turn.player ?? round.state.current;
  if (!app.turn.actions.length) return;
  const answer = await api.turn(round.state, player, app.turn.actions);
  if (!answer.ok) {
    if (answer.problem.code === "CARDS_HIDDEN") {
      app.box.reveal = { pending: { player, actions: app.turn.actions }, named: [] };
      app.problem = null;
    } else {
      // The refused step and what came after it are taken back; the steps before it stay,
      // so that the controls go on from there (a long Überall run is not lost).
      app.problem = { ...answer.problem, from: "turn" };
      const index = answer.problem.action;
      const kept = Number.isInteger(index) ? app.turn.actions.slice(0, index) : app.turn.actions;
      app.turn = { ...app.turn, actions: kept };
      app.box.picked = null;
    }
    again();
    return;
  }
  round.turns.push({ player, actions: app.turn.actions });
  round.state = answer.data.state;
  // In a step where everyone acts at once, the news keeps the step's earlier turns, so
  // that a battle or a trick reads whole when it resolves.
  const after = answer.data.state;
  const earlier = app.news && app.news.open ? [...(app.news.earlier || []), { player: app.news.player, events: app.news.events }] : [];
  const open = after.current === null && after.waiting.length > 0 && after.waiting.length < after.players.length;
  const game = GAMES[round.state.ruleset];
  const said = game.announce ? game.announce(after, answer.data.events) : [];
  app.news = { player, actions: app.turn.actions, events: answer.data.events, unchecked: answer.data.unchecked, earlier, open, said, answers: {} };
  app.turn = freshTurn();
  app.problem = null;
  Object.assign(app.box, { picked: null, digits: "", with: [], noStopp: false });
  again();
}

// The cards that lie on the table after the real deal (Farben sammeln's four stacks, the
// pairs and quartets laid at once): the referee's hidden deal does not know them.
function showEntry(ctx) {
  const { app, round, game, ui, hooks } = ctx;
  if (!ui.entry) ui.entry = game.entry.draft(round.start);
  document.body.dataset.family = "box";
  $("to-move").textContent = _("The deal: what lies on the table?");
  $("to-move").removeAttribute("data-current-player");
  $("round").textContent = _("Round {round} of {rounds}", { round: app.match.rounds.length, rounds: app.match.setup.rounds });
  showProblem(app.problem, ctx);
  showNews(null, [], ctx);
  // Nothing is played before the cards on the table are entered: the turn's bar waits.
  $("controls").hidden = true;
  const t = tools(ctx);
  const confirm = button(_("That is what lies on the table"), { class: "primary", "data-action": "confirm-deal" }, async () => {
    const start = game.entry.apply(round.start, ui.entry);
    const check = await api.legalActions(start, [], start.current ?? start.waiting[0]);
    if (!check.ok) {
      app.problem = check.problem;
      hooks.again();
      return;
    }
    Object.assign(round, { start, state: start, entered: true, result: null });
    app.problem = null;
    ui.entry = null;
    hooks.again();
  });
  $("box").hidden = false;
  $("box").replaceChildren(...game.entry.render(ctx, t, ui.entry), confirm);
  $("picture").replaceChildren();
  $("sheet").hidden = true;
  return !hooks.stale();
}
