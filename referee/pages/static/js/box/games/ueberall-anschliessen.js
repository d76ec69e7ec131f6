// Überall anschließen: turn up the top card of the own stack (named with the picker), then
// put it into the middle, onto the own pile or onto another player's pile; the turn goes
// on while the card fitted. "Stopp!" is for any player who saw a fit overlooked: the
// referee then hands out the penalty cards.
import { _ } from "../../texts.js";
import { cardName } from "../cards.js";
import { actionButton, ask, fullDeck, has, prompt, row } from "./common.js";

export default {
  ruleset: "ueberall-anschliessen",
  options: [],
  deck: (state) => fullDeck(state),
  describe(a, ctx) {
    if (a.type === "reveal") return cardName(a.card);
    if (a.type === "stopp") return "Stopp!";
    if (a.to === "middle") return _("into the middle");
    if (a.to === "own") return _("onto the own pile");
    return _("onto {name}'s pile", { name: ctx.names[a.to] });
  },
  controls(ctx, t) {
    const { state, legal, names, actor } = ctx;
    const list = (legal && legal.actions) || [];
    const parts = [];
    if (has(list, "stopp")) {
      parts.push(prompt(_("That card fitted elsewhere. Did anyone call Stopp!?"), "stopp"));
      parts.push(row(actionButton(_("Stopp! (someone caught it)"), { type: "stopp" }, t)));
    }
    if (has(list, "reveal")) {
      parts.push(prompt(_("{name} turns up the top card of their stack.", { name: names[actor] }), "reveal"));
      parts.push(ask(_("Which card?")), t.picker(fullDeck(state), (card) => t.add({ type: "reveal", card })));
    }
    if (has(list, "place")) {
      const shown = ctx.app.turn.actions.filter((a) => a.type === "reveal").at(-1);
      parts.push(prompt(_("Where does {card} go?", { card: cardName(shown && shown.card) }), "place"));
      const listed = new Set(list.filter((a) => a.type === "place").map((a) => String(a.to)));
      const r = row();
      const targets = ["middle", "own", ...state.players.flatMap((_p, i) => (i === actor ? [] : [i]))];
      for (const to of targets) {
        const text = to === "middle" ? _("Into the middle") : to === "own" ? _("Onto the own pile") : _("Onto {name}'s pile", { name: names[to] });
        r.append(actionButton(text, { type: "place", to }, t, { "data-to": String(to), "data-legal": String(listed.has(String(to))) }));
      }
      parts.push(r);
    }
    return parts;
  },
  columns: () => [[_("Place"), (s) => s.place]],
};
