// Each line is a mistake the generated types must catch; tsc --strict must refuse this
// file (tests/clients/test_npm_tools.py checks that every line is reported).
import type { components } from "./api";

type Schemas = components["schemas"];

export const a: Schemas["MasterState"]["current"] = "0";
export const b: Schemas["PlaceAction"] = { type: "place" };
export const c: Schemas["MasterTurn"] = { player: 0, actions: [{ type: "jump" }] };
export const d: Schemas["Problem"]["code"] = 42;
export const e = (state: Schemas["State"]) => state.rows[0].jokers;
export const f: Schemas["SeatRequest"] = { game: "gAAAAA" };
