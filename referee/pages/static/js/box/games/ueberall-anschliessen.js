// Überall anschließen: turn up the top card of the own stack (named with the picker), then
// put it into the middle, onto the own pile or onto another player's pile; the turn goes
// on while the card fitted. "Stopp!" is for any player who saw a fit overlooked: the
// referee then hands out the penalty cards.
import { _ } from "../../texts.js";
import { button, cardName } from "../cards.js";
import { actionButton, ask, fullDeck, has, prompt, row } from "./common.js";

export default {
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
    const { state, legal, names, actor, app, ui } = ctx;
    const list = (legal && legal.actions) || [];
    const parts = [];
    if (has(list, "stopp")) {
      // The card went onto the own pile though it fitted elsewhere. With a Stopp! the
      // referee hands out the penalty; without one the rules let it stay nowhere but where
      // it fits, so the table puts it there.
      parts.push(prompt(_("That card fitted elsewhere. Did anyone call Stopp!?"), "stopp"));
      parts.push(row(
        actionButton(_("Yes: Stopp! was called"), { type: "stopp" }, t),
        button(_("Nobody called Stopp!"), { "data-box-action": "no-stopp" }, () => {
          ui.noStopp = true;
          t.set(actor, app.turn.actions.slice(0, -1));
        }),
      ));
    }
    if (has(list, "reveal")) {
      parts.push(prompt(_("{name} turns up the top card of their stack.", { name: names[actor] }), "reveal"));
      parts.push(ask(_("Which card?")), t.picker(fullDeck(state), (card) => t.add({ type: "reveal", card })));
    }
    if (has(list, "place")) {
      const shown = app.turn.actions.filter((a) => a.type === "reveal").at(-1);
      parts.push(prompt(_("Where does {card} go?", { card: cardName(shown && shown.card) }), "place"));
      if (ui.noStopp) parts.push(ask(_("Nobody called Stopp!: the card may stay on the own pile only after a Stopp!. Put it where it fits (marked ✓).")));
      const listed = new Set(list.filter((a) => a.type === "place").map((a) => String(a.to)));
      // The referee lists the own pile beside a fit too (a Stopp! may follow it): it is
      // the right place only when nothing else is listed.
      const fits = [...listed].filter((to) => to !== "own");
      const r = row();
      const targets = ["middle", "own", ...state.players.flatMap((_p, i) => (i === actor ? [] : [i]))];
      for (const to of targets) {
        const right = listed.has(String(to)) && (to !== "own" || !fits.length);
        const text = to === "middle" ? _("Into the middle") : to === "own" ? _("Onto the own pile") : _("Onto {name}'s pile", { name: names[to] });
        r.append(actionButton(text, { type: "place", to }, t, { "data-to": String(to), "data-legal": String(right) }));
      }
      parts.push(r);
    }
    return parts;
  },
  columns: () => [[_("Place"), (s) => s.place]],
};
