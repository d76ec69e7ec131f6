// What several games' controls share: the deck a card picker offers, a prompt line, and
// a button that adds one action the referee listed.
import { button, editionColors, element } from "../cards.js";

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
