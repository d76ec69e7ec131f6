// Naming real cards at the table: a card picker (colour × value, the colours named as
// the players' language names them, and shown as colour), a picker of values (pairs,
// quartets), a position picker (which card of a fan) and a number pad (Ratefix's
// guesses). Each builds DOM and calls back with what was tapped; none judges a card: the
// referee does.
import { N_, _ } from "../texts.js";
import { cardName as cardWords } from "../names.js";

const COLORS = { O: N_("orange"), R: N_("red"), Y: N_("yellow"), G: N_("green"), B: N_("blue") };
const EDITION_COLORS = { "2018": ["O", "Y", "G", "B"], "original": ["R", "Y", "G", "B"] };
// Each colour's symbol, as the pictures draw it on its cards: colour is never the only cue.
const SYMBOLS = { R: "●", O: "▼", Y: "▲", G: "■", B: "◆" };

export const colorName = (letter) => _(COLORS[letter] || letter);

// "gelbe 7" in the page's language, from "Y7": the wire's letters never reach the eye.
export function cardName(card) {
  if (!card) return _("a hidden card");
  return cardWords(card);
}

// A card as the players see it: a small face in its colour with the colour's symbol and
// the value; a screen reader hears its name in words.
export function cardFace(card, decorative = false) {
  const face = element("span", decorative
    ? { class: `card-face color-${card[0]}`, "aria-hidden": "true" }
    : { class: `card-face color-${card[0]}`, role: "img", "aria-label": cardName(card) });
  face.append(element("span", { class: "card-symbol", "aria-hidden": "true" }, SYMBOLS[card[0]] || ""),
    element("span", { class: "card-value", "aria-hidden": "true" }, card.slice(1)));
  return face;
}

// A card's face followed by its name in words ("▲8 gelbe 8"), for lists and buttons.
export function cardLabel(card, text) {
  const label = element("span", { class: "card-label" });
  label.append(cardFace(card, true), " ", text ?? cardName(card));
  return label;
}

export function editionColors(options) {
  return EDITION_COLORS[(options && options.edition) || "2018"];
}

export function element(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("data-") || key.startsWith("aria-") || key === "type" || key === "role") node.setAttribute(key, value);
    else node[key] = value;
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

// `text`: words, or a node (a card's label).
export function button(text, attrs = {}, onClick) {
  const b = element("button", { type: "button", ...attrs }, typeof text === "string" ? text : undefined);
  if (text && typeof text !== "string") b.append(text);
  if (onClick) b.addEventListener("click", onClick);
  return b;
}

function range(low, high) {
  return Array.from({ length: high - low + 1 }, (_unused, i) => low + i);
}

// The card picker: the colour first (it stays chosen), then the value names the card.
// `deck`: {colors: ["O", ...], low: 1, high: 20}; `ui.color` keeps the colour chosen.
export function cardPicker(deck, ui, onCard, onColor) {
  const box = element("div", { class: "picker", role: "group", "aria-label": _("Name the card") });
  const colors = element("div", { class: "picker-colors" });
  const chosen = deck.colors.includes(ui.color) ? ui.color : deck.colors.length === 1 ? deck.colors[0] : null;
  for (const letter of deck.colors) {
    colors.append(button(colorName(letter), {
      class: `color color-${letter}`, "data-pick-color": letter, "aria-pressed": String(letter === chosen),
    }, () => onColor(letter)));
  }
  const values = element("div", { class: "picker-values" });
  for (const v of range(deck.low, deck.high)) {
    const b = button(String(v), { class: `value${chosen ? ` color-${chosen}` : ""}`, "data-pick-value": String(v), disabled: !chosen }, () => onCard(`${chosen}${v}`));
    b.setAttribute("aria-label", chosen ? cardName(`${chosen}${v}`) : String(v));
    values.append(b);
  }
  box.append(colors, values);
  if (!chosen) box.append(element("p", { class: "picker-hint" }, _("Tap the colour first, then the value.")));
  return box;
}

// Values as toggles (pairs and quartets laid at the deal): `chosen` is a Set.
export function valueToggles(low, high, chosen, onToggle, attrs = {}) {
  const box = element("div", { class: "picker-values", role: "group", ...attrs });
  for (const v of range(low, high)) {
    box.append(button(String(v), { class: "value", "data-entry-value": String(v), "aria-pressed": String(chosen.has(v)) }, () => onToggle(v)));
  }
  return box;
}

// Values to tap once (a pair laid now).
export function valueButtons(low, high, onValue, attrs = {}) {
  const box = element("div", { class: "picker-values" });
  for (const v of range(low, high)) box.append(button(String(v), { class: "value", ...attrs, "data-value": String(v) }, () => onValue(v)));
  return box;
}

// Positions in a fan of `count` cards held face down, counted from the left.
export function positionPicker(count, onIndex) {
  const box = element("div", { class: "picker-values positions" });
  for (let i = 0; i < count; i += 1) {
    const b = button(String(i + 1), { class: "value", "data-index": String(i) }, () => onIndex(i));
    b.setAttribute("aria-label", _("card {position} from the left", { position: i + 1 }));
    box.append(b);
  }
  return box;
}

// A number pad: digits build the number shown, OK sends it.
export function numberPad(ui, onNumber, label) {
  const box = element("div", { class: "pad", role: "group", "aria-label": label });
  const shown = element("output", { class: "pad-value", "aria-live": "polite" }, ui.digits || "–");
  const keys = element("div", { class: "pad-keys" });
  const press = (key) => () => {
    if (key === "clear") ui.digits = "";
    else if ((ui.digits || "").length < 3) ui.digits = (ui.digits || "") + key;
    shown.textContent = ui.digits || "–";
    ok.disabled = !ui.digits;
  };
  for (const key of ["1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0"]) {
    keys.append(button(key === "clear" ? "⌫" : key, { "data-pad": key, "aria-label": key === "clear" ? _("Clear the number") : key }, press(key)));
  }
  const ok = button(_("Enter"), { class: "primary", "data-pad": "ok", disabled: !ui.digits }, () => {
    const value = Number(ui.digits);
    ui.digits = "";
    onNumber(value);
  });
  keys.append(ok);
  box.append(shown, keys);
  return box;
}
