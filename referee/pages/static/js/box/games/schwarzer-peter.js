// Schwarzer Peter: the pairs laid at the deal are entered first; a turn draws a card from
// the next player who holds cards (by its position in the fan: the drawer does not name
// it), and lays the pair it made, picked by value. The referee says who was drawn from
// (it is asked beforehand) and who is left holding the Schwarzer Peter.
import { _ } from "../../texts.js";
import { button, positionPicker, valueButtons } from "../cards.js";
import { ask, fullDeck, has, laidAtDeal, prompt, row } from "./common.js";

const highest = (state) => (state.options.short ? 16 : 20);
const countOf = (hand) => (Array.isArray(hand) ? hand.length : hand.count);

export default {
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
  // Each pair the table lays is two cards fewer in hand.
  entry: laidAtDeal({
    field: "pairs", pile: "hand", size: 2, top: highest,
    text: () => _("Each player lays the pairs in their hand at once. Tap the values of the pairs each has laid."),
  }),
};
