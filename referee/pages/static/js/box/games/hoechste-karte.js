// Die höchste Karte gewinnt: everyone plays a card face down at once; when the last has
// played, the cards are turned up and named, and the referee gives the trick.
import { _ } from "../../texts.js";
import { cardName, editionColors } from "../cards.js";
import { actionButton, has, prompt, row } from "./common.js";

export default {
  ruleset: "hoechste-karte",
  options: [],
  // Player i plays the edition's i-th colour, values 1–11.
  deck: (state, player) => ({ colors: [editionColors(state.options)[player]], low: 1, high: 11 }),
  describe: (a) => (a.card ? cardName(a.card) : _("a card face down")),
  controls(ctx, t) {
    const { names, actor, legal } = ctx;
    if (!has(legal && legal.actions, "play")) return [];
    return [
      prompt(_("Everyone plays a card face down; tap each player once they have."), "play"),
      row(actionButton(_("{name} has played face down", { name: names[actor] }), { type: "play" }, t)),
    ];
  },
  columns: () => [[_("Cards won"), (s) => s.cards]],
};
