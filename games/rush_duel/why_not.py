"""why_not: one sentence naming the rule that forbids a refused move."""

from __future__ import annotations

from tabletop.engine.core import Decision

from .effects import F_SETTURN, F_USED, target_text
from .legality import LEGAL
from .zones import Z

#: a refusal that quotes the card's [REQUIREMENT], whole: (what fails, with a quote) -> words
_REQ_WORDS = {
    ("requirement", True): 'its [REQUIREMENT] is not met ("{req}") (digest 1.E rule 22).',
    ("requirement", False): "its [REQUIREMENT] is not met (digest 1.E rule 22).",
    ("cost", True): 'its cost can\'t be paid in full ("{req}") (digest 1.E rule 23).',
    ("cost", False): "its cost can't be paid in full (digest 1.E rule 23).",
    ("timing", True): 'its timing does not match what just happened ("{req}") (seed 3.2.5).',
    ("timing", False): "its timing does not match what just happened (seed 3.2.5).",
}


def requirement_part(text: str) -> str:
    """The [REQUIREMENT] part of a card's text, quoted in why_not sentences ("" when none)."""
    a = text.find("[REQUIREMENT]")
    if a < 0:
        return ""
    b = text.find("[EFFECT]", a)
    return text[a + len("[REQUIREMENT]"):b if b > 0 else len(text)].strip()


class WhyNot:
    """Mixin of RushState: the sentences that explain a refused move."""

    def why_not(self, kind: str, args: dict, player: int | None = None) -> str:
        """One sentence naming the rule that forbids ``kind`` with ``args`` now.

        The table sends the kind it guessed for the dragged card (or "move" when
        the card has no legal choice at all) with where it was dropped (``to``)
        or what it was dropped on (``target``), so the sentence is chosen from
        the card's place, the drop and the pending decision, not the kind alone.
        It never names a card ``player`` may not see."""
        d = self.decision
        if d is None:
            reason = self.outcome.reason if self.outcome is not None else ""
            return f"the duel is over: {reason}." if reason else "the duel is over."
        if player is not None and player not in d.players:
            who = self.names[d.players[0]]
            if d.kind == "trap_response":
                return f"{who} is deciding whether to activate a trap at this timing; wait for the answer (seed 3.2.5)."
            if d.players[0] == self.active:
                return (f"it is {who}'s turn: you act in your own Main and Battle Phases, and activate traps "
                        "only when the game asks you (seed 3, 3.2.5).")
            return f"it is {who}'s decision now ({d.prompt})."
        p = player if player is not None else d.players[0]
        t = self.table
        iid = args.get("card")
        if isinstance(iid, int) and 0 <= iid < len(t.card):
            why = self._why_card(kind, args, d, p, iid)
        else:
            why = self._why_no_card(kind, d)
        return why or f"that is not one of the legal choices now ({d.prompt})."

    def _why_no_card(self, kind: str, d: Decision) -> str:
        """Buttons: Battle Phase, end the turn, pass."""
        if kind == "battle_phase":
            if self.turn_number == 1:
                return "the player going first has no Battle Phase on the first turn (seed 3.3)."
            if d.kind == "battle_action":
                return "this is already the Battle Phase (seed 3.3)."
        if kind in ("pass", "activate_trap") and d.kind != "trap_response":
            return "traps are activated only at the timing written on them, when the game asks (seed 3.2.5)."
        if d.kind in ("choose_tributes", "choose_card", "trap_response"):
            return f"first finish the pending decision ({d.prompt})."
        return ""

    @staticmethod
    def _where(key) -> str | None:
        """The short zone name of an absolute zone key ("p0.spell" -> "spell")."""
        return key.split(".", 1)[1] if isinstance(key, str) and "." in key else None

    def _why_card(self, kind: str, args: dict, d: Decision, p: int, iid: int) -> str:
        """why_not for a choice about one card: by its place and the pending decision."""
        t = self.table
        if t.owner[iid] != p:
            return "you can only play and move your own cards; that one is your opponent's."
        where = self._where(t.zone[iid])
        c = self.card_data(iid)
        if d.kind == "choose_tributes":
            if where == "monster" or kind == "tribute":
                return "a tribute for an advance summon is a monster you control (seed 3.2.1.1)."
            return f"first finish the advance summon: {d.prompt} (seed 3.2.1.1)."
        if d.kind == "choose_card":
            return f"first finish the effect: {d.prompt}."
        if d.kind == "trap_response":
            if where == "spell" and c["kind"] == "trap" and not t.face[iid]:
                return self._why_trap(iid, d)
            return "at this timing only a set trap may be activated, or none (seed 3.2.5)."
        if where == "grave":
            return ("a card in the graveyard can't be played; you summon, set and activate cards from your hand "
                    "(seed 3.2), and only a card effect brings one back.")
        if where == "deck":
            return "cards leave the deck by drawing in the Draw Phase (seed 3.1) or by a card effect."
        if where == "extra":
            return "a Fusion monster in the Extra Deck is summoned only by a Fusion spell, with its materials (digest 1.G rule 29)."
        tg = args.get("target")
        if isinstance(tg, list):
            tg = tg[0] if tg else None
        if not (isinstance(tg, int) and 0 <= tg < len(t.card)):
            tg = None
        if where == "hand":
            return self._why_hand(kind, args.get("to"), tg, d, p, iid)
        if where == "monster":
            return self._why_monster(kind, args.get("to"), tg, d, p, iid)
        return self._why_spell_zone(kind, args.get("to"), tg, d, p, iid)

    def _why_phase(self, d: Decision) -> str:
        """Main Phase actions asked in the Battle Phase (seed 3.2; digest 1.D rule 12)."""
        if d.kind == "battle_action":
            return ("that is done in the Main Phase; after the Battle Phase comes the End Phase "
                    "(seed 3.2, digest 1.D rule 12).")
        return ""

    def _why_hand(self, kind: str, to, tg, d: Decision, p: int, iid: int) -> str:
        """A card dragged from the hand (seed 3.2.1-3.2.5)."""
        t = self.table
        c = self.card_data(iid)
        dest = self._where(to)
        if isinstance(to, str) and to.startswith(f"p{1 - p}."):
            return "you play cards only to your own side of the field (seed 3.2)."
        if dest in ("grave", "deck", "extra", "hand"):
            return ("you can't send a card from your hand there yourself; cards in your hand are summoned, set or "
                    "activated (seed 3.2), and leave it otherwise only through a card effect.")
        if c["kind"] == "monster":
            if dest in ("spell", "field"):
                return "a monster is summoned or set in one of your Monster Zones (seed 3.2.1)."
            if kind in ("activate", "effect"):
                return "a monster's effect is used while it is face up on your field, not from the hand (digest 1.E rule 24)."
            why = self._why_phase(d)
            if why:
                return why
            if kind == "maximum_summon" or (c["subtype"] == "maximum" and kind not in ("summon", "set", "move")):
                return "a Maximum summon needs the left, centre and right pieces in your hand (digest 1.G rule 31)."
            why = LEGAL.reason("normal_summon", self, p, {"card": iid})
            return why or ""
        if c["kind"] == "trap":
            if dest == "monster":
                return "a trap is set face down in a Spell & Trap Zone, not a Monster Zone (seed 3.2.5)."
            if dest == "field":
                return "only a field spell goes in the Field Zone (seed 3.2.4)."
            if kind in ("activate", "activate_trap", "effect") or (dest is None and tg is not None):
                return ("a trap is first set face down, and can be activated from your opponent's next turn at the "
                        "timing written on it (seed 3.2.5).")
            why = self._why_phase(d)
            if why:
                return why
            if self.free_slots(Z[p]["spell"]) == 0:
                return "all three Spell & Trap Zones are full (digest 1.A rule 2)."
            return ""
        # a spell
        if c["subtype"] == "field":
            if dest in ("monster", "spell"):
                return "a field spell is activated or set only in your Field Zone (seed 3.2.4)."
        else:
            if dest == "monster":
                return "a spell is activated or set in a Spell & Trap Zone, not a Monster Zone (seed 3.2.3)."
            if dest == "field":
                return "only a field spell goes in the Field Zone (seed 3.2.4)."
        why = self._why_phase(d)
        if why:
            return why
        if c["subtype"] != "field" and self.free_slots(Z[p]["spell"]) == 0:
            return "all three Spell & Trap Zones are full (digest 1.A rule 2)."
        if kind == "set":
            return ""
        return self._why_effect(p, iid, tg)

    def _req_text(self, iid: int) -> str:
        return requirement_part(self.card_data(iid)["text"])

    def _why_req(self, key: str, iid: int) -> str:
        """A refusal that quotes the card's [REQUIREMENT], when it has one."""
        req = self._req_text(iid)
        return _REQ_WORDS[(key, bool(req))].format(req=req)

    def _why_effect(self, p: int, iid: int, tg) -> str:
        """Why a spell or a monster effect can't be activated (digest 1.E rules 22-23)."""
        c = self.card_data(iid)
        if not self.cond_ok(p, iid, c["requirement"]):
            return self._why_req("requirement", iid)
        if not self.cost_ok(p, iid, c["cost"]):
            return self._why_req("cost", iid)
        variants = self.effect_variants(p, iid)
        if not variants:
            spec = c.get("target")
            if spec is None and c["modes"]:
                spec = c["modes"][0].get("target")
            if spec is not None and not self.targets(p, spec):
                return f"it needs {target_text(spec)} as its target and there is none (card text)."
            return ("its effect could do nothing now, so it can't be activated "
                    "(README rule choice 10, digest §4 item 9).")
        if tg is not None and all(v[1] != tg for v in variants):
            spec = c.get("target")
            what = target_text(spec) if spec else ""
            if what:
                return f"that card is not a legal target; it must be {what} (card text)."
            return "that card is not a legal target (card text)."
        return ""

    def _why_monster(self, kind: str, to, tg, d: Decision, p: int, iid: int) -> str:
        """A monster of one's own on the field: attacks, positions, effects."""
        t = self.table
        c = self.card_data(iid)
        dest = self._where(to)
        if tg is not None:
            if t.owner[tg] == p:
                return "a monster attacks a monster your opponent controls, never your own (seed 3.3)."
            if not self._where(t.zone[tg]) == "monster":
                return "a monster attacks a monster, or your opponent directly; spells and traps are not attacked (seed 3.3)."
            return self._why_attack(d, p, iid, tg)
        if isinstance(to, str) and to.startswith(f"p{1 - p}."):
            return self._why_attack(d, p, iid, None)
        if kind in ("attack", "direct_attack"):
            return self._why_attack(d, p, iid, -1 if kind == "direct_attack" else None)
        if dest in ("grave", "hand", "deck", "extra"):
            return ("you can't send a monster off the field at will; it leaves when destroyed, tributed or moved by "
                    "an effect (seed 3.2.1.1, 3.3).")
        if dest == "monster":
            return "a monster on the field stays in its Monster Zone (seed 3.2.1)."
        if kind in ("change_position", "flip_summon"):
            why = self._why_phase(d)
            if why:
                return why
            if kind == "flip_summon" and t.face[iid]:
                return "only a face-down monster is flip summoned; a face-up one changes position instead (seed 3.2.2)."
            if kind == "change_position" and not t.face[iid]:
                why = self.can_change_position(iid)
                if why:
                    return why
                return "a face-down monster turns face up by a flip summon, into attack position (seed 3.2.2)."
            why = self.can_change_position(iid)
            return why or ""
        if kind == "effect":
            why = self._why_phase(d)
            if why:
                return why
            if not t.face[iid]:
                return "a face-down monster's effect can't be used; it must be face up (digest 1.E rule 24)."
            if c["subtype"] == "maximum" and iid not in self.maximum_centre:
                return "a Maximum piece's effect works only in Maximum Mode (digest 1.G rule 31)."
            if not (c["effect"] or c["modes"]):
                return "this monster has no effect to activate."
            if self.card_flags.get(iid, 0) & F_USED:
                return "a monster's effect can be used once per turn (digest 1.E rule 24)."
            return self._why_effect(p, iid, None)
        if kind == "tribute":
            return "tributes are chosen when you advance summon a level 5 or higher monster (seed 3.2.1.1)."
        return ""

    def _why_attack(self, d: Decision, p: int, iid: int, tg) -> str:
        """Attacks (seed 3.3, 3.3.1): the ``attack`` and ``direct_attack`` checks."""
        if d.kind == "main_action":
            if self.turn_number == 1:
                return "the player going first has no Battle Phase on the first turn (seed 3.3)."
            return "attacks are declared in the Battle Phase; go to the Battle Phase first (seed 3.3)."
        if d.kind != "battle_action":
            return f"first finish the pending decision ({d.prompt})."
        why = LEGAL.reason("direct_attack" if tg is None or tg == -1 else "attack", self, p, {"card": iid})
        return why or ""

    def _why_spell_zone(self, kind: str, to, tg, d: Decision, p: int, iid: int) -> str:
        """A card of one's own in the Spell & Trap Zone or the Field Zone."""
        t = self.table
        c = self.card_data(iid)
        dest = self._where(to)
        if dest is not None and dest != self._where(t.zone[iid]):
            return ("a card in the Spell & Trap or Field Zone stays there until it is used, destroyed or replaced "
                    "(seed 3.2.3-3.2.5).")
        if t.face[iid]:
            if c["subtype"] == "field":
                return "a face-up field spell keeps applying its effect; it is not activated again (seed 3.2.4)."
            if c["subtype"] == "equip":
                return "an equip spell stays with the monster it equips; it is not activated again."
            return "that card is already face up and in use."
        if c["kind"] == "trap":
            if self.card_flags.get(iid, 0) & F_SETTURN:
                return ("a trap can't be activated in the turn it was set; it is usable from your opponent's next "
                        "turn (seed 3.2.5).")
            return "traps are activated only at the timing written on them, when the game asks (seed 3.2.5)."
        why = self._why_phase(d)
        if why:
            return why
        return self._why_effect(p, iid, tg)

    def _why_trap(self, iid: int, d: Decision) -> str:
        """Why a set trap can't answer this timing (seed 3.2.5)."""
        window = self.steps[-1].args
        c = self.card_data(iid)
        if self.card_flags.get(iid, 0) & F_SETTURN:
            return ("a trap can't be activated in the turn it was set; it is usable from your opponent's next "
                    "turn (seed 3.2.5).")
        trig = c["trigger"]
        if trig["event"] != window["timing"]:
            what = {"attack": "an attack declaration", "summon": "a summon", "effect": "a card's effect"}
            return (f"this trap answers {what[trig['event']]}, not {what[window['timing']]} (seed 3.2.5: a trap is used at "
                    "the timing written on it).")
        if not self.cond_ok(d.players[0], iid, c["requirement"]):
            return self._why_req("requirement", iid)
        return self._why_req("timing", iid)
