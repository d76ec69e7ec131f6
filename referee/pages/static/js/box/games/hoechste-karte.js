// Die höchste Karte gewinnt: everyone plays a card face down at once; when the last has
// played, the cards are turned up and named, and the referee gives the trick.
import { _ } from "../../texts.js";
import { cardName, colorName, editionColors, element } from "../cards.js";
import { actionButton, has, prompt, row } from "./common.js";

export default {
  options: [],
  // Player i plays the edition's i-th colour, values 1–11.
  deck: (state, player) => ({ colors: [editionColors(state.options)[player]], low: 1, high: 11 }),
  describe: (a) => (a.card ? cardName(a.card) : _("a card face down")),
  // A trick is one play of each player: the round Undo can take back whole.
  roundStart(turns, start, openOnly = false) {
    const n = start.players.length;
    const open = turns.length % n;
    if (open) return turns.length - open;
    return openOnly ? turns.length : Math.max(0, turns.length - n);
  },
  controls(ctx, t) {
    const { names, actor, legal, state } = ctx;
    if (!has(legal && legal.actions, "play")) return [];
    // Each plays the colour the referee dealt them: the table is told whose is whose.
    const colors = state.players.map((p, i) => `${p.name} ${colorName(editionColors(state.options)[i])}`);
    return [
      prompt(_("Everyone plays a card face down; tap each player once they have."), "play"),
      element("p", { class: "box-ask", "data-colors": "" }, _("Each plays their own colour: {colors}.", { colors: colors.join(", ") })),
      row(actionButton(_("{name} has played face down", { name: names[actor] }), { type: "play" }, t)),
    ];
  },
  columns: () => [[_("Cards won"), (s) => s.cards]],
};
