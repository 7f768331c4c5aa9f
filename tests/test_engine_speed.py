"""The engine's lazy parts say exactly what the eager ones said: a move's
default caption, the numbering of repeated captions, labels written when
read, and the pending decision a clone shares."""

import pytest

from tabletop.engine.core import Choice, Event, make_choice, make_event
from tabletop.engine.registry import get_game
from tabletop.engine.rng import PCG32
from tabletop.engine.table import CardTable, MoveEvent, ZoneSpec, number_repeats
from tabletop.selfplay import selfplay_setup


def _table():
    specs = [ZoneSpec(f"p{p}.{z}", p, vis) for p in (0, 1) for z, vis in
             (("hand", "owner"), ("deck", "secret"), ("grave", "public"))]
    specs += [ZoneSpec(f"p{p}.field", p, "public", slots=3) for p in (0, 1)]
    t = CardTable(specs)
    ids = [t.add(cid, 0, "p0.deck") for cid in ("a", "b", "c", "d")]
    return t, ids


def test_move_default_caption_is_written_when_read_and_hides_what_it_must():
    t, (a, b, c, d) = _table()
    drawn = t.move(a, "p0.hand")
    assert isinstance(drawn, MoveEvent) and drawn.kind == "card.move"
    assert drawn.hidden_from == (1,) and drawn.public["card_id"] is None and drawn.public["card"] is None
    assert drawn.caption == "A card moves from p0.deck to p0.hand"
    played = t.move(a, "p0.field", index=2, face=1)
    assert played.hidden_from == () and played.data["index"] == 2 and played.data["from_index"] == 0
    assert played.caption == "a moves from p0.hand to p0.field"
    told = t.move(b, "p0.grave", face=1, caption="b is milled")
    assert told.caption == "b is milled"
    told.caption = ""
    assert told.caption == ""
    # an event equals one built eagerly with the same text
    assert played == Event("card.move", "a moves from p0.hand to p0.field", "", played.data, (), None)


def test_sees_and_seers_agree_with_the_zone_rules():
    t, (a, b, c, d) = _table()
    t.move(a, "p0.hand")
    t.move(b, "p0.field", index=0, face=0)
    t.move(c, "p0.field", index=1, face=1)
    assert [t.sees(a, p) for p in (0, 1)] == [True, False] and t.seers(a) == 1
    assert [t.sees(b, p) for p in (0, 1)] == [True, False]      # face down: its owner sees it
    assert [t.sees(c, p) for p in (0, 1)] == [True, True] and t.seers(c) == 3
    assert [t.sees(d, p) for p in (0, 1)] == [False, False]     # in the deck


def test_make_event_makes_the_event_the_class_makes():
    plain = make_event("counter.change", "Ann gains 2", "seed 4.1", {"player": 0, "delta": 2})
    assert isinstance(plain, Event) and repr(plain).startswith("Event(kind='counter.change'")
    assert plain == Event("counter.change", "Ann gains 2", "seed 4.1", {"player": 0, "delta": 2})
    hidden = make_event("ready.declare", "Ann declares", "seed 5.2", {"card": 7}, (1,), {"card": None})
    assert hidden == Event("ready.declare", "Ann declares", "seed 5.2", {"card": 7}, (1,), {"card": None})
    assert hidden.for_player(1).data == {"card": None} and hidden.for_player(0) is hidden
    hidden.rule = ""  # its slots are as writable as a class-made event's
    assert hidden.rule == ""


def test_make_choice_makes_the_choice_the_class_makes():
    made = make_choice("attack", {"card": 4, "target": [7, 2]}, 1, lambda: "Attack with 4", "")
    built = Choice("attack", {"card": 4, "target": [7, 2]}, 1, lambda: "Attack with 4")
    assert isinstance(made, Choice) and made == built and hash(made) == hash(built)
    assert made.id == built.id == "attack(card=4,target=[7,2])" and repr(made) == repr(built)
    assert made.label == "Attack with 4" and made.to_data() == built.to_data()
    assert make_choice("pass", {}, 0, role="pass").role == "pass" and make_choice("go", {}, 0).label == "go"
    with pytest.raises(ValueError, match="unknown choice role"):
        make_choice("go", {}, 0, role="maybe")


def test_a_flip_hides_the_card_from_exactly_the_players_who_may_not_see_it():
    t, (a, b, c, d) = _table()
    t.move(a, "p0.hand")
    t.move(b, "p0.field", index=0, face=0)
    for iid in (a, b, c):
        for face in (0, 1):
            e = t.set_face(iid, face)
            assert e.hidden_from == tuple(p for p in (0, 1) if not t.sees(iid, p))
            assert e.data == {"card": iid, "card_id": t.card[iid], "face": "up" if face else "down"}
            assert e.public == ({"card": iid, "card_id": None, "face": e.data["face"]} if e.hidden_from else None)
            assert e.caption == ("card turned face up" if face else "card turned face down")


def test_number_repeats_compares_unwritten_captions_as_their_text():
    t, (a, b, c, d) = _table()
    first, second = t.move(a, "p0.hand"), t.move(b, "p0.hand")   # both "A card moves ..."
    same_text = Event("note", "A card moves from p0.deck to p0.hand")
    other = t.move(c, "p0.grave", face=1)
    events = [first, second, same_text, other, Event("x", ""), Event("y", "")]
    number_repeats(events)
    assert [e.caption for e in events] == [
        "A card moves from p0.deck to p0.hand (1 of 3)", "A card moves from p0.deck to p0.hand (2 of 3)",
        "A card moves from p0.deck to p0.hand (3 of 3)", "c moves from p0.deck to p0.grave", "", ""]


def test_a_label_given_as_a_callable_is_written_once_when_read():
    calls = []

    def words():
        calls.append(1)
        return "Move the unit to base"

    c = Choice("move", {"card": 3, "to": "p0.base"}, 0, words)
    assert calls == [] and c.id == "move(card=3,to=p0.base)"
    assert c.label == "Move the unit to base" and c.label == "Move the unit to base"
    assert calls == [1]
    assert Choice("end_turn").label == "end turn"
    assert Choice("a", {"b": [2, 1], "c": True}).id == "a(b=[2,1],c=1)"


def test_a_clone_shares_the_pending_decision_until_a_choice_is_applied():
    game = get_game("rush_duel")
    s = game.new_state(selfplay_setup(game, 4), 4)
    d = s.decision
    c = s.clone()
    assert c.decision is d
    choice = d.choices[0]
    c.apply(choice)
    assert s.decision is d and c.decision is not d
    # a determinized copy builds its own, over the cards it holds: seen by the player who
    # does not decide now, the decider's hand is re-drawn, and so are the decider's choices
    other = 1 - d.players[0]
    w = s.determinize(other, PCG32(1))
    assert w.decision is not d
    assert sorted(x.id for x in w.decision.choices) != sorted(x.id for x in d.choices)


def test_a_moves_data_and_public_data_are_what_the_move_saw():
    t, (a, b, c, d) = _table()
    drawn = t.move(a, "p0.hand")
    t.move(a, "p0.field", index=1, face=1, orient=1)  # the card goes on: the first event stays as it was
    assert drawn.data == {"card": a, "card_id": "a", "from": "p0.deck", "from_index": 0, "to": "p0.hand",
                          "index": 0, "face": "down", "orient": "upright", "owner": 0}
    assert drawn.public == dict(drawn.data, card=None, card_id=None)
    # seen by player 1 as a card without its identity; player 0 sees it all
    assert drawn.for_player(1).data["card_id"] is None and drawn.for_player(0) is drawn
    # a card played face up from a hand: player 1 learns it, nothing is hidden
    shown = t.move(b, "p0.hand")
    played = t.move(b, "p0.grave", face=1)
    assert played.hidden_from == () and played.public is None and played.data["card"] == b
    assert shown.public["card"] is None
    # a face-down card set on the field keeps its iid in the public data
    t2, (a2, *_rest) = _table()
    setdown = t2.move(a2, "p0.field", index=0, face=0)
    assert setdown.hidden_from == (1,) and setdown.public["card"] == a2 and setdown.public["card_id"] is None
    # what a game writes over stays written
    played.data["note"] = 1
    played.public = {"card": None}
    assert played.data["note"] == 1 and played.public == {"card": None}


def test_a_choice_id_is_the_same_text_whatever_the_args_hold():
    class Num(int):
        pass

    class Word(str):
        pass

    cases = [
        ("summon", {"to": "p0.monster", "card": 12, "slot": 2}, "summon(card=12,slot=2,to=p0.monster)"),
        ("summon", {"card": 12, "slot": 2, "to": "p0.monster"}, "summon(card=12,slot=2,to=p0.monster)"),
        ("pay", {"plan": [1, 2], "card": 3}, "pay(card=3,plan=[1,2])"),
        ("flag", {"on": True, "n": 0}, "flag(n=0,on=1)"),
        ("odd%kind", {"a%": "x%s", "b": Num(4)}, "odd%kind(a%=x%s,b=4)"),
        ("word", {"w": Word("hi"), "v": (1, False)}, "word(v=[1,0],w=hi)"),
        ("one", {"card": 7}, "one(card=7)"),
        ("none", {}, "none"),
    ]
    for _ in range(2):  # the second time from the laid-out text
        for kind, args, text in cases:
            assert Choice(kind, dict(args)).id == text


def test_find_matches_the_whole_id_and_the_player():
    from tabletop.engine.core import Decision

    choices = [Choice("attack", {"card": 1}, 0), Choice("attack_all", {"card": 1}, 0),
               Choice("attack", {"card": 1}, 1), Choice("pass", {}, 0)]
    d = Decision([0], "main", "Main", choices)
    assert d.find("attack(card=1)") is choices[0]
    assert d.find("attack(card=1)", 1) is choices[2]
    assert d.find("attack_all(card=1)", 0) is choices[1]
    assert d.find("attack(card=2)") is None and d.find("pass", 1) is None and d.find("pass") is choices[3]


def test_shuffle_and_choice_draw_what_randbelow_draws():
    a, b = PCG32(5, stream=9), PCG32(5, stream=9)
    for n in range(0, 40):
        items = list(range(n))
        a.shuffle(items)
        expected = list(range(n))
        for i in range(n - 1, 0, -1):
            j = b.randbelow(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected
        if n:
            assert a.choice(items) == items[b.randbelow(n)]
    assert a.to_data() == b.to_data()


@pytest.mark.parametrize("game_id", ["rush_duel", "riftbound", "lumen_condenser", "aquarian_age"])
def test_a_games_card_data_once_read_are_left_out_of_the_collectors_walks(game_id, monkeypatch):
    import gc

    from tabletop.engine import heap

    kept = []
    real_keep = heap.keep
    monkeypatch.setattr(heap, "keep", lambda: kept.append(1) or real_keep())
    fresh = type(get_game(game_id))()  # a game whose card data are not read yet
    cards = fresh.cards
    assert kept == [1]
    fresh.cards, fresh.decks
    assert kept == [1]  # once: read again, they are already kept
    assert not any(o is cards for o in gc.get_objects())  # in the permanent generation: no collection walks it
    assert gc.get_threshold()[0] >= heap.YOUNG


def test_keep_collects_first_so_no_garbage_is_kept_for_ever():
    import gc
    import weakref

    from tabletop.engine import heap

    class Node:
        pass

    gc.disable()  # no collection of its own between the cycle's end and keep()
    try:
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle: only the collector frees it
        gone = weakref.ref(a)
        del a, b
        heap.keep()
        assert gone() is None
    finally:
        gc.enable()


@pytest.mark.parametrize("game_id", ["rush_duel", "riftbound", "lumen_condenser", "aquarian_age"])
def test_random_play_leaves_nothing_for_the_collector(game_id):
    # every state, decision, choice and event the rules make is freed by its last
    # reference going: a cycle (a choice's words holding the state that holds the
    # decision) would leave each discarded position for the collector to walk and free
    import gc

    from tabletop import bench

    game = get_game(game_id)
    bench._random_game(game, 1)  # card data read, memos made, modules imported
    gc.collect()
    gc.disable()
    try:
        for seed in range(2, 6):
            bench._random_game(game, seed)  # clones a position every 7 choices, drops the old ones
        cyclic = gc.collect()
    finally:
        gc.enable()
    assert cyclic == 0


def _memo_sizes(game_id: str) -> list[int]:
    """The sizes of ``game_id``'s memos of choices made once."""
    if game_id == "riftbound":
        from games.riftbound import legality
        return [len(legality._CHOICES)]
    if game_id == "aquarian_age":
        from games.aquarian_age.rules import main as aa_main
        return [len(aa_main._MADE)]
    from games.lumen_condenser.rules import made as lc_made
    return [len(m) for m in lc_made._ACROSS.values()]


@pytest.mark.parametrize("game_id, bound, games", [("riftbound", "MEMO", 39), ("aquarian_age", "MEMO_FEW", 11),
                                                   ("lumen_condenser", "MEMO_FEW", 11)])
def test_the_choice_memos_stay_within_their_bound(game_id, bound, games):
    # a memo of choices made once is emptied past its bound (heap.MEMO; heap.MEMO_FEW for
    # one that takes a few dozen entries a game), so that hundreds of games do not grow it
    # (its entries would be the collector's to walk) and it holds a few games' choices
    from tabletop import bench
    from tabletop.engine import heap

    limit = getattr(heap, bound)
    game = get_game(game_id)
    seen = 0
    for seed in range(1, games + 1):
        bench._random_game(game, seed)
        now = _memo_sizes(game_id)
        seen = max([seen] + now)
        assert max(now) <= limit + 1
    assert seen > limit // 2  # the games did fill it: the bound was met, not missed
