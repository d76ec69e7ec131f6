// The setup form: ruleset and classic options, the players in seating order, who starts,
// MASTER's row order, the number of rounds, and the kind of deal. It reads the form into
// the body of POST /v1/games; the referee checks it.
import { _ } from "./texts.js";
import { cardName } from "./names.js";
import * as boxOptions from "./box/options.js";

const form = () => document.getElementById("setup-form");
const names = () => document.getElementById("player-names");

export function fillSetup(setup) {
  const f = form();
  const s = setup || { ruleset: "master", players: ["", ""], first: 0, rounds: 2, deal: "hidden", seed: 42 };
  f.ruleset.value = s.ruleset;
  if (s.options) {
    f.edition.value = s.options.edition || "2018";
    f.start.value = s.options.start || "eleven";
    f.without_blue.checked = Boolean(s.options.without_blue);
  }
  boxOptions.fill(f, s);
  (s.rows || ["R", "Y", "G", "B"]).forEach((c, i) => (f[`row${i}`].value = c));
  f.rounds.value = s.rounds || s.players.length;
  delete f.rounds.dataset.set;
  f.seed.value = s.seed ?? 42;
  f.querySelector(`[name=deal][value=${s.deal || "hidden"}]`).checked = true;
  names().replaceChildren();
  s.players.forEach((name) => addName(name));
  refreshFirst(s.first || 0);
  showOptions();
}

// The rulebook suggests as many rounds as there are players: the count follows the
// players until someone sets it by hand.
function followRounds() {
  const rounds = form().rounds;
  if (!rounds.dataset.set) rounds.value = names().children.length;
}

export function addName(name = "") {
  if (names().children.length >= 6) return;
  const item = document.createElement("li");
  const input = document.createElement("input");
  input.name = "player";
  input.value = name;
  input.autocomplete = "off";
  input.placeholder = _("Player {number}", { number: names().children.length + 1 });
  input.addEventListener("input", () => refreshFirst());
  item.append(input);
  names().append(item);
  refreshFirst();
  followRounds();
}

export function removeName() {
  if (names().children.length > 2) names().lastElementChild.remove();
  refreshFirst();
  followRounds();
}

function playerNames() {
  return [...names().querySelectorAll("input")].map((input) => input.value.trim() || input.placeholder);
}

function refreshFirst(selected) {
  const select = document.getElementById("first-player");
  const keep = selected ?? Number(select.value || 0);
  select.replaceChildren(...playerNames().map((name, i) => new Option(name, i, false, i === keep)));
}

export function roundsSetByHand() {
  form().rounds.dataset.set = "yes";
}

export function showOptions() {
  const f = form();
  const ruleset = f.ruleset.value;
  document.getElementById("setup").dataset.ruleset = ruleset;
  // Real cards on the 11s: the referee cannot see who holds the first 11 by priority,
  // so the table says who opens.
  const asked = openerAsked({
    ruleset, deal: f.querySelector("[name=deal]:checked").value, options: { start: f.start.value, edition: f.edition.value },
  });
  document.getElementById("first-label").textContent = asked ? _("Who holds the {card}?", { card: cardName(asked) }) : _("Who starts");
  document.getElementById("setup").dataset.family = boxOptions.isBox(ruleset) ? "box" : "rows";
}

// The setup as the page keeps it, and the body of POST /v1/games for round `round`
// (0-based): each round the next player starts.
export function readSetup() {
  const f = form();
  const ruleset = f.ruleset.value;
  const setup = {
    ruleset,
    players: playerNames(),
    first: Number(f.first.value || 0),
    rounds: Math.max(1, Number(f.rounds.value || 1)),
    deal: f.querySelector("[name=deal]:checked").value,
    seed: Number(f.seed.value || 0),
  };
  if (ruleset === "master") setup.rows = [0, 1, 2, 3].map((i) => f[`row${i}`].value);
  if (ruleset === "classic") {
    setup.options = { edition: f.edition.value, start: f.start.value, without_blue: f.without_blue.checked };
  }
  if (boxOptions.isBox(ruleset)) setup.options = boxOptions.read(f, ruleset);
  return setup;
}

// Real cards on the 11s: the table, not the referee, knows who holds the first 11, so the
// page asks again at every deal. The card it asks about ("O11"), or null.
export function openerAsked(setup) {
  const options = setup.options || {};
  if (setup.ruleset !== "classic" || setup.deal !== "hidden" || (options.start || "eleven") !== "eleven") return null;
  return options.edition === "original" ? "R11" : "O11";
}

// `opener`: the player the table named for this deal (see openerAsked).
export function dealRequest(setup, round, opener = null) {
  const request = {
    ruleset: setup.ruleset,
    players: setup.players,
    first: opener ?? (setup.first + round) % setup.players.length,
    hidden: setup.deal === "hidden",
  };
  if (setup.deal === "shown") request.seed = setup.seed + round;
  if (setup.rows) request.rows = setup.rows;
  if (setup.options) request.options = setup.options;
  return request;
}
