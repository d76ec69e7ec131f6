// The eight other games of the box, each with its own module of controls (games/*.js),
// by the ruleset's name.
import farbenSammeln from "./games/farben-sammeln.js";
import hoechsteKarte from "./games/hoechste-karte.js";
import mogeln from "./games/mogeln.js";
import ratefix from "./games/ratefix.js";
import schnippSchnapp from "./games/schnipp-schnapp.js";
import schwarzerPeter from "./games/schwarzer-peter.js";
import ueberall from "./games/ueberall-anschliessen.js";
import zweikampf from "./games/zweikampf.js";

export const GAMES = Object.fromEntries(
  [zweikampf, farbenSammeln, ueberall, hoechsteKarte, mogeln, ratefix, schwarzerPeter, schnippSchnapp].map((g) => [g.ruleset, g]),
);
