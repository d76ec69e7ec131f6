// Schwarzer Peter: the pairs laid at the deal are entered first; a turn draws a card from
// the next player who holds cards (by its position in the fan: the drawer does not name
// it), and lays the pair it made, picked by value. The referee says who was drawn from
// (it is asked beforehand) and who is left holding the Schwarzer Peter.
import { _ } from "../../texts.js";
import { button, positionPicker, valueButtons, valueToggles } from "../cards.js";
import { ask, fullDeck, has, prompt, row } from "./common.js";

const highest = (state) => (state.options.short ? 16 : 20);
const countOf = (hand) => (Array.isArray(hand) ? hand.length : hand.count);

export default {
  ruleset: "schwarzer-peter",
  options: ["short"],
  deck: (state) => fullDeck(state, 1, highest(state)),
  describe(a, ctx) {
    if (a.type === "draw") return _("draws card {position} from the left", { position: a.index + 1 });
    return _("lays the pair of {value}s", { value: a.value });
  },
  previews(ctx) {
    const { state, actor } = ctx;
    if (actor === null || !has(ctx.legalOf[actor], "draw")) return [];
    return [{ state, player: actor, actions: [{ type: "draw", index: 0 }] }];
  },
  controls(ctx, t) {
    const { state, names, actor, legal, app } = ctx;
    const list = (legal && legal.actions) || [];
    const parts = [];
    if (has(list, "draw") && !app.turn.actions.length) {
      const drew = ctx.previews[0] && ctx.previews[0].events.find((e) => e.type === "drew");
      const from = drew ? drew.from : null;
      if (from === null) return parts;
      parts.push(prompt(_("{name} draws a card from {other}'s hand.", { name: names[actor], other: names[from] }), "draw"));
      parts.push(ask(_("Which card, counted from the left?")));
      parts.push(positionPicker(countOf(state.players[from].hand), (index) => t.add({ type: "draw", index })));
    }
    if (has(list, "pair")) {
      parts.push(prompt(_("Did the card make a pair? Tap its value, or end the turn."), "pair"));
      parts.push(valueButtons(1, highest(state), (value) => t.add({ type: "pair", value }), { "data-box-action": "pair" }));
      parts.push(row(button(_("No pair: end the turn"), { "data-box-action": "no-pair", class: "primary" }, () => t.send())));
    } else if (app.turn.actions.length && legal && legal.complete) {
      parts.push(row(button(_("End the turn"), { "data-box-action": "send", class: "primary" }, () => t.send())));
    }
    return parts;
  },
  autoSend: (turn) => turn.actions.some((a) => a.type === "pair"),
  columns: () => [[_("Left with the Schwarzer Peter"), (s) => (s.lost ? "✗" : "")]],
  entry: {
    draft: (start) => ({ pairs: start.players.map(() => new Set()) }),
    render(ctx, t, draft) {
      const parts = [prompt(_("Each player lays the pairs in their hand at once. Tap the values of the pairs each has laid."), "pairs")];
      ctx.state.players.forEach((p, i) => {
        parts.push(ask(p.name));
        parts.push(valueToggles(1, highest(ctx.state), draft.pairs[i], (v) => {
          if (draft.pairs[i].has(v)) draft.pairs[i].delete(v);
          else draft.pairs[i].add(v);
          ctx.hooks.again();
        }, { "data-entry-of": String(i), "aria-label": p.name }));
      });
      return parts;
    },
    // The referee's hidden deal laid pairs of its own: the hands are counted again with
    // the pairs the table laid (each pair two cards less in hand).
    apply(start, draft) {
      const players = start.players.map((p, i) => {
        const dealt = p.hand.count + 2 * p.pairs.length;
        const pairs = [...draft.pairs[i]].sort((a, b) => a - b);
        return { ...p, hand: { count: dealt - 2 * pairs.length }, pairs };
      });
      return { ...start, players };
    },
  },
};
