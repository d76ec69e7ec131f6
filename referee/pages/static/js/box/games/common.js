// What several games' controls share: the deck a card picker offers, a prompt line, a
// button that adds one action the referee listed, and the entry of values laid aside at
// the deal.
import { button, editionColors, element, valueToggles } from "../cards.js";

// The cards of a game: the edition's four colours (or the two of `colors`), values 1–20.
export function fullDeck(state, low = 1, high = 20) {
  const colors = state.options.colors || editionColors(state.options);
  return { colors, low, high };
}

export function prompt(text, step) {
  return element("p", { class: "box-prompt", "data-box-step": step }, text);
}

export function ask(text) {
  return element("p", { class: "box-ask" }, text);
}

// One button per action: `attrs` are its hooks (data-box-action and what tells it apart).
export function actionButton(text, action, t, attrs = {}, player) {
  return button(text, { "data-box-action": action.type, ...attrs }, () => t.add(action, player));
}

export function has(list, type) {
  return (list || []).some((a) => a.type === type);
}

export function row(...children) {
  const r = element("div", { class: "box-buttons" });
  r.append(...children);
  return r;
}

// The entry of the values each player laid aside at the deal (Schnipp Schnapp's
// quartets, Schwarzer Peter's pairs): the table taps each player's values, and the
// referee's hidden deal, which laid values of its own, is counted again with them.
// `field`: the player's list of values; `pile`: the face-down pile they came out of;
// `size`: cards per value; `top(state)`: the highest value; `text()`: the prompt.
export function laidAtDeal({ field, pile, size, top, text }) {
  return {
    draft: (start) => ({ laid: start.players.map(() => new Set()) }),
    render(ctx, t, draft) {
      const parts = [prompt(text(), field)];
      ctx.state.players.forEach((p, i) => {
        parts.push(ask(p.name));
        parts.push(valueToggles(1, top(ctx.state), draft.laid[i], (v) => {
          if (draft.laid[i].has(v)) draft.laid[i].delete(v);
          else draft.laid[i].add(v);
          ctx.hooks.again();
        }, { "data-entry-of": String(i), "aria-label": p.name }));
      });
      return parts;
    },
    apply(start, draft) {
      const players = start.players.map((p, i) => {
        const dealt = p[pile].count + size * p[field].length;
        const laid = [...draft.laid[i]].sort((a, b) => a - b);
        return { ...p, [pile]: { count: dealt - size * laid.length }, [field]: laid };
      });
      return { ...start, players };
    },
  };
}
