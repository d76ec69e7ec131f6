"""What every ruleset shares: the engine's common core.

- `cards`: slots, card names and decks; `zones`: hands and piles that may be hidden, and
  what every state answers alike; `actions` and `wire`: turns and their one reader,
  parameterised by a ruleset's deck;
- `codes`: the rule catalogue (every code with its title and text); `errors`: the two
  ways input is refused (malformed, or against a rule);
- `turn`: the step loop of a turn and the checks all rulesets make alike; `validity`,
  `deal` and `scoring`: the shared impossible-state checks, deal checks and winners;
- `ruleset`: the `Ruleset` base every game implements (apply, legal actions, replay and
  scores are written there once) and the `Registry` that finds one by name.

May import: the standard library only. Never the rulesets (`referee.games.master`,
`referee.families.rows`), the web layer or any web, schema or serializer library.
"""
