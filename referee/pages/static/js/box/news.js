// What a box game's turn did, as the table reads it: the referee's events of the last
// recorded turn (cards turned up, piles won, penalties, pairs, quartets, the end) and
// its open questions. The words are the page's; the facts are the referee's.
import { N_, _ } from "../texts.js";
import { questionBlock } from "../view.js";
import { cardName, element } from "./cards.js";

const PLACES = { battle: N_("the battle"), trick: N_("the trick"), set_aside: N_("the set-aside cards"), middle: N_("the middle"), stack: N_("the completed stack") };

const stackName = (i) => _("stack {number}", { number: i + 1 });

function eventText(event, names, ruleset) {
  const name = names[event.player];
  switch (event.type) {
    case "revealed":
      return _("{name} turns up {card}.", { name, card: cardName(event.card) });
    case "drew":
      // Farben sammeln takes from the pile or a display stack (numbered from 1, as the
      // page numbers them); Schwarzer Peter draws from a player.
      if (ruleset === "farben-sammeln") {
        if (event.from === "pile") return event.card ? _("{name} took {card}.", { name, card: cardName(event.card) }) : _("{name} took a card from the pile.", { name });
        return _("{name} took {card} from {stack}.", { name, card: cardName(event.card), stack: stackName(event.from) });
      }
      return typeof event.from === "number"
        ? (event.card ? _("{name} drew {card} from {other}.", { name, card: cardName(event.card), other: names[event.from] }) : _("{name} drew a card from {other}.", { name, other: names[event.from] }))
        : (event.card ? _("{name} took {card}.", { name, card: cardName(event.card) }) : _("{name} took a card from the pile.", { name }));
    case "won":
      if (Array.isArray(event.from)) return _("{name} wins the open piles of {others}.", { name, others: event.from.map((i) => names[i]).join(", ") });
      return _("{name} wins {cards} cards ({place}).", { name, cards: event.cards, place: _(PLACES[event.from] || event.from) });
    case "set_aside":
      return _("Tie: {cards} cards are set aside for the next trick.", { cards: event.cards });
    case "out":
      return _("{cards} cards leave the game.", { cards: event.cards });
    case "pair":
      return _("{name} lays the pair of {value}s.", { name, value: event.value });
    case "challenged":
      return event.honest
        ? _("{challenger} challenged {name}: the play was honest; {taker} takes the stack.", { challenger: names[event.challenger], name, taker: names[event.taker] })
        : _("{challenger} challenged {name}: caught cheating; {taker} takes the stack.", { challenger: names[event.challenger], name, taker: names[event.taker] });
    case "penalty":
      return _("Stopp! {name} gets {cards} penalty cards.", { name, cards: event.cards });
    case "quartet":
      return _("{name} sets aside the quartet of {value}s.", { name, value: event.value });
    case "mistake":
      return _("{name} called {word} by mistake: the open pile goes to the middle.", { name, word: event.word === "schnapp" ? "Schnapp!" : "Schnipp!" });
    case "tie":
      return _("{names} called together: nobody wins the cards.", { names: event.players.map((i) => names[i]).join(", ") });
    case "finished":
      return _("{name} has no card left: place {place}.", { name, place: event.place });
    case "game_over":
      return _("The game is over.");
    default:
      return "";
  }
}

// What the page says besides the referee's events (a game's `announce`): a text and its
// values, kept as data so that it reads in the language chosen later too.
function saying(said, names) {
  const values = { ...said.params };
  for (const key of said.cards || []) values[key] = cardName(values[key]);
  for (const key of said.players || []) values[key] = names[values[key]];
  return _(said.text, values);
}

// What the referee could not check without the hidden cards, as a question to the table.
const QUESTIONS = {
  PAIR_NOT_LAID: N_("Did the card {name} drew really make no pair?"),
  CLOSE_NOT_ALLOWED: N_("Does {name}'s hand really hold a single colour?"),
};

// The last turn recorded (or taken back), its events, what the page adds (a tie), and the
// referee's questions to the table, each answered Yes or No.
export function showNews(news, names, ctx) {
  const box = document.getElementById("news");
  box.replaceChildren();
  if (!news) return;
  const ruleset = ctx.app.match.setup.ruleset;
  if (news.kind === "undone") {
    const turns = news.taken.map((turn) => `${names[turn.player]}: ${turn.actions.map((a) => ctx.game.describe(a, ctx)).join(", ")}`).join("; ");
    const text = news.taken.length > 1 ? _("Taken back, {count} turns: {turns}.", { count: news.taken.length, turns }) : _("Taken back: {turns}.", { turns });
    box.append(element("p", { class: "event undone", "data-news": "undone" }, text));
    return;
  }
  for (const turn of news.earlier || []) {
    for (const text of turn.events.map((e) => eventText(e, names, ruleset)).filter(Boolean)) box.append(element("p", { class: "event earlier" }, text));
  }
  const lines = [_("{name}'s turn is recorded.", { name: names[news.player] }), ...news.events.map((e) => eventText(e, names, ruleset)),
    ...(news.said || []).map((said) => saying(said, names))];
  for (const text of lines.filter(Boolean)) box.append(element("p", { class: "event" }, text));
  for (const code of news.unchecked || []) {
    const question = QUESTIONS[code] || N_("The referee could not check rule {code}: please check it at the table.");
    box.append(questionBlock(code, _(question, { name: names[news.player], code }), (news.answers || {})[code], ruleset));
  }
}
