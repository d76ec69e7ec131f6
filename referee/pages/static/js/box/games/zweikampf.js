// Zweikampf: both players turn up their stack's top card at once; the higher takes the
// battle. Each names the card turned up; the referee resolves the battle, the ties and
// the end (with until_all, the won piles turned over).
import { N_, _ } from "../../texts.js";
import { cardName } from "../cards.js";
import { ask, fullDeck, has, prompt } from "./common.js";

// A battle whose every pair is equal: both fight on (the referee keeps the battle open).
function tied(state) {
  const battle = state.battle || [];
  return battle.length >= 2 && battle.length % 2 === 0 ? battle.slice(-2) : null;
}

export default {
  options: ["until_all"],
  deck: (state) => fullDeck(state),
  describe: (a) => (a.type === "reveal" ? cardName(a.card) : a.type),
  // The page says the tie the referee's state shows: the battle stays open after a pair.
  announce(state, events) {
    const pair = tied(state);
    if (!pair || events.some((e) => e.type === "won" || e.type === "out")) return [];
    return [{ text: N_("Tie: {first} against {second}. Both turn up one more card."), params: { first: pair[0].card, second: pair[1].card }, cards: ["first", "second"] }];
  },
  controls(ctx, t) {
    const { names, actor, legal, state } = ctx;
    if (!has(legal && legal.actions, "reveal")) return [];
    const pair = tied(state);
    return [
      pair
        ? prompt(_("Tie: {first} against {second}. Both turn up one more card.", { first: cardName(pair[0].card), second: cardName(pair[1].card) }), "reveal")
        : prompt(_("Both turn up the top card of their stack."), "reveal"),
      ask(_("Which card did {name} turn up?", { name: names[actor] })),
      t.picker(fullDeck(ctx.state), (card) => t.add({ type: "reveal", card })),
    ];
  },
  columns: (state) => [[state.options.until_all ? _("Cards held") : _("Cards won"), (s) => s.cards]],
};
