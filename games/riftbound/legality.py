"""Which actions are legal now: the choices of the Main Phase, Priority and
Focus (seed 'which cards can be played now'; Core Rules v1.3 States, digest 8.3),
and legal targets (digest 9.3)."""

from __future__ import annotations

from tabletop.engine.checks import Checks
from tabletop.engine.core import Choice

from .carddb import QUICKDRAW_TARGET, TARGET_LOCS
from .rules.main import ability_refusal, activate_refusal, play_card_refusal, play_refusal, play_timing_refusal
from .rules.movement import move_refusal, move_unit_refusal
from .zones import BASE, CHAMPION, HAND, HIDDEN, LEGEND, LOCZ, ZLOC, lz

# whose cards a target's ``who`` names, by the choosing player: ``any`` is the first
# player's, then the second's
_SIDES = {"self": ((0,), (1,)), "opponent": ((1,), (0,)), "any": ((0, 1), (0, 1))}
_NO_FILTER: dict = {}
# Choices are values: playing the same unit to base or moving it, with the same words, is the
# same choice decision after decision, so it is made once (keyed by iid, player and the card
# ids the words name; a determinized copy's cards have other ids, so other keys).
_TO_BASE: dict = {}


class Legality:
    """Listing the legal actions of a player."""

    __slots__ = ()

    def _act_choices(self, p: int, mode: str) -> list:
        """Every discretionary action ``p`` may take now (digest 8.3, 16)."""
        t = self.table
        ch: list = []
        zones = t.zones
        # each card play_card_refusal allows, with its destinations, targets and costs (the "play"
        # check); a card in hand or the Champion Zone is refused only by play_timing_refusal
        timed = self.chain or self.showdown
        for iid in zones[HAND[p]] + zones[CHAMPION[p]]:
            if not timed or play_timing_refusal(self, iid, False) is None:
                self._play_choices(p, iid, mode, -1, ch)
        for b in (0, 1):
            for iid in zones[HIDDEN[p][b]]:
                if play_card_refusal(self, p, iid) is None:
                    self._play_choices(p, iid, mode, b, ch)
        # activated abilities (legend, units, gear)
        here = LOCZ[p]
        srcs = zones[LEGEND[p]] + zones[here[0]] + zones[here[1]] + zones[here[2]]
        for src in srcs:
            card = self.card_db[t.card[src]]
            for n, ab in enumerate(card["abil"]):
                if ab["on"] == "activate":
                    self._ability_choices(p, src, n, ab, mode, ch)
        if mode == "main":
            self._equip_choices(p, ch)
            self._move_choices(p, ch)
            self._hide_choices(p, ch)
        return ch

    def _timing_ok(self, mode: str, kw: dict, from_hidden: bool) -> bool:
        """What may be played in each state (seed 'which cards can be played now'; digest 8.3, 18 Action/Reaction)."""
        if mode == "main":
            return True
        react = kw.get("reaction") or kw.get("quickdraw") or from_hidden  # Quick-Draw has Reaction
        if mode == "prio":
            return bool(react)
        return bool(react or kw.get("action"))

    def _play_choices(self, p, iid, mode, hidden_at, ch):
        card = self.card_of(iid)
        typ = card["type"]
        kw = card["kw"]
        ok = self._timing_ok(mode, kw, hidden_at >= 0)
        E, P = (0, []) if hidden_at >= 0 else (card["cost"], card["power"])
        nm = card["name"]
        if typ == "unit":
            locs = []
            if hidden_at >= 0:
                if ok:
                    locs = [hidden_at]
            else:
                if ok:
                    locs = [-1] + [b for b in (0, 1) if self.battlefield_controller[b] == p]
                if kw.get("ambush"):  # Ambush: to a battlefield where you have units, with Reaction (digest 18)
                    for b in (0, 1):
                        if b not in locs and self.units_at(p, b):
                            locs.append(b)
            for loc in locs:
                to = lz(p, loc)
                if self.can_pay(p, E, P):
                    if loc < 0:  # to base: the same choice each time (made once)
                        key = (iid, p, nm)
                        c = _TO_BASE.get(key)
                        if c is None:
                            if len(_TO_BASE) > 50_000:
                                _TO_BASE.clear()
                            c = _TO_BASE[key] = Choice("play", {"card": iid, "to": to}, p, "Play {card} to base".format(card=nm))
                        ch.append(c)
                    else:
                        ch.append(Choice("play", {"card": iid, "to": to}, p, self.place_text(to, "Play {card} to base", "Play {card} to {battlefield}", card=nm)))
                if kw.get("accelerate") and self.can_pay(p, E + 1, P + [self._cdom(card)]):
                    ch.append(Choice("play", {"card": iid, "to": to, "accelerate": True}, p,
                                     self.place_text(to, "Play {card} to base with Accelerate",
                                                     "Play {card} to {battlefield} with Accelerate", card=nm)))
            return
        if not ok:
            return
        if typ == "spell":
            if not self.showdown and any(op["op"] == "move_bf" for op in card["effect"]):
                return  # it could do nothing: no showdown to move to (digest 9.1, 355.16)
            tgs = self._targets(p, card["target"], -1, -1, hidden_at) if card["target"] else [-1]
            rep = kw.get("repeat", 0)
            for tg in tgs:
                extra = self._deflect(p, tg)
                PP = P + ["any"] * extra if extra else P
                if self.can_pay(p, E, PP):
                    args = {"card": iid} if tg < 0 else {"card": iid, "target": tg}
                    on = self.name(tg) if tg >= 0 else ""
                    ch.append(Choice("play", args, p, ("Play {card} on {target}" if tg >= 0 else "Play {card}").format(card=nm, target=on)))
                    # the repeated run chooses the target again: Deflect is paid per time chosen
                    if rep and self.can_pay(p, E + rep, PP + ["any"] * extra):
                        a2 = dict(args)
                        a2["repeat"] = True
                        lab = "Play {card} on {target} with Repeat" if tg >= 0 else "Play {card} with Repeat"
                        ch.append(Choice("play", a2, p, lab.format(card=nm, target=on)))
        elif typ == "gear":
            to = f"p{p}.base" if hidden_at < 0 else lz(p, hidden_at)
            if not self.can_pay(p, E, P):
                return
            if kw.get("quickdraw"):
                for u in self._targets(p, QUICKDRAW_TARGET, -1, -1, hidden_at):
                    ch.append(Choice("play", {"card": iid, "to": to, "target": u}, p, f"Play {nm} attached to {self.name(u)}"))
            else:
                ch.append(Choice("play", {"card": iid, "to": to}, p, f"Play {nm}"))

    def _ability_choices(self, p, src, n, ab, mode, ch):
        # the targets and costs of an ability ability_refusal allows (the "activate" check)
        if ability_refusal(self, p, src, ab) is not None:
            return
        E, P = ab.get("cost", 0), ab.get("power", [])
        w = self.where(src)
        loc = w[1] if w else -1
        tgs = self._targets(p, ab["target"], src, loc, -1) if ab.get("target") else [-1]
        for tg in tgs:
            extra = self._deflect(p, tg)
            if self.can_pay(p, E, P + ["any"] * extra if extra else P):
                args = {"card": src, "ab": n} if tg < 0 else {"card": src, "ab": n, "target": tg}
                lab = "Use {card} on {target}".format(card=self.name(src), target=self.name(tg)) if tg >= 0 else "Use {card}".format(card=self.name(src))
                ch.append(Choice("activate", args, p, lab))

    def _equip_choices(self, p, ch):
        for g in self.table.zones[BASE[p]]:
            card = self.card_of(g)
            if card["type"] == "gear" and card["kw"].get("equip"):  # the Equipment that could (may_equip decides)
                for u in self.units_of(p):
                    if LEGAL.reason("equip", self, p, {"card": g, "target": u}) is None:
                        ch.append(Choice("equip", {"card": g, "target": u}, p, f"Equip {card['name']} to {self.name(u)}"))

    def _move_dests(self, p, u) -> list:
        """Standard Move routes: base -> battlefield, battlefield -> base, battlefield ->
        battlefield only with Ganking (Core Rules v1.3 Standard Move, digest 11.1)."""
        loc = ZLOC[self.table.zone[u]][1]
        if loc < 0:
            return [0, 1]
        out = [-1]
        if self.keyword_value(u, "ganking"):
            out.append(1 - loc)
        return out

    def _move_choices(self, p, ch):
        # each unit move_unit_refusal allows, to each of its routes (the "move" check)
        units = self.units_of(p)
        if not units:
            return
        t = self.table
        card = t.card
        bfs = (tuple(t.zones.get("shared.bf0") or ()), tuple(t.zones.get("shared.bf1") or ()))
        bf_cards = tuple(card[c] for z in bfs for c in z) + (len(bfs[0]),)
        for u in units:
            if move_unit_refusal(self, p, u) is not None:
                continue
            for d in self._move_dests(p, u):
                # the same move with the same words is the same choice each time (made once; the
                # words name the unit and the battlefields' cards, so those are in the key)
                key = ("move", u, d, p, card[u], bf_cards)
                c = _TO_BASE.get(key)
                if c is None:
                    if len(_TO_BASE) > 50_000:
                        _TO_BASE.clear()
                    c = _TO_BASE[key] = Choice("move", {"card": u, "to": lz(p, d)}, p,
                                               ("Move {unit} to base" if d < 0 else "Move {unit} to {battlefield}").format(
                                                   unit=self.name(u), battlefield=self.bf_name(d) if d >= 0 else ""))
                ch.append(c)

    def _move_joiners(self, p, a) -> list:
        to = a["to"]
        d = ZLOC[to][1]
        out = []
        for u in self.units_of(p):
            if u in a["cards"] or move_unit_refusal(self, p, u) is not None:
                continue
            if d in self._move_dests(p, u):
                out.append(u)
        return out

    def _hide_choices(self, p, ch):
        t = self.table
        # candidates: cards with Hidden, the facedown slots of battlefields you control (may_hide decides)
        slots = [b for b in (0, 1) if self.battlefield_controller[b] == p]
        if not slots:
            return
        for iid in t.zones[f"p{p}.hand"] + t.zones[f"p{p}.champion"]:
            if self.card_of(iid)["kw"].get("hidden"):
                for b in slots:
                    to = f"p{p}.hidden{b}"
                    if LEGAL.reason("hide", self, p, {"card": iid, "to": to}) is None:
                        ch.append(Choice("hide", {"card": iid, "to": to}, p, f"Hide {self.name(iid)} at {self.bf_name(b)}"))

    def _targets(self, p, target, src, loc, hidden_at) -> list:
        """Legal targets of a target in the kit's format (digest 9.3 'what counts as a
        target'): the cards in its zone, on its side, that pass its filter. ``src`` is the
        card whose ability it is and ``loc`` where it is (``here``). A card played from a
        facedown zone chooses its targets at that battlefield (digest 19.4)."""
        who = target.get("who", "any")
        zone = target["zone"]
        if zone == "chain":
            return [it["source"] for it in self.chain if it["kind"] == "spell"
                    and (who == "any" or (it["controller"] == p) == (who == "self"))]
        flt = target.get("filter", _NO_FILTER)
        here = flt.get("here")
        pool = []
        for q in _SIDES[who][p]:
            for at in TARGET_LOCS[zone]:
                # here: the location of ``src``; a base is here only for its own player
                if here and (at != loc or (at < 0 and q != p)):
                    continue
                pool += self.units_at(q, at)
        if flt.get("other"):
            pool = [u for u in pool if u != src]
        if hidden_at >= 0:
            pool = [u for u in pool if ZLOC[self.table.zone[u]][1] == hidden_at]
        if "max_might" in flt:
            maxm = flt["max_might"]
            pool = [u for u in pool if self.might(u) <= maxm]
        return pool

    def _deflect(self, p, tg) -> int:
        """Deflect X: an opponent's spell or ability choosing this costs X more power (digest 18)."""
        if tg < 0 or not self.is_unit(tg) or self.table.zone[tg] not in ZLOC:
            return 0
        if ZLOC[self.table.zone[tg]][0] == p:
            return 0
        return self.keyword_value(tg, "deflect")

    def _cdom(self, card) -> str:
        """[C]: one power of the card's domain, [A] if it has none or several (digest 5.2)."""
        return card["domain"][0] if len(card["domain"]) == 1 else "any"


LEGAL = Checks()
# the rule each check names in its refusals, as the rulebook calls it (sources: Core Rules
# v1.3 Activated abilities, Playing a card, Standard Move, Equip, Hidden; digest 17.3, 9.1,
# 11, 18, 19.1)
LEGAL.check("activate", rule="Activated abilities")(activate_refusal)  # rules/main.py
LEGAL.check("play", rule="Playing a card")(play_refusal)  # rules/main.py
LEGAL.check("move", rule="Standard Move")(move_refusal)  # the Standard Move (rules/movement.py)


@LEGAL.check("equip", rule="Equip")
def may_equip(state, p: int, args: dict):
    """Equip [cost]: in your Main Phase's Neutral Open state, attach an Equipment at your base
    to a unit you control, paying its Equip cost. Used to list the choices and by why_not."""
    if state.chain or state.showdown:
        return "Equip is used like an ability without Action or Reaction: your Main Phase, Neutral Open."
    t = state.table
    g, u = args.get("card"), args.get("target")
    if not isinstance(g, int) or not 0 <= g < len(t.card):
        return "Equip names an Equipment."
    card = state.card_of(g)
    if card["type"] != "gear" or not card["kw"].get("equip"):
        return f"{card['name']} has no Equip."
    if t.zone[g].startswith("att."):
        return "an Equipment already attached can't use Equip again."
    if t.zone[g] != f"p{p}.base":
        return "Equip attaches your Equipment at your base."
    if not state.can_pay(p, *state._equip_cost(g)):
        return "its Equip cost can't be paid with the runes and rune pool you have."
    if not isinstance(u, int) or u not in state.units_of(p):
        return "Equip attaches the Equipment to a unit you control."
    return None


@LEGAL.check("hide", rule="Hidden")
def may_hide(state, p: int, args: dict):
    """Hide: in your Main Phase's Neutral Open state, pay [A] to put a card with Hidden from
    your hand or Champion Zone face down at a battlefield you control whose facedown slot is
    empty. Used to list the choices and by why_not."""
    if state.chain or state.showdown:
        return "hiding needs your turn's Main Phase in a Neutral Open state (Hidden)."
    t = state.table
    iid, to = args.get("card"), args.get("to")
    if not isinstance(iid, int) or not 0 <= iid < len(t.card):
        return "hiding names a card (Hidden)."
    if t.zone[iid] not in (f"p{p}.hand", f"p{p}.champion"):
        return "you hide a card from your hand or your Champion Zone (Hidden)."
    if not state.card_of(iid)["kw"].get("hidden"):
        return f"{state.name(iid)} has no Hidden."
    if to not in (f"p{p}.hidden0", f"p{p}.hidden1"):
        return "a card is hidden in your facedown slot at a battlefield (Hidden)."
    b = int(to[-1])
    if state.battlefield_controller[b] != p:
        return "you hide a card only at a battlefield you control (Hidden)."
    if t.zones[to]:
        return "that battlefield's facedown slot already holds a card (Hidden)."
    if not state.can_pay(p, 0, ["any"]):
        return "hiding costs [A], and you can't pay it (Hidden)."
    return None
