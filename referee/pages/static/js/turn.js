// The turn being built: what a tap, a button or a mode adds to the list of actions, and
// which slots to light up from what the referee listed as legal next actions. Nothing
// here decides whether an action is legal: a tap records what the player did, and the
// referee judges it.

export function emptyTurn() {
  return { actions: [], mode: null, bridgeFrom: null };
}

// The slot an action lays something into (or starts from, for a bridge's first half).
export function slotOf(action) {
  if (!action) return null;
  if (action.type === "place") return action.card === "J" ? action.at : action.card;
  if (action.type === "swap") return action.card;
  if (action.type === "bridge") return action.to;
  return null;
}

// A tap on `slot`, which shows `lying` ("B9", "J" or null, from the picture's data-card).
export function tap(turn, slot, lying) {
  const actions = turn.actions;
  if (turn.mode === "joker") {
    return { actions: [...actions, { type: "place", card: "J", at: slot }], mode: null, bridgeFrom: null };
  }
  if (turn.mode === "bridge") {
    if (!turn.bridgeFrom) return { ...turn, bridgeFrom: slot };
    return { actions: [...actions, { type: "bridge", from: turn.bridgeFrom, to: slot }], mode: null, bridgeFrom: null };
  }
  // A slot filled earlier in this turn: tapping it again takes that action back, with
  // everything recorded after it.
  const earlier = actions.findLastIndex((a) => slotOf(a) === slot && a.type !== "bridge");
  if (earlier >= 0) return { ...turn, actions: actions.slice(0, earlier) };
  if (lying === "J") return { ...turn, actions: [...actions, { type: "swap", card: slot }] };
  return { ...turn, actions: [...actions, { type: "place", card: slot }] };
}

export function choose(turn, mode) {
  if (turn.mode === mode) return { ...turn, mode: null, bridgeFrom: null };
  return { ...turn, mode, bridgeFrom: null };
}

export function add(turn, action) {
  return { actions: [...turn.actions, action], mode: null, bridgeFrom: null };
}

// Slots to light up: where the next tap may legally go in the current mode.
export function lit(turn, legal) {
  if (!legal) return [];
  const slots = new Set();
  for (const a of legal.actions) {
    if (turn.mode === "joker") {
      if (a.type === "place" && a.card === "J") slots.add(a.at);
    } else if (turn.mode === "bridge") {
      if (a.type === "bridge" && !turn.bridgeFrom) slots.add(a.from);
      if (a.type === "bridge" && a.from === turn.bridgeFrom) slots.add(a.to);
    } else if ((a.type === "place" && a.card !== "J") || a.type === "swap") {
      slots.add(a.card);
    }
  }
  return [...slots];
}

export function allows(legal, type) {
  return Boolean(legal && legal.actions.some((a) => a.type === type));
}
