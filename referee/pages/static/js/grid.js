// The table's slots as a keyboard grid (the WAI-ARIA grid pattern): the picture's rows
// become rows of cells, each cell named for a screen reader ("red 9, empty slot"), one
// cell in the tab order at a time (roving tabindex), arrows move between cells as they
// lie on the screen, Home/End to a row's ends, Enter or Space lays the card as a tap does.
import { _ } from "./texts.js";
import { cardName } from "./names.js";

// What a slot shows, for its name: the card lying there and how it stands in this turn.
function slotLabel(slot) {
  const card = cardName(slot.dataset.slot);
  const lying = slot.dataset.card;
  let label;
  if (!lying) label = _("{card}, empty slot", { card });
  else if (lying === "J") label = _("{card}: a joker lies here", { card });
  else label = _("{card}, on the table", { card });
  const notes = [];
  if (slot.classList.contains("pending")) notes.push(_("laid this turn"));
  if (slot.classList.contains("highlight")) notes.push(_("may be chosen now"));
  if (slot.classList.contains("marked")) notes.push(_("refused"));
  return [label, ...notes].join(", ");
}

// Marks up the picture just drawn in `picture`; `focus` is the slot to keep in the tab
// order (the one used last), and gets the focus when `take` is true.
export function enhance(picture, { label, focus, take }) {
  const svg = picture.querySelector("svg");
  if (!svg) return;
  const grid = svg.querySelector("g.rows");
  if (!grid) return;
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", label);
  grid.setAttribute("role", "grid");
  grid.setAttribute("aria-label", _("The table: one cell per slot"));
  for (const hidden of svg.querySelectorAll(".row-labels, .bridges")) hidden.setAttribute("aria-hidden", "true");
  for (const row of grid.querySelectorAll("g.row")) row.setAttribute("role", "row");
  const slots = [...grid.querySelectorAll("[data-slot]")];
  for (const slot of slots) {
    slot.setAttribute("role", "gridcell");
    slot.setAttribute("tabindex", "-1");
    slot.setAttribute("aria-label", slotLabel(slot));
    for (const part of slot.children) part.setAttribute("aria-hidden", "true");
  }
  const first = slots.find((s) => s.dataset.slot === focus) || slots.find((s) => s.classList.contains("highlight")) || slots[0];
  if (!first) return;
  first.setAttribute("tabindex", "0");
  if (take) first.focus();
}

function centre(slot) {
  const box = slot.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

// The nearest slot from `from` in direction (dx, dy), as the slots lie on the screen.
function nearest(slots, from, dx, dy) {
  const here = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const slot of slots) {
    if (slot === from) continue;
    const c = centre(slot);
    const along = (c.x - here.x) * dx + (c.y - here.y) * dy;
    const aside = Math.abs((c.x - here.x) * dy) + Math.abs((c.y - here.y) * dx);
    if (along < 2) continue;
    const score = along + 3 * aside;
    if (score < bestScore) [best, bestScore] = [slot, score];
  }
  return best;
}

const MOVES = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

// Keys on the picture: moving the focus, and `activate(slot)` for Enter and Space.
export function onKey(event, activate) {
  const slot = event.target.closest && event.target.closest("[data-slot]");
  if (!slot) return;
  const grid = slot.closest("[role=grid]");
  const slots = [...grid.querySelectorAll("[data-slot]")];
  let next = null;
  if (MOVES[event.key]) next = nearest(slots, slot, ...MOVES[event.key]);
  else if (event.key === "Home" || event.key === "End") {
    const scope = event.ctrlKey ? slots : [...slot.parentElement.querySelectorAll("[data-slot]")];
    next = event.key === "Home" ? scope[0] : scope[scope.length - 1];
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    activate(slot);
    return;
  } else return;
  event.preventDefault();
  if (!next) return;
  slot.setAttribute("tabindex", "-1");
  next.setAttribute("tabindex", "0");
  next.focus();
}
