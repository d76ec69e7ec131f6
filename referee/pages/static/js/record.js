// The game as the browser keeps it: the match (its setup and its rounds, each a starting
// state and the turns recorded since), saved in localStorage after every change so that
// a reload loses nothing, and the game record of a round (the body of POST /v1/replays,
// which `referee replay` also reads) for export and import.
const KEY = "elfer-table/v1";

export function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || {};
  } catch {
    return {};
  }
}

export function save(saved) {
  localStorage.setItem(KEY, JSON.stringify(saved));
}

export function newRound(state) {
  return { start: state, turns: [], state, result: null };
}

export function currentRound(match) {
  return match ? match.rounds[match.rounds.length - 1] : null;
}

export function gameRecord(round) {
  return { state: round.start, turns: round.turns };
}

export function download(record, filename) {
  const blob = new Blob([JSON.stringify(record, null, 2)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

export async function readRecord(file) {
  const record = JSON.parse(await file.text());
  if (!record || typeof record !== "object" || !record.state || !Array.isArray(record.turns)) {
    throw new Error("not a game record");
  }
  return record;
}

// Points per round and in total: MASTER counts points (the highest total wins), the
// classic and junior games penalties (the lowest wins). The referee scores each round;
// this only adds the rounds up.
export function matchTotals(match) {
  const players = match.setup.players.length;
  const totals = Array(players).fill(0);
  const master = match.setup.ruleset === "master";
  for (const round of match.rounds) {
    if (!round.result) continue;
    for (const entry of round.result.scores) totals[entry.player] += master ? entry.total : entry.penalty;
  }
  const scored = match.rounds.filter((r) => r.result).length;
  const best = master ? Math.max(...totals) : Math.min(...totals);
  return { totals, scored, leaders: totals.flatMap((v, i) => (v === best ? [i] : [])) };
}
