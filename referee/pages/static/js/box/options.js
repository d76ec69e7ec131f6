// The box games' options in the setup form: the edition (its colours and, in Mogeln, its
// rules), and each game's own (Zweikampf until_all, Ratefix cards_each, Schwarzer Peter
// short, Schnipp Schnapp together). The referee checks them when it deals.
import { GAMES } from "./games.js";

export const isBox = (ruleset) => Boolean(GAMES[ruleset]);

export function read(form, ruleset) {
  const options = { edition: form.box_edition.value };
  for (const name of GAMES[ruleset].options) {
    if (name === "cards_each") {
      if (form.cards_each.value) options.cards_each = Number(form.cards_each.value);
    } else {
      options[name] = form[name].checked;
    }
  }
  return options;
}

export function fill(form, setup) {
  const options = (isBox(setup.ruleset) && setup.options) || {};
  form.box_edition.value = options.edition || "2018";
  form.until_all.checked = Boolean(options.until_all);
  form.short.checked = Boolean(options.short);
  form.together.checked = Boolean(options.together);
  form.cards_each.value = options.cards_each ?? "";
}
