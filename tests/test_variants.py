"""The named presets: lookup by name and alias, and how each differs from CLASSIC."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from positions import build, play_trick

import bezique as bz
from bezique import Rules, RulesError
from bezique.cards import face_of
from bezique.rules import variants
from bezique.rules.melds import MeldValues

CLASSIC = variants.CLASSIC

#: The presets page: the knobs each source preset sets, with their values.
DIFFERENCES: dict[str, dict[str, Any]] = {
    # S000 law 6 as printed: the higher card takes the trick whatever its suit, when
    # no trump is played (CLASSIC keeps the same-suit rule, law 6's alternative).
    "sinkinson-1933": {"offsuit_higher_card_wins": True},
    # S004: the seven of trumps scores for its player whichever side takes the
    # trick (as CLASSIC), one declaration per trick (as CLASSIC).
    "swift-1865": {},
    # S002: one-of-each-suit quartets, plain sequence 150; S002b: the exchange
    # is the trick's declaration.
    "mcneely": {
        "quartet_suits": "one-of-each",
        "plain_sequence": 150,
        "exchange_counts_as_declaration": True,
        # S002's table: the seven of trumps scores only exchanged for the turn-up.
        "seven_of_trumps": "never",
    },
    # S001: the 24th trick scores the last-trick bonus; several melds shown, one
    # scored, the rest pending; the seven of trumps scores 10 played or declared
    # (its table), a declared seven is not put on the table, and the exchange is
    # that "special meld declaration", the trick's one scored meld.
    "wikipedia": {
        "last_trick": "last-stock-trick",
        "limit": "one-scored-rest-pending",
        "seven_of_trumps": "on-play-or-declaration",
        "declared_seven_on_table": False,
        "exchange_counts_as_declaration": True,
    },
    # S003 "enhanced": melding after the close, double bezique 350, plain
    # sequence 120, one meld per trick (as CLASSIC).
    "cards-and-dominoes": {
        "melding_after_close": True,
        "double_bezique": 350,
        "plain_sequence": 120,
        # S003: the dix played to a trick scores, with no exception for the last tricks;
        # "Or if he does not exchange, he scores 10 points when playing the dix": once.
        "seven_in_end_phase": True,
        "seven_scores_once": True,
    },
}
#: the multi-pack rules pages: the multi-pack family, each a fixed reading of its sources
#: (field: value, for the fields that differ from CLASSIC).
MULTI_PACK_COMMON: dict[str, Any] = {
    # HGM, FOS p.334, WKC, PAR: no turn-up; the first marriage or sequence fixes trumps.
    "turn_up": False,
    "selection": "first-marriage-or-sequence",
    # HGM, BIC, PAR: the seven of trumps has no value.
    "exchange_points": None,
    "seven_of_trumps": "never",
    # HGM, PAR: the bezique ladder and the plain-suit sequence.
    "plain_sequence": 150,
    "triple_bezique": 1500,
    "quadruple_bezique": 4500,
    # WKC, BIC, S003: re-forming after a play.
    "same_kind_reuse": "reform-after-play",
    # HGM, BIC, PAR: each deal a game of its own.
    "deal_scoring": "rubicon",
    "end": "deals",
}
MULTI_PACK_DIFFERENCES: dict[str, dict[str, Any]] = {
    "rubicon": {
        **MULTI_PACK_COMMON,
        "packs": 4,
        "hand_size": 9,
        "packets": (3, 3, 3),
        "carte_blanche_points": 50,
        "last_trick_points": 50,
        "brisques": "ties-and-rubicon",
    },
    "six-pack": {
        **MULTI_PACK_COMMON,
        "packs": 6,
        "hand_size": 12,
        "packets": (3, 3, 3, 3),
        "carte_blanche_points": 250,
        "last_trick_points": 250,
        "brisques": "never",
        "four_trump_aces": 1000,
        "four_trump_tens": 900,
        "four_trump_kings": 800,
        "four_trump_queens": 600,
        "four_trump_jacks": 400,
        "game_bonus": 1000,
        "rubicon": 3000,
    },
    "eight-pack": {
        **MULTI_PACK_COMMON,
        "packs": 8,
        "hand_size": 15,
        "packets": (3, 3, 3, 3, 3),
        "last_trick_points": 250,
        "brisques": "never",
        "quintuple_bezique": 9000,
        "four_trump_aces": 1000,
        "four_trump_tens": 900,
        "four_trump_kings": 800,
        "four_trump_queens": 600,
        "four_trump_jacks": 400,
        "five_trump_aces": 2000,
        "five_trump_tens": 1800,
        "five_trump_kings": 1600,
        "five_trump_queens": 1200,
        "five_trump_jacks": 800,
        "game_bonus": 1000,
        "rubicon": 5000,
    },
    # S000 law 1: nine cards each, game 2000, triple bezique 1500.
    "classic-four-pack": {
        "packs": 4,
        "hand_size": 9,
        "packets": (3, 3, 3),
        "target": 2000,
        "triple_bezique": 1500,
    },
    "classic-six-pack": {
        "packs": 6,
        "hand_size": 9,
        "packets": (3, 3, 3),
        "target": 2000,
        "triple_bezique": 1500,
    },
}
#: the three- and four-hand rules pages: three and four at the table (EB9, EB11, BIC, S004): a pack
#: per seat, triple bezique 1500, the second double bezique (EB9), game 2000.
TABLE_OF_THREE_OR_FOUR: dict[str, dict[str, Any]] = {
    "three-hand": {
        "players": 3,
        "packs": 3,
        "triple_bezique": 1500,
        "second_double_bezique": True,
        "target": 2000,
    },
    "four-hand": {
        "players": 4,
        "packs": 4,
        "triple_bezique": 1500,
        "second_double_bezique": True,
        "target": 2000,
    },
    "partnership": {
        "players": 4,
        "sides": (0, 1, 0, 1),
        "packs": 4,
        "triple_bezique": 1500,
        "second_double_bezique": True,
        "target": 2000,
    },
}
PRESET_OBJECTS = {
    "classic": variants.CLASSIC,
    "sinkinson-1933": variants.SINKINSON_1933,
    "swift-1865": variants.SWIFT_1865,
    "mcneely": variants.MCNEELY,
    "wikipedia": variants.WIKIPEDIA,
    "cards-and-dominoes": variants.CARDS_AND_DOMINOES,
    "marjolet": variants.MARJOLET,
    "classic-four-pack": variants.CLASSIC_FOUR_PACK,
    "classic-six-pack": variants.CLASSIC_SIX_PACK,
    "rubicon": variants.RUBICON,
    "six-pack": variants.SIX_PACK,
    "eight-pack": variants.EIGHT_PACK,
    "three-hand": variants.THREE_HAND,
    "four-hand": variants.FOUR_HAND,
    "partnership": variants.PARTNERSHIP,
    "polish": variants.POLISH,
    "fildinski": variants.FILDINSKI,
}
ALIASES = {
    "classic": ("bezique", "standard", "two-hand"),
    "sinkinson-1933": ("s000", "sinkinson"),
    "swift-1865": ("swift",),
    "mcneely": (),
    "wikipedia": (),
    "cards-and-dominoes": ("c-and-d", "cardsanddominoes"),
    "marjolet": (),
    "classic-four-pack": ("four-pack", "two-hand-four-pack"),
    "classic-six-pack": ("two-hand-six-pack",),
    "rubicon": ("four-pack-rubicon", "japanese"),
    "six-pack": ("chinese", "six-pack-rubicon"),
    "eight-pack": ("eight-pack-rubicon",),
    "three-hand": ("bezique-for-three", "three-handed"),
    "four-hand": ("four-hand-individual", "four-handed"),
    "partnership": ("four-hand-partnership", "partnerships"),
    "polish": ("open-bezique", "polish-bezique"),
    "fildinski": (),
}


def spellings(name: str) -> list[str]:
    return [
        name,
        name.upper(),
        name.title(),
        name.replace("-", "_"),
        name.replace("-", "_").upper(),
        name.replace("-", " "),
        f"  {name}  ",
    ]


def component_fields(rules: Rules) -> dict[str, Any]:
    """Every component field by ``component.field`` (meld values under ``values.``)."""
    out: dict[str, Any] = {"players": rules.players}
    for owner in (
        "deck",
        "trumps",
        "trick_play",
        "declarations",
        "carte_blanche",
        "scoring",
        "game",
    ):
        component = getattr(rules, owner)
        for field in attrs.fields(type(component)):
            value = getattr(component, field.name)
            if isinstance(value, MeldValues):
                for meld in attrs.fields(MeldValues):
                    out[f"values.{meld.name}"] = getattr(value, meld.name)
            else:
                out[f"{owner}.{field.name}"] = value
    return out


@pytest.mark.parametrize("name", sorted(TABLE_OF_THREE_OR_FOUR))
def test_three_and_four_seat_presets_differ_from_classic_by_their_sources_knobs(
    name: str,
) -> None:
    """Each is CLASSIC with exactly the knobs the three- and four-hand rules pages sets."""
    preset = variants.get(name)
    changed = {k: v for k, v in preset.knobs().items() if CLASSIC.knobs().get(k) != v}
    assert changed == TABLE_OF_THREE_OR_FOUR[name]


def test_the_registry_lists_exactly_the_shipped_presets_and_aliases() -> None:
    assert dict(variants.names()) == ALIASES


@pytest.mark.parametrize("name", sorted(PRESET_OBJECTS))
def test_every_preset_is_reachable_by_name_in_any_spelling(name: str) -> None:
    preset = PRESET_OBJECTS[name]
    assert preset.name == name
    for text in spellings(name):
        assert variants.get(text) is preset, text


@pytest.mark.parametrize(
    ("alias", "name"), [(a, n) for n, aliases in ALIASES.items() for a in aliases]
)
def test_every_alias_is_reachable_in_any_spelling(alias: str, name: str) -> None:
    for text in spellings(alias):
        assert variants.get(text) is PRESET_OBJECTS[name], text


def test_sinkinson_1933_follows_law_6_as_printed() -> None:
    """S000 law 6's main sentence: with no trump played, the higher card takes the
    trick whatever its suit. CLASSIC keeps the alternative the law gives (only the suit
    led wins), which S001, S002, S003, HGM and PAR state."""
    preset = variants.SINKINSON_1933
    assert variants.get("Sinkinson_1933") is preset
    assert preset is not CLASSIC
    assert preset.trick_play.offsuit_higher_card_wins
    assert not CLASSIC.trick_play.offsuit_higher_card_wins
    assert preset.sources == ("S000", "EIW")
    # The nine of hearts led, the ace of clubs played to it, spades trumps.
    for rules, winner in ((preset, 1), (CLASSIC, 0)):
        state = build(rules, trump="S", window=False, hand="9H", other_hand="AC")
        after, _ = play_trick(state, "9H", "AC")
        assert after.window is not None
        assert after.window.seat == winner


def test_presets_are_exported_from_the_package() -> None:
    assert bz.variants.CLASSIC is CLASSIC
    for name in variants.__all__:
        assert hasattr(variants, name)


@pytest.mark.parametrize("name", sorted(DIFFERENCES))
def test_source_preset_knobs_differ_from_classic_exactly_as_listed(name: str) -> None:
    classic, preset = CLASSIC.knobs(), PRESET_OBJECTS[name].knobs()
    assert preset.keys() == classic.keys()
    differing = {key: preset[key] for key in classic if preset[key] != classic[key]}
    assert differing == DIFFERENCES[name]


@pytest.mark.parametrize("name", sorted(DIFFERENCES))
def test_source_preset_components_differ_from_classic_exactly_as_listed(name: str) -> None:
    """The same check on the component objects themselves, field by field."""
    classic, preset = component_fields(CLASSIC), component_fields(PRESET_OBJECTS[name])
    differing = {
        key.rsplit(".", 1)[1]: (value.value if hasattr(value, "value") else value)
        for key, value in preset.items()
        if value != classic[key]
    }
    assert differing == DIFFERENCES[name]


@pytest.mark.parametrize("name", sorted(PRESET_OBJECTS))
def test_every_preset_has_a_description_and_sources(name: str) -> None:
    preset = PRESET_OBJECTS[name]
    assert preset.description
    assert preset.sources
    assert preset.players == TABLE_OF_THREE_OR_FOUR.get(name, {}).get("players", 2)


@pytest.mark.parametrize("name", sorted(DIFFERENCES))
def test_every_source_preset_is_classic_evolved(name: str) -> None:
    preset = PRESET_OBJECTS[name]
    changes = dict(DIFFERENCES[name])
    rebuilt = CLASSIC.evolve(
        name=preset.name, description=preset.description, sources=preset.sources, **changes
    )
    assert rebuilt == preset


@pytest.mark.parametrize("name", sorted(PRESET_OBJECTS))
def test_every_preset_deals_and_plays(name: str) -> None:
    state = bz.new_deal(PRESET_OBJECTS[name], seed=11)
    player = bz.players.RandomPlayer(11)
    while not state.is_over:
        state = state.apply(player.choose(state))
    assert state.result is not None
    assert len(state.tricks) == PRESET_OBJECTS[name].total_tricks
    if PRESET_OBJECTS[name].deck.packs == PRESET_OBJECTS[name].players:
        # A pack per seat: 32 tricks (S000, EB9, BIC).
        assert len(state.tricks) == 32


@pytest.mark.parametrize(
    "name",
    ["", "nope", "classic2", "seven-pack", "rubicon2", "marjolett", "polish2", "chinese-six"],
)
def test_unknown_names_are_refused_listing_the_known_ones(name: str) -> None:
    with pytest.raises(RulesError) as info:
        variants.get(name)
    message = str(info.value)
    assert repr(name) in message
    for preset, aliases in ALIASES.items():
        assert preset in message
        for alias in aliases:
            assert alias in message
    assert info.value.fields == ("name",)


def test_register_accepts_the_same_preset_again() -> None:
    assert variants.register(CLASSIC) is CLASSIC
    assert variants.register(variants.SWIFT_1865, "swift") is variants.SWIFT_1865
    assert variants.get("classic") is CLASSIC
    assert dict(variants.names()) == ALIASES


@pytest.mark.parametrize(
    "impostor",
    [
        CLASSIC.evolve(double_bezique=350),
        CLASSIC.evolve(name="Classic", target=1500),
        CLASSIC.evolve(name="swift"),
        CLASSIC.evolve(name="TWO_HAND"),
    ],
    ids=["same-name", "other-spelling", "alias-of-swift", "alias-of-classic"],
)
def test_register_refuses_a_different_preset_under_an_existing_name(impostor: Rules) -> None:
    with pytest.raises(RulesError, match="already registered") as info:
        variants.register(impostor)
    assert info.value.fields == ("name",)
    assert dict(variants.names()) == ALIASES
    assert variants.get(impostor.name) in PRESET_OBJECTS.values()


def test_register_refuses_a_new_preset_taking_an_existing_alias(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(variants, "_REGISTRY", dict(variants._REGISTRY))
    monkeypatch.setattr(variants, "_ALIASES", dict(variants._ALIASES))
    house = CLASSIC.evolve(name="house", last_trick="24th")
    with pytest.raises(RulesError):
        variants.register(house, "classic")
    assert variants.get("classic") is CLASSIC


def test_register_makes_a_new_preset_reachable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(variants, "_REGISTRY", dict(variants._REGISTRY))
    monkeypatch.setattr(variants, "_ALIASES", dict(variants._ALIASES))
    house = CLASSIC.evolve(name="House Rules", last_trick="24th")
    assert variants.register(house, "ours", "Our_Table") is house
    for text in ("house-rules", "HOUSE_RULES", "ours", "our-table", "OUR TABLE"):
        assert variants.get(text) is house
    assert ("house-rules", ("our-table", "ours")) in variants.names()


@pytest.mark.parametrize("name", sorted(MULTI_PACK_DIFFERENCES))
def test_multi_pack_preset_knobs_differ_from_classic_exactly_as_listed(name: str) -> None:
    """the multi-pack rules pages (and S000 law 1 for the two-hand game with more packs): the
    knobs each multi-pack preset sets, and nothing else."""
    classic, preset = CLASSIC.knobs(), PRESET_OBJECTS[name].knobs()
    assert preset.keys() == classic.keys()
    differing = {key: preset[key] for key in classic if preset[key] != classic[key]}
    assert differing == MULTI_PACK_DIFFERENCES[name]


@pytest.mark.parametrize("name", sorted(MULTI_PACK_DIFFERENCES))
def test_multi_pack_presets_are_classic_evolved(name: str) -> None:
    preset = PRESET_OBJECTS[name]
    rebuilt = CLASSIC.evolve(
        name=preset.name,
        description=preset.description,
        sources=preset.sources,
        **MULTI_PACK_DIFFERENCES[name],
    )
    assert rebuilt == preset


@pytest.mark.parametrize(
    ("name", "game_bonus", "rubicon", "carte_blanche", "last_trick"),
    [
        ("rubicon", 500, 1000, 50, 50),
        ("six-pack", 1000, 3000, 250, 250),
        ("eight-pack", 1000, 5000, None, 250),
    ],
)
def test_multi_pack_table_of_presets(
    name: str, game_bonus: int, rubicon: int, carte_blanche: int | None, last_trick: int
) -> None:
    """the multi-pack rules pages's table (PAR's 4/6/8-pack table; HGM, FOS p.334, S003, CMC)."""
    preset = PRESET_OBJECTS[name]
    assert preset.scoring.game_bonus == game_bonus
    assert preset.scoring.rubicon == rubicon
    assert preset.scoring.rubicon_bonus == 1000
    assert preset.scoring.rubicon_bonus_formula is bz.RubiconBonus.BIC
    assert preset.scoring.rounding is bz.Rounding.HUNDREDS
    assert preset.carte_blanche.carte_blanche_points == carte_blanche
    assert preset.carte_blanche.carte_blanche_repeat
    assert preset.scoring.last_trick_points == last_trick
    assert preset.declarations.marriage_rearrangement is bz.MarriageRearrangement.NONE
    assert preset.declarations.marriage_then_sequence
    assert preset.declarations.values.four_tens is None
    assert preset.scoring.cut_dealer_points is None
    assert preset.scoring.cut_guess_points is None
    assert preset.game.deals == 1


@pytest.mark.parametrize(
    ("name", "hand", "stock_tricks", "total_tricks"),
    [
        ("rubicon", 9, 55, 64),
        ("six-pack", 12, 84, 96),
        ("eight-pack", 15, 113, 128),
        ("classic-four-pack", 9, 55, 64),
        ("classic-six-pack", 9, 87, 96),
    ],
)
def test_multi_pack_deals(name: str, hand: int, stock_tricks: int, total_tricks: int) -> None:
    """Packs, hand size and tricks (stock-phase tricks: (deck - hands) / 2);
    no turn-up and no trumps at the deal in the multi-pack games (FOS p.334, HGM, WKC)."""
    preset = PRESET_OBJECTS[name]
    state = bz.new_deal(preset, seed=2)
    assert [len(state.hand(s)) for s in (0, 1)] == [hand, hand]
    assert preset.stock_tricks == stock_tricks
    assert preset.total_tricks == total_tricks
    assert state.stock_size == 2 * stock_tricks
    assert (state.turn_up is not None) is (state.trump is not None) is preset.deck.turn_up


def test_mcneely_scores_the_seven_of_trumps_only_when_exchanged() -> None:
    """S002's table lists the seven of trumps only "exchanged for the exposed trump
    card" (10): played to a trick it scores nothing, exchanged it scores 10."""
    rules = variants.MCNEELY
    state = build(rules, trump="S", window=False, hand="7S", other_hand="8S")
    _, events = play_trick(state, "7S", "8S")
    assert events == ()
    window = build(rules, trump="S", turn_up="KS", hand="7S")
    after = window.apply("exchange")
    assert after.scores[0] - window.scores[0] == 10
    # The same trick under CLASSIC scores the seven for its player (S000 law 8).
    classic = build(CLASSIC, trump="S", window=False, hand="7S", other_hand="8S")
    _, events = play_trick(classic, "7S", "8S")
    assert [e.points for e in events] == [10]


# -- wikipedia: S001's seven of trumps and the exchange ------------------------------------

SEVEN = bz.MeldKind.SEVEN_OF_TRUMPS


def test_wikipedia_scores_the_seven_of_trumps_when_played() -> None:
    """S001's table ("7 of trumps turned up, played or declared", 10) and its play
    section (the other seven "also scores 10 when it is played")."""
    state = build(variants.WIKIPEDIA, trump="S", window=False, hand="7S", other_hand="8S")
    _, events = play_trick(state, "7S", "8S")
    assert events == (bz.ScoreEvent(0, 10, bz.ScoreSource.SEVEN_OF_TRUMPS, "played"),)


def test_wikipedia_declared_seven_stays_in_the_hand_and_scores_once() -> None:
    """S001: the seven's is "a special meld declaration", not placed on the table with
    the others; it scores 10 declared, or played, not both (one entry of its table)."""
    rules = variants.WIKIPEDIA
    window = build(rules, trump="S", turn_up="7S", hand="7S 9H", other_hand="8S AD")
    after = window.apply("declare seven-of-trumps 7S")
    assert after.scores[0] - window.scores[0] == 10
    (seven,) = after.melds[-1].cards
    assert after.hand_masks[0] >> seven & 1
    assert not after.table_masks[0]
    assert after.tables == ((), ())
    # Shown: the other seat now knows the seven is in that hand.
    assert seven in after.revealed[0]
    view = after.view(1)
    assert [face_of(c) for c in view.known[0]] == [bz.Card.parse("7S")]
    assert [t.history for t in view.hand_kinds[0]] == [(SEVEN,)]
    # Played later, the declared seven scores nothing more.
    lead = after.apply("draw")
    (play,) = (a for a in lead.legal_actions() if isinstance(a, bz.Play) and a.card.history)
    assert play.card.history == (SEVEN,)
    _, events = play_trick(lead, str(play.card), "AD")
    assert [e.source for e in events] == []


def test_wikipedia_declared_seven_is_told_apart_from_an_undeclared_one() -> None:
    """S001: with both sevens of trumps in hand, one declared, playing the other still
    scores 10 when played; the two are different plays."""
    rules = variants.WIKIPEDIA
    window = build(rules, trump="S", turn_up="AS", hand="7S 7S 9H", other_hand="8S 8S")
    lead = window.apply("declare seven-of-trumps 7S").apply("draw")
    sevens = [
        a
        for a in lead.legal_actions()
        if isinstance(a, bz.Play) and a.card.card.rank is bz.Rank.SEVEN
    ]
    assert sorted(a.card.history for a in sevens) == [(), (SEVEN,)]
    undeclared = next(a for a in sevens if not a.card.history)
    _, events = play_trick(lead, str(undeclared.card), "8S")
    assert [(e.points, e.source) for e in events] == [(10, bz.ScoreSource.SEVEN_OF_TRUMPS)]


def test_wikipedia_exchange_is_the_tricks_one_scored_meld() -> None:
    """S001: the exchange is "a special meld declaration", and one meld is scored per
    trick won: after the exchange a meld is only shown (scored after a later trick);
    after a scored meld there is no exchange on that trick."""
    rules = variants.WIKIPEDIA
    window = build(rules, trump="S", turn_up="AS", hand="7S KH QH")
    exchanged = window.apply("exchange")
    assert exchanged.scores[0] - window.scores[0] == 10
    shown = exchanged.apply("declare common-marriage KH QH")
    assert shown.scores == exchanged.scores
    assert not shown.melds[-1].scored
    declared = window.apply("declare common-marriage KH QH")
    assert declared.melds[-1].scored
    assert bz.Reason.ALREADY_DECLARED in declared.why_illegal(bz.Exchange())
    # A declared seven is the trick's meld too: the exchange waits for another trick.
    both = build(rules, trump="S", turn_up="AS", hand="7S 7S 9H")
    seven = both.apply("declare seven-of-trumps 7S")
    assert bz.Reason.ALREADY_DECLARED in seven.why_illegal(bz.Exchange())


def test_cards_and_dominoes_scores_the_dix_in_the_last_tricks() -> None:
    """S003 scores the dix "played to trick" with no exception for the end phase (S000
    law 8's table has one: "except in last eight tricks")."""
    for rules, points in ((variants.CARDS_AND_DOMINOES, 10), (CLASSIC, 0)):
        end = build(
            rules, trump="S", stock_size=0, tricks_done=30, hand="7S 9H", other_hand="8S 7D"
        )
        seat = end.current_player
        assert seat is not None
        after = end.apply("play 7S")
        assert after.scores[seat] - end.scores[seat] == points


@pytest.mark.parametrize("name", [name for name, _ in variants.names()])
def test_the_face_card_carte_blanche_is_off_in_every_preset(name: str) -> None:
    """S001's regional carte blanche (no ace, ten, king, queen or jack) is a knob that
    no preset turns on."""
    rules = variants.get(name)
    assert rules.carte_blanche.carte_blanche_cards is bz.rules.CarteBlancheCards.COURTS
