// Farben sammeln: the four face-up stacks are entered as they lie after the deal; a turn
// takes from the pile (unnamed: the hand is hidden) or a stack's top, discards a card
// named with the picker onto a stack, and may close ("Schluss!"). At the end the hands
// are typed in and the referee scores them.
import { _ } from "../../texts.js";
import { button, cardLabel, cardName, colorName } from "../cards.js";
import { actionButton, ask, fullDeck, has, prompt, row } from "./common.js";

const stackName = (i) => _("stack {number}", { number: i + 1 });

export default {
  options: [],
  deck: (state) => fullDeck(state),
  handsAtEnd: true,
  describe(a) {
    if (a.type === "take") return a.from === "pile" ? _("takes from the pile") : _("takes from {stack}", { stack: stackName(a.from) });
    if (a.type === "discard") return _("{card} onto {stack}", { card: cardName(a.card), stack: stackName(a.to) });
    return _("closes");
  },
  controls(ctx, t) {
    const { state, legal, ui, names, actor } = ctx;
    const list = (legal && legal.actions) || [];
    const parts = [];
    if (has(list, "take")) {
      parts.push(prompt(_("{name} takes a card: from the pile or the top of a stack.", { name: names[actor] }), "take"));
      const r = row();
      for (const a of list.filter((x) => x.type === "take")) {
        const top = a.from === "pile" ? null : state.display[a.from][0];
        const text = top ? cardLabel(top, _("{card} from {stack}", { card: cardName(top), stack: stackName(a.from) })) : _("From the pile");
        r.append(actionButton(text, a, t, { "data-from": String(a.from) }));
      }
      parts.push(r);
    } else if (has(list, "discard")) {
      parts.push(prompt(_("{name} discards a card face up onto a stack.", { name: names[actor] }), "discard"));
      if (!ui.picked) {
        parts.push(ask(_("Which card is discarded?")), t.picker(fullDeck(state), (card) => t.ui({ picked: card })));
      } else {
        const targets = new Set(list.filter((a) => a.type === "discard" && a.card === ui.picked).map((a) => a.to));
        parts.push(ask(_("{card}: onto which stack?", { card: cardName(ui.picked) })));
        const r = row();
        // The stack taken from this turn shows the card under the one taken (or nothing).
        const taken = ctx.app.turn.actions.find((a) => a.type === "take" && a.from !== "pile");
        for (let i = 0; i < 4; i += 1) {
          const top = taken && taken.from === i ? state.display[i][1] : state.display[i][0];
          const words = top ? cardLabel(top, _("onto {stack} ({card})", { stack: stackName(i), card: cardName(top) })) : _("onto {stack}", { stack: stackName(i) });
          const b = actionButton(words, { type: "discard", card: ui.picked, to: i }, t, { "data-to": String(i), "data-legal": String(targets.has(i)) });
          r.append(b);
        }
        r.append(button(_("Another card"), { "data-box-action": "repick" }, () => t.ui({ picked: null })));
        parts.push(r);
      }
    }
    if (has(list, "close")) {
      parts.push(prompt(_("Does {name} hold a single colour now? Then {name} may close the round.", { name: names[actor] }), "close"));
      parts.push(row(actionButton(_("Close: Schluss!"), { type: "close" }, t)));
    }
    return parts;
  },
  // Every turn may end after the discard, or close: it is sent with End turn.
  autoSend: (turn) => turn.actions.some((a) => a.type === "close"),
  columns: () => [[_("Points"), (s) => s.score], [_("Colour"), (s) => (s.color ? colorName(s.color) : null)]],
  entry: {
    draft: () => ({ display: [null, null, null, null], at: 0 }),
    render(ctx, t, draft) {
      const parts = [prompt(_("Name the four cards turned up beside the pile, from the first stack to the fourth."), "display")];
      const list = document.createElement("ol");
      list.className = "revealed";
      draft.display.forEach((card, i) => {
        const item = document.createElement("li");
        item.dataset.entryStack = String(i);
        item.append(`${stackName(i)}: `, card ? cardLabel(card) : "?");
        list.append(item);
      });
      parts.push(list);
      if (draft.at < 4) {
        parts.push(ask(_("The card on {stack}:", { stack: stackName(draft.at) })));
        parts.push(t.picker(fullDeck(ctx.round.start), (card) => {
          draft.display[draft.at] = card;
          draft.at += 1;
          ctx.hooks.again();
        }));
      } else {
        parts.push(row(button(_("Name them again"), { "data-box-action": "rename" }, () => t.ui({ entry: { display: [null, null, null, null], at: 0 } }))));
      }
      return parts;
    },
    apply(start, draft) {
      return { ...start, display: draft.display.map((card, i) => (card ? [card] : start.display[i])) };
    },
  },
};
