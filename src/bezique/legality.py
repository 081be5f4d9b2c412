"""Machine-readable reasons why an action is illegal, in every game of the family.

The ``why_illegal`` of every state (:class:`bezique.State`) returns a tuple of
:class:`Reason`;
an empty tuple means the action is legal. :class:`~bezique.IllegalActionError`
carries the same reasons.
"""

from __future__ import annotations

import enum

__all__ = ["Reason"]


class Reason(enum.StrEnum):
    """Why an action is refused. The value is a stable machine-readable code."""

    DEAL_OVER = "deal-over"
    WRONG_ACTION_NOW = "wrong-action-now"
    NOT_TRICK_WINNER = "not-trick-winner"
    NOT_IN_STOCK_PHASE = "not-in-stock-phase"
    CARD_NOT_HELD = "card-not-held"
    MUST_FOLLOW_SUIT = "must-follow-suit"
    MUST_WIN_TRICK = "must-win-trick"
    MUST_TRUMP = "must-trump"
    KIND_NOT_IN_VARIANT = "kind-not-in-variant"
    NOT_A_MELD = "not-a-meld"
    SAME_KIND_REUSED = "same-kind-reused"
    INFERIOR_ORDER = "inferior-order"
    MARRIED_CARD_IN_SEQUENCE = "married-card-in-sequence"
    NO_FRESH_CARD = "no-fresh-card"
    ALREADY_DECLARED = "already-declared"
    USES_EXCHANGED_CARD = "uses-exchanged-card"
    EXCHANGE_NOT_IN_VARIANT = "exchange-not-in-variant"
    NO_SEVEN_OF_TRUMPS = "no-seven-of-trumps"
    TURN_UP_IS_SEVEN = "turn-up-is-seven"
    NO_TURN_UP = "no-turn-up"
    NO_SUCH_PENDING_MELD = "no-such-pending-meld"
    PENDING_MELD_BROKEN = "pending-meld-broken"
    ALREADY_SCORED = "already-scored"
    NO_CARTE_BLANCHE = "no-carte-blanche"
    AMBIGUOUS_CARD = "ambiguous-card"
    NOT_YOUR_TURN = "not-your-turn"
    CANNOT_PASS_RIGHT = "cannot-pass-right"
    NO_OWN_HAND_CARD = "no-own-hand-card"
    PARTNER_CARD_IN_BEZIQUE = "partner-card-in-bezique"
    NO_CARD_OF_TRICK = "no-card-of-trick"
    TRICK_CARD_DECLARED = "trick-card-declared"
    CARD_DECLARED_BEFORE = "card-declared-before"
    COPY_NOT_NAMED = "copy-not-named"
    # Zetema's (S003, PAR-Z).
    NOT_ON_TABLEAU = "not-on-tableau"
    DISCARD_FROM_COMBINATION = "discard-from-combination"
    ONE_COMBINATION_A_TURN = "one-combination-a-turn"

    @property
    def explanation(self) -> str:
        """A sentence for people."""
        return _EXPLANATIONS[self]


_EXPLANATIONS = {
    Reason.NOT_YOUR_TURN: "another seat is to act now",
    Reason.CANNOT_PASS_RIGHT: "the right to declare cannot be passed to the partner now",
    Reason.NO_OWN_HAND_CARD: (
        "a declaration using the partner's table cards needs a card from the declarer's hand"
    ),
    Reason.PARTNER_CARD_IN_BEZIQUE: (
        "a double or triple bezique must be made of one player's cards under these rules"
    ),
    Reason.NO_CARD_OF_TRICK: (
        "a declaration from the cards won must include a card of the trick just won"
    ),
    Reason.TRICK_CARD_DECLARED: (
        "each card of the trick just won goes into one declaration of the turn at most"
    ),
    Reason.CARD_DECLARED_BEFORE: "under these rules every card won goes into one meld only",
    Reason.COPY_NOT_NAMED: (
        "alike cards just won and won before could serve: name the copy (QC/new or QC/old)"
    ),
    Reason.DEAL_OVER: "the deal is over",
    Reason.WRONG_ACTION_NOW: "this kind of action is not possible at this point of the deal",
    Reason.NOT_TRICK_WINNER: "only the winner of the trick just played may do this, before drawing",
    Reason.NOT_IN_STOCK_PHASE: "no declarations once the stock is exhausted",
    Reason.CARD_NOT_HELD: "a card is not in the player's hand or on the player's table",
    Reason.MUST_FOLLOW_SUIT: "in the end phase the player must follow suit",
    Reason.MUST_WIN_TRICK: "in the end phase the player must win the trick if able",
    Reason.MUST_TRUMP: "in the end phase a player void in the suit led must trump if able",
    Reason.KIND_NOT_IN_VARIANT: "this meld does not score in these rules",
    Reason.NOT_A_MELD: (
        "the cards do not form this meld (in Zetema: this combination, or marriages)"
    ),
    Reason.NOT_ON_TABLEAU: "a card to be married from the tableau is not on the tableau",
    Reason.DISCARD_FROM_COMBINATION: (
        "after declaring a combination the player discards one of its cards"
    ),
    Reason.ONE_COMBINATION_A_TURN: (
        "one combination a turn: after a declaration the turn goes on with a discard"
    ),
    Reason.SAME_KIND_REUSED: (
        "a card was already declared in a meld of this kind (under the new-set rule, "
        "these very cards together; under re-forming, in a meld still whole, or in "
        "another broken meld than the other cards re-used)"
    ),
    Reason.INFERIOR_ORDER: (
        "a card was already declared in a meld worth as much or more of the same class"
    ),
    Reason.MARRIED_CARD_IN_SEQUENCE: (
        "under these rules a card declared in a marriage may not go into a sequence"
    ),
    Reason.NO_FRESH_CARD: (
        "a declaration that re-uses declared cards must add a card from the concealed hand"
    ),
    Reason.ALREADY_DECLARED: "the declaration for this trick has already been made",
    Reason.USES_EXCHANGED_CARD: "the card just gained by exchanging the seven may not be declared",
    Reason.EXCHANGE_NOT_IN_VARIANT: "these rules have no exchange of the seven of trumps",
    Reason.NO_SEVEN_OF_TRUMPS: "the player has no seven of trumps in the concealed hand",
    Reason.TURN_UP_IS_SEVEN: "the turn-up is already a seven",
    Reason.NO_TURN_UP: "there is no turn-up card to exchange for",
    Reason.NO_SUCH_PENDING_MELD: "there is no pending meld of this player with that number",
    Reason.PENDING_MELD_BROKEN: "a card of the pending meld is no longer on the table",
    Reason.ALREADY_SCORED: "a declaration has already scored on this trick",
    Reason.NO_CARTE_BLANCHE: "the player has no carte blanche to show now",
    Reason.AMBIGUOUS_CARD: (
        "two table cards alike lie in different melds: name the card's melds (QS[bezique]@3)"
    ),
}
