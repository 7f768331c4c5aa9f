"""Cleanup (seed 'invisible Cleanup'; Core Rules v1.3 Cleanup, digest 10).

A cleanup is an outstanding task after anything happens (HOT FEPR, digest
9.2). One pass runs the nine steps in order; when a step changed something
another pass follows. The combat cleanup (Combat Resolution, digest 13.4)
inserts two steps after step 3 (heal all units, recall the attackers) and
stops after step 5.

====  ===========================================  =================================
step  procedure                                    what it does
====  ===========================================  =================================
1     cleanup_step_1_win_check                     8 points and more than the other: win
2     cleanup_step_2_combat_designations           attackers and defenders where combat runs
3     cleanup_step_3_lethal_damage                 Deathknell noted, lethal damage kills
3c-d  combat_cleanup_heal_and_recall               combat cleanup only
4     cleanup_step_4_control_loss                  no units at a battlefield: control is lost
5     cleanup_step_5_corrections                   unattached gear recalled, wrong hidden cards trashed
6     cleanup_step_6_stage_showdowns               contested battlefields stage a showdown
7     cleanup_step_7_stage_combats                 both players' units there stage a combat
8     cleanup_step_8_open_showdown                 Neutral Open: a staged showdown begins
9     cleanup_step_9_open_combat                   a staged combat begins (9a: a showdown becomes one)
====  ===========================================  =================================
"""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision
from tabletop.engine.procedure import DONE

from ..rulebook import R_CLEAN, R_COMBAT, R_HIDE, VICTORY_SCORE
from ..zones import BOARD_ORDER, HIDDEN, LOCZ, TRASH, ZLOC, lz
from . import ASKS, PROCS, push


def cleanup_step_1_win_check(state, ev: list) -> bool:
    """Step 1, win check: a player with the Victory Score and more points than the other wins
    (Core Rules v1.3 Win check, digest 1.4; the state's end-of-game check)."""
    state.check_outcome(ev)
    return state.outcome is not None


def cleanup_step_2_combat_designations(state, ev: list) -> bool:
    """Step 2: where a combat runs, the attacker's units there are attacking and the other
    player's defending (new ones trigger "when I attack/defend"); units elsewhere lose the
    designations (digest 10, 13.2)."""
    showdown = state.showdown
    if not showdown or not showdown["combat"]:
        return False
    b = showdown["battlefield"]
    att = showdown["attacker"]
    changes = []
    t = state.table
    counters, zones, card, units = t.counters, t.zones, t.card, state.facts.units
    for q in (0, 1):
        want = "atk" if q == att else "def"
        other = "def" if q == att else "atk"
        for u in state.units_at(q, b):
            cn = counters.get(u)  # its counters (Board.counter)
            if not cn or not cn.get(want) or cn.get(other):
                state.set_counter(u, want, 1)
                state.set_counter(u, other, 0)
                changes.append(u)
                if u not in showdown["seen"]:
                    showdown["seen"] = showdown["seen"] + [u]
                    state._queue_card(u, "attack" if q == att else "defend", q, b, state.played[q] >= 1,
                                      order=0 if q == att else 1)
    for q in (0, 1):
        places = LOCZ[q]
        for loc in (-1, 1 - b):
            for u in zones[places[loc + 1]]:  # q's units there (Board.units_at)
                if card[u] not in units:
                    continue
                cn = counters.get(u)
                if cn and (cn.get("atk") or cn.get("def")):
                    state.set_counter(u, "atk", 0)
                    state.set_counter(u, "def", 0)
                    changes.append(u)
    if changes:
        state._ev(ev, "cleanup.designate", f"Combat designations updated ({len(changes)} unit{'s' if len(changes) != 1 else ''})", R_CLEAN, cards=changes)
        return True
    return False


def cleanup_step_3_lethal_damage(state, ev: list) -> bool:
    """Step 3: 3a Deathknell is noted, 3b every unit with lethal damage (damage >= its Might,
    not zero) is killed, in board order (digest 10, 15)."""
    t = state.table
    dead = []
    for u, cn in t.counters.items():  # only units with marked damage can have lethal damage
        d = cn.get("dmg", 0)
        if d > 0 and t.zone[u] in ZLOC and state.is_unit(u) and d >= state.might(u):
            dead.append(u)
    if not dead:
        return False
    if len(dead) > 1:  # board order: player 0 base, battlefield 0, 1, then player 1
        dead.sort(key=lambda u: (BOARD_ORDER[t.zone[u]], t.zones[t.zone[u]].index(u)))
    dk = [u for u in dead if state.card_of(u)["kw"].get("deathknell")]
    if dk:
        state._ev(ev, "cleanup.deathknell", "Deathknell noted for {units}".format(units=", ".join(state.name(u) for u in dk)), R_CLEAN, cards=dk)
    for u in dead:
        state.kill(u, ev, "lethal damage", R_CLEAN, "cleanup.kill")
    return True


def combat_cleanup_heal_and_recall(state, combat_bf: int, ev: list) -> None:
    """Combat cleanup 3c: heal all units; 3d: recall the attackers if any defenders are still
    there (Core Rules v1.3 Combat Resolution, digest 13.4)."""
    t = state.table
    healed = state._heal_all()
    state._ev(ev, "cleanup.heal", f"Combat cleanup: all units heal ({len(healed)} damaged)", R_COMBAT, cards=healed)
    att = state.showdown["attacker"]
    if state.units_at(1 - att, combat_bf) and state.units_at(att, combat_bf):
        for u in state.units_at(att, combat_bf):
            ev.append(t.move(u, lz(att, -1), caption=f"{state.name(u)} is recalled to base (defenders remain)",
                             rule=R_COMBAT))
        state._ev(ev, "cleanup.recall_attackers", "Combat cleanup: defenders remain, so the attackers go back to base",
                  R_COMBAT, bf=combat_bf)


def cleanup_step_4_control_loss(state, ev: list) -> bool:
    """Step 4 (Open state only): a player with no units at a battlefield they control loses
    control of it, unless a showdown or combat runs there (digest 10, 11.4)."""
    if state.chain:
        return False
    showdown = state.showdown
    changed = False
    t = state.table
    zones, card, units, controller = t.zones, t.card, state.facts.units, state.battlefield_controller
    for b in (0, 1):
        c = controller[b]
        if c < 0:
            continue
        for i in zones[LOCZ[c][b + 1]]:  # a unit of c's there? (Board.has_units, without its call)
            if card[i] in units:
                break
        else:
            if showdown and showdown["battlefield"] == b:
                continue
            controller[b] = -1
            state._ev(ev, "cleanup.control_loss", f"{state.names[c]} has no units at {state.bf_name(b)} and loses control of it",
                      R_CLEAN, bf=b, player=c)
            changed = True
    return changed


# each player's place and facedown zone at each battlefield: (player, battlefield, place, facedown)
_AT_BATTLEFIELDS = tuple((q, b, LOCZ[q][b + 1], HIDDEN[q][b]) for q in (0, 1) for b in (0, 1))


def cleanup_step_5_corrections(state, ev: list) -> bool:
    """Step 5, corrections: unattached gear at a battlefield is recalled to base; a hidden card
    at a battlefield its owner doesn't control is revealed and trashed (digest 10, 19)."""
    t = state.table
    zones, card, gear, controller = t.zones, t.card, state.facts.gear, state.battlefield_controller
    c0, c1 = controller
    for i in zones["p0.bf0"] + zones["p0.bf1"] + zones["p1.bf0"] + zones["p1.bf1"]:
        if card[i] in gear:
            break
    else:  # no gear at a battlefield: is every hidden card where its owner controls?
        if not (zones["p0.hidden0"] and c0 != 0 or zones["p1.hidden0"] and c0 != 1
                or zones["p0.hidden1"] and c1 != 0 or zones["p1.hidden1"] and c1 != 1):
            return False
    changed = False
    for q, b, here, hidden in _AT_BATTLEFIELDS:
        units = zones[here]
        if units:
            for g in units:
                if card[g] in gear:
                    ev.append(t.move(g, lz(q, -1), caption=f"{state.name(g)} is recalled to base",
                                     rule=R_CLEAN))
                    state._ev(ev, "cleanup.recall", "Cleanup, step 5: gear stays at a battlefield only attached to a unit",
                              R_CLEAN, card=g)
                    changed = True
                    break
        if zones[hidden] and controller[b] != q:
            h = zones[hidden][0]
            ev.append(t.move(h, TRASH[t.owner[h]], face=1,
                             caption=f"{state.name(h)} (hidden) is revealed and trashed: its battlefield has "
                             "another controller", rule=R_HIDE))
            state.set_counter(h, "hid", 0)
            state._ev(ev, "cleanup.hidden_trash", "Cleanup, step 5: a hidden card stays only at a battlefield its "
                      "owner controls", R_CLEAN, card=h)
            changed = True
    return changed


def cleanup_step_6_stage_showdowns(state, ev: list) -> bool:
    """Step 6: a contested battlefield where the contesting player still has units stages a
    showdown (one whose contesting units are gone is no longer contested; digest 10, 12.1)."""
    showdown = state.showdown
    changed = False
    for b in (0, 1):
        c = state.contested[b]
        running = showdown and showdown["battlefield"] == b
        ok = c >= 0 and not running and state.has_units(c, b)
        if c >= 0 and not running and not ok:
            state.contested[b] = -1  # the contesting units are gone before anything began
            changed = True
        if ok != state.staged_showdown[b]:
            state.staged_showdown[b] = ok
            if ok:
                state._ev(ev, "cleanup.stage_showdown", f"A showdown is staged at {state.bf_name(b)}", R_CLEAN, bf=b)
            changed = True
    return changed


def cleanup_step_7_stage_combats(state, ev: list) -> bool:
    """Step 7: a contested battlefield with units of both players stages a combat, unless a
    combat already runs there (digest 10, 13.1)."""
    showdown = state.showdown
    changed = False
    for b in (0, 1):
        running = showdown and showdown["battlefield"] == b and showdown["combat"]
        ok = state.contested[b] >= 0 and not running and state.has_units(0, b) and state.has_units(1, b)
        if ok != state.staged_combat[b]:
            state.staged_combat[b] = ok
            if ok:
                state._ev(ev, "cleanup.stage_combat", f"A combat is staged at {state.bf_name(b)}", R_CLEAN, bf=b)
            changed = True
    return changed


def _open_at(state, staged: list, ev: list) -> bool:
    """Begin the showdown at the one staged battlefield; with two, the turn player chooses."""
    if len(staged) > 1:
        push(state, "choose_showdown", player=state.active, battlefields=staged)
        return True
    if staged:
        state._start_showdown(staged[0], ev)
        return True
    return False


def cleanup_step_8_open_showdown(state, ev: list) -> bool:
    """Step 8 (Neutral Open): a staged showdown begins, as a combat showdown when a combat is
    staged there too (digest 10 step 8a, 12.2)."""
    if state.showdown:
        return False
    return _open_at(state, [b for b in (0, 1) if state.staged_showdown[b]], ev)


def cleanup_step_9_open_combat(state, ev: list) -> bool:
    """Step 9: with no showdown staged, a staged combat begins (Neutral Open); 9a: in a
    Showdown Open state a combat staged where a non-combat showdown runs turns it into a
    combat showdown (digest 10)."""
    showdown = state.showdown
    if not showdown:
        return _open_at(state, [b for b in (0, 1) if state.staged_combat[b]], ev)
    if showdown["stage"] == "focus" and not showdown["combat"] and state.staged_combat[showdown["battlefield"]]:
        state.staged_combat[showdown["battlefield"]] = False
        state._ev(ev, "cleanup.start_combat", f"The showdown at {state.bf_name(showdown['battlefield'])} becomes a combat", R_CLEAN,
                  bf=showdown["battlefield"])
        state._begin_combat(ev)
        return True
    return False


def cleanup_pass(state, ev: list, combat_bf: int = -1) -> bool:
    """One cleanup pass: the nine steps in order. Returns True when a step changed something
    (then another pass follows). With ``combat_bf`` >= 0 it is the combat cleanup: steps 1-5
    with 3c-3d inserted. Steps 6-7 stage only in an Open state's cleanup; 8-9 need no chain."""
    points = state.points
    if (points[0] >= VICTORY_SCORE or points[1] >= VICTORY_SCORE) and cleanup_step_1_win_check(state, ev):
        return True
    showdown = state.showdown
    changed = bool(showdown) and showdown["combat"] and cleanup_step_2_combat_designations(state, ev)
    if state.table.counters and cleanup_step_3_lethal_damage(state, ev):
        changed = True
    if combat_bf >= 0:
        combat_cleanup_heal_and_recall(state, combat_bf, ev)
    controller = state.battlefield_controller
    if not state.chain and (controller[0] >= 0 or controller[1] >= 0) and cleanup_step_4_control_loss(state, ev):
        changed = True
    if cleanup_step_5_corrections(state, ev):
        changed = True
    if combat_bf >= 0:
        return changed
    # steps 6-9 have nothing to do while no battlefield is contested and nothing is staged
    staged_showdown, staged_combat, contested = state.staged_showdown, state.staged_combat, state.contested
    if not (contested[0] >= 0 or contested[1] >= 0 or staged_showdown[0] or staged_showdown[1] or staged_combat[0]
            or staged_combat[1]):
        return changed
    if cleanup_step_6_stage_showdowns(state, ev):
        changed = True
    if cleanup_step_7_stage_combats(state, ev):
        changed = True
    if state.chain:
        return changed
    if cleanup_step_8_open_showdown(state, ev) or cleanup_step_9_open_combat(state, ev):
        return True
    return changed


@PROCS.step("cleanup", rule=R_CLEAN)
def cleanup(state, step, ev):
    """A cleanup: passes until one changes nothing, the game ends, or a player must choose
    which showdown begins first. When the last cleanup ended with a pass that changed
    nothing and nothing a pass looks at has changed since (``cleanup_quiet``: a choice but
    those of ``turn.QUIET_CHOICES``, and every task but the phases and steps of
    ``turn.QUIET_STEPS``, clear it), this one's pass would change nothing too, so it is not
    run again (``turn`` does not even start it then)."""
    state.cleanup_due = False
    if state.cleanup_quiet:
        return DONE
    while cleanup_pass(state, ev):
        if state.outcome is not None or state.steps[-1].proc in ASKS:
            return DONE
    state.cleanup_quiet = True
    return DONE


@PROCS.decision("choose_showdown", rule=R_CLEAN)
class ChooseShowdown:
    """Two showdowns are staged: the turn player chooses which begins first; the other waits
    until it ends (Core Rules v1.3 Cleanup steps 8-9, digest 10). Args: player, battlefields."""

    def decide(state, step):
        p = step.args["player"]
        ch = [Choice("showdown_at", {"bf": b}, p, ("Combat at {battlefield} first" if state.staged_combat[b] else "Showdown at {battlefield} first").format(battlefield=state.bf_name(b)))
              for b in step.args["battlefields"]]
        return Decision([p], "choose_showdown", "Two showdowns are staged: choose which begins first (the other "
                        "waits until this one ends)", ch)

    def choose(state, step, choice, events):
        state._start_showdown(choice.args["bf"], events)
        state.cleanup_due = True
        return DONE
