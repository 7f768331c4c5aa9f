"""The computer player's judgement of a position: ``Game.heuristic`` (greedy, Normal) and
``Game.leaf_value`` (where Hard's search stops)."""

from __future__ import annotations

from .rulebook import VICTORY_SCORE
from .zones import BASE, BATTLEFIELD, CHAMPION, HAND, HIDDEN, LEGEND, RUNEDECK, RUNES


def heuristic(state, player: int) -> float:
    """Points first, then board presence at battlefields, then cards, runes, gear and
    facedown cards; a running showdown or combat counts by its likely result (a point
    about to be conquered is worth most of a point)."""
    s = _settled(state)
    if s is not state and s.outcome is not None:  # the move or payment ended the game
        return 1e6 if s.winner == player else -1e6
    return _static(s, player)


def _settled(state):
    """``state``, or a copy of it with a group move still being formed made as if the units
    moved now, and a cost still to be paid paid the engine's way (the first choice), so a play
    counts at once."""
    s = state
    while s.steps[-1].proc in ("move_with", "pay_cost") and s.outcome is None:
        s = s.clone()
        d = s.decision
        s.apply(d.find("move_done", d.players[0]) if s.steps[-1].proc == "move_with" else d.choices[0])
    return s


def _static(s, player: int) -> float:
    """The heuristic's count of a settled position (see ``heuristic``)."""
    q = 1 - player
    v = 100.0 * (s.points[player] - s.points[q])
    t = s.table
    zones = t.zones
    for p, sign in ((player, 1.0), (q, -1.0)):
        for b in (0, 1):
            us = s.units_at(p, b)
            m = 0
            for u in us:
                m += max(0, s.might(u)) - s.counter(u, "dmg") * 0.5
            v += sign * (4.0 * m + (25.0 if s.battlefield_controller[b] == p else 0.0) + (6.0 if us else 0.0))
            if zones[HIDDEN[p][b]]:
                v += sign * 3.0  # a facedown card: a free Reaction later
        gear = 0
        for u in zones[BASE[p]]:
            if s.is_unit(u):
                v += sign * (2.5 * max(0, s.might(u)) + (1.0 if not t.orient[u] else 0.0))
            else:
                gear += 1
        v += sign * (2.0 * len(zones[HAND[p]]) + 1.5 * len(zones[RUNES[p]]) + 0.5 * s.xp[p]
                     + 1.0 * gear - 1.0 * len(zones[CHAMPION[p]]))
    showdown = s.showdown
    if showdown:
        b = showdown["battlefield"]
        mine = sum(max(0, s.might(u)) for u in s.units_at(player, b) if not s.counter(u, "stun"))
        theirs = sum(max(0, s.might(u)) for u in s.units_at(q, b) if not s.counter(u, "stun"))
        v += 3.0 * (mine - theirs)
        att = showdown["attacker"]
        a_units, d_units = s.units_at(att, b), s.units_at(1 - att, b)
        if a_units and s.battlefield_controller[b] != att and not s.scored[att] & (1 << b):
            a_tot = mine if att == player else theirs
            d_tot = theirs if att == player else mine
            d_need = sum(s._lethal(u) for u in d_units)
            if not d_units or (a_tot >= d_need and a_tot > d_tot):
                v += (60.0 if att == player else -60.0)  # the attacker is about to conquer
    return v


# -- the leaf of Hard's search: the next two turns' scoring, worked out from the board --------------
#
# ``leaf_value`` adds to ``heuristic`` what a static count misses: whose move it is. From the
# turn player's Main Phase it plays one round on the board alone: the turn player sends its
# ready units at base to the battlefields (every split of them is tried), then the other
# player's turn begins: it Holds what it controls (Core Rules v1.3 Beginning Phase, digest 7.2)
# and attacks with every unit at its base (all readied by its Awaken Phase, digest 7.1); then
# the turn player Holds what it still controls at the start of its next turn. Each side picks
# its split to do best against the other's best answer. A combat is won by the side whose
# Might total is larger (each side deals its total, digest 13.3); a tie wipes both out; an
# empty battlefield is conquered by any unit (digest 12.5). Points follow Scoring (digest 14.1-
# 14.4): each battlefield once per turn, and the final point from a Conquer only when every
# battlefield was scored that turn (digest 1.5). Of the cards in hand only the Might spells
# count (``_trick``): in a combat the attacker adds the best one it can pay for and the
# defender takes off its own. Other spells and abilities are left out: the value estimates the
# board's tempo, weighed against the heuristic.

LEAF_WEIGHT = 0.6   # the round's result, in points (100 each) and Might lost, against the heuristic
MIGHT_LOST = 3.0    # a point of Might killed in the round
WIN = 300.0         # reaching the Victory Score in the round, beyond its points
TRICKS = True       # a side adds the best Might spell it can pay for to its total in a combat


def _sums(values: list) -> list:
    """The Might totals a group of the units with Might ``values`` can have, smallest first."""
    sums = {0}
    for m in values:
        sums |= {a + m for a in sums}
    return sorted(sums)


def _splits(sums: list, held: list, here: list) -> set:
    """The splits of a player's units between the battlefields worth weighing, as (Might sent
    to battlefield 0, to battlefield 1): none, all to one, and for each battlefield the smallest
    group that takes it (or ties there) with the rest sent to the other. ``sums``: ``_sums`` of
    the units; ``held``: the other player's Might at each battlefield; ``here``: what each
    battlefield adds to an attacker."""
    total = sums[-1]
    out = {(0, 0), (total, 0), (0, total)}
    for b in (0, 1):
        need = held[b] - here[b]
        for x in sums:
            if x and x >= need:
                out.add((x, total - x) if b == 0 else (total - x, x))
                if x > need:
                    break
    return out


def _fight(att: int, held: int, defended: bool) -> tuple:
    """An attack of Might ``att`` on a battlefield defended by Might ``held`` (``defended``: the
    defender has units there): (attacker takes it, attacker's Might left there, defender's left,
    attacker's Might lost, defender's Might lost)."""
    if not defended:
        return True, att, 0, 0, 0
    if att > held:
        return True, att - held, 0, held, held
    if att == held:
        return False, 0, 0, att, held
    return False, 0, held - att, att, att


def _score(pts: list, scored: list, p: int, b: int, conquer: bool) -> None:
    """Scoring in the round (digest 14.3-14.4, 1.5): once per battlefield per turn; the final
    point from a Conquer needs every battlefield scored this turn."""
    bit = 1 << b
    if scored[p] & bit:
        return
    scored[p] |= bit
    if not (conquer and pts[p] >= VICTORY_SCORE - 1 and scored[p] != 0b11):
        pts[p] += 1


def _won(pts: list, p: int) -> bool:
    return pts[p] >= VICTORY_SCORE and pts[p] > pts[1 - p]


def _trick(s, p: int, energy: int) -> int:
    """The most Might a spell in ``p``'s hand that costs at most ``energy`` swings in a combat:
    an Action or Reaction (playable in a showdown, digest 8.7) that gives a unit Might this turn,
    a friendly one more or an enemy one less."""
    if not TRICKS:
        return 0
    t = s.table
    db, card = s.card_db, t.card
    best = 0
    for i in t.zones[HAND[p]]:
        c = db[card[i]]
        if c["type"] != "spell" or c["cost"] > energy:
            continue
        kws = c["keywords"]
        if "action" not in kws and "reaction" not in kws:
            continue
        n = 0
        for e in c["effect"]:
            if e.get("op") == "might" and "if" not in e:
                n += abs(e.get("n", 0))
        if n > best:
            best = n
    return best


def _energy(s, p: int, next_turn: bool) -> int:
    """The energy ``p`` can spend now (ready runes and pool), or in its next turn (every rune
    readied, two more channelled, digest 7.1 and 7.3)."""
    t = s.table
    runes = t.zones[RUNES[p]]
    if next_turn:
        return len(runes) + min(2, len(t.zones[RUNEDECK[p]]))
    orient = t.orient
    return s.pool[p][0] + sum(1 for r in runes if not orient[r])


def _board(s, p: int) -> tuple:
    """Player ``p``'s side of the board: Might (with Shield, as a defender) at each battlefield,
    and the attacking Might (with Assault and what a battlefield adds) of each unit at base that
    can move now (``ready_only``) and of all of them (readied next turn)."""
    t = s.table
    zones, card, db = t.zones, t.card, s.card_db
    leg = zones[LEGEND[p]]
    bonus = s.facts.bf_might.get(card[leg[0]] if leg else None, 0)
    here = [(db[card[z[0]]]["here_might"] if z else 0) + bonus for z in (zones[BATTLEFIELD[0]], zones[BATTLEFIELD[1]])]
    held = []
    for b in (0, 1):
        m = 0
        for u in s.units_at(p, b):
            m += max(0, s.might(u) + s.keyword_value(u, "shield"))
        held.append((m, bool(s.has_units(p, b))))
    ready, every = [], []
    for u in s.units_at(p, -1):
        m = max(0, s.might(u) + s.keyword_value(u, "assault"))
        every.append(m)
        if not t.orient[u] and not s.counter(u, "stun"):
            ready.append(m)
    return held, ready, every, here


def _attack(x, here, att: list, dfd: list, defended, p: int, ctrl: list, pts: list, scored: list) -> tuple:
    """Player ``p`` sends Might ``x[b]`` to each battlefield ``b`` (``here``: what the battlefield
    adds): a fight (``_fight``) against the defender's Might ``dfd`` there (``defended``: whether
    the defender has units there); a battlefield taken is conquered and scored, one where both
    sides fell has no controller. Updates ``att``, ``dfd``, ``ctrl``, ``pts`` and ``scored``;
    returns (Might ``p`` lost, Might the defender lost)."""
    lost_a = lost_d = 0
    for b in (0, 1):
        a = x[b]
        if not a:
            continue
        took, left_a, left_d, la, ld = _fight(max(1, a + here[b]), dfd[b], defended[b])
        lost_a += la
        lost_d += ld
        dfd[b] = left_d
        if took:
            att[b] += left_a
            if ctrl[b] != p:
                ctrl[b] = p
                _score(pts, scored, p, b, True)
        elif not left_d:
            ctrl[b] = -1
    return lost_a, lost_d


def _answer(pts, scored_n, ctrl, mine, theirs, n, options, here) -> tuple:
    """The other player's (``n``) best attack in its turn: (its points and scored bits, control,
    Might at the battlefields, Might lost by each side) for the option that is worst for the
    turn player. ``here``: what each battlefield adds to an attack (and the spells' swing)."""
    best = None
    for x in options:
        p2, sc, c2 = list(pts), list(scored_n), list(ctrl)
        t2, n2 = list(mine), list(theirs)
        lost_n, lost_t = _attack(x, here, n2, t2, (t2[0] > 0, t2[1] > 0), n, c2, p2, sc)
        v = 100.0 * (p2[n] - pts[n]) + MIGHT_LOST * (lost_t - lost_n) + (WIN if _won(p2, n) else 0.0)
        if best is None or v > best[0]:
            best = (v, p2, c2, t2, lost_t, lost_n)
    return best


def round_value(s, t: int) -> float | None:
    """The round described above, from the turn player ``t``'s side: points gained minus the
    other's, Might killed minus lost, and a reached Victory Score; None when the board can't be
    read this way (a showdown or chain under way, units of both players at a battlefield)."""
    if s.turn_step != "main" or s.showdown or s.chain:
        return None
    n = 1 - t
    held_t, ready_t, _, here_t = _board(s, t)
    held_n, _, every_n, here_n = _board(s, n)
    if (held_t[0][1] and held_n[0][1]) or (held_t[1][1] and held_n[1][1]):
        return None
    ctrl0 = list(s.battlefield_controller)
    pts0 = list(s.points)
    sums_n = _sums(every_n)
    e_t = _energy(s, t, False)
    swing_t = _trick(s, t, e_t) - _trick(s, n, _energy(s, n, False))  # in the turn player's attacks
    swing_n = _trick(s, n, _energy(s, n, True)) - _trick(s, t, e_t)  # in the other's
    here_t = [h + swing_t for h in here_t]
    here_n = [h + swing_n for h in here_n]
    best = None
    for x in _splits(_sums(ready_t), [held_n[0][0], held_n[1][0]], here_t):
        pts, scored, ctrl = list(pts0), list(s.scored), list(ctrl0)
        mine = [held_t[0][0], held_t[1][0]]
        theirs = [held_n[0][0], held_n[1][0]]
        lost_t, lost_n = _attack(x, here_t, mine, theirs, (held_n[0][1], held_n[1][1]), t, ctrl, pts, scored)
        if _won(pts, t):
            v = 100.0 * (pts[t] - pts0[t]) + WIN
        else:
            # the other player's turn: Hold, then its best attack
            scored_n = [0, 0]
            for b in (0, 1):
                if ctrl[b] == n and theirs[b] > 0:
                    _score(pts, scored_n, n, b, False)
            if _won(pts, n):
                v = 100.0 * ((pts[t] - pts0[t]) - (pts[n] - pts0[n])) - WIN
            else:
                options = _splits(sums_n, mine, here_n)
                _, pts, ctrl, mine, lt, ln = _answer(pts, scored_n, ctrl, mine, theirs, n, options, here_n)
                lost_t += lt
                lost_n += ln
                v = MIGHT_LOST * (lost_n - lost_t)
                if _won(pts, n):
                    v -= WIN
                else:
                    sc = [0, 0]
                    for b in (0, 1):  # the turn player's next Hold
                        if ctrl[b] == t and mine[b] > 0:
                            _score(pts, sc, t, b, False)
                    if _won(pts, t):
                        v += WIN / 2
                v += 100.0 * ((pts[t] - pts0[t]) - (pts[n] - pts0[n]))
        if best is None or v > best:
            best = v
    return best


def leaf_value(state, player: int) -> float:
    """Where Hard's search stops: the heuristic, plus the round that follows (``round_value``)
    weighed by ``LEAF_WEIGHT``."""
    s = _settled(state)
    if s is not state and s.outcome is not None:
        return 1e6 if s.winner == player else -1e6
    v = _static(s, player)
    r = round_value(s, s.active)
    if r is None:
        return v
    return v + LEAF_WEIGHT * (r if state.active == player else -r)
