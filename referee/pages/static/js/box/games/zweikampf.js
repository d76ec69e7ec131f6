// Zweikampf: both players turn up their stack's top card at once; the higher takes the
// battle. Each names the card turned up; the referee resolves the battle, the ties and
// the end (with until_all, the won piles turned over).
import { _ } from "../../texts.js";
import { cardName } from "../cards.js";
import { ask, fullDeck, has, prompt } from "./common.js";

export default {
  ruleset: "zweikampf",
  options: ["until_all"],
  deck: (state) => fullDeck(state),
  describe: (a) => (a.type === "reveal" ? cardName(a.card) : a.type),
  controls(ctx, t) {
    const { names, actor, legal } = ctx;
    if (!has(legal && legal.actions, "reveal")) return [];
    return [
      prompt(_("Both turn up the top card of their stack."), "reveal"),
      ask(_("Which card did {name} turn up?", { name: names[actor] })),
      t.picker(fullDeck(ctx.state), (card) => t.add({ type: "reveal", card })),
    ];
  },
  columns: (state) => [[state.options.until_all ? _("Cards held") : _("Cards won"), (s) => s.cards]],
};
