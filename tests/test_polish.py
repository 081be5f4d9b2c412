"""Polish Bezique: melds shown only from the cards won in tricks.

``POLISH`` (S003, the cardsanddominoes.com reading) and ``FILDINSKI`` (EB11, the
Britannica of 1911, with WKC). The rules pages ``rules/polish`` and
``rules/fildinski`` cite each test by name. Positions are built with
``positions.build``: seat 0 has won some cards in earlier tricks, leads a card
and takes the trick, and its turn is open.
"""

from __future__ import annotations

import collections
import itertools
import random

import pytest
from positions import build, declare, declared, illegal, legal, play, play_trick

import bezique as bz
from bezique import DealState, Declare, Exchange, Reason, ScoreSource
from bezique.cards import FACES, card_id_name
from bezique.checks.determinize import determinize
from bezique.checks.invariants import check_state
from bezique.io import DealRecord, record_deal, view_from_json, view_to_json
from bezique.rules import variants
from bezique.state import initial_events

POLISH = variants.POLISH
FILDINSKI = variants.FILDINSKI


def turn_after(
    rules: bz.Rules,
    lead: str,
    reply: str,
    *,
    won: str = "",
    other_won: str = "",
    hand: str = "",
    other_hand: str = "",
    trump: str = "H",
) -> DealState:
    """Seat 0 has won ``won`` and seat 1 ``other_won`` (even numbers of cards, in
    tricks of two); seat 0 leads ``lead`` to seat 1's ``reply`` and takes the trick:
    its turn is open."""
    done = (len(won.split()) + len(other_won.split())) // 2
    state = build(
        rules,
        trump=trump,
        hand=f"{lead} {hand}",
        other_hand=f"{reply} {other_hand}",
        won=won,
        other_won=other_won,
        stock_size=48 - 2 * done,
        window=False,
    )
    after, _ = play_trick(state, lead, reply)
    assert after.window is not None
    assert after.window.seat == 0
    return after


# -- where melds come from (S003, EB11) --------------------------------------------------


@pytest.mark.parametrize(
    ("knob", "option"),
    [
        ("open_cards", "scoring"),
        ("trick_card", "every-declaration"),
        ("polish_card_reuse", "once-per-hand"),
    ],
)
def test_the_knobs_of_the_cards_won_need_melds_from_them(knob: str, option: str) -> None:
    """The open cards, the card of the trick and the Polish re-use rule are rules of
    melds shown from the cards won: with melds from the hand and table they are
    refused when the rules are built, naming the fields."""
    with pytest.raises(bz.RulesError) as refused:
        variants.CLASSIC.evolve(**{knob: option})
    assert refused.value.fields == ("declare_from", knob)
    with pytest.raises(bz.RulesError):
        POLISH.evolve(declare_from="hand-and-table")
    back = POLISH.evolve(name="back", declare_from="hand-and-table", trick_card="not-required")
    assert back.zones.declare_from is bz.rules.DeclareFrom.HAND_AND_TABLE


@pytest.mark.parametrize("rules", [POLISH, FILDINSKI], ids=lambda r: r.name)
def test_the_hand_is_only_for_playing(rules: bz.Rules) -> None:
    """S003: "melds are created solely from cards you capture in tricks"; EB11: the
    open cards serve to declare. K♥ Q♥ in the hand make no royal marriage."""
    state = turn_after(rules, "AC", "7C", hand="KH QH")
    assert state.legal_declarations() == ()
    illegal(state, declare("royal-marriage", "KH QH"), Reason.CARD_NOT_HELD)


@pytest.mark.parametrize("rules", [POLISH, FILDINSKI], ids=lambda r: r.name)
def test_a_meld_of_cards_won_stays_among_them(rules: bz.Rules) -> None:
    """S003: the Q♥ won before and the K♥ just won make a royal marriage, 40; the
    cards stay in the won pile, the hand and the table do not change."""
    state = turn_after(rules, "KH", "7C", won="QH 8S")
    after = legal(state, declare("royal-marriage", "KH QH"), (declared(0, 40, "royal-marriage"),))
    assert after.won_masks == state.won_masks
    assert after.hand_masks == state.hand_masks
    assert after.table_masks == state.table_masks == (0, 0)


def test_polish_two_melds_a_trick_each_with_a_new_card() -> None:
    """S003: after a trick, one or two melds, each of the two new cards in one of
    them; cards won before join either. K♥ J♦ won on Q♥ Q♠ K♠ K♦ K♣: the royal
    marriage takes the K♥, the bezique the J♦, each scoring 40; four kings would
    need the K♥ again."""
    state = turn_after(POLISH, "KH", "JD", won="QH QS KS KD KC 8S")
    kings = declare("four-kings", "KH KS KD KC")
    assert kings in state.legal_declarations()
    royal = legal(state, declare("royal-marriage", "KH QH"), (declared(0, 40, "royal-marriage"),))
    both = legal(royal, declare("bezique", "QS JD"), (declared(0, 40, "bezique"),))
    illegal(both, declare("four-kings", "KH[royal-marriage] KS KD KC"), Reason.TRICK_CARD_DECLARED)
    assert both.legal_declarations() == ()
    assert both.scores[0] - state.scores[0] == 80


def test_polish_one_meld_may_take_both_new_cards() -> None:
    """S003: a meld may use both cards just won; nothing new is left for a second,
    so the Q♠ J♦ won before make no bezique after it."""
    state = turn_after(POLISH, "KH", "QH", won="QS JD")
    after = legal(state, declare("royal-marriage", "KH QH"), (declared(0, 40, "royal-marriage"),))
    illegal(after, declare("bezique", "QS JD"), Reason.NO_CARD_OF_TRICK)
    assert after.legal_declarations() == ()


@pytest.mark.parametrize("rules", [POLISH, FILDINSKI], ids=lambda r: r.name)
def test_every_meld_takes_a_card_of_the_trick_just_won(rules: bz.Rules) -> None:
    """EB11: "every declaration must include a card from the trick just won"; S003:
    the melds are made with the new cards. The Q♠ J♦ won before make no bezique
    after a trick of A♣ 7♣."""
    state = turn_after(rules, "AC", "7C", won="QS JD")
    illegal(state, declare("bezique", "QS JD"), Reason.NO_CARD_OF_TRICK)
    assert state.legal_declarations() == ()


def test_fildinski_one_declaration_a_trick() -> None:
    """EB11: one declaration after winning a trick, as in the two-hand game (S000
    law 7); the bezique of the J♦ just won waits."""
    state = turn_after(FILDINSKI, "KH", "JD", won="QH QS")
    royal = legal(state, declare("royal-marriage", "KH QH"), (declared(0, 40, "royal-marriage"),))
    illegal(royal, declare("bezique", "QS JD"), Reason.ALREADY_DECLARED)


def test_polish_card_reuse_once_per_hand() -> None:
    """S003: "some books state that each card can only be used in one meld"
    (``polish_card_reuse="once-per-hand"``). The K♥ of a royal marriage declared
    after one trick goes into four kings with the K♣ won in the next under the
    ordinary re-use rules (a marriage and a quartet are of different classes, FOS
    p.325), and not under that reading."""
    once = POLISH.evolve(name="polish-once", polish_card_reuse="once-per-hand")
    kings = declare("four-kings", "KH[royal-marriage] KS KD KC")
    for rules, reasons in ((POLISH, ()), (once, (Reason.CARD_DECLARED_BEFORE,))):
        state = turn_after(rules, "KH", "7C", won="QH KS KD 8S", hand="KC", other_hand="7D")
        state = legal(
            state, declare("royal-marriage", "KH QH"), (declared(0, 40, "royal-marriage"),)
        )
        state = legal(state, bz.Draw())
        state, _ = play_trick(state, "KC", "7D")
        assert state.why_illegal(kings) == reasons


# -- the cards won are never played again ------------------------------------------------


@pytest.mark.parametrize("rules", [POLISH, FILDINSKI], ids=lambda r: r.name)
def test_a_card_won_is_never_played(rules: bz.Rules) -> None:
    """S003, EB11: open cards are never played again. After the draw, seat 0 may
    lead only from its hand: the K♥ and Q♥ of its royal marriage are won cards."""
    state = turn_after(rules, "KH", "7C", won="QH 8S")
    state = legal(state, declare("royal-marriage", "KH QH"), (declared(0, 40, "royal-marriage"),))
    state = legal(state, bz.Draw())
    hand = {bz.face_of(c) for c in state.hand(0)}
    for action in state.legal_actions():
        assert isinstance(action, bz.Play)
        assert action.card.card in hand
    if bz.Card.parse("QH") not in hand:
        illegal(state, play("QH[royal-marriage]"), Reason.CARD_NOT_HELD)


@pytest.mark.parametrize("rules", [POLISH, FILDINSKI], ids=lambda r: r.name)
def test_the_seven_of_trumps_is_exchanged_from_the_hand(rules: bz.Rules) -> None:
    """S003: all else as in Bezique: the seven of trumps is exchanged from the hand
    (S000 law 8). One won in a trick is not in the hand."""
    won = turn_after(rules, "AC", "7C", won="7H 8S")
    assert Exchange() not in won.legal_actions()
    assert won.why_illegal(Exchange()) == (Reason.NO_SEVEN_OF_TRUMPS,)
    held = turn_after(rules, "AC", "7C", hand="7H")
    assert Exchange() in held.legal_actions()


# -- the end phase ------------------------------------------------------------------------


def _end_turn(rules: bz.Rules) -> DealState:
    """Seat 0 leads K♥ in the end phase (after trick 24) to seat 1's 7♥, having won
    the Q♥ before; hearts are trumps."""
    state = build(
        rules,
        trump="H",
        hand="KH",
        other_hand="7H",
        won="QH",
        stock_size=0,
        tricks_done=24,
    )
    return play_trick(state, "KH", "7H")[0]


def test_polish_melds_after_the_close() -> None:
    """S003: "you can continue to meld after the Close"."""
    state = _end_turn(POLISH)
    assert state.phase is bz.Phase.END
    legal(state, declare("royal-marriage", "KH QH"), (declared(0, 40, "royal-marriage"),))


def test_fildinski_no_declarations_after_the_close() -> None:
    """EB11 gives declarations only after winning a trick and before drawing, so none
    once the stock is out (S000 law 9): the winner of an end-phase trick has no turn."""
    state = _end_turn(FILDINSKI)
    assert state.window is None
    assert state.why_illegal(declare("royal-marriage", "KH QH")) == (Reason.NOT_IN_STOCK_PHASE,)


def _before_last_trick(won: str, hand: str, other_hand: str) -> DealState:
    """Seat 0, having won ``won``, and seat 1, every other card of 31 tricks, hold
    ``hand`` and ``other_hand`` for the last trick, seat 0 to lead; hearts are trumps."""
    named = collections.Counter(f"{hand} {other_hand} {won}".split())
    rest = [str(face) for face in FACES for _ in range(2 - named[str(face)])]
    return build(
        POLISH,
        trump="H",
        hand=hand,
        other_hand=other_hand,
        won=won,
        other_won=" ".join(rest),
        stock_size=0,
        tricks_done=31,
    )


def test_scenario_55_a_meld_after_the_last_trick() -> None:
    """S003: "After every trick, you may score either one or two melds", and "You can
    continue to meld after the Close": the winner of the 32nd trick declares four
    jacks with the J♥ just won before the deal is scored (the last trick's 10 first);
    his pass ends the deal, and the brisques are counted."""
    state, events = play_trick(_before_last_trick("JS JD JC 8S", "JH", "7C"), "JH", "7C")
    assert [(e.seat, e.points, e.source) for e in events] == [(0, 10, ScoreSource.LAST_TRICK)]
    assert len(state.tricks) == 32
    assert state.phase is bz.Phase.END
    assert not state.is_over
    assert state.current_player == 0
    jacks = declare("four-jacks", "JS JH JD JC")
    assert state.legal_actions() == (jacks, bz.Pass())
    after = legal(state, jacks, (declared(0, 40, "four-jacks"),))
    assert after.legal_actions() == (bz.Pass(),)
    over, events = after.step(bz.Pass())
    assert over.is_over
    assert [(e.seat, e.points, e.source) for e in events] == [(1, 160, ScoreSource.BRISQUES)]
    assert over.result is not None
    assert over.scores[0] - state.scores[0] == 40


def test_scenario_56_the_player_chooses_the_copy() -> None:
    """S003, read by the presets page: with K♣ Q♣ just won and a Q♣ won before, the
    common marriage may take either queen, and each is its own action. The Q♣ won
    before leaves the one just won for four queens after the same trick (20 + 60);
    the one just won uses up both cards of the trick. A declaration that does not say
    which is refused (``copy-not-named``); the engine never picks."""
    state = turn_after(POLISH, "KC", "QC", won="QC QH QS QD 8S 9S")
    new, old = declare("common-marriage", "KC QC/new"), declare("common-marriage", "KC QC/old")
    assert [a for a in state.legal_declarations() if a.kind is bz.MeldKind.COMMON_MARRIAGE] == [
        new,
        old,
    ]
    illegal(state, declare("common-marriage", "KC QC"), Reason.COPY_NOT_NAMED)
    spent = legal(state, new, (declared(0, 20, "common-marriage"),))
    assert spent.legal_declarations() == ()
    kept = legal(state, old, (declared(0, 20, "common-marriage"),))
    queens = declare("four-queens", "QS QH QD QC")
    assert queens in kept.legal_declarations()
    both = legal(kept, queens, (declared(0, 60, "four-queens"),))
    assert both.scores[0] - state.scores[0] == 80
    # The copy read back from its text, written with suit symbols.
    assert bz.parse_action(state, "declare common-marriage K♣ Q♣/old") == old
    assert bz.format_action(old, symbols=True) == "declare common-marriage K♣ Q♣/old"


def test_the_copies_that_do_not_matter_make_one_action() -> None:
    """Where the choice of copies leaves the same position, one declaration is listed,
    its cards unnamed: under FILDINSKI (EB11) one meld a trick, so nothing follows it;
    under POLISH with no alike card won before; and where the card just won is the
    meld's only card of the trick."""
    fildinski = turn_after(FILDINSKI, "KC", "QC", won="QC QH QS QD 8S 9S")
    assert declare("common-marriage", "KC QC") in fildinski.legal_declarations()
    assert not any("/" in str(a) for a in fildinski.legal_actions())
    alone = turn_after(POLISH, "KC", "QC", won="QH QS 8S 9S")
    assert declare("common-marriage", "KC QC") in alone.legal_declarations()
    queens = turn_after(POLISH, "QC", "7D", won="QC QH QS QD 8S 9S")
    assert declare("four-queens", "QS QH QD QC") in queens.legal_declarations()
    assert not any("/" in str(a) for a in queens.legal_actions())


@pytest.mark.parametrize(
    ("rules", "points"),
    [
        (variants.CARDS_AND_DOMINOES, 0),
        (POLISH, 0),
        (variants.CARDS_AND_DOMINOES.evolve(name="twice", seven_scores_once=False), 10),
    ],
    ids=lambda r: getattr(r, "name", str(r)),
)
def test_scenario_57_each_seven_of_trumps_scores_once(rules: bz.Rules, points: int) -> None:
    """S003: "Or if he does not exchange, he scores 10 points when playing the dix":
    the seven of spades exchanged for the turn-up (10) and taken back by the other
    seat as the last card of the stock scores nothing when played in the last tricks,
    under ``CARDS_AND_DOMINOES`` and ``POLISH``; with ``seven_scores_once=False`` it
    scores again."""
    state = build(
        rules,
        trump="S",
        stock_size=2,
        turn_up="AS",
        hand="7S KH QH JH 9H 8H 8H",
        other_hand="7D 8D 9D 7C 8C 9C TD",
    )
    state, events = state.step(Exchange())
    assert [(e.points, e.source) for e in events] == [(10, ScoreSource.EXCHANGE)]
    state = state.apply(bz.Draw())
    assert state.phase is bz.Phase.END
    assert bz.Card.parse("7S") in [bz.face_of(c) for c in state.hand(1)]
    state = state.apply(play("8H"))
    # Void in hearts, seat 1 must trump with its only trump (S000 law 9).
    assert state.legal_actions() == (play("7S"),)
    _, events = state.step(play("7S"))
    assert sum(e.points for e in events if e.source is ScoreSource.SEVEN_OF_TRUMPS) == points


# -- scoring ------------------------------------------------------------------------------


def test_fildinski_brisques_score_as_they_are_won() -> None:
    """WKC: the winner of a trick scores 10 at once for each ace and ten in it; the
    A♣ and T♣ score 20 with the trick. Under POLISH (S003) they wait for the end."""
    events = {}
    for rules in (FILDINSKI, POLISH):
        state = build(rules, trump="H", hand="AC", other_hand="TC", window=False, stock_size=48)
        _, events[rules.name] = play_trick(state, "AC", "TC")
    assert [(e.seat, e.points, e.source) for e in events["fildinski"]] == [
        (0, 20, ScoreSource.BRISQUES)
    ]
    assert events["polish"] == ()


@pytest.mark.parametrize("seed", range(6))
def test_fildinski_counts_no_brisques_at_the_end(seed: int) -> None:
    """WKC: brisques scored as won are not counted again at the end of the deal: the
    brisque events of a whole deal make 10 for each ace and ten, 160 in all."""
    state = bz.new_deal(FILDINSKI, seed=seed)
    rng = random.Random(seed)
    brisques = 0
    while not state.is_over:
        actions = state.legal_actions()
        state, events = state.step(actions[rng.randrange(len(actions))])
        brisques += sum(e.points for e in events if e.source is ScoreSource.BRISQUES)
    assert brisques == 160


def test_the_games_run_to_their_targets() -> None:
    """EB11: game 2000 or more; S003: as Bezique, 1000."""
    assert FILDINSKI.game.target == 2000
    assert POLISH.game.target == 1000


# -- what each seat sees ------------------------------------------------------------------


def test_both_seats_see_the_open_cards() -> None:
    """S003: tricks are left face up; EB11: only the scoring cards (A K Q J and the
    tens of trumps) are laid face up, the others turned down."""
    for rules, shown in ((POLISH, {"QH", "8S", "TS", "KH", "7C"}), (FILDINSKI, {"QH", "KH"})):
        state = turn_after(rules, "KH", "7C", won="QH 8S TS 9D")
        shown_now = {str(bz.face_of(c)) for c in state.view(1).open_cards[0]}
        assert shown <= shown_now
        if rules is FILDINSKI:
            assert not shown_now & {"8S", "TS", "9D", "7C"}
        for seat in (0, 1):
            view = state.view(seat)
            assert sorted(map(bz.face_of, view.open_cards[0])) == sorted(
                map(bz.face_of, state.view(1 - seat).open_cards[0])
            )
            assert view.open_cards[1] == ()


def _eager_playout(rules: bz.Rules, seed: int) -> list[DealState]:
    """The states of a deal where each seat declares whenever it can."""
    state = bz.new_deal(rules, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        actions = state.legal_actions()
        melds = [a for a in actions if isinstance(a, Declare)]
        state = state.apply(rng.choice(melds) if melds else rng.choice(actions))
        states.append(state)
    return states


@pytest.mark.parametrize("rules", [POLISH, FILDINSKI], ids=lambda r: r.name)
def test_json_views_and_determinization_keep_the_cards_won_public(rules: bz.Rules) -> None:
    """The cards won lie face up: a seat's view shows both piles; a determinized
    deal keeps every pile and every meld, and gives the same legal actions. The
    state's JSON and the view's JSON read back equal, and a record replays."""
    checked = 0
    for seed in range(3):
        states = _eager_playout(rules, seed)
        for i, state in enumerate(states[::5]):
            assert bz.io.load_state(bz.state_to_json(state)) == state
            seat = state.current_player
            if seat is None:
                continue
            view = state.view(seat)
            assert view_from_json(view_to_json(view)) == view
            sample = determinize(view, random.Random(i))
            # Card ids in a view are labels: the piles and melds agree face by face.
            assert _faces_won(sample) == _faces_won(state)
            assert _faces_melded(sample) == _faces_melded(state)
            assert sample.view(seat) == view
            assert sample.legal_actions() == state.legal_actions()
            checked += 1
        final = states[-1]
        assert final.melds
        record = record_deal(
            states[0], [_action_between(a, b) for a, b in itertools.pairwise(states)]
        )
        assert DealRecord.from_json(record.to_json()).replay() == final
    assert checked > 30


def _faces_won(state: DealState) -> list[list[bz.Card]]:
    return [sorted(map(bz.face_of, pile)) for pile in state.won]


def _faces_melded(state: DealState) -> list[tuple[int, bz.MeldKind, list[bz.Card], int]]:
    return [(m.seat, m.kind, sorted(map(bz.face_of, m.cards)), m.trick) for m in state.melds]


def _action_between(before: DealState, after: DealState) -> bz.Action:
    """The legal action that leads from ``before`` to ``after``."""
    for action in before.legal_actions():
        if before.apply(action) == after:
            return action
    raise AssertionError("no legal action leads there")


# -- invariants over random deals ---------------------------------------------------------


def check_polish_deal(states: list[DealState]) -> None:
    """The invariants of a deal of melds from the cards won: every declared card was
    won by its declarer, in the trick after which it declared or before; every meld
    holds a card of that trick (EB11, S003), under S003 each such card in one meld
    only; only open cards are declared (EB11); a card won is never played."""
    final = states[-1]
    rules = final.rules
    won_at: dict[int, tuple[int, int]] = {}
    for number, trick in enumerate(final.tricks, 1):
        for card in trick.cards:
            assert card not in won_at, "a card played twice"
            won_at[card] = (trick.winner, number)
    for meld in final.melds:
        taken = set(final.tricks[meld.trick - 1].cards)
        assert taken & set(meld.cards), "a meld without a card of its trick"
        for card in meld.cards:
            assert won_at[card][0] == meld.seat, "a card declared by another than its winner"
            assert won_at[card][1] <= meld.trick, "a card declared before it was won"
            if rules.zones.open_cards is bz.rules.OpenCards.SCORING:
                face = bz.face_of(card)
                assert face.rank is not bz.Rank.TEN or face.suit is final.trump
                assert face.rank not in (bz.Rank.NINE, bz.Rank.EIGHT, bz.Rank.SEVEN)
    if rules.zones.trick_card is bz.rules.TrickCard.ONE_DECLARATION_EACH:
        for number in {m.trick for m in final.melds}:
            taken = set(final.tricks[number - 1].cards)
            used = [c for m in final.melds if m.trick == number for c in m.cards if c in taken]
            assert len(used) == len(set(used)), "a card of a trick in two of its melds"
            assert sum(1 for m in final.melds if m.trick == number) <= 2
    else:
        assert len({m.trick for m in final.melds}) == len(final.melds), "two melds a trick"
    for before, after in itertools.pairwise(states):
        if len(after.trick) > len(before.trick) or len(after.tricks) > len(before.tricks):
            played = after.trick[-1] if after.trick else after.tricks[-1].cards[-1]
            assert not any(mask >> played & 1 for mask in before.won_masks), "a won card played"


@pytest.mark.parametrize("rules", [POLISH, FILDINSKI], ids=lambda r: r.name)
def test_random_deals_keep_every_invariant(rules: bz.Rules) -> None:
    """Random deals, half of them declaring whenever possible, end with every
    invariant of the library (``check_state``) and of the Polish game."""
    melds = 0
    for seed in range(120):
        rng = random.Random(seed)
        eager = seed % 2 == 0
        state = bz.new_deal(rules, seed=seed, dealer=seed % 2)
        states = [state]
        while not state.is_over:
            actions = state.legal_actions()
            declarations = [a for a in actions if isinstance(a, Declare)]
            state = state.apply(
                rng.choice(declarations) if eager and declarations else rng.choice(actions)
            )
            states.append(state)
        for state in states[:: 7 if seed % 10 else 1]:
            check_state(state)
        check_polish_deal(states)
        melds += len(states[-1].melds)
    assert melds > 300


@pytest.mark.parametrize("rules", [POLISH, FILDINSKI], ids=lambda r: r.name)
def test_the_thorough_checks_of_every_step(rules: bz.Rules) -> None:
    """Every step of a few deals through the checks every preset passes: legal
    lists, refusals, scores, the deal's end (``strategies.checked_playout``)."""
    from strategies import checked_playout

    for seed in range(3):
        start = bz.new_deal(rules, seed=seed, dealer=seed % 2)
        steps = checked_playout(start, random.Random(seed), thorough_every=3, eager=True)
        assert steps[-1].after.is_over


def _sevens_scored(before: DealState, after: DealState, events: tuple[bz.ScoreEvent, ...]) -> int:
    """The card id of the seven of trumps a step scored for, if it scored one, else -1."""
    if not any(e.source in (ScoreSource.SEVEN_OF_TRUMPS, ScoreSource.EXCHANGE) for e in events):
        return -1
    if any(e.source is ScoreSource.EXCHANGE for e in events):
        # The seven exchanged lies as the turn-up now.
        assert after.turn_up is not None
        return after.turn_up
    return after.trick[-1] if after.trick else after.tricks[-1].cards[-1]


@pytest.mark.parametrize("rules", [POLISH, variants.CARDS_AND_DOMINOES], ids=lambda r: r.name)
def test_random_eager_deals_keep_the_rules_of_s003(rules: bz.Rules) -> None:
    """SC-55, SC-56, SC-57 over random deals where each seat declares whenever it can,
    at every step: after the 32nd trick the deal is not over, its winner's turn is
    open with every meld the brute force finds, and only his pass ends the deal
    (S003); in every winner's turn each choice of alike copies is its own declaration,
    once (``test_perft_polish.declarations_by_brute_force``); no seven of trumps
    scores twice, whether turned up, exchanged or played (S003)."""
    from test_perft_polish import _listed, declarations_by_brute_force

    polish = rules.zones.declare_from is bz.rules.DeclareFrom.WON
    final_turns = final_melds = choices = 0
    for seed in range(40 if polish else 80):
        rng = random.Random(seed)
        state = bz.new_deal(rules, seed=seed, dealer=seed % 2)
        sevens = [state.turn_up] if initial_events(state) else []
        while not state.is_over:
            actions = state.legal_actions()
            if polish and state.window is not None:
                found = _listed(state)
                assert len(set(found)) == len(found)
                assert set(found) == declarations_by_brute_force(state)
                choices += sum(1 for a in actions if "/" in str(a))
            melds = [a for a in actions if isinstance(a, Declare)]
            action = rng.choice(melds) if melds else rng.choice(actions)
            after, events = state.step(action)
            if len(after.tricks) == rules.total_tricks and len(state.tricks) < len(after.tricks):
                if polish:
                    assert not after.is_over
                    assert after.window is not None
                    assert after.window.seat == after.tricks[-1].winner
                    assert bz.Pass() in after.legal_actions()
                    final_turns += 1
                    final_melds += bool(after.legal_declarations())
                else:
                    assert after.is_over
            if after.is_over and polish:
                assert isinstance(action, bz.Pass)
            seven = _sevens_scored(state, after, events)
            if seven >= 0:
                assert seven not in sevens, "a seven of trumps scored twice"
                sevens.append(seven)
            state = after
    if polish:
        assert final_turns == 40
        assert final_melds > 3
        assert choices > 3


# -- the built-in players -----------------------------------------------------------------


@pytest.mark.parametrize("rules", [POLISH, FILDINSKI], ids=lambda r: r.name)
@pytest.mark.parametrize("kind", ["random", "rule-of-thumb", "monte-carlo:iterations=8"])
def test_the_built_in_players_play_a_deal(rules: bz.Rules, kind: str) -> None:
    """Each built-in player, seated against the rules of thumb, finishes a deal,
    choosing only legal actions from its own view."""
    players = [bz.players.make_player(kind, seed=1), bz.players.make_player("rule-of-thumb")]
    state = bz.new_deal(rules, seed=4)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = players[seat].choose(state.view(seat))
        assert state.is_legal(action)
        state = state.apply(action)
    assert state.result is not None


# -- the command line ---------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["polish", "open-bezique", "fildinski"])
def test_the_demo_plays_a_deal(capsys: pytest.CaptureFixture[str], variant: str) -> None:
    """``bezique demo --variant polish`` narrates a whole deal: melds declared from
    the cards won, and no table going back to the hand at the close."""
    from bezique.programs.cli import main

    assert main(["demo", "--seed", "3", "--variant", variant, "--ascii"]) == 0
    out = capsys.readouterr().out
    name = variants.get(variant).name
    assert out.splitlines()[0].endswith(f"({name}) ===")
    assert " declares " in out
    assert "  The stock is exhausted: the cards won stay face up; end phase" in out
    assert "table cards go back" not in out


# -- the position notation ----------------------------------------------------------------


@pytest.mark.parametrize("rules", [POLISH, FILDINSKI], ids=lambda r: r.name)
def test_a_position_keeps_the_trick_just_won(rules: bz.Rules) -> None:
    """A position keeps the cards won, not the tricks (see the position page); while
    the winner's turn is open it keeps the trick just won (``last-trick``), from which
    each meld must take a card (EB11, S003), so the same melds are legal after it is
    read back."""
    state = turn_after(rules, "KH", "JD", won="QH QS KS KD KC 8S")
    text = bz.format_position(state)
    assert "; last-trick: KH" in text
    back = bz.parse_position(text)
    assert bz.same_position(back, state)
    assert back.tricks[-1] == state.tricks[-1]
    assert back.legal_actions() == state.legal_actions()
    assert "last-trick" not in bz.format_position(state.apply(bz.Draw()))
    # The cards must be the winner's, taken by his card.
    wrong = text.replace("; last-trick: KH", "; last-trick: 7C", 1)
    with pytest.raises(bz.InvalidStateError, match="last-trick"):
        bz.parse_position(wrong)


@pytest.mark.parametrize("rules", [POLISH, FILDINSKI], ids=lambda r: r.name)
def test_the_trick_just_won_keeps_the_order_its_cards_were_played(rules: bz.Rules) -> None:
    """``last-trick`` gives the cards in the order played, the leader's first (the
    position page), and the reader keeps that order: a king of spades led and taken
    over a jack of diamonds reads back as that trick, and the jack led to the king
    (which, off suit, does not take it, S000 law 6) as the other."""
    state = turn_after(rules, "KS", "JD", won="QH QS KS KD KC 8S")
    text = bz.format_position(state)
    assert "; last-trick: KSa JDa;" in text
    swapped = text.replace("; last-trick: KSa JDa;", "; last-trick: JDa KSa;")
    for written, led in ((text, "KSa"), (swapped, "JDa")):
        back = bz.parse_position(written)
        assert bz.format_position(back) == written
        assert card_id_name(back.tricks[-1].cards[0]) == led
        assert back.tricks[-1].leader == back.tricks[-1].winner == 0
    # Led by seat 0, a jack of diamonds does not take a trump king of hearts (S000 law 6).
    state = turn_after(rules, "KH", "JD", won="QH QS KS KD KC 8S")
    text = bz.format_position(state)
    wrong = text.replace("; last-trick: KHa JDa;", "; last-trick: JDa KHa;")
    assert wrong != text
    with pytest.raises(bz.InvalidStateError, match="last-trick: in the order played"):
        bz.parse_position(wrong)


def test_a_state_with_a_meld_not_of_the_cards_won_is_refused() -> None:
    """``check_state`` (run on every state read from a document): a meld of cards
    the other seat won, or, in the winner's turn, one without a card of the trick
    just won (EB11, S003), is not a state of these rules."""
    import attrs

    state = turn_after(POLISH, "KH", "JD", won="QS QH KS KD KC 8S", other_won="QC KC")
    royal = state.apply(declare("royal-marriage", "KH QH"))
    check_state(royal)
    meld = royal.melds[-1]

    def marriage(cards: list[int]) -> bz.DealState:
        married = attrs.evolve(
            meld, kind=bz.MeldKind.COMMON_MARRIAGE, cards=tuple(sorted(cards)), points=20
        )
        return attrs.evolve(royal, melds=(married,))

    def one(cards: tuple[int, ...], face: str) -> int:
        return next(c for c in cards if bz.face_of(c) == bz.Card.parse(face))

    theirs = royal.won_cards(1)
    with pytest.raises(bz.InvalidStateError, match="not among the cards seat 0 has won"):
        check_state(marriage([one(theirs, "KC"), one(theirs, "QC")]))
    won = royal.won_cards(0)
    with pytest.raises(bz.InvalidStateError, match="no card of trick"):
        check_state(marriage([one(won, "KS"), one(won, "QS")]))
