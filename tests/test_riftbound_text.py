"""Riftbound's words on screen: event captions and rules, choice labels, prompts and
why_not sentences never show zone keys ("p0.bf0"), battlefield numbers or source notes
("digest", "seed"); no caption is logged twice in a row; card counters are words."""

from __future__ import annotations

import random
import re

from games.riftbound import GAME

ZONE_KEY = re.compile(r"\b(p[01]\.[a-z]+\d?|shared\.[a-z]+\d?|att\.\d+)\b|battlefield \d|unit\(s\)")
SOURCE_NOTE = re.compile(r"digest|seed|Core Rules|v1\.3")


def _games(n=8, limit=2500):
    for seed in range(n):
        s = GAME.new_state(GAME.default_setup(), seed)
        rng = random.Random(seed)
        for _ in range(limit):
            d = s.decision
            if d is None:
                break
            yield s, None
            yield s, s.apply(rng.choice(d.choices))


def test_no_zone_keys_or_source_notes_in_captions_rules_labels_and_prompts():
    seen = 0
    for s, events in _games():
        if events is None:
            d = s.decision
            texts = [d.prompt] + [c.label for c in d.choices]
            v = s.view(None)["extra"]
            texts += [v["state_text"], v["chain_text"], v["priority_text"], v["focus_text"]]
        else:
            texts = [e.caption for e in events] + [e.rule for e in events]
        for text in texts:
            assert not ZONE_KEY.search(text), text
            assert not SOURCE_NOTE.search(text), text
            seen += 1
    assert seen > 10000


def test_no_caption_is_logged_twice_in_a_row():
    for seed in range(8):
        s = GAME.new_state(GAME.default_setup(), seed)
        rng = random.Random(seed)
        last = None
        while s.decision is not None:
            for e in s.apply(rng.choice(s.decision.choices)):
                assert e.caption and e.caption != last, e.caption
                last = e.caption


def test_why_not_sentences_name_the_rule_as_a_rulebook_would():
    asked = 0
    for s, events in _games(n=4, limit=800):
        if events is not None:
            continue
        d = s.decision
        p = d.players[0]
        t = s.table
        for iid in range(0, len(t.card), 7):
            for kind, args in (("play", {"card": iid, "to": f"p{p}.bf1"}), ("move", {"card": iid, "to": f"p{p}.bf0"}),
                               ("activate", {"card": iid, "ab": 0}), ("equip", {"card": iid, "target": iid}),
                               ("hide", {"card": iid, "to": f"p{p}.hidden0"}), ("pass", {}), ("end_turn", {})):
                if d.find(kind) is not None:
                    continue
                for who in (p, 1 - p):
                    why = s.why_not(kind, args, who)
                    assert why and not SOURCE_NOTE.search(why) and not ZONE_KEY.search(why), why
                    asked += 1
    assert asked > 1000


def test_card_counters_are_named_in_words():
    names = set()
    for s, events in _games(n=4):
        if events is None:
            continue
        for cards in s.view(None)["zones"].values():
            for c in cards:
                names.update(c["counters"])
                for a in c.get("attached") or []:
                    names.update(a["counters"])
    assert {"damage", "might", "hidden on turn"} <= names
    assert not names & {"dmg", "hid", "atk", "def", "stun"}
