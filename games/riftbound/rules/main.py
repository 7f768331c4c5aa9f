"""The Main Phase's actions: playing a card and activating an ability
(seed phase 5; Core Rules v1.3 Playing a card and Activated abilities, digest 9.1, 17.3)."""

from __future__ import annotations

from tabletop.engine.core import Choice
from tabletop.engine.procedure import DONE

from ..board import WRITTEN, written
from ..rulebook import R_CHAIN, R_COST, R_FOCUS, R_HIDE, R_MAIN, R_PLAY
from ..zones import CHAIN, CHAMPION, HAND, HIDDEN, LEGEND, LOCZ, ZLOC
from . import ONE_PLAYER, PROCS, QuickDecision
from .costs import ASKED, PAID

# choices that never change, made once (a decision lists the same objects each time)
_END_TURN = tuple(Choice("end_turn", {}, p, "End turn", role="end") for p in (0, 1))

_MODES = {"main_action": "main", "priority": "prio", "focus": "focus"}  # decision kind: what may be played


def play_card_refusal(state, p: int, iid: int) -> str | None:
    """Why ``p`` may not play the card ``iid`` now, whatever its destination, target and
    cost, or None: a card from your hand, your Champion Zone or your own facedown slot
    (from the turn after it was hidden), with Reaction while a chain exists and Action or
    Reaction during a showdown; Ambush gives a unit Reaction (digest 8.3, 9.1, 18, 19.3)."""
    z = state.table.zone[iid]
    hidden = z in HIDDEN[p]
    if z != HAND[p] and z != CHAMPION[p] and not hidden:
        return "you play cards from your hand, your Champion Zone or your own facedown cards (Playing a card)."
    if hidden and state.counter(iid, "hid") >= state.turn_number:
        return "a hidden card can be played beginning on the turn after it was hidden (Hidden)."
    if state.chain or state.showdown:
        return play_timing_refusal(state, iid, hidden)
    return None


def play_timing_refusal(state, iid: int, hidden: bool) -> str | None:
    """Why the card ``iid`` (``hidden``: from a facedown slot) can't be played in this
    Closed or Showdown state, or None: Reaction while a chain exists, Action or Reaction
    during a showdown; a hidden card and Quick-Draw have Reaction, Ambush gives a unit
    Reaction (digest 8.3, 18). A Neutral Open state allows every card."""
    card = state.card_of(iid)
    kw = card["kw"]
    react = kw.get("reaction") or kw.get("quickdraw") or hidden
    ambush = kw.get("ambush") and card["type"] == "unit"
    if state.chain and not react and not ambush:
        # seed 'Closed'; Core Rules v1.3 States, digest 8.3
        return "only Reaction cards can be played while a chain exists (States: Closed)."
    if state.showdown and not (react or kw.get("action") or ambush):
        # seed 'Showdown'; Core Rules v1.3 States, digest 8.3
        return "only Action or Reaction cards can be played during a showdown (States: Showdown)."
    return None


def play_refusal(state, p: int, args: dict) -> str | None:
    """Why ``p`` may not make the play ``args`` now, or None: the card passes
    :func:`play_card_refusal` and ``args`` is one of its plays (destination, target,
    Accelerate, Repeat and cost; ``Legality._play_choices``); otherwise the sentence
    ``WhyNot._why_not_play_args`` gives (digest 9.1)."""
    t = state.table
    iid = args.get("card")
    if not isinstance(iid, int) or not 0 <= iid < len(t.card):
        return "a play names a card (Playing a card)."
    d = state.decision
    if d is None or d.kind not in _MODES or p not in d.players:
        return "a card is played as your action in an Open state, or with priority (States)."
    why = play_card_refusal(state, p, iid)
    if why:
        return why
    z = t.zone[iid]
    ch: list = []
    state._play_choices(p, iid, _MODES[d.kind], int(z[-1]) if z in HIDDEN[p] else -1, ch)
    for c in ch:
        if c.args == args:
            return None
    return state._why_not_play_args(p, iid, args)


_ABILITY_FALLBACK = "its cost can't be paid, or its target is not legal (Activated abilities)."


def ability_refusal(state, p: int, src: int, ab: dict) -> str | None:
    """Why ``p`` can't use the activated ability ``ab`` of ``src`` now whatever its target
    and cost in runes, or None: [E] needs a ready card, a Closed state needs Reaction, a
    showdown Action or Reaction; spending a buff needs one, and its condition must hold
    (digest 8.3, 17.3)."""
    if ab.get("exhaust") and state.table.orient[src]:
        return f"{state.name(src)} is exhausted, so it can't pay the [E] in its cost (Activated abilities)."
    timing = ab.get("timing", "")
    if state.chain and timing != "reaction":
        return "only Reaction abilities can be used while a chain exists (States: Closed)."
    if state.showdown and timing not in ("action", "reaction"):
        return "only Action or Reaction abilities can be used during a showdown (States)."
    if ab.get("spend_buff") and not state.counter(src, "buff"):
        return _ABILITY_FALLBACK
    if ab.get("if") and not state._cond(ab["if"], p, src, -1, False):
        return _ABILITY_FALLBACK
    return None


def activate_refusal(state, p: int, args: dict) -> str | None:
    """Why ``p`` may not use the activated ability ``args`` (a card and the ability's
    number) now, or None: an ability of ``p``'s legend or of a permanent on ``p``'s board,
    that :func:`ability_refusal` allows, with a legal target and a cost ``p`` can pay
    (``Legality._ability_choices``; digest 17.3)."""
    t = state.table
    iid = args.get("card")
    if not isinstance(iid, int) or not 0 <= iid < len(t.card):
        return "using an ability names a card (Activated abilities)."
    d = state.decision
    if d is None or d.kind not in _MODES or p not in d.players:
        return "an ability is used as your action in an Open state, or with priority (States)."
    if t.zone[iid] not in (LEGEND[p], *LOCZ[p]):
        return "you can only use abilities of your own legend and permanents on the board (Activated abilities)."
    n = args.get("ab", 0)
    abil = state.card_of(iid)["abil"]
    ab = abil[n] if isinstance(n, int) and 0 <= n < len(abil) else {}
    why = ability_refusal(state, p, iid, ab)
    if why:
        return why
    if ab.get("on") == "activate":
        ch: list = []
        state._ability_choices(p, iid, n, ab, _MODES[d.kind], ch)
        for c in ch:
            if c.args == args:
                return None
    return _ABILITY_FALLBACK


class Playing:
    """Playing cards and activating abilities (digest 9.1, 17.3). RBState mixin."""

    __slots__ = ()

    def _play_cost(self, p: int, a: dict) -> tuple:
        """The total cost of the play ``a`` (Core Rules v1.3 total cost, digest 5.8): the card's
        cost (nothing for a hidden card), plus Accelerate's [1] [C], Repeat's cost, and
        Deflect's power for each time the spell chooses the unit."""
        card = self.card_of(a["card"])
        E, P = (0, []) if ".hidden" in self.table.zone[a["card"]] else (card["cost"], list(card["power"]))
        if a.get("accelerate"):
            E += 1
            P.append(self._cdom(card))
        rep = 0
        if a.get("repeat"):
            rep = 1
            E += card["kw"].get("repeat", 0)
        # Deflect: [Deflect value] more power for each time the spell chooses the unit; the
        # repeated run chooses it again (Core Rules v1.3 Deflect 809.1.c, Repeat; digest 18)
        tg = a.get("target", -1)
        extra = self._deflect(p, tg) * (1 + rep) if tg >= 0 else 0  # none without a target
        if extra:
            P += ["any"] * extra
        return E, P

    def _play(self, p: int, a: dict, ev: list, plan: dict | None = None, cost: tuple | None = None) -> None:
        """Playing a card (Core Rules v1.3, digest 9.1): to the chain, choices, total cost,
        pay, finalise. Units and gear leave the chain on finalising; spells stay. ``cost``
        is :meth:`_play_cost`, when the caller worked it out already."""
        t = self.table
        iid = a["card"]
        card = self.card_of(iid)
        frm = t.zone[iid]
        hidden_at = int(frm[-1]) if ".hidden" in frm else -1
        tg = a.get("target", -1)
        E, P = cost or self._play_cost(p, a)  # before the card leaves its facedown slot
        if hidden_at >= 0:
            ev.append(t.set_face(iid, 1, f"{self.names[p]} reveals the hidden {card['name']}", R_HIDE))
            self.set_counter(iid, "hid", 0)
        key = ("{player} plays {card}", self.names[p], card["name"])
        ev.append(t.move(iid, CHAIN, face=1, caption=WRITTEN.get(key) or written(
            key, "{player} plays {card}", player=self.names[p], card=card['name']), rule=R_PLAY))
        self._ev(ev, "chain.add", f"{card['name']} goes on the chain as a pending item (the state is Closed)", R_PLAY,
                 card=iid, card_id=t.card[iid], player=p)
        rep = 1 if a.get("repeat") else 0
        self.pay(p, E, P, ev, plan)
        legion = self.played[p] >= 1
        self.played[p] += 1
        typ = card["type"]
        self._ev(ev, "chain.finalize", f"{card['name']} is finalised", R_CHAIN, card=iid, player=p)
        if (typ == "unit" or typ == "gear") and (ZLOC[a["to"]][1] >= 0 or iid in t.counters):
            # a permanent enters a battlefield, or with counters; one entering its base with
            # none changes nothing a cleanup looks at (units at the battlefields, damage, Might)
            self.cleanup_quiet = False
        if typ == "unit":
            loc = ZLOC[a["to"]][1]
            text = "{unit} enters ready" if a.get('accelerate') else "{unit} enters exhausted"
            ev.append(t.move(iid, a["to"], orient=0 if a.get("accelerate") else 1,
                             caption=WRITTEN.get((text, card["name"])) or written((text, card["name"]), text, unit=card['name']), rule=R_PLAY))
            self._arrive(p, loc, ev)
            self._queue_card(iid, "play", p, loc, legion)
        elif typ == "gear":
            ev.append(t.move(iid, a["to"], orient=0, caption=f"{card['name']} enters ready", rule=R_PLAY))
            if card["kw"].get("quickdraw") and tg >= 0:
                # Quick-Draw's attach is a play trigger (digest 18), with the unit chosen in the play
                n = next(k for k, ab in enumerate(card["abil"]) if ab["on"] == "quickdraw")
                self.pending_triggers = self.pending_triggers + [{"source": iid, "controller": p, "ability": n, "location": -1, "card": t.card[iid],
                                          "legion": legion, "order": 0 if p == self.active else 1, "target": tg}]
            self._queue_card(iid, "play", p, ZLOC[a["to"]][1], legion)
        if typ in ("unit", "gear"):
            # the permanent left the chain on finalising: a chain this player started in a
            # showdown is over, so Focus passes (digest 12.4)
            showdown = self.showdown
            if self.chain:  # Finalize: the controller of the newest item gets Priority (digest 9.2)
                self.priority = self.chain[-1]["controller"]
                self.priority_passes = 0
            elif showdown and showdown["stage"] == "focus":
                self.focus = 1 - p
                self.priority = self.focus
                showdown["passes"] = 0
                self._ev(ev, "focus.pass", f"{card['name']} is played: focus passes to {self.names[self.focus]}", R_FOCUS, to=self.focus)
        else:
            if not self.chain:
                self.chain_origin = p
            self.chain_items_made += 1
            self.chain = self.chain + [{"id": self.chain_items_made, "kind": "spell", "source": iid, "card": t.card[iid], "controller": p,
                                        "ability": -1, "target": tg, "location": -2, "hidden_at": hidden_at, "legion": legion, "repeats": rep}]
            self.priority = p
            self.priority_passes = 0
        self.cleanup_due = True

    def _activate(self, p: int, a: dict, ev: list, plan: dict | None = None, cost: tuple | None = None) -> None:
        """Activate an ability (Core Rules v1.3 Activated abilities, digest 17.3). Add abilities
        resolve at once without the chain (digest 5.4). ``cost`` is :meth:`Costs.action_cost`,
        when the caller worked it out already."""
        t = self.table
        src, n = a["card"], a["ab"]
        ab = self.card_of(src)["abil"][n]
        tg = a.get("target", -1)
        if ab.get("exhaust"):
            ev.append(t.set_orient(src, 1, "{card} exhausts".format(card=self.name(src)), R_COST))
        if ab.get("spend_buff") or ab.get("kill_self") or all(op["op"] == "add" for op in ab["effect"]):
            self.cleanup_quiet = False  # a Might changes, its card dies, or it resolves at once
        if ab.get("spend_buff"):
            self.set_counter(src, "buff", 0)
        self.pay(p, *(cost or self.action_cost(p, "activate", a)), ev, plan)
        w = self.where(src)
        loc = w[1] if w else -1
        item = {"id": 0, "kind": "ab", "source": src, "card": t.card[src], "controller": p, "ability": n, "target": tg, "location": loc,
                "hidden_at": -1, "legion": self.played[p] >= 1, "repeats": 0}
        if ab.get("kill_self"):
            self.kill(src, ev, "paid as a cost")
        if all(op["op"] == "add" for op in ab["effect"]):
            self._ev(ev, "ability.add", f"{self.name(src)}: an Add ability resolves at once", R_COST, card=src, player=p)
            self._effects(item, ev)
        else:
            self._ev(ev, "chain.add", "{player} activates {card}".format(player=self.names[p], card=self.name(src)), R_CHAIN, card=src, player=p)
            if not self.chain:
                self.chain_origin = p
            self.chain_items_made += 1
            item["id"] = self.chain_items_made
            self.chain = self.chain + [item]
            self.priority = p
            self.priority_passes = 0
        self.cleanup_due = True


def take_action(state, choice, events) -> str:
    """Apply an action of the Main Phase, Priority or Focus (the choices Legality lists)."""
    kind, args, p = choice.kind, choice.args, choice.player
    if kind in PAID:
        # the total cost, and the payment when the ways to pay differ (worked out once)
        cost = state.action_cost(p, kind, args)
        plan = state.ask_payment(p, kind, args, *cost)
        if plan is ASKED:
            return DONE  # the action happens once the payment is chosen (pay_cost)
        if kind == "play":
            state._play(p, args, events, plan, cost)
        elif kind == "activate":
            state._activate(p, args, events, plan, cost)
        elif kind == "equip":
            state._equip(p, args, events, plan)
        else:
            state._hide(p, args, events, plan)
    elif kind == "move":
        state._move_start(p, args, events)
    elif kind == "pass":
        state._pass(p, events)
    else:
        raise AssertionError(kind)
    return DONE


@PROCS.decision("main_phase", rule=R_MAIN)
class MainPhase:
    """Main Phase, Neutral Open: the turn player plays cards, uses abilities, moves units,
    hides cards, or ends the turn (seed phase 5; Core Rules v1.3 Main Phase, digest 7.5)."""

    def decide(state, step):
        p = state.active
        ch = state._act_choices(p, "main")
        ch.append(_END_TURN[p])
        d = QuickDecision()  # Decision([p], "main_action", prompt, ch), without its __init__
        d.players = ONE_PLAYER[p]
        d.kind = "main_action"
        d.prompt = "Main Phase (Neutral Open): play cards, use abilities, move units, or end the turn"
        d.choices = ch
        return d

    def choose(state, step, choice, events):
        if choice.kind == "end_turn":
            p = choice.player
            state._ev(events, "main.end", f"{state.names[p]} ends the Main Phase", R_MAIN, player=p)
            state.turn_step = "ending"
            state.cleanup_due = True
            return DONE
        return take_action(state, choice, events)
