// The other games of the box, each with its own module of controls, `games/<ruleset>.js`,
// loaded by the ruleset's name from the list the page carries (`#box-games`: the box games
// of the referee's registry, in its order). A game missing its module fails here, loudly;
// tests/games/test_every_game_is_whole.py names the missing file first.
const names = JSON.parse(document.getElementById("box-games").textContent);

export const GAMES = Object.fromEntries(
  await Promise.all(names.map(async (name) => [name, (await import(`./games/${name}.js`)).default])),
);
