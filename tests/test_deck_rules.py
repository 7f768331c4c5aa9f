"""Deck construction: each game's rules (deck_rules.py) through the kit
contract Game.check_deck(deck) -> [DeckProblem(rule, message)]. Each test
starts from a legal preconstructed deck, breaks one rule, and checks that
exactly that rule is named."""

import pytest

from tabletop.engine.decks import Deck, DeckProblem, preconstructed
from tabletop.engine.registry import get_game

GAMES = ["rush_duel", "riftbound", "lumen_condenser", "aquarian_age"]


def rules(game, deck):
    probs = game.check_deck(deck)
    assert all(isinstance(p, DeckProblem) and p.rule and p.message for p in probs)
    return sorted({p.rule for p in probs})


@pytest.mark.parametrize("gid", GAMES)
def test_every_preconstructed_deck_is_legal_and_sorts_into_the_games_sections(gid):
    game = get_game(gid)
    keys = [k for k, _ in game.deck_sections]
    for name, ids in game.decks.items():
        deck = game.deck_from_ids(list(ids), name)
        assert set(deck.sections) <= set(keys)
        assert sorted(deck.ids(keys)) == sorted(ids)
        assert game.check_deck(deck) == [], name
        assert set(deck.ids()) <= set(game.card_pool())


@pytest.mark.parametrize("gid", GAMES)
def test_card_facets_name_a_type_and_the_curve(gid):
    game = get_game(gid)
    facets = [game.card_facets(c) for c in game.card_pool()]
    assert all(f for f in facets)
    assert any(isinstance(f.get(game.deck_curve), int) for f in facets)


# -- Rush Duel -----------------------------------------------------------------------------

def rush():
    g = get_game("rush_duel")
    return g, preconstructed(g, "Ember Beatdown")


def test_rush_main_deck_40_to_60():
    g, d = rush()
    d.sections["main"] = d.sections["main"][:39]
    assert rules(g, d) == ["Main Deck (40 to 60 cards)"]
    plain = [c for c in g.card_pool() if g.section_of(c) == "main" and not g.cards[c]["legend"]]
    three = [c for c in plain for _ in range(3)]
    d.sections["main"] = three[:60]
    assert rules(g, d) == []
    d.sections["main"] = three[:61]
    probs = g.check_deck(d)
    assert [p.rule for p in probs] == ["Main Deck (40 to 60 cards)"] and "61" in probs[0].message


def test_rush_extra_deck_at_most_15_and_only_fusions():
    g, d = rush()
    fusions = [c for c in g.card_pool() if g.section_of(c) == "extra"]
    d.sections["extra"] = [f for f in fusions for _ in range(3)][:15]
    assert len(d.sections["extra"]) == 15 and rules(g, d) == []
    d.sections["extra"].append(fusions[0])
    assert "Extra Deck (up to 15 cards)" in rules(g, d)
    g, d = rush()
    d.sections["main"][0:1] = [fusions[0]]
    assert any("goes in the Extra Deck" in p.message for p in g.check_deck(d))
    g, d = rush()
    d.sections["extra"].append(d.sections["main"].pop())
    assert any("goes in the Main Deck" in p.message for p in g.check_deck(d))


def test_rush_three_copies_of_a_name_count_both_decks():
    g, d = rush()
    name = g.cards[d.sections["main"][0]]["name"]
    n = sum(1 for c in d.sections["main"] if g.cards[c]["name"] == name)
    d.sections["main"] += [d.sections["main"][0]] * (4 - n)
    probs = [p for p in g.check_deck(d) if p.rule == "Three copies of a name"]
    assert len(probs) == 1 and name in probs[0].message


def test_rush_one_legend_of_each_kind():
    g, d = rush()
    assert {g.cards[c]["kind"] for c in d.ids() if g.cards[c]["legend"]} == {"monster", "spell"}
    d.sections["main"][-1] = "T13"            # a Legend trap beside the Legend monster and spell: legal
    assert rules(g, d) == []
    d.sections["main"][0] = "M41"             # a second Legend monster
    probs = g.check_deck(d)
    assert [p.rule for p in probs] == ["Legend cards"] and "monster" in probs[0].message


# -- Riftbound -----------------------------------------------------------------------------

def rift(name="Ember Vanguard (Kestra)"):
    g = get_game("riftbound")
    return g, preconstructed(g, name)


def test_riftbound_flat_list_keeps_the_chosen_champion_apart():
    g, d = rift()
    assert d.sections["champion"] == ["CH-KESTRA"]
    assert len(d.sections["legend"]) == 1 and len(d.sections["runes"]) == 12 and len(d.sections["battlefields"]) == 3


def test_riftbound_exactly_one_legend():
    g, d = rift()
    d.sections["legend"].append("LG-ORRIN")
    assert rules(g, d) == ["Champion Legend (103.1)"]
    d.sections["legend"] = []
    assert "Champion Legend (103.1)" in rules(g, d)


def test_riftbound_main_deck_40_with_the_champion():
    g, d = rift()
    assert len(d.sections["main"]) + len(d.sections["champion"]) == 40
    d.sections["main"].pop()
    assert rules(g, d) == ["Main Deck (103.2)"]


def test_riftbound_chosen_champion_must_match_the_legend():
    g, d = rift()
    d.sections["champion"] = []
    assert rules(g, d) == ["Chosen Champion (103.2.a)", "Main Deck (103.2)"]
    d.sections["champion"] = ["CH-TALGAR"]   # body: in the identity, but another champion
    assert rules(g, d) == ["Chosen Champion (103.2.a)"]


def test_riftbound_three_copies_count_the_champion():
    g, d = rift()
    d.sections["main"][-3:] = ["CH-KESTRA"] * 3   # with the chosen one: 4 of a name
    assert rules(g, d) == ["Copies of a name (103.2.b)"]


def test_riftbound_exactly_12_runes_in_the_identity():
    g, d = rift()
    d.sections["runes"].pop()
    assert rules(g, d) == ["Rune Deck (103.3)"]
    d.sections["runes"].append("RN-CALM")
    probs = g.check_deck(d)
    assert [p.rule for p in probs] == ["Domain Identity (103.1.b)"] and "Calm Rune" in probs[0].message


def test_riftbound_domain_identity_for_main_cards():
    g, d = rift()
    calm = next(c for c in g.card_pool() if g.cards[c]["type"] == "unit" and g.cards[c]["domain"] == ["calm"]
                and not g.cards[c]["supertype"])
    d.sections["main"][-1] = calm
    assert rules(g, d) == ["Domain Identity (103.1.b)"]


def test_riftbound_three_battlefields_with_different_names():
    g, d = rift()
    d.sections["battlefields"][2] = d.sections["battlefields"][0]
    assert rules(g, d) == ["Battlefields (103.4)"]
    d.sections["battlefields"] = d.sections["battlefields"][:2]
    assert rules(g, d) == ["Battlefields (103.4)"]


def test_riftbound_signature_cards_of_the_legend_only():
    g, d = rift()
    d.sections["main"][-1] = "SG-MAELIS"   # fury, but Maelis's signature
    assert rules(g, d) == ["Signature cards (103.2.d)"]


def test_riftbound_unique():
    g, d = rift()
    d.sections["main"][-2:] = ["F-U14", "F-U14"]
    assert "Unique (825)" in rules(g, d)


# -- Lumen Condenser -----------------------------------------------------------------------

def lumen():
    g = get_game("lumen_condenser")
    return g, preconstructed(g, "Marrow Forge")


def test_lumen_one_character():
    g, d = lumen()
    d.sections["character"].append("LC-C02")
    assert "Character (4.1)" in rules(g, d)
    d.sections["character"] = []
    assert rules(g, d) == ["Character (4.1)"]


def test_lumen_twenty_techniques_and_one_ultimate():
    g, d = lumen()
    d.sections["techniques"].pop()
    assert rules(g, d) == ["Deck size (20 techniques)"]
    g, d = lumen()
    d.sections["ultimate"].append("LC-414")
    assert "Ultimate technique" in rules(g, d)


def test_lumen_one_copy_own_and_half():
    g, d = lumen()
    d.sections["techniques"][-1] = d.sections["techniques"][0]
    assert "One copy of a name (4.1)" in rules(g, d)
    g, d = lumen()
    d.sections["techniques"][0] = "LC-201"
    assert "Own and neutral techniques (4.1)" in rules(g, d)
    g, d = lumen()
    own = [c for c in d.sections["techniques"] if g.db.techs[c].char == "LC-C01"]
    spare = [c for c in g.card_pool() if c.startswith("LC-N") and c not in d.sections["techniques"]
             and not g.db.techs[c].special and not g.db.techs[c].ultimate]
    for c, n in zip(own[: len(own) - 9], spare):
        d.sections["techniques"][d.sections["techniques"].index(c)] = n
    assert "Own techniques: at least half (4.1)" in rules(g, d)


def test_lumen_first_hand_and_list_need_14_non_special():
    g, d = lumen()
    specials = ["LC-113", "LC-N20", "LC-N21", "LC-N22"]
    plain = [c for c in d.sections["techniques"] if not g.db.techs[c].special]
    d.sections["techniques"] = plain[:14] + specials
    assert "First hand, List and side deck (4.2)" not in rules(g, d)
    d.sections["techniques"] = plain[:13] + specials
    assert "First hand, List and side deck (4.2)" in rules(g, d)


# -- Aquarian Age --------------------------------------------------------------------------

def aqua():
    g = get_game("aquarian_age")
    return g, preconstructed(g)


def test_aquarian_exactly_40_and_four_of_a_name():
    g, d = aqua()
    d.sections["deck"].pop()
    assert rules(g, d) == ["Deck of 40 cards"]
    g, d = aqua()
    first = d.sections["deck"][0]
    n = d.sections["deck"].count(first)
    rest = [c for c in d.sections["deck"] if c != first]
    d.sections["deck"] = [first] * 5 + rest[: 35]
    assert rules(g, d) == ["Four copies of a name"]


@pytest.mark.parametrize("gid", GAMES)
def test_the_curve_facet_is_one_of_the_filters(gid):
    game = get_game(gid)
    assert game.deck_curve in game.deck_filters


def test_riftbound_a_champion_unit_added_to_a_deck_with_its_legend_becomes_the_chosen_champion():
    g = get_game("riftbound")
    d = Deck("riftbound", "", {k: [] for k, _ in g.deck_sections})
    assert g.section_for("CH-KESTRA", d) == "main"          # no legend yet: just a unit
    d.add("legend", "LG-KESTRA")
    assert g.section_for("CH-ORRIN", d) == "main"           # another champion's unit
    assert g.section_for("CH-KESTRA", d) == "champion"
    d.add("champion", "CH-KESTRA")
    assert g.section_for("CH-KESTRA", d) == "main"          # the second copy goes in the Main Deck


def test_rush_duel_counts_one_card_in_the_singular():
    from games.rush_duel import deck_rules

    game = get_game("rush_duel")
    cid = next(iter(game.cards))
    said = [p.message for n in (1, 2) for p in deck_rules.check(game.cards, Deck("rush_duel", "x", {"main": [cid] * n}))
            if p.message.startswith("the Main Deck")]
    assert said == ["the Main Deck has 1 card; it must hold 40 to 60", "the Main Deck has 2 cards; it must hold 40 to 60"]
