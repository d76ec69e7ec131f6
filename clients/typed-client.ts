// A small program against the types openapi-typescript generates from the served
// contract (tests/clients/test_npm_tools.py writes them next to this file as api.d.ts
// and compiles both with tsc --strict). It only compiles if a state has typed players,
// rows and current, a turn is a typed list of actions, a problem is typed, and a rule
// code added later is still accepted.
import type { components, paths } from "./api";

type Schemas = components["schemas"];
type State = Schemas["State"];
type TurnRequest = paths["/v1/turns"]["post"]["requestBody"]["content"]["application/json"];
type TurnAnswer = paths["/v1/turns"]["post"]["responses"]["200"]["content"]["application/json"];
type Problem = paths["/v1/turns"]["post"]["responses"]["422"]["content"]["application/problem+json"];

function toMove(state: State): string {
  switch (state.ruleset) {
    case "master":
      // A MASTER state's rows carry jokers and its players bridge cards.
      return `${state.players[state.current].name} (${state.players[state.current].bridges} bridges, ${state.rows[0].jokers.length} jokers in row 1)`;
    case "classic":
      return `${state.players[state.current].name} (classic, ${state.options.edition} edition)`;
    case "junior":
      return `${state.players[state.current].name} (junior)`;
    case "zweikampf":
    case "hoechste-karte":
      // Players act at once: current is null and waiting says who is still to act.
      return state.waiting.map((i) => state.players[i].name).join(" and ") || "nobody (game over)";
    case "farben-sammeln":
      // One player moves at a time; current is null once someone has closed the round.
      return state.current === null ? `nobody (closed by player ${state.closed})`
        : `${state.players[state.current].name} (${state.display.length} display stacks)`;
    case "ueberall-anschliessen":
      return state.current === null ? "nobody (game over)"
        : `${state.players[state.current].name} (${state.middle.length} cards in the middle)`;
    case "mogeln":
      // The stack lies face down: each play's cards are a list or, where hidden, a count.
      return state.winner !== null ? `nobody (${state.players[state.winner].name} went out)`
        : `${state.players[state.current ?? 0].name} (${state.stack.length} plays on the stack)`;
    case "ratefix":
      // Cards are put one player after the other, then each guesses the middle's total.
      return state.current === null ? "nobody (game over)"
        : `${state.players[state.current].name} (${state.guesses.length} guesses so far)`;
    case "schwarzer-peter":
      return state.current === null ? `nobody (game over, ${state.players.length} players)`
        : `${state.players[state.current].name} (${state.players[state.current].pairs.length} pairs laid)`;
    case "schnipp-schnapp":
      // Anyone may call; without together one player flips (current), with it everyone (waiting).
      if (state.current !== null) {
        return `${state.players[state.current].name} (${state.middle.length} cards in the middle)`;
      }
      return state.waiting.map((i) => state.players[i].name).join(" and ") || "nobody (game over)";
  }
}

const place: Schemas["PlaceAction"] = { type: "place", card: "J", at: "R10" };
const draw: Schemas["DrawAction"] = { type: "draw" };
const turn: Schemas["MasterTurn"] = { player: 0, actions: [place, { type: "place", card: "R9" }, draw] };

function cardsIn(hand: Schemas["MasterCards"]): number {
  return Array.isArray(hand) ? hand.length : hand.count;
}

function explain(problem: Problem): string {
  return `${problem.code} at action ${problem.action ?? "-"}: ${problem.detail}`;
}

// The rule codes are open: a code a later version adds is still a problem's code.
const later: Problem = { type: "/v1/rules/LATER_CODE", title: "t", status: 422, detail: "d", code: "LATER_CODE",
  action: 0 };

function nextPlayer(answer: TurnAnswer): number | null {
  // A sealed game's answer carries the seat's view instead of the state.
  return "state" in answer ? answer.state.current : answer.view.current;
}

// A sealed game travels as a token and a seat key, never as a state.
const sealed: Schemas["SealedTurnRequest"] = { game: "gAAAAA", seat: "0f", turn: { player: 0, actions: [draw] } };
// Once it is over, its revealed seed and salt deal its start again as a plain game.
const dealtAgain: Schemas["NewGameRequest"] = { players: ["Timo", "Vera"], seed: 4711,
  salt: "0123456789abcdef0123456789abcdef" };

// A token is played once: a turn on one played already names the game's latest token.
type Spent = paths["/v1/turns"]["post"]["responses"]["409"]["content"]["application/problem+json"];
function catchUp(problem: Spent, mine: string): string {
  return problem.code === "TOKEN_SPENT" && problem.game !== undefined ? problem.game : mine;
}

// An invited game answers invitations; each claims its seat once and gives its key.
type NewGameAnswer = paths["/v1/games"]["post"]["responses"]["201"]["content"]["application/json"];
type SeatAnswer = paths["/v1/seats"]["post"]["responses"]["200"]["content"]["application/json"];
function invitationsOf(answer: NewGameAnswer): string[] {
  return "invitations" in answer ? answer.invitations : [];
}
const claim: Schemas["SeatRequest"] = { game: "gAAAAA", invitation: "5f" };
function seatOf(answer: SeatAnswer): string {
  return `player ${answer.player} plays with ${answer.seat}`;
}

// A won pile lies face up: its cards, or their number where a record does not name them
// (a bare number: a record written when won piles were counts).
function wonCards(pile: Schemas["ShownPile"]): number {
  return Array.isArray(pile) ? pile.length : typeof pile === "number" ? pile : pile.count;
}
function wonByFirst(state: State): number {
  return state.ruleset === "hoechste-karte" || state.ruleset === "ratefix" ? wonCards(state.players[0].won) : 0;
}

// Every view of a sealed game carries the last turn as a spectator saw it (null before the first).
type ViewAnswer = paths["/v1/views"]["post"]["responses"]["200"]["content"]["application/json"];
function lastTurn(answer: ViewAnswer): string {
  if (answer.last === null) return "no turn yet";
  const turnedUp = answer.last.public.filter((event) => event.type === "revealed").length;
  return `turn ${answer.last.turn} of player ${answer.last.player}: ${turnedUp} cards turned up`;
}

export function play(request: TurnRequest): string {
  if ("game" in request) return `sealed, turn of player ${request.turn.player}`;
  const state = request.state;
  const stacked = state.ruleset === "zweikampf" || state.ruleset === "ueberall-anschliessen" || state.ruleset === "ratefix"
    || state.ruleset === "schnipp-schnapp";
  const held = stacked ? state.players[0].stack : state.players[0].hand;
  return [toMove(state), String(cardsIn(held as Schemas["MasterCards"])), turn.actions.length].join(" ");
}
export { catchUp, claim, dealtAgain, explain, invitationsOf, lastTurn, later, nextPlayer, sealed, seatOf, wonByFirst };
