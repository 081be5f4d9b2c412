"""Ask the engine which declarations are legal, and why one is not.

A deck is ordered so that the non-dealer holds the whole trump sequence in
hearts, a second queen of hearts and two aces of spades. He wins the first
trick and declares the sequence (250), then wins the second trick. May the
king and queen of the sequence now be declared as a royal marriage? No: a
card declared in a meld may not go into a lower-valued meld of the same class
(FOS pp. 325-326), and re-using only declared cards needs a card from the
concealed hand as well. Not even with the second queen from the hand: the
king already belongs to a sequence (SC-2, SC-3).

Run with ``python examples/declarations_query.py``.
"""

from __future__ import annotations

from collections import Counter

import bezique as bz


def crafted_deck(non_dealer: str, dealer: str, turn_up: str, stock: str) -> list[str]:
    """A two-pack deck, top first, that deals these hands when seat 0 deals.

    Eight cards each in packets of 3, 2 and 3, the non-dealer first (S000 law 3);
    then the turn-up (S000 law 4); then the top of the stock; then the rest.
    """
    first, second = non_dealer.split(), dealer.split()
    order = [*first[:3], *second[:3], *first[3:5], *second[3:5], *first[5:], *second[5:]]
    order += [turn_up, *stock.split()]
    used = Counter(order)
    rest = [str(face) for face in bz.cards.FACES for _ in range(2 - used[str(face)])]
    return order + rest


def show(title: str, actions: tuple[bz.Action, ...] | tuple[bz.Declare, ...]) -> None:
    print(f"{title}:")
    for action in actions:
        print(f"    {bz.format_action(action, symbols=True)}")
    if not actions:
        print("    (none)")


def explain(state: bz.DealState, text: str) -> None:
    action = bz.parse_action(state, text)
    reasons = state.why_illegal(action)
    verdict = "legal" if not reasons else "illegal"
    print(f"  {text!r} reads as {action}: {verdict}")
    for reason in reasons:
        print(f"      {reason.value}: {reason.explanation}")


def main() -> None:
    deck = crafted_deck(
        non_dealer="AH TH KH QH JH AS AS QH",
        dealer="7C 8C 9C JC QC KC TC AC",
        turn_up="8H",
        stock="7S 8S 9S 7D",
    )
    state = bz.new_deal(bz.variants.CLASSIC, deck=deck, dealer=0)
    state = bz.play_many(state, ["play AS", "play 7C"])
    show("Seat 1 won the first trick and may", state.legal_actions())

    state, events = state.step("declare trump-sequence AH TH KH QH JH")
    print(f"Declared the trump sequence: +{events[0].points}, scores {state.scores}")
    show("Now only one declaration per trick is allowed, so seat 1 may", state.legal_actions())

    state = bz.play_many(state, ["draw", "play AS", "play 8C"])
    table = " ".join(str(state.card_ref(c)) for c in state.table(1))
    print(f"Seat 1 won the second trick; on his table: {table}")
    show("Legal declarations now", state.legal_declarations())

    print("Re-using the sequence's king and queen:")
    explain(state, "declare royal-marriage KH[trump-sequence] QH[trump-sequence]")
    explain(state, "declare royal-marriage KH QH")
    try:
        state.apply("declare royal-marriage KH QH")
    except bz.IllegalActionError as error:
        print(f"  apply() refuses it: {error}")


if __name__ == "__main__":
    main()
