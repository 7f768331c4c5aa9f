"""Why a choice is not legal now: one sentence naming the rule."""

from __future__ import annotations

from .carddb import target_text
from .legality import LEGAL
from .zones import ZLOC


class WhyNot:
    """Explaining an illegal choice."""

    __slots__ = ()

    def _why_not_play_args(self, p: int, iid: int, args: dict) -> str:
        """Why a card that may be played now can't be played with ``args``: its destination,
        target or cost (Core Rules v1.3 Playing a card, digest 9.1)."""
        t = self.table
        card = self.card_of(iid)
        z = t.zone[iid]
        hidden = z in (f"p{p}.hidden0", f"p{p}.hidden1")
        kw = card["kw"]
        react = kw.get("reaction") or kw.get("quickdraw") or hidden
        ambush = kw.get("ambush") and card["type"] == "unit"
        to = args.get("to")
        if card["type"] in ("unit", "gear") and to is None and args.get("target") is not None and not kw.get("quickdraw"):
            if card["type"] == "unit":
                return "{card} is played to a location (your base or a battlefield you control), not onto a card (Playing a card).".format(
                    card=card["name"])
            return "{card} is played to a location (your base), not onto a card (Playing a card).".format(card=card["name"])
        if card["type"] == "unit" and isinstance(to, str):
            w = ZLOC.get(to)
            if hidden:
                return "a hidden unit is played to the battlefield where it was hidden (Hidden)."
            if w is None or w[0] != p:
                return "a unit you play enters under your control: your base or one of your battlefields (Units)."
            if w[1] >= 0 and self.battlefield_controller[w[1]] != p:
                if ambush and not self.units_at(p, w[1]):
                    return "Ambush plays a unit only to a battlefield where you have units (Ambush)."
                if not ambush:
                    return ("a unit is played to your base or a battlefield you control; moving there is how you contest "
                            "it (Units).")
            if (self.chain or self.showdown) and ambush and not react and (w[1] < 0 or not self.units_at(p, w[1])):
                return "Ambush gives Reaction only while the unit is played to a battlefield where you have units (Ambush)."
        tg = args.get("target")
        if card["target"] and isinstance(tg, int) and tg >= 0:
            hidden_at = int(z[-1]) if hidden else -1
            if tg not in self._targets(p, card["target"], -1, -1, hidden_at):
                known_tg = 0 <= tg < len(t.card)
                if hidden:
                    text = ("{target} is not a legal target: {card} needs {what} at its battlefield (Hidden)." if known_tg
                            else "that is not a legal target: {card} needs {what} at its battlefield (Hidden).")
                else:
                    text = ("{target} is not a legal target: {card} needs {what} (Targets)." if known_tg
                            else "that is not a legal target: {card} needs {what} (Targets).")
                return text.format(target=self.name(tg) if known_tg else "", card=card["name"],
                                   what=target_text(card["target"]) or "a target")
        E, P = (0, []) if hidden else (card["cost"], list(card["power"]))
        extra = self._deflect(p, tg) if isinstance(tg, int) else 0
        if args.get("repeat"):
            E += kw.get("repeat", 0)
            extra *= 2
        if not self.can_pay(p, E, P + ["any"] * extra):
            why = f" (Deflect adds {extra} power)" if extra else ""
            return f"its cost can't be paid with the runes and rune pool you have{why} (Costs)."
        if card["type"] == "spell" and not self.showdown and any(op["op"] == "move_bf" for op in card["effect"]):
            return "it moves a unit to the battlefield of a showdown, and no showdown is happening (Playing a card)."
        return "that play is not legal now (Playing a card)."

    def why_not(self, kind, args, player=None) -> str:
        """One sentence naming the rule that forbids a choice now."""
        d = self.decision
        if d is None:
            return "the game is over."
        if player is not None and player not in d.players:
            if self.chain:
                return (f"Player {player + 1} does not hold priority: while a chain exists only the player with priority "
                        "may act (Priority).")
            if self.showdown:
                return (f"Player {player + 1} does not have focus: in a Showdown Open state only the player with focus "
                        "may act (Focus).")
            return (f"it is {self.names[d.players[0]]}'s decision: in a Neutral Open state only the turn player acts "
                    "(States).")
        t = self.table
        p = player if player is not None else d.players[0]
        iid = args.get("card")
        known = isinstance(iid, int) and 0 <= iid < len(t.card)
        acting = d.kind in ("main_action", "priority", "focus")
        if kind == "move" and known and not self.is_unit(iid):
            # the table guesses "move" for a card with no legal choice at all: judge the
            # action the drop stands for (a card from hand is played, gear is equipped)
            kind = "equip" if self.card_of(iid)["type"] == "gear" and t.zone[iid] in ZLOC else "play"
        elif kind == "move" and known and t.zone[iid] not in ZLOC:
            kind = "play"
        if kind in ("play", "activate", "move", "equip", "hide", "end_turn") and not acting:
            return f"a decision must be made first: {d.prompt} (The chain)."
        if kind == "move":
            return LEGAL.why_not(self, kind, args, p) or (
                "units move base to battlefield or battlefield to base; battlefield to battlefield needs Ganking (Standard Move).")
        if kind == "play" and known:
            why = LEGAL.reason("play", self, p, args)
            return why or "that play is not legal now (Playing a card)."
        if kind == "activate" and known:
            why = LEGAL.reason("activate", self, p, args)
            return why or (
                "its cost can't be paid, or its target is not legal (Activated abilities).")
        if kind in ("equip", "hide"):
            why = LEGAL.why_not(self, kind, args, p)
            if why:
                return why
            if kind == "equip":
                return "Equip attaches your Equipment at your base to a unit you control, paying its Equip cost (Equip)."
            return ("hiding needs your turn, an Open state, a battlefield you control with an empty facedown slot, "
                    "and [A] (Hidden).")
        if kind == "end_turn" and d.kind != "main_action":
            return "the turn can only end from the Main Phase with an empty chain and no showdown (Main Phase)."
        if kind == "pass" and d.kind == "main_action":
            return "with no chain and no showdown there is nothing to pass: end the turn instead (Main Phase)."
        if kind == "assign" and d.kind == "assign_damage":
            return ("combat damage goes lethal first, one unit at a time: Tank units before the rest, Backline units "
                    "after the rest (Combat Damage).")
        return f"that is not one of the legal choices now ({d.prompt})."
