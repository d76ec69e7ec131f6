// Cards and colours as the players' language names them ("rote 9", "9 rouge"): the
// page never shows the letters of the wire format (in German "G" would read as gelb).
import { N_, _ } from "./texts.js";

const CARDS = {
  R: N_("red {value}"),
  O: N_("orange {value}"),
  Y: N_("yellow {value}"),
  G: N_("green {value}"),
  B: N_("blue {value}"),
};

const COLOURS = { R: N_("red"), O: N_("orange"), Y: N_("yellow"), G: N_("green"), B: N_("blue") };

export function colourName(letter) {
  return COLOURS[letter] ? _(COLOURS[letter]) : letter;
}

// "B9" -> "blue 9", "J" -> "joker"; anything else as it is.
export function cardName(card) {
  if (card === "J") return _("joker");
  const match = /^([ROYGB])(\d+)$/.exec(card || "");
  return match ? _(CARDS[match[1]], { value: match[2] }) : String(card);
}
