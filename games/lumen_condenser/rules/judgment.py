"""The battle judgment (seed 5.3.1 - 5.3.10, seed 6).

:data:`JUDGMENT` is the order the judgment runs in (the battle pushes it
as it stands, after the reveal and the grab window): each row is the
procedure, the step name the view shows (``extra.judgment_step``) and the
rule. Every step emits its own ``judgment.<step>`` event even when
nothing happens.
"""

from __future__ import annotations

from tabletop.engine.procedure import DONE

from ..captions import DataEvent, writer, writers
from ..effects import effects_both
from .procedures import PROCS

JUDGMENT = (
    # procedure              step shown   rule
    ("pre_judgment",         "pre",       "seed 5.3.1"),   # before-judgment effects
    ("evade_judgment",       "evade",     "seed 5.3.2"),   # evade entries and evade judgments
    ("defence_judgment",     "defence",   "seed 5.3.3"),   # guard entries
    ("fp_speed_adjustment",  "fp_speed",  "seed 5.3.4"),   # FP makes attacks faster, then FP is 0
    ("speed_judgment",       "speed",     "seed 5.3.5"),   # the faster technique wins
    ("offset_judgment",      "offset",    "seed 5.3.6"),   # offset judgments and entries
    ("effects_judgment",     "effects",   "seed 5.3.7"),   # on hit / counter / guard / offset / evade effects
    ("result_judgment",      "result",    "seed 5.3.8"),   # damage and FP of the results
    ("post_judgment",        "post",      "seed 5.3.9"),   # after-judgment effects
    ("combo_time",           "combo",     "seed 6"),       # rules/combo.py
    ("catch_time",           "catch",     "seed 5.3.10"),  # rules/catch.py
)
JUDGMENT_ORDER = tuple(proc for proc, _, _ in JUDGMENT)
# the HP check waits during these steps: damage from before-judgment effects
# is judged together with the judgment's effects (seed 5.3.7)
HP_CHECK_WAITS = tuple(shown for _, shown, _ in JUDGMENT[:JUDGMENT_ORDER.index("effects_judgment")])

# a judgment result -> the effect timing it triggers (seed 3.4, 5.3.7)
RESULT_WHEN = {"hit": "hit", "counter": "counter", "mutual": "hit", "guard": "guard", "guarded": "guarded",
               "evade": "evade", "evaded": "evaded", "offset": "offset", "offsetted": "offsetted"}


# each step's event kind and its data's start, "step" and its name (made once: an event's data is read, never changed)
_STEP_KINDS = {shown: (f"judgment.{shown}", (shown,)) for _, shown, _ in JUDGMENT}

# the timings of a judgment step for each player whose technique counts, by (player 1's counts, player 2's)
PRE_WHENS = {(a, b): {p: ("pre",) for p, on in ((0, a), (1, b)) if on} for a in (0, 1) for b in (0, 1)}
POST_WHENS = {(a, b): {p: ("post",) for p, on in ((0, a), (1, b)) if on} for a in (0, 1) for b in (0, 1)}


class StepEvent(DataEvent):
    """A judgment step's event whose caption and data are written when first
    read (headless play never reads them), as the kit's card moves are: the
    step keeps what they are made of, as it was when the step ran.
    ``_say`` is the caption, or ``(writer, value...)`` to write it with;
    ``_more`` is the step's name, then the data's further keys and values
    in turn (the data is ``{"step": name, key: value...}``)."""

    __slots__ = ()

    def _written(self) -> dict:
        more = self._more
        d = {"step": more[0]}
        for i in range(1, len(more), 2):
            d[more[i]] = more[i + 1]
        return d


def step_event(state, name: str, rule: str):
    """Enter judgment step ``name`` and emit its event (caption filled in
    later, and the data's further entries, as ``_more``)."""
    state.battle_step = name
    ev = StepEvent()
    ev.kind, ev._more = _STEP_KINDS[name]
    ev.rule = rule
    ev.hidden_from = ()
    ev.public = None
    state.events.append(ev)
    return ev


def battle_techs(state) -> tuple:
    """Each player's technique record this battle (None: none readied), and
    its type in the judgment (None: none readied, or nullified; as
    ``state.technique_type``). Kept until a technique is revealed or
    nullified or the battle is reset (``state.battle_memo``)."""
    m = state.battle_memo
    if m is not None:
        return m
    techs = state.card_db.techs
    cards = state.table.card
    bc = state.battle_cards
    live = state.technique_live
    a = techs[cards[bc[0]]] if bc[0] >= 0 else None
    b = techs[cards[bc[1]]] if bc[1] >= 0 else None
    m = state.battle_memo = ((a, b), (a.type if live[0] else None, b.type if live[1] else None))
    return m


@PROCS.step("pre_judgment", rule="Pre-judgment (seed 5.3.1)")
def pre_judgment(state, step, events):
    """Seed 5.3.1: before-judgment effects apply."""
    ev = step_event(state, "pre", "seed 5.3.1")
    live = state.technique_live
    n = effects_both(state, PRE_WHENS[(1 if live[0] else 0, 1 if live[1] else 0)])
    ev._say = (f"Pre-judgment: {n} before-judgment effect(s) applied" if n else
                  "Pre-judgment: no before-judgment effect; nothing happens")
    ev._more = ("pre", "applied", n)
    return DONE


@PROCS.step("evade_judgment", rule="Evade judgment (seed 5.3.2)")
def evade_judgment(state, step, events):
    """Seed 5.3.2: a defence's evade entry or an attack's evade judgment
    matching the opponent's attack position evades it: the opponent loses
    the judgment and its effects and damage are nullified."""
    ev = step_event(state, "evade", "seed 5.3.2")
    ok = [False, False]
    tech, kind = state.battle_memo or battle_techs(state)  # (the memo read without a call)
    for p in (0, 1):
        q = 1 - p
        kp = kind[p]
        if kp is None or kind[q] != "attack":
            continue
        pos = tech[q].pos
        t = tech[p]
        ok[p] = (t.defence_table.get(pos) == "evade") if kp == "defence" else (pos in t.evade)
    if ok[0] and ok[1]:
        state.lost_judgment = [1, 1]
        state.results = ["none", "none"]
        ev._say = "Evade: both techniques evade each other; neither judgment counts"
    elif ok[0] or ok[1]:
        p = 0 if ok[0] else 1
        q = 1 - p
        state.lost_judgment[q] = 1
        state.results[p] = "evade"
        state.results[q] = "evaded"
        ev._say = (f"Evade: {state.names[p]}'s {state.technique_name(p)} evades {state.technique_name(q)}; "
                      f"{state.names[q]} loses the judgment")
    else:
        ev._say = "Evade: no evade judgment matches; nothing happens"
    ev._more = ("evade", "evade", ok)
    return DONE


# a guard, and a defence that misses, said whole for each attack position
GUARDS = {
    "high": "Defence: {player}'s {defence} guards the high attack {attack}",
    "mid": "Defence: {player}'s {defence} guards the mid attack {attack}",
    "low": "Defence: {player}'s {defence} guards the low attack {attack}",
}
NOT_COVERED = {
    "high": "{defence}, which does not cover high",
    "mid": "{defence}, which does not cover mid",
    "low": "{defence}, which does not cover low",
}
WRITE_GUARDS = writers(GUARDS)
WRITE_NOT_COVERED = writers(NOT_COVERED)


@PROCS.step("defence_judgment", rule="Defence judgment (seed 5.3.3)")
def defence_judgment(state, step, events):
    """Seed 5.3.3: a defence whose guard entry matches the attack's position guards it."""
    ev = step_event(state, "defence", "seed 5.3.3")
    lost = state.lost_judgment
    tech, kind = state.battle_memo or battle_techs(state)  # (the memo read without a call)
    for p in (0, 1):
        q = 1 - p
        if kind[p] == "defence" and not lost[p] and kind[q] == "attack" and not lost[q]:
            pos = tech[q].pos
            if tech[p].defence_table.get(pos) == "guard":
                state.results[p] = "guard"
                state.results[q] = "guarded"
                ev._say = WRITE_GUARDS[pos](player=state.names[p], defence=state.technique_name(p),
                                                attack=state.technique_name(q))
                ev._more = ("defence", "guard", p)
                return DONE
    ev._say = "Defence: no guard entry matches; nothing happens"
    return DONE


# the FP speed adjustment's caption, whole, by what happens to each attack's speed in turn: "lost"
# (name, speed), "fixed" (name, speed) or "changed" (name, old speed, new speed, FP)
FP_SPEED_SAYS = {
    (): "FP speed adjustment: no attack's speed changes; FP set to 0",
    ("lost",): "FP speed adjustment: {0} already lost and keeps speed {1}; FP set to 0",
    ("fixed",): "FP speed adjustment: {0} is fixed and keeps speed {1}; FP set to 0",
    ("changed",): "FP speed adjustment: {0} speed {1} -> {2} (FP {3}); FP set to 0",
    ("lost", "lost"): "FP speed adjustment: {0} already lost and keeps speed {1}; "
                      "{2} already lost and keeps speed {3}; FP set to 0",
    ("lost", "fixed"): "FP speed adjustment: {0} already lost and keeps speed {1}; "
                       "{2} is fixed and keeps speed {3}; FP set to 0",
    ("lost", "changed"): "FP speed adjustment: {0} already lost and keeps speed {1}; "
                         "{2} speed {3} -> {4} (FP {5}); FP set to 0",
    ("fixed", "lost"): "FP speed adjustment: {0} is fixed and keeps speed {1}; "
                       "{2} already lost and keeps speed {3}; FP set to 0",
    ("fixed", "fixed"): "FP speed adjustment: {0} is fixed and keeps speed {1}; "
                        "{2} is fixed and keeps speed {3}; FP set to 0",
    ("fixed", "changed"): "FP speed adjustment: {0} is fixed and keeps speed {1}; "
                          "{2} speed {3} -> {4} (FP {5}); FP set to 0",
    ("changed", "lost"): "FP speed adjustment: {0} speed {1} -> {2} (FP {3}); "
                         "{4} already lost and keeps speed {5}; FP set to 0",
    ("changed", "fixed"): "FP speed adjustment: {0} speed {1} -> {2} (FP {3}); "
                          "{4} is fixed and keeps speed {5}; FP set to 0",
    ("changed", "changed"): "FP speed adjustment: {0} speed {1} -> {2} (FP {3}); "
                            "{4} speed {5} -> {6} (FP {7}); FP set to 0",
}
WRITE_FP_SPEED = writers(FP_SPEED_SAYS)


def fp_speed_caption(parts: list) -> str:
    """The FP speed adjustment's caption from its parts, (what, value...) each."""
    return WRITE_FP_SPEED[tuple(x[0] for x in parts)](*[v for x in parts for v in x[1:]])


@PROCS.step("fp_speed_adjustment", rule="FP speed adjustment (seed 5.3.4)")
def fp_speed_adjustment(state, step, events):
    """Seed 5.3.4: each attack's speed improves by its player's FP (lower is
    faster; a fixed technique ignores FP, seed 3.4; a technique that has
    already lost keeps its speed); then both FP become 0."""
    ev = step_event(state, "fp_speed", "seed 5.3.4")
    parts = []
    speeds = state.speeds
    tech, kind = state.battle_memo or battle_techs(state)  # (the memo read without a call)
    for p in (0, 1):
        if kind[p] != "attack":
            continue
        t = tech[p]
        f = state.fp[p]
        if state.lost_judgment[p]:
            parts.append(("lost", t.name, speeds[p]))
        elif t.fixed:
            parts.append(("fixed", t.name, speeds[p]))
        elif f:
            new = max(1, speeds[p] - f)
            parts.append(("changed", t.name, speeds[p], new, f"{f:+d}"))
            speeds[p] = new
    had = state.fp[0] or state.fp[1]
    if had:
        for p in (0, 1):
            state.set_fp(p, 0, "FP spent in the speed adjustment", "seed 5.3.4")
    if parts or had:
        ev._say = (fp_speed_caption, parts)  # written when read
    else:
        ev._say = "FP speed adjustment: no FP changes a speed; nothing happens (FP is 0)"
    ev._more = ("fp_speed", "speeds", list(speeds))
    return DONE


def speed_beats_caption(winner: str, fast: int, loser: str, slow: int) -> str:
    """The speed judgment's caption when one attack is faster."""
    return f"Speed: {winner} (speed {fast}) beats {loser} (speed {slow})"


def speed_hits_caption(attack: str, how: str, other: str, pos: str) -> str:
    """The speed judgment's caption when only ``attack`` contests: the other
    player made no response (``how`` "none", ``other`` the player's name) or
    their technique ``other`` is nullified ("nullified") or a defence with no
    entry for the attack's position ``pos`` ("open")."""
    if how == "none":
        what = f"{other}, who made no response"
    elif how == "nullified":
        what = f"the nullified {other}"
    else:
        what = WRITE_NOT_COVERED[pos](defence=other)
    return f"Speed: {attack} meets {what}: it hits"


@PROCS.step("speed_judgment", rule="Speed judgment (seed 5.3.5)")
def speed_judgment(state, step, events):
    """Seed 5.3.5: the faster technique wins; equal speed is a draw. An
    attack against a player who made no response ("미대응 상대에게
    공격했을 때", seed 5.3.8), against a nullified technique, or against a
    defence with no entry for its position hits (seed 5.3.8)."""
    ev = step_event(state, "speed", "seed 5.3.5")
    res = state.results
    tech, kind = state.battle_memo or battle_techs(state)  # (the memo read without a call)
    lost = state.lost_judgment
    live = [kind[0] == "attack" and not lost[0] and not res[0], kind[1] == "attack" and not lost[1] and not res[1]]
    if live[0] and live[1]:
        a, b = state.speeds
        if a == b:
            state.results = ["mutual", "mutual"]
            ev._say = f"Speed: both at speed {a}: a draw, both hit"
        else:
            w = 0 if a < b else 1
            res[w] = "counter"
            res[1 - w] = "lose"
            ev._say = (speed_beats_caption, tech[w].name, state.speeds[w], tech[1 - w].name, state.speeds[1 - w])
    elif live[0] or live[1]:
        p = 0 if live[0] else 1
        q = 1 - p
        res[p] = "hit"
        res[q] = res[q] or ("open" if kind[q] else "none")
        if state.battle_cards[q] < 0:
            ev._say = (speed_hits_caption, tech[p].name, "none", state.names[q], "")
        else:  # (the names as state.technique_name gives them: both techniques are in the battle zone)
            ev._say = (speed_hits_caption, tech[p].name, "open" if kind[q] else "nullified", tech[q].name, tech[p].pos)
    else:
        ev._say = "Speed: no speed contest; nothing happens"
    ev._more = ("speed", "speeds", list(state.speeds))
    return DONE


@PROCS.step("offset_judgment", rule="Offset judgment (seed 5.3.6)")
def offset_judgment(state, step, events):
    """Seed 5.3.6: a technique that lost on speed whose offset judgment
    matches the opponent's attack position makes it a draw (offset); a
    defence's offset entry does the same (digest B.5 rule 23)."""
    ev = step_event(state, "offset", "seed 5.3.6")
    res = state.results
    tech, kind = state.battle_memo or battle_techs(state)  # (the memo read without a call)
    for p in (0, 1):
        q = 1 - p
        # (a technique lost on speed, or a defence left open by a hit: both techniques are there)
        if res[p] == "lose" and tech[q].pos in tech[p].offset:
            break
        if (res[p] == "open" and kind[p] == "defence" and res[q] == "hit"
                and tech[p].defence_table.get(tech[q].pos) == "offset"):
            break
    else:
        ev._say = "Offset: no offset judgment matches; nothing happens"
        return DONE
    res[p] = "offset"
    res[q] = "offsetted"
    ev._say = f"Offset: {state.names[p]}'s {state.technique_name(p)} offsets {state.technique_name(q)}: a draw"
    ev._more = ("offset", "offset", p)
    return DONE


@PROCS.step("effects_judgment", rule="Judgment effects (seed 5.3.7)")
def effects_judgment(state, step, events):
    """Seed 5.3.7: on hit / counter / guard / offset / evade effects apply
    (an evaded technique keeps only its 'when evaded' effects, seed 5.3.2)."""
    ev = step_event(state, "effects", "seed 5.3.7")
    whens = {}
    for p in (0, 1):
        w = RESULT_WHEN.get(state.results[p])
        if w and state.technique_live[p]:
            # an attack that evades an attack wins the judgment: it counters (seed 5.3.8)
            whens[p] = (w, "counter") if w == "evade" and state.technique_type(p) == "attack" else (w,)
    n = effects_both(state, whens)
    ev._say = f"Effects: {n} effect(s) applied" if n else "Effects: no result effect; nothing happens"
    ev._more = ("effects", "applied", n)
    return DONE


def damage_of(state, p: int) -> int:
    if state.technique_type(p) != "attack":
        return 0
    return max(0, state.tech(state.battle_cards[p]).damage + state.power_bonus[p])


def _gain_fp(state, p: int, v, why: str) -> None:
    """:func:`gain_fp` with the judgment field's value read."""
    if v == "combo":
        state.combo_result[p] = 1
        return
    if v:
        state.set_fp(p, state.fp[p] + v, why, "seed 5.3.8")


def gain_fp(state, p: int, judgment_field: str, why: str) -> None:
    """FP from a judgment field; the word 'combo' gives no FP and opens combo time (seed 6)."""
    v = getattr(state.tech(state.battle_cards[p]), judgment_field)
    if v == "combo":
        state.combo_result[p] = 1
        return
    if v:
        state.set_fp(p, state.fp[p] + v, why, "seed 5.3.8")


# the result's caption, whole, by what happened: "hit" and "counter" (player, damage), "guarded"
# (player, FP), "offset" (bigger, smaller, damage, player), "offset_equal" (), "evaded" (player)
RESULT_SAYS = {
    (): "Result: no hit, counter or guard; nothing happens",
    ("hit",): "Result: {0} hits for {1}",
    ("counter",): "Result: {0} counters for {1}",
    ("guarded",): "Result: {0}'s attack is guarded ({1} FP)",
    ("offset",): "Result: offset: {0} - {1} = {2} damage to {3}",
    ("offset_equal",): "Result: offset: equal damage, no damage",
    ("evaded",): "Result: {0} evaded: no damage",
    ("hit", "hit"): "Result: {0} hits for {1}; {2} hits for {3}",
}
WRITE_RESULT = writers(RESULT_SAYS)
# any other mix of them: each said on its own, then put together
RESULT_PART = {"hit": "{0} hits for {1}", "counter": "{0} counters for {1}",
               "guarded": "{0}'s attack is guarded ({1} FP)", "offset": "offset: {0} - {1} = {2} damage to {3}",
               "offset_equal": "offset: equal damage, no damage", "evaded": "{0} evaded: no damage"}
RESULT_MIX = ("Result: {0}", "Result: {0}; {1}", "Result: {0}; {1}; {2}", "Result: {0}; {1}; {2}; {3}",
              "Result: {0}; {1}; {2}; {3}; {4}")


def result_caption(parts: list) -> str:
    """The result's caption from its parts, (kind, value...) each."""
    says = WRITE_RESULT.get(tuple(x[0] for x in parts))
    if says is not None:
        return says(*[v for x in parts for v in x[1:]])
    return RESULT_MIX[len(parts) - 1].format(*[RESULT_PART[x[0]].format(*x[1:]) for x in parts])


@PROCS.step("result_judgment", rule="Judgment result (seed 5.3.8)")
def result_judgment(state, step, events):
    """Seed 5.3.8: hit (damage and hit FP), mutual hit on equal speed or
    offset (on offset only the bigger damage minus the smaller, to the
    player whose technique dealt less), counter (damage and counter FP),
    guard (the attacker gets its guard FP)."""
    ev = step_event(state, "result", "seed 5.3.8")
    r = state.results
    names = state.names
    tech, kind = state.battle_memo or battle_techs(state)  # (the memo read without a call)
    bonus = state.power_bonus
    # damage_of each (nothing below changes a technique, its type or a power bonus before the damage)
    hits = [max(0, tech[0].damage + bonus[0]) if kind[0] == "attack" else 0,
            max(0, tech[1].damage + bonus[1]) if kind[1] == "attack" else 0]
    parts = []
    dmg = [0, 0]
    for p in (0, 1):
        q = 1 - p
        rp = r[p]
        if rp == "hit":
            dmg[q] += hits[p]
            _gain_fp(state, p, tech[p].hit, "hit")
            parts.append(("hit", names[p], hits[p]))
        elif rp == "counter" or (rp == "evade" and kind[p] == "attack"):
            dmg[q] += hits[p]
            _gain_fp(state, p, tech[p].counter, "counter")
            parts.append(("counter", names[p], hits[p]))
        elif rp == "mutual":
            dmg[q] += hits[p]
            _gain_fp(state, p, tech[p].hit, "mutual hit")
            parts.append(("hit", names[p], hits[p]))
        elif rp == "guarded":
            _gain_fp(state, p, tech[p].guard, "guarded")
            parts.append(("guarded", names[p], f"{tech[p].guard:+d}"))
    if "offset" in r:
        a, b = hits
        for p in (0, 1):
            if kind[p] == "attack":
                _gain_fp(state, p, tech[p].hit, "offset: hit judgment")
        if a != b:
            low = 0 if a < b else 1
            dmg[low] = abs(a - b)
            parts.append(("offset", max(a, b), min(a, b), abs(a - b), names[low]))
        else:
            parts.append(("offset_equal",))
    for p in (0, 1):
        if dmg[p]:
            state.set_hp(p, state.hp[p] - dmg[p], "battle damage", "seed 5.3.8")
    for p in (0, 1):
        if r[p] == "evade" and kind[p] == "defence":
            parts.append(("evaded", names[p]))
    ev._say = (result_caption, parts)  # written when read
    ev._more = ("result", "results", list(r), "damage", dmg)
    return DONE


@PROCS.step("post_judgment", rule="Post-judgment (seed 5.3.9)")
def post_judgment(state, step, events):
    """Seed 5.3.9: after-judgment effects apply."""
    ev = step_event(state, "post", "seed 5.3.9")
    live = state.technique_live
    r = state.results
    n = effects_both(state, POST_WHENS[(1 if live[0] and r[0] != "evaded" else 0,
                                        1 if live[1] and r[1] != "evaded" else 0)])
    ev._say = f"Post-judgment: {n} effect(s) applied" if n else "Post-judgment: no after-judgment effect; nothing happens"
    return DONE
