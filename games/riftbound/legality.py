"""Which actions are legal now: the choices of the Main Phase, Priority and
Focus (seed 'which cards can be played now'; Core Rules v1.3 States, digest 8.3),
and legal targets (digest 9.3)."""

from __future__ import annotations

from tabletop.engine.checks import Checks
from tabletop.engine.core import Choice, make_choice
from tabletop.engine.heap import MEMO

from .carddb import QUICKDRAW_TARGET, TARGET_LOCS
from .rules.costs import affords
from .rules.main import ability_refusal, activate_refusal, play_card_refusal, play_refusal
from .rules.movement import move_refusal, move_unit_refusal
from .zones import BASE, CHAMPION, HAND, HIDDEN, LEGEND, LOCZ, ZLOC, lz

# whose cards a target's ``who`` names, by the choosing player: ``any`` is the first
# player's, then the second's
_SIDES = {"self": ((0,), (1,)), "opponent": ((1,), (0,)), "any": ((0, 1), (0, 1))}
_NO_FILTER: dict = {}
# Choices are values: playing the same card to the same place, or moving the same unit, with
# the same words, is the same choice decision after decision, so it is made once (by
# make_choice, without Choice's __init__) and kept, keyed by its iid, player and args and by
# the names its words say (a determinized copy's cards may have other names, so other keys).
_CHOICES: dict = {}


def _remember(key: tuple, choice: Choice) -> Choice:
    if len(_CHOICES) > MEMO:
        _CHOICES.clear()
    _CHOICES[key] = choice
    return choice


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
        facts, card = self.facts, t.card
        in_hand = zones[HAND[p]] + zones[CHAMPION[p]]
        if self.chain or self.showdown:  # play_timing_refusal, worked out per card id in facts
            allowed = facts.chain_ok if self.chain else facts.showdown_ok
            plays = []
            for iid in in_hand:
                if card[iid] in allowed:
                    plays.append(iid)
        else:
            plays = in_hand
        hidden = HIDDEN[p]
        hidden_plays = []  # (card, its battlefield)
        if zones[hidden[0]] or zones[hidden[1]]:
            for b in (0, 1):
                for iid in zones[hidden[b]]:
                    if play_card_refusal(self, p, iid) is None:
                        hidden_plays.append((iid, b))
        # activated abilities (legend, units, gear) that ability_refusal allows
        activated = facts.activated
        here = LOCZ[p]
        abilities = []
        srcs = zones[LEGEND[p]] + zones[here[0]] + zones[here[1]] + zones[here[2]]
        # the cards whose abilities ability_refusal could allow in this state (by their timing)
        timed = facts.chain_activated if self.chain else facts.showdown_activated if self.showdown else activated.keys()
        for src in srcs:  # is one of them such a card? (a loop: a few cards)
            if card[src] in timed:
                break
        else:
            srcs = ()
        if srcs:
            for src in srcs:
                acts = activated.get(card[src])
                if acts:
                    for n, ab in acts:
                        if ability_refusal(self, p, src, ab) is None:
                            abilities.append((src, n, ab))
        if not (plays or hidden_plays or abilities or mode == "main"):
            return ch
        w = self.wallet(p)  # what p can pay with: every cost below is checked against it
        # the words of a play or move to a battlefield name them (Board._bf_names)
        bfn = self.bf_names or self._bf_names()
        # a card from hand costs its energy at least (Accelerate adds to it): one costing more
        # than p can pay has no play, so its plays are not looked at
        info, energy = facts.plays, w[0]
        for iid in plays:
            if info[card[iid]][2] <= energy:
                self._play_choices(p, iid, mode, -1, ch, w, bfn)
        for iid, b in hidden_plays:
            self._play_choices(p, iid, mode, b, ch, w, bfn)
        for src, n, ab in abilities:
            self._ability_plays(p, src, n, ab, ch, w)
        if mode == "main":
            self._equip_choices(p, ch, w)
            self._move_choices(p, ch, bfn)
            controller = self.battlefield_controller
            if controller[0] == p or controller[1] == p:  # hiding needs a battlefield p controls
                self._hide_choices(p, ch, w)
        return ch

    def _play_choices(self, p, iid, mode, hidden_at, ch, w=None, bfn=None):
        """The plays of the card ``iid`` (from the facedown slot at ``hidden_at``, or -1) ``p``
        can pay for with the wallet ``w`` (:meth:`Costs.wallet`, worked out when not given);
        ``bfn`` is :meth:`_bf_names` (likewise)."""
        typ, nm, cost, power, react, action, accelerate, cdom, ambush, repeat, quickdraw, target = \
            self.facts.plays[self.table.card[iid]]
        # what may be played in each state (seed 'which cards can be played now'; digest 8.3, 18
        # Action/Reaction): anything in the Main Phase's Neutral Open state; with priority,
        # Reaction (Quick-Draw has it, and so has a hidden card); with focus, Action too
        if mode == "main":
            ok = True
        elif mode == "prio":
            ok = react or hidden_at >= 0
        else:
            ok = react or hidden_at >= 0 or action
        E, P = (0, []) if hidden_at >= 0 else (cost, power)
        if w is None:
            w = self.wallet(p)
        if typ == "unit":
            # what p can pay for first (the cost is the same wherever it goes); affords, its
            # first two answers without its call
            pays = E <= w[0] and (not P or affords(w, E, P))
            accel = accelerate and affords(w, E + 1, P + [cdom])
            if not (pays or accel):
                return
            if hidden_at >= 0:
                if not ok:
                    return
                locs = (hidden_at,)
            else:
                controller = self.battlefield_controller
                locs = []
                if ok:
                    locs.append(-1)
                    if controller[0] == p:
                        locs.append(0)
                    if controller[1] == p:
                        locs.append(1)
                if ambush:  # Ambush: to a battlefield where you have units, with Reaction (digest 18)
                    for b in (0, 1):
                        if b not in locs and self.has_units(p, b):
                            locs.append(b)
                if not locs:
                    return
            if bfn is None and locs[-1] >= 0:
                bfn = self._bf_names()
            places = LOCZ[p]
            for loc in locs:
                # the same play with the same words is the same choice each time (made once)
                to = places[loc + 1]  # lz(p, loc)
                if pays:
                    key = ("play", iid, p, to, nm, bfn if loc >= 0 else None)
                    c = _CHOICES.get(key)
                    if c is None:
                        if loc < 0:
                            label = "Play {card} to base".format(card=nm)
                        else:
                            label = self.place_text(to, "Play {card} to base", "Play {card} to {battlefield}", card=nm)
                        c = _remember(key, make_choice("play", {"card": iid, "to": to}, p, label))
                    ch.append(c)
                if accel:
                    key = ("accelerate", iid, p, to, nm, bfn if loc >= 0 else None)
                    c = _CHOICES.get(key)
                    if c is None:
                        c = _remember(key, make_choice("play", {"card": iid, "to": to, "accelerate": True}, p,
                                                  self.place_text(to, "Play {card} to base with Accelerate",
                                                                  "Play {card} to {battlefield} with Accelerate", card=nm)))
                    ch.append(c)
            return
        if not ok:
            return
        if typ == "spell":
            if E > w[0] or P and not affords(w, E, P):
                return  # not even without the Deflect and Repeat a target or Repeat would add
            if not self.showdown and self.table.card[iid] in self.facts.moves_to_showdown:
                return  # it could do nothing: no showdown to move to (digest 9.1, 355.16)
            tgs = self._targets(p, target, -1, -1, hidden_at) if target else [-1]
            rep = repeat
            db, cards = self.card_db, self.table.card
            for tg in tgs:
                extra = self._deflect(p, tg) if tg >= 0 else 0  # none without a target
                PP = P + ["any"] * extra if extra else P
                # without Deflect the cost is the one found payable above
                if not extra or affords(w, E, PP):
                    on = db[cards[tg]]["name"] if tg >= 0 else ""  # Board.name
                    key = ("spell", iid, p, tg, nm, on)
                    c = _CHOICES.get(key)
                    if c is None:
                        args = {"card": iid} if tg < 0 else {"card": iid, "target": tg}
                        c = _remember(key, make_choice("play", args, p, ("Play {card} on {target}" if tg >= 0 else "Play {card}").format(card=nm, target=on)))
                    ch.append(c)
                    # the repeated run chooses the target again: Deflect is paid per time chosen
                    if rep and affords(w, E + rep, PP + ["any"] * extra):
                        key = ("repeat", iid, p, tg, nm, on)
                        c = _CHOICES.get(key)
                        if c is None:
                            a2 = {"card": iid, "repeat": True} if tg < 0 else {"card": iid, "target": tg, "repeat": True}
                            lab = "Play {card} on {target} with Repeat" if tg >= 0 else "Play {card} with Repeat"
                            c = _remember(key, make_choice("play", a2, p, lab.format(card=nm, target=on)))
                        ch.append(c)
        elif typ == "gear":
            to = BASE[p] if hidden_at < 0 else lz(p, hidden_at)
            if not affords(w, E, P):
                return
            if quickdraw:
                db, cards = self.card_db, self.table.card
                for u in self._targets(p, QUICKDRAW_TARGET, -1, -1, hidden_at):
                    on = db[cards[u]]["name"]  # Board.name
                    key = ("gear", iid, p, to, u, nm, on)
                    c = _CHOICES.get(key)
                    if c is None:
                        c = _remember(key, make_choice("play", {"card": iid, "to": to, "target": u}, p, f"Play {nm} attached to {self.name(u)}"))
                    ch.append(c)
            else:
                key = ("gear", iid, p, to, -1, nm, "")
                c = _CHOICES.get(key)
                if c is None:
                    c = _remember(key, make_choice("play", {"card": iid, "to": to}, p, f"Play {nm}"))
                ch.append(c)

    def _ability_choices(self, p, src, n, ab, mode, ch):
        # the targets and costs of an ability ability_refusal allows (the "activate" check)
        if ability_refusal(self, p, src, ab) is not None:
            return
        self._ability_plays(p, src, n, ab, ch, self.wallet(p))

    def _ability_plays(self, p, src, n, ab, ch, w):
        """The uses of ability ``n`` of ``src`` (allowed by ability_refusal) ``p`` can pay for
        with the wallet ``w``: one per legal target."""
        E, P = ab.get("cost", 0), ab.get("power", [])
        w_ = self.where(src)
        loc = w_[1] if w_ else -1
        tgs = self._targets(p, ab["target"], src, loc, -1) if ab.get("target") else [-1]
        db, cards = self.card_db, self.table.card
        nm = db[cards[src]]["name"]  # Board.name
        pays = affords(w, E, P)  # the cost of each use without Deflect
        for tg in tgs:
            extra = self._deflect(p, tg) if tg >= 0 else 0  # none without a target
            if affords(w, E, P + ["any"] * extra) if extra else pays:
                # the same use with the same words is the same choice each time (made once)
                on = db[cards[tg]]["name"] if tg >= 0 else ""
                key = ("activate", src, n, p, tg, nm, on)
                c = _CHOICES.get(key)
                if c is None:
                    args = {"card": src, "ab": n} if tg < 0 else {"card": src, "ab": n, "target": tg}
                    lab = "Use {card} on {target}".format(card=nm, target=on) if tg >= 0 else "Use {card}".format(card=nm)
                    c = _remember(key, make_choice("activate", args, p, lab))
                ch.append(c)

    def _equip_choices(self, p, ch, w):
        """Each Equip ``p`` may use now (the "equip" check, may_equip, asked with the wallet
        ``w``: Costs.wallet)."""
        t = self.table
        gear, card = self.facts.gear, t.card
        units = None
        for g in t.zones[BASE[p]]:
            if card[g] not in gear:
                continue
            gc = self.card_of(g)
            if gc["kw"].get("equip"):  # the Equipment that could (may_equip decides)
                if units is None:
                    units = self.units_of(p)
                if not units:
                    return
                # may_equip asks the same of every unit p controls
                if may_equip(self, p, {"card": g, "target": units[0]}, w) is None:
                    gn, db = gc["name"], self.card_db
                    for u in units:
                        # the same equip with the same words is the same choice each time (made once)
                        un = db[card[u]]["name"]  # Board.name
                        key = ("equip", g, u, p, gn, un)
                        c = _CHOICES.get(key)
                        if c is None:
                            c = _remember(key, make_choice("equip", {"card": g, "target": u}, p, f"Equip {gc['name']} to {self.name(u)}"))
                        ch.append(c)

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

    def _move_choices(self, p, ch, bfn=None):
        # each unit move_unit_refusal allows (a ready unit of p's on the board), to each of its
        # routes (the "move" check)
        t = self.table
        zones, card, orient, units, db = t.zones, t.card, t.orient, self.facts.units, self.card_db
        here = LOCZ[p]
        if bfn is None:
            bfn = self._bf_names()
        # Ganking (_move_dests): the printed keyword unless something gives it now (asked
        # once, for the first ready unit at a battlefield)
        gank_given = None
        for loc in (-1, 0, 1):
            for u in zones[here[loc + 1]]:
                if orient[u] or card[u] not in units:
                    continue
                c = db[card[u]]
                nm = c["name"]  # Board.name
                if loc < 0:
                    dests = (0, 1)
                else:
                    if gank_given is None:
                        gank_given = self.kw_given_now("ganking")
                    if self.keyword_value(u, "ganking") if gank_given else c["kw"].get("ganking", 0):
                        dests = (-1, 1 - loc)
                    else:
                        dests = (-1,)
                for d in dests:
                    # the same move with the same words is the same choice each time (made once)
                    key = ("move", u, d, p, nm, bfn if d >= 0 else None)  # to base: no battlefield's name
                    c = _CHOICES.get(key)
                    if c is None:
                        c = _remember(key, make_choice("move", {"card": u, "to": lz(p, d)}, p,
                                                  ("Move {unit} to base" if d < 0 else "Move {unit} to {battlefield}").format(
                                                      unit=nm, battlefield=self.bf_name(d) if d >= 0 else "")))
                    ch.append(c)

    def _move_joiners(self, p, a) -> list:
        """The units that may join the Standard Move ``a``: ``p``'s other units that
        may move now (move_unit_refusal) with ``a``'s destination among their routes
        (_move_dests)."""
        d = ZLOC[a["to"]][1]
        out = []
        for u in self.units_of(p):
            if u in a["cards"] or move_unit_refusal(self, p, u) is not None:
                continue
            if d in self._move_dests(p, u):
                out.append(u)
        return out

    def _hide_choices(self, p, ch, w):
        """Each hide ``p`` may make now (the "hide" check, may_hide, asked with the wallet
        ``w``: Costs.wallet)."""
        t = self.table
        # candidates: cards with Hidden, the facedown slots of battlefields you control (may_hide decides)
        controller = self.battlefield_controller
        if controller[0] != p and controller[1] != p:
            return
        cards = t.zones[HAND[p]] + t.zones[CHAMPION[p]]
        hidden_kw, card = self.facts.hidden_kw, t.card
        for iid in cards:  # is one of them such a card? (a loop: a few cards)
            if card[iid] in hidden_kw:
                break
        else:
            return
        slots = [b for b in (0, 1) if controller[b] == p]
        for iid in cards:
            if card[iid] in hidden_kw:
                for b in slots:
                    to = HIDDEN[p][b]
                    if may_hide(self, p, {"card": iid, "to": to}, w) is None:
                        # the same hide with the same words is the same choice each time (made once)
                        nm, at = self.card_db[card[iid]]["name"], self.bf_name(b)  # Board.name
                        key = ("hide", iid, p, to, nm, at)
                        c = _CHOICES.get(key)
                        if c is None:
                            c = _remember(key, make_choice("hide", {"card": iid, "to": to}, p, f"Hide {self.name(iid)} at {self.bf_name(b)}"))
                        ch.append(c)

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
        t = self.table
        zones, card, units = t.zones, t.card, self.facts.units
        for q in _SIDES[who][p]:
            places = LOCZ[q]
            for at in TARGET_LOCS[zone]:
                # here: the location of ``src``; a base is here only for its own player
                if here and (at != loc or (at < 0 and q != p)):
                    continue
                for i in zones[places[at + 1]]:  # q's units there (Board.units_at)
                    if card[i] in units:
                        pool.append(i)
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
        if tg < 0:
            return 0
        t = self.table
        w = ZLOC.get(t.zone[tg])  # an opponent's unit on the board
        if w is None or w[0] == p or t.card[tg] not in self.facts.units:
            return 0
        if "deflect" not in self.facts.kw_given:  # the printed value (Board.keyword_value)
            return self.card_db[t.card[tg]]["kw"].get("deflect", 0)
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
def may_equip(state, p: int, args: dict, wallet: tuple | None = None):
    """Equip [cost]: in your Main Phase's Neutral Open state, attach an Equipment at your base
    to a unit you control, paying its Equip cost. Used to list the choices (with the wallet
    the listing worked out, Costs.wallet) and by why_not."""
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
    if t.zone[g] != BASE[p]:
        return "Equip attaches your Equipment at your base."
    if not affords(state.wallet(p) if wallet is None else wallet, *state._equip_cost(g)):  # Costs.can_pay
        return "its Equip cost can't be paid with the runes and rune pool you have."
    if not isinstance(u, int) or u not in state.units_of(p):
        return "Equip attaches the Equipment to a unit you control."
    return None


@LEGAL.check("hide", rule="Hidden")
def may_hide(state, p: int, args: dict, wallet: tuple | None = None):
    """Hide: in your Main Phase's Neutral Open state, pay [A] to put a card with Hidden from
    your hand or Champion Zone face down at a battlefield you control whose facedown slot is
    empty. Used to list the choices (with the wallet the listing worked out, Costs.wallet)
    and by why_not."""
    if state.chain or state.showdown:
        return "hiding needs your turn's Main Phase in a Neutral Open state (Hidden)."
    t = state.table
    iid, to = args.get("card"), args.get("to")
    if not isinstance(iid, int) or not 0 <= iid < len(t.card):
        return "hiding names a card (Hidden)."
    if t.zone[iid] not in (HAND[p], CHAMPION[p]):
        return "you hide a card from your hand or your Champion Zone (Hidden)."
    if not state.card_of(iid)["kw"].get("hidden"):
        return f"{state.name(iid)} has no Hidden."
    if to not in (HIDDEN[p][0], HIDDEN[p][1]):
        return "a card is hidden in your facedown slot at a battlefield (Hidden)."
    b = int(to[-1])
    if state.battlefield_controller[b] != p:
        return "you hide a card only at a battlefield you control (Hidden)."
    if t.zones[to]:
        return "that battlefield's facedown slot already holds a card (Hidden)."
    if not affords(state.wallet(p) if wallet is None else wallet, 0, ["any"]):  # Costs.can_pay
        return "hiding costs [A], and you can't pay it (Hidden)."
    return None
