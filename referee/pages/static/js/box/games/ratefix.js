// Ratefix: everyone puts the top card of their stack face down into the middle; then
// each guesses the total, from the leader on, on a number pad; the last guess turns the
// middle up (the cards are named then) and the referee gives it to the nearest guess.
import { _ } from "../../texts.js";
import { cardName, numberPad } from "../cards.js";
import { actionButton, fullDeck, has, prompt, row } from "./common.js";

function pad(ctx, t, player, listed = true) {
  const guess = (value) => [{ type: "guess", value }];
  return [
    prompt(_("{name} guesses the total of the middle.", { name: ctx.names[player] }), "guess"),
    numberPad(ctx.ui, (value) => (listed ? t.set(player, guess(value), true) : t.submit(player, guess(value))), _("Guess")),
  ];
}

export default {
  options: ["cards_each"],
  deck: (state) => fullDeck(state),
  describe: (a) => (a.type === "guess" ? _("guesses {value}", { value: a.value }) : a.card ? cardName(a.card) : _("a card face down")),
  // A round: everyone's put, then everyone's guess. Undo can take it back whole.
  roundStart(turns, start, openOnly = false) {
    const n = start.players.length;
    let i = turns.length;
    let guesses = 0;
    while (i > 0 && turns[i - 1].actions[0].type === "guess") {
      i -= 1;
      guesses += 1;
    }
    while (i > 0 && turns[i - 1].actions[0].type === "put") i -= 1;
    return openOnly && guesses >= n ? turns.length : i;
  },
  controls(ctx, t) {
    const { names, actor, legal } = ctx;
    const list = legal && legal.actions;
    if (has(list, "put")) {
      return [
        prompt(_("Everyone puts the top card of their stack face down into the middle; tap each player once they have."), "put"),
        row(actionButton(_("{name} has put a card face down", { name: names[actor] }), { type: "put" }, t)),
      ];
    }
    if (has(list, "guess")) return pad(ctx, t, actor);
    return [];
  },
  // The last guess would turn the face-down middle up, which the referee cannot see: it
  // lists nothing, and the guess is taken here and sent; the referee then asks for the cards.
  blocked(ctx, t) {
    if (ctx.state.current === null || !(ctx.state.middle || []).some((e) => e.card === null)) return null;
    return pad(ctx, t, ctx.state.current, false);
  },
  columns: () => [[_("Cards won"), (s) => s.cards]],
};
