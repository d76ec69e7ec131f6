// Schnipp Schnapp: the quartets laid at the deal are entered first; the player to move
// (with "together", everyone at once) turns up a card, named with the picker; any player
// may call Schnapp! or Schnipp! at any time, recorded in the order the table heard them,
// with "called together" for a tie. The referee judges each call and moves the piles.
import { _ } from "../../texts.js";
import { button, cardName, element } from "../cards.js";
import { ask, fullDeck, has, laidAtDeal, prompt, row } from "./common.js";

const WORDS = { schnapp: "Schnapp!", schnipp: "Schnipp!" };

export default {
  options: ["together"],
  ownActors: true,
  // Each card turned up is another player's: the picker starts again from the colour.
  forgetColor: true,
  deck: (state) => fullDeck(state),
  describe(a, ctx) {
    if (a.type === "flip") return cardName(a.card);
    const together = (a.with || []).map((i) => ctx.names[i]);
    return together.length ? _("{word} together with {names}", { word: WORDS[a.word], names: together.join(", ") }) : WORDS[a.word];
  },
  controls(ctx, t) {
    const { state, names, app, actor } = ctx;
    const parts = [];
    const pending = app.turn.actions[0];
    if (pending && pending.type === "call") {
      parts.push(prompt(_("{name} called {word}. Did anyone call at the same moment?", { name: names[app.turn.player], word: WORDS[pending.word] }), "with"));
      const r = row();
      state.players.forEach((p, i) => {
        if (i === app.turn.player) return;
        const on = (pending.with || []).includes(i);
        r.append(button(p.name, { "data-called-with": String(i), "aria-pressed": String(on) }, () => {
          const others = on ? pending.with.filter((j) => j !== i) : [...(pending.with || []), i].sort((a, b) => a - b);
          const call = { type: "call", word: pending.word };
          if (others.length) call.with = others;
          t.set(app.turn.player, [call]);
        }));
      });
      parts.push(r);
      parts.push(row(
        button(_("Send the call"), { class: "primary", "data-box-action": "send" }, () => t.send()),
        button(_("Cancel"), { "data-box-action": "cancel-call" }, () => t.act(state.current)),
      ));
      return parts;
    }
    const flippers = ctx.legalOf.flatMap((list, i) => (has(list, "flip") ? [i] : []));
    const flipper = flippers.includes(actor) ? actor : flippers[0];
    if (flipper !== undefined) {
      if (flippers.length > 1) {
        const r = element("div", { class: "actors", role: "group", "aria-label": _("Who turns up?") });
        for (const i of flippers) r.append(button(names[i], { "data-actor": String(i), "aria-pressed": String(i === flipper) }, () => t.act(i)));
        parts.push(r);
      }
      parts.push(prompt(_("{name} turns up the top card of their stack.", { name: names[flipper] }), "flip"));
      parts.push(ask(_("Which card?")), t.picker(fullDeck(state), (card) => t.add({ type: "flip", card }, flipper)));
    }
    const callers = ctx.legalOf.flatMap((list, i) => (has(list, "call") ? [i] : []));
    if (callers.length) {
      parts.push(ask(_("Who called? Record the calls in the order they were heard.")));
      const grid = element("div", { class: "calls" });
      for (const i of callers) {
        const words = ctx.legalOf[i].filter((a) => a.type === "call").map((a) => a.word);
        grid.append(element("span", { class: "caller" }, names[i]));
        for (const word of ["schnapp", "schnipp"]) {
          grid.append(button(WORDS[word], { "data-call-by": String(i), "data-word": word, disabled: !words.includes(word) }, () => t.set(i, [{ type: "call", word }])));
        }
      }
      parts.push(grid);
    }
    return parts;
  },
  autoSend: (turn) => turn.actions.every((a) => a.type === "flip"),
  columns: (state) => [[state.options.together ? _("Cards won") : _("Quartets"), (s) => (state.options.together ? s.cards : s.quartets)]],
  // Each quartet the table sets aside is four cards fewer in the stack.
  entry: laidAtDeal({
    field: "quartets", pile: "stack", size: 4, top: () => 20,
    text: () => _("Each player sets aside the quartets (all four cards of a value) in their cards. Tap the values each has set aside."),
  }),
};
