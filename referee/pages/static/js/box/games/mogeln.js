// Mogeln: the player to move plays n cards face down and the claim goes on; any other
// player may challenge the top play (the 2018 rules; the original only the player to
// move), naming the cards turned up; when a player has gone out, the next accepts or
// challenges. The claim shown is the referee's: the play is tried on it beforehand.
import { _ } from "../../texts.js";
import { button, cardName } from "../cards.js";
import { actionButton, ask, fullDeck, has, prompt, row } from "./common.js";

const topOf = (state) => state.stack[0];
const countOf = (play) => (Array.isArray(play.cards) ? play.cards.length : play.cards.count);

export default {
  options: [],
  ownActors: true,
  // The cards dealt: values up to 9 with three players, 10 with four, 15 with five or six.
  deck: (state) => fullDeck(state, 1, ({ 3: 9, 4: 10 })[state.players.length] || 15),
  describe(a) {
    if (a.type === "play") {
      const count = a.count || (a.cards || []).length;
      return count === 1 ? _("plays one card face down") : _("plays {count} cards face down", { count });
    }
    if (a.type === "challenge") return _("challenges: {cards}", { cards: (a.cards || []).map(cardName).join(", ") });
    return _("accepts");
  },
  previews(ctx) {
    const { state, app } = ctx;
    const mover = state.current;
    if (mover === null || !has(ctx.legalOf[mover], "play") && !has(ctx.legalOf[mover], "challenge")) return [];
    const before = app.turn.player === mover ? app.turn.actions : [];
    return [{ state, player: mover, actions: [...before, { type: "play", count: 1 }] }];
  },
  controls(ctx, t) {
    const { state, names, ui, app } = ctx;
    const mover = state.current;
    const parts = [];
    const top = topOf(state);
    if (ui.picked && ui.picked.challenger !== undefined) {
      const need = countOf(top);
      const named = ui.picked.cards;
      const words = need === 1
        ? _("{name} challenges {other}: turn the card up and name it.", { name: names[ui.picked.challenger], other: names[top.player] })
        : _("{name} challenges {other}: turn the {count} cards up and name them.", { name: names[ui.picked.challenger], other: names[top.player], count: need });
      parts.push(prompt(words, "challenge"));
      parts.push(ask(named.length ? named.map(cardName).join(", ") : _("Which cards?")));
      parts.push(t.picker(this.deck(state), (card) => {
        named.push(card);
        if (named.length === need) t.add({ type: "challenge", cards: [...named] }, ui.picked.challenger);
        else ctx.hooks.again();
      }));
      parts.push(row(button(_("Cancel"), { "data-box-action": "cancel-challenge" }, () => t.ui({ picked: null }))));
      return parts;
    }
    const moverTurn = app.turn.player === mover ? app.turn.actions : [];
    const moverList = moverTurn.length ? (ctx.legal && ctx.legal.actions) || [] : ctx.legalOf[mover] || [];
    if (top) {
      const count = countOf(top);
      parts.push(prompt(count === 1
        ? _("On the stack: {name} played one card, claimed as a {claim}.", { name: names[top.player], claim: top.claim })
        : _("On the stack: {name} played {count} cards, claimed as {claim}s.", { name: names[top.player], count, claim: top.claim }), "stack"));
    }
    if (has(moverList, "play")) {
      const preview = ctx.previews[0];
      const claim = preview ? topOf(preview.state).claim : "?";
      parts.push(ask(_("{name} plays face down, claiming {claim}: how many cards?", { name: names[mover], claim })));
      const r = row();
      for (const count of [1, 2, 3, 4]) r.append(actionButton(String(count), { type: "play", count }, t, { "data-count": String(count) }, mover));
      parts.push(r);
    }
    if (has(moverList, "accept")) {
      parts.push(ask(_("{name} has no card left.", { name: names[top.player] })));
      parts.push(row(actionButton(_("{name} accepts: the game is over", { name: names[mover] }), { type: "accept" }, t, {}, mover)));
    }
    const challengers = ctx.legalOf.flatMap((list, i) => (has(list, "challenge") && !(i === mover && moverTurn.length) ? [i] : []));
    if (challengers.length && top) {
      parts.push(ask(_("Cheated? Who calls it?")));
      const r = row();
      for (const i of challengers) {
        r.append(button(_("{name}: Challenge!", { name: names[i] }), { "data-box-action": "challenge", "data-actor": String(i) }, () => {
          if (Array.isArray(top.cards)) t.add({ type: "challenge" }, i);
          else t.ui({ picked: { challenger: i, cards: [] } });
        }));
      }
      parts.push(r);
    }
    return parts;
  },
  columns: () => [[_("Cards left"), (s) => s.cards]],
};
