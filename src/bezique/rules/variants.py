"""Named presets and their registry.

``bezique.variants.CLASSIC`` is the reference two-hand game (S000, the laws of
Sinkinson's 1933 booklet, read with FOS where S000 is silent); the other
two-hand presets are the readings of single sources (the presets page), each
``CLASSIC`` with the knobs that source sets.

>>> from bezique import variants
>>> variants.get("sinkinson-1933") is variants.SINKINSON_1933
True
>>> [name for name, _ in variants.names()][:2]
['cards-and-dominoes', 'classic']
"""

from __future__ import annotations

from bezique.errors import RulesError, require, shown
from bezique.rules import (
    BrisqueTiming,
    DealScoring,
    DeclarationLimit,
    DeclareFrom,
    FreshCard,
    GameEnd,
    InferiorOrder,
    LastTrick,
    OpenCards,
    Rules,
    SameKindReuse,
    SevenOfTrumps,
    TrickCard,
    TrumpSelection,
)

__all__ = [
    "CARDS_AND_DOMINOES",
    "CLASSIC",
    "CLASSIC_FOUR_PACK",
    "CLASSIC_SIX_PACK",
    "EIGHT_PACK",
    "FILDINSKI",
    "FOUR_HAND",
    "MARJOLET",
    "MCNEELY",
    "PARTNERSHIP",
    "POLISH",
    "RUBICON",
    "SINKINSON_1933",
    "SIX_PACK",
    "SWIFT_1865",
    "THREE_HAND",
    "WIKIPEDIA",
    "get",
    "names",
    "register",
]

CLASSIC = Rules(
    name="classic",
    description="Two-hand Bezique, two packs, the English standard (Sinkinson 1933, with Foster)",
    sources=("S000", "EIW", "FOS", "S001", "PAR"),
)
#: S000 as printed. Its law 6 opens "the higher card, whether of the same suit or
#: not, takes the trick, when a trump is not played"; the same-suit rule is the
#: alternative it gives. CLASSIC keeps that alternative, which every other source
#: states (S001, S002, S003, HGM, PAR); this preset keeps the law's main sentence.
SINKINSON_1933 = CLASSIC.evolve(
    name="sinkinson-1933",
    description="Two-hand Bezique as printed in Sinkinson's laws (1933): a higher card of "
    "any suit takes the trick when no trump is played",
    sources=("S000", "EIW"),
    offsuit_higher_card_wins=True,
)

SWIFT_1865 = CLASSIC.evolve(
    name="swift-1865",
    description="Two-hand Bezique as in A. B. Swift, Bezique Complete (1865)",
    sources=("S004",),
)

MCNEELY = CLASSIC.evolve(
    name="mcneely",
    description="Two-hand Bezique as in McNeely: one-of-each-suit quartets, 150 plain sequence, "
    "the seven of trumps scores only when exchanged",
    sources=("S002", "S002b"),
    quartet_suits="one-of-each",
    plain_sequence=150,
    exchange_counts_as_declaration=True,
    # S002's table lists the seven of trumps only "exchanged for the exposed trump
    # card": played, it scores nothing. (S002 is silent on a turned-up seven; the
    # dealer's 10 of S000 law 4 is kept.)
    seven_of_trumps=SevenOfTrumps.NEVER,
)

WIKIPEDIA = CLASSIC.evolve(
    name="wikipedia",
    description="Two-hand Bezique as in Wikipedia: 24th-trick bonus, pending melds, the seven "
    "of trumps played or declared",
    sources=("S001",),
    last_trick=LastTrick.LAST_STOCK_TRICK,
    limit=DeclarationLimit.ONE_SCORED_REST_PENDING,
    # S001's table: "7 of trumps turned up, played or declared", one entry of 10; and
    # "the holder of the duplicate trump 7 also scores 10 when it is played".
    seven_of_trumps=SevenOfTrumps.ON_PLAY_OR_DECLARATION,
    # S001: the seven's is "a special meld declaration", not placed on the table with
    # the others; the exchange is that declaration, so it is the trick's one scored meld.
    declared_seven_on_table=False,
    exchange_counts_as_declaration=True,
)

CARDS_AND_DOMINOES = CLASSIC.evolve(
    name="cards-and-dominoes",
    description="Two-hand Bezique, cardsanddominoes.com 'enhanced' rules: melding after the close",
    sources=("S003",),
    melding_after_close=True,
    double_bezique=350,
    plain_sequence=120,
    # S003 scores the dix "played to trick" with no exception for the last tricks;
    # and gives the exchange and the play as alternatives ("Or if he does not
    # exchange, he scores 10 points when playing the dix"): each seven scores once,
    # so not again when one that lay as the turn-up (turned up, or exchanged) is played.
    seven_in_end_phase=True,
    seven_scores_once=True,
)


# -- Marjolet, the one-pack ancestor (the Marjolet rules page) ----------------------

#: Marjolet after S003 (which follows Parlett's *Oxford A-Z*), with the values from
#: WMJ and ADP; one pack, six cards dealt 3-3, ten stock tricks then six, several
#: melds scored on one trick, the marjolet (the jack of trumps) with each queen in
#: turn, game 500.
MARJOLET = CLASSIC.evolve(
    name="marjolet",
    description="Marjolet: one pack, six cards, the marjolet with each queen, game 500",
    sources=("S003", "WMJ", "ADP"),
    packs=1,
    hand_size=6,
    packets=(3, 3),
    limit=DeclarationLimit.SEVERAL,
    melding_after_close=True,
    fresh_card=FreshCard.NEVER,
    inferior_order=InferiorOrder.NONE,
    same_kind_reuse=SameKindReuse.NEW_SET,
    trump_sequence=None,
    bezique=None,
    double_bezique=None,
    four_jacks=None,
    four_queens=40,
    four_kings=60,
    four_tens=80,
    four_aces=100,
    royal_marjolet=40,
    common_marjolet=20,
    # S003 scores the dix "played to trick" with no exception for the last tricks;
    # it scores once, so not again when the turn-up seven is played.
    seven_in_end_phase=True,
    seven_scores_once=True,
    stock_end_points=10,
    all_last_tricks_points=50,
    target=500,
)


# -- two-hand with more packs (S000 law 1) ------------------------------------------

CLASSIC_FOUR_PACK = CLASSIC.evolve(
    name="classic-four-pack",
    description="Two-hand Bezique with four packs: nine cards each, game 2000, triple bezique",
    sources=("S000",),
    packs=4,
    hand_size=9,
    packets=(3, 3, 3),
    target=2000,
    triple_bezique=1500,
)
CLASSIC_SIX_PACK = CLASSIC_FOUR_PACK.evolve(
    name="classic-six-pack",
    description="Two-hand Bezique with six packs: nine cards each, game 2000, triple bezique",
    packs=6,
)

# -- three and four at the table ----------------------------------------------------

#: Three players, each alone, three packs (EB9 pp. 642-643, EB11 p. 863, EIW, BEN).
#: The deal, the lead and the draws go round to the left; the winner of a stock
#: trick draws first and the turn-up is drawn last; in the last eight tricks each
#: seat must beat the best card so far if it can, and trumps only to win (EB9).
THREE_HAND = CLASSIC.evolve(
    name="three-hand",
    description="Three-hand Bezique: three packs, each for himself, triple bezique, game 2000",
    sources=("EB9", "EB11", "EIW", "BEN", "S000"),
    players=3,
    packs=3,
    triple_bezique=1500,
    # EB9: a bezique already in a double may make a second double with a new pair.
    second_double_bezique=True,
    target=2000,
)
#: Four players, each alone, four packs (EB9, BIC, S004).
FOUR_HAND = THREE_HAND.evolve(
    name="four-hand",
    description="Four-hand Bezique: four packs, each for himself, triple bezique, game 2000",
    sources=("EB9", "EB11", "BIC", "S004", "S000"),
    players=4,
    packs=4,
)
#: Four players in two partnerships, partners opposite (seats 0 and 2 against 1 and
#: 3), four packs (S004, EB9, BIC). Declarations follow BIC: the winner declares or
#: passes the right to his partner, who may use the winner's table cards; a double
#: or triple bezique must come from one seat.
PARTNERSHIP = FOUR_HAND.evolve(
    name="partnership",
    description="Partnership Bezique: four players in two sides of two, four packs, game 2000",
    sources=("BIC", "EB9", "EB11", "EIW", "S004", "S000"),
    sides=(0, 1, 0, 1),
)

# -- the multi-pack family (the multi-pack rules pages) --------------------------------

_MULTI_PACK = CLASSIC.evolve(
    name="multi-pack",
    # No turn-up: the first marriage or sequence fixes trumps (HGM, FOS p.334, WKC, PAR).
    turn_up=False,
    selection=TrumpSelection.FIRST_MARRIAGE_OR_SEQUENCE,
    # The seven of trumps has no value (HGM, BIC, PAR).
    exchange_points=None,
    seven_of_trumps=SevenOfTrumps.NEVER,
    plain_sequence=150,
    triple_bezique=1500,
    quadruple_bezique=4500,
    same_kind_reuse=SameKindReuse.REFORM_AFTER_PLAY,
    deal_scoring=DealScoring.RUBICON,
    end=GameEnd.DEALS,
)

RUBICON = _MULTI_PACK.evolve(
    name="rubicon",
    description="Rubicon Bezique: four packs, trumps by the first marriage, each deal a game",
    sources=("HGM", "FOS", "BIC", "WKC", "PAR", "S003"),
    packs=4,
    hand_size=9,
    packets=(3, 3, 3),
    carte_blanche_points=50,
    last_trick_points=50,
    brisques=BrisqueTiming.TIES_AND_RUBICON,
    game_bonus=500,
    rubicon=1000,
    rubicon_bonus=1000,
)

SIX_PACK = _MULTI_PACK.evolve(
    name="six-pack",
    description="Six-pack (Chinese) Bezique: 12 cards each, trump quartets, rubicon 3000",
    sources=("PAR", "PKW", "S003", "CMC", "HER"),
    packs=6,
    hand_size=12,
    packets=(3, 3, 3, 3),
    carte_blanche_points=250,
    last_trick_points=250,
    brisques=BrisqueTiming.NEVER,
    four_trump_aces=1000,
    four_trump_tens=900,
    four_trump_kings=800,
    four_trump_queens=600,
    four_trump_jacks=400,
    game_bonus=1000,
    rubicon=3000,
    rubicon_bonus=1000,
)

EIGHT_PACK = SIX_PACK.evolve(
    name="eight-pack",
    description="Eight-pack Bezique: 15 cards each, five of a trump rank, rubicon 5000",
    sources=("PAR",),
    packs=8,
    hand_size=15,
    packets=(3, 3, 3, 3, 3),
    carte_blanche_points=None,
    quintuple_bezique=9000,
    five_trump_aces=2000,
    five_trump_tens=1800,
    five_trump_kings=1600,
    five_trump_queens=1200,
    five_trump_jacks=800,
    rubicon=5000,
)

# -- melds from the cards won (Polish Bezique) ------------------------------------------

#: S003's Polish Bezique, its two-hand game (``CARDS_AND_DOMINOES``, melding after
#: the close) with melds shown only from the cards won in tricks, which lie face up
#: and are never played again; after each trick one or two melds, each with one of
#: the two cards just won.
POLISH = CARDS_AND_DOMINOES.evolve(
    name="polish",
    description="Polish (open) Bezique, cardsanddominoes.com: melds only from the cards won, "
    "one or two a trick",
    sources=("S003",),
    declare_from=DeclareFrom.WON,
    limit=DeclarationLimit.SEVERAL,
    trick_card=TrickCard.ONE_DECLARATION_EACH,
)

#: Fildinski, the older reading of Polish Bezique (EB11, WKC), where only the scoring
#: cards won lie face up, the open cards; one declaration a trick, with a card of
#: the trick just won; the aces and tens score as they are won; game 2000.
FILDINSKI = CLASSIC.evolve(
    name="fildinski",
    description="Fildinski (Polish Bezique, Britannica 1911): melds only from the scoring "
    "cards won, brisques scored as won, game 2000",
    sources=("EB11", "WKC"),
    declare_from=DeclareFrom.WON,
    open_cards=OpenCards.SCORING,
    trick_card=TrickCard.EVERY_DECLARATION,
    brisques=BrisqueTiming.WHEN_WON,
    target=2000,
)


_REGISTRY: dict[str, Rules] = {}
_ALIASES: dict[str, str] = {}


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def register(rules: Rules, *aliases: str) -> Rules:
    """Make ``rules`` reachable by its name and aliases through :func:`get`."""
    require(rules, Rules, "variants.register()", "rules", "a Rules")
    for alias in aliases:
        require(alias, str, "variants.register()", "aliases", "strs")
    key = _key(rules.name)
    for name in (key, *map(_key, aliases)):
        if name in _ALIASES and _REGISTRY[_ALIASES[name]] != rules:
            raise RulesError(f"a different preset is already registered as {name!r}", ["name"])
    _REGISTRY[key] = rules
    for name in (key, *map(_key, aliases)):
        _ALIASES[name] = key
    return rules


def get(name: str) -> Rules:
    """The Bezique preset registered under ``name`` or an alias (any case, ``_`` or
    ``-``); :func:`bezique.variants.get` knows every game's."""
    require(name, str, "variants.get()", "name", "a str")
    key = _ALIASES.get(_key(name))
    if key is None:
        known = ", ".join(sorted(_ALIASES))
        raise RulesError(f"no preset named {shown(name)}; known: {known}", ["name"])
    return _REGISTRY[key]


def names() -> list[tuple[str, tuple[str, ...]]]:
    """Each preset's name with its aliases, sorted by name."""
    return [
        (key, tuple(sorted(a for a, k in _ALIASES.items() if k == key and a != key)))
        for key in sorted(_REGISTRY)
    ]


register(CLASSIC, "two-hand", "bezique", "standard")
register(SINKINSON_1933, "sinkinson", "s000")
register(SWIFT_1865, "swift")
register(MCNEELY)
register(WIKIPEDIA)
register(CARDS_AND_DOMINOES, "cardsanddominoes", "c-and-d")
register(MARJOLET)
register(CLASSIC_FOUR_PACK, "two-hand-four-pack", "four-pack")
register(CLASSIC_SIX_PACK, "two-hand-six-pack")
register(THREE_HAND, "three-handed", "bezique-for-three")
register(FOUR_HAND, "four-handed", "four-hand-individual")
register(PARTNERSHIP, "partnerships", "four-hand-partnership")
register(RUBICON, "japanese", "four-pack-rubicon")
register(SIX_PACK, "chinese", "six-pack-rubicon")
register(EIGHT_PACK, "eight-pack-rubicon")
register(POLISH, "open-bezique", "polish-bezique")
register(FILDINSKI)
