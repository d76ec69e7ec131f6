"""The rule catalogue: every code the referee reports, with its title and rule text.

This is the one source of truth for the codes. The engine raises them, the HTTP layer
turns them into problem documents, and `GET /v1/rules` and the OpenAPI document list
them from here. The wording is ours.
"""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """A rule the referee enforces. Each member knows its title and rule text."""

    def __new__(cls, value: str, title: str, description: str) -> Code:
        member = str.__new__(cls, value)
        member._value_ = value
        member.title = title
        member.description = description
        return member

    # The state itself.
    INVALID_STATE = (
        "INVALID_STATE",
        "The game state cannot happen",
        "The state breaks a fact every real game keeps: each card exists once, the cards add "
        "up to the deck of the game (88 with jokers in MASTER), the rows are laid as the rules "
        "lay them (in MASTER the four rows each hold their 11), bridges and bonus cards add "
        "up, the player to move exists, passes only count once the pile is empty. The reason "
        "names the card, player or row at fault.",
    )
    # The turn as a whole.
    GAME_OVER = (
        "GAME_OVER",
        "The game is already over",
        "A player has emptied their hand, or every player has passed in a row with the draw "
        "pile empty. No further turn can be played.",
    )
    NOT_YOUR_TURN = (
        "NOT_YOUR_TURN",
        "Another player is to move",
        "A turn must be played by the player whose turn it is; play goes round in "
        "increasing player index.",
    )
    SWAP_WITHOUT_PLAY = (
        "SWAP_WITHOUT_PLAY",
        "A joker swap needs a card placed in the same turn",
        "Swapping a number card for a joker on the table is only allowed in a turn in which "
        "the player also places at least one card. A turn that draws or passes cannot swap.",
    )
    TURN_MIXED = (
        "TURN_MIXED",
        "Drawing and passing are whole turns",
        "A turn either plays cards, or draws one card, or passes. A draw or a pass cannot be "
        "combined with any other action.",
    )
    # Each action, in the order docs/games/master.md lists the codes.
    BRIDGE_NOT_FOLLOWED = (
        "BRIDGE_NOT_FOLLOWED",
        "A bridge must be followed at once by a card in its target slot",
        "The action right after a bridge card must place the matching number card, or a "
        "joker, into the slot the bridge leads to. A turn cannot end on a bridge.",
    )
    ACTION_AFTER_GAME_END = (
        "ACTION_AFTER_GAME_END",
        "The game ended during this turn",
        "The game ends the moment a player places the last card of their hand; nothing may "
        "follow in that turn.",
    )
    CARD_LIMIT = (
        "CARD_LIMIT",
        "At most 4 cards per turn",
        "A turn places at most four cards, number cards and jokers together. Bridge cards do "
        "not count, nor does the number card put down in a joker swap.",
    )
    CARD_NOT_IN_HAND = (
        "CARD_NOT_IN_HAND",
        "The card is not in the player's hand",
        "Only cards in the player's hand can be placed or swapped in. For a hand the referee "
        "cannot see, a card visible anywhere else cannot be in it.",
    )
    SLOT_OCCUPIED = (
        "SLOT_OCCUPIED",
        "That slot is taken",
        "A card or joker can only go into an empty slot.",
    )
    NOT_ADJACENT = (
        "NOT_ADJACENT",
        "The card must touch the layout",
        "A card goes next to a card or joker of its own row (one value higher or lower), or "
        "into the target slot of the bridge laid just before. Rows have no gaps, and a bridge "
        "cannot stand in for a missing card inside a row.",
    )
    NO_BRIDGE_LEFT = (
        "NO_BRIDGE_LEFT",
        "No bridge card left",
        "The player has used all the bridge cards they were dealt.",
    )
    BRIDGE_SAME_ROW = (
        "BRIDGE_SAME_ROW",
        "A bridge leads to another row",
        "A bridge card joins two different rows; it never links two slots of one row.",
    )
    BRIDGE_VALUE_MISMATCH = (
        "BRIDGE_VALUE_MISMATCH",
        "A bridge joins slots of the same value",
        "A bridge card links a slot to the slot with the same value in another row.",
    )
    BRIDGE_NOT_NEIGHBOR = (
        "BRIDGE_NOT_NEIGHBOR",
        "A bridge reaches only the row directly above or below",
        "Bridges join neighbouring rows in the top-to-bottom order of the table; the top and "
        "bottom rows are not neighbours.",
    )
    BRIDGE_SOURCE_EMPTY = (
        "BRIDGE_SOURCE_EMPTY",
        "A bridge starts at an occupied slot",
        "The slot a bridge starts from must hold a number card or a joker (one placed earlier "
        "in the same turn is fine).",
    )
    BRIDGE_TARGET_OCCUPIED = (
        "BRIDGE_TARGET_OCCUPIED",
        "A bridge leads to an empty slot",
        "The slot a bridge leads to must be empty, so that a card can be placed there next.",
    )
    SWAP_NO_JOKER = (
        "SWAP_NO_JOKER",
        "There is no joker to swap there",
        "A swap puts a number card into its own slot where a joker lies and takes the joker "
        "into hand; the slot must hold a joker.",
    )
    PILE_EMPTY = (
        "PILE_EMPTY",
        "The draw pile is empty",
        "There is no card left to draw.",
    )
    DRAW_CARD_REQUIRED = (
        "DRAW_CARD_REQUIRED",
        "Say which card was drawn",
        "When the referee cannot see the draw pile but knows the drawer's hand, the draw must "
        "name the card taken, so that the hand stays known.",
    )
    DRAW_MISMATCH = (
        "DRAW_MISMATCH",
        "That is not the top card of the pile",
        "When the draw pile is known, a draw that names a card must name its top card.",
    )
    CARD_UNAVAILABLE = (
        "CARD_UNAVAILABLE",
        "The card named lies elsewhere",
        "The card named as drawn, turned up or taken is already visible somewhere else: on the "
        "table, in a known hand or in a known pile.",
    )
    PASS_PILE_NOT_EMPTY = (
        "PASS_PILE_NOT_EMPTY",
        "No passing while the pile has cards",
        "A player may pass only when the draw pile is empty; before that, a player who does "
        "not play draws.",
    )
    MUST_PLAY = (
        "MUST_PLAY",
        "A card can be placed, so it must be",
        "MASTER: once the draw pile is empty, a player holding a number card that fits next "
        "to a card of its row must play; jokers and bridges never oblige a play. Classic and "
        "junior: playing is compulsory, so a player who can place a card neither draws nor "
        "passes.",
    )

    # Classic and junior games only (docs/games/classic.md).
    OPENING = (
        "OPENING",
        "The first turn opens one row",
        "While no row lies, a turn that places puts down exactly one card, and it must be a "
        "card that may start a row. With the start on the 11s, the first turn is the placing "
        "of the highest-priority 11 dealt, by the player who holds it.",
    )
    ROW_NOT_STARTED = (
        "ROW_NOT_STARTED",
        "That colour has no row yet",
        "A card of a colour without a row can only be placed if it may start one: an 11, a "
        "10, 11 or 12, or the value the first row began with, by the start variant played.",
    )
    PLAY_AFTER_DRAW = (
        "PLAY_AFTER_DRAW",
        "After drawing, only the drawn card may be placed",
        "A player who drew may place the card drawn last, once, and nothing else.",
    )
    DRAW_LIMIT = (
        "DRAW_LIMIT",
        "No more draws this turn",
        "A player who cannot place draws at most three cards in one turn (one in the junior "
        "game).",
    )
    DRAW_AFTER_FIT = (
        "DRAW_AFTER_FIT",
        "The drawn card fits, so the drawing stops",
        "Once a drawn card could be placed, the player draws no further card this turn.",
    )
    DRAW_INCOMPLETE = (
        "DRAW_INCOMPLETE",
        "Keep drawing until a card fits or three are drawn",
        "A turn cannot end on a drawn card that does not fit while fewer than three cards "
        "were drawn and the pile still has cards.",
    )
    MUST_PLACE_DRAWN = (
        "MUST_PLACE_DRAWN",
        "A drawn card that fits must be placed",
        "A drawn card that can be placed has to be placed at once: in the original edition every "
        "one, in the 2018 edition the second or third drawn in a turn (the first may be kept).",
    )

    # The other games in the box (docs/games/index.md).
    TURN_SHAPE = (
        "TURN_SHAPE",
        "A turn of this game does not look like that",
        "Each game of the box has a fixed shape of turn: which kinds of action it takes, in "
        "which order and how many (one reveal, one play, a draw followed by a pair, ...). An "
        "action kind the game does not have, one out of place, or a turn that stops before "
        "an action it needs is refused before any card is looked at.",
    )

    # Farben sammeln (docs/games/farben-sammeln.md).
    SPACE_NOT_FILLED = (
        "SPACE_NOT_FILLED",
        "The emptied display stack must be filled",
        "There are always four face-up display stacks. A player who took the last card of "
        "one must put the discarded card there, in its place.",
    )
    CLOSE_NOT_ALLOWED = (
        "CLOSE_NOT_ALLOWED",
        "Only a hand of one colour may close the round",
        "A player may end the round only when, after taking and discarding, every card in "
        "their hand is of the same colour.",
    )

    # Überall anschließen (docs/games/ueberall-anschliessen.md).
    TURN_ENDED = (
        "TURN_ENDED",
        "The turn has already ended",
        "A turn ends with a card put on the own open pile, with the first card of the game put "
        "into the empty middle, or after a \"Stopp!\". Nothing more is turned up after that.",
    )
    NOT_NEXT_HIGHER = (
        "NOT_NEXT_HIGHER",
        "The card is not one higher",
        "A card goes on the middle or on another player's open pile only when it is one higher "
        "than the top card there; after 20 comes 1, and colours do not matter. An empty open "
        "pile takes no card.",
    )
    MIDDLE_FIRST = (
        "MIDDLE_FIRST",
        "The middle is served first",
        "A card that fits the middle goes there; it may not go on another player's open pile "
        "instead.",
    )
    FIT_OVERLOOKED = (
        "FIT_OVERLOOKED",
        "The card fitted elsewhere",
        "A card goes on the own open pile only when it fits neither the middle nor another "
        "player's open pile. A mistake the table catches is followed by \"Stopp!\" and its "
        "penalty instead.",
    )
    STOPP_WITHOUT_MISTAKE = (
        "STOPP_WITHOUT_MISTAKE",
        "Stopp! only after an overlooked fit",
        "\"Stopp!\" is called right after a card was put on the own open pile although it "
        "fitted the middle or another player's open pile, and at no other time.",
    )
    TURN_INCOMPLETE = (
        "TURN_INCOMPLETE",
        "The turn goes on after a card that fitted",
        "After a card put on the middle or on another player's open pile the player turns up "
        "the next card; the turn ends only with a card on the own open pile, the game's first "
        "card in the middle, or when the player has no card left.",
    )
    CARDS_HIDDEN = (
        "CARDS_HIDDEN",
        "This view hides the cards the turn would reveal",
        "A view shows a player only what they may see; cards lying face down for others are "
        "null in it. A turn that would turn those cards up (the last play to a trick, the last "
        "guess in Ratefix) cannot be judged on the view: send it with the whole state.",
    )
    PAIR_NOT_LAID = (
        "PAIR_NOT_LAID",
        "The pair must be laid",
        "In Schwarzer Peter a card drawn that makes a pair with one in the hand must be laid "
        "down with it in the same turn.",
    )
    # Mogeln (docs/games/mogeln.md).
    RESOLVE_FIRST = (
        "RESOLVE_FIRST",
        "A player's going out is settled first",
        "When a player has laid their last card, the player to move challenges that play or "
        "accepts it before anyone plays again.",
    )
    NOTHING_TO_CHALLENGE = (
        "NOTHING_TO_CHALLENGE",
        "There is no play to challenge",
        "A challenge turns up the top play of the stack, before the next play. It needs a play "
        "on the stack, and nobody challenges their own.",
    )
    REVEAL_REQUIRED = (
        "REVEAL_REQUIRED",
        "Name the cards turned up",
        "Where the challenged play lies hidden from the referee, the challenge names the cards "
        "it turned up.",
    )
    REVEAL_MISMATCH = (
        "REVEAL_MISMATCH",
        "These are not the cards of the play",
        "The cards a challenge names are the cards of the challenged play: as many as were "
        "laid, and where the play is known, those very cards.",
    )
    ACCEPT_NOT_ALLOWED = (
        "ACCEPT_NOT_ALLOWED",
        "Nothing to accept",
        "Accepting ends the game when a player has laid their last card and nobody challenged "
        "it; at any other time there is nothing to accept.",
    )
    # Schnipp Schnapp (docs/games/schnipp-schnapp.md).
    MATCH_NOT_CALLED = (
        "MATCH_NOT_CALLED",
        "A match waits to be called",
        "While the card flipped last can be called, Schnapp on another open pile with its value "
        "or Schnipp on the top of the middle, nobody flips: the table flips until a match shows, "
        "then someone calls it.",
    )
    NOTHING_TO_CALL = (
        "NOTHING_TO_CALL",
        "No flipped card to call",
        "A call answers the card flipped last. Before the first flip, after a call has settled it, "
        "and with everyone flipping together while a round is still under way, there is nothing "
        "to call.",
    )
    CALL_NOT_ALLOWED = (
        "CALL_NOT_ALLOWED",
        "Schnapp needs cards of your own",
        "A player who holds no cards is out of the game, but may come back by a right Schnipp; "
        "Schnapp, which takes other players' open piles, is for players still holding cards.",
    )
