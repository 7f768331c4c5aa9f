"""The computer's judgement of an Aquarian Age position (the heuristic the
agents search with): what each side's characters, cards and damage are worth.
None of it is a rule."""

from __future__ import annotations

from .carddb import FACTIONS


def heuristic(state, player: int) -> float:
    return _side(state, player) - _side(state, 1 - player)


DRAW_WORTH = 0.0      # Draw+1: more cards, but the deck-out race below counts what it costs
# what a skill adds to a dominated character's worth (the computer's judgement, not a rule)
SKILL_WORTH = (("draw", DRAW_WORTH), ("charge", 1.0), ("initiative", 0.8), ("intercept", 0.7), ("breakthrough", 0.6),
               ("bind", 0.6), ("capacity", 0.3), ("permanent", 0.2))
HAND_WORTH = 0.6      # a card in hand: a future power card or play
POWER_WORTH = 0.9     # a power card on a dominated character: an attack, a guard, a cost
DAMAGE_WORTH = 5.0    # a card in the damage zone (10 lose)
JUDGED_DAMAGE = 0.5   # share of a damage judgment's cards that land in the damage zone
GUARD_EXHAUST = 0.5   # how much of an attack gets through when the defender's guards run out
DECK_TURNS = 12.0     # turns of deck left below which the deck-out race starts to hurt
GUARD_MISS = 0.25     # how much of an attack counts as getting through while the defender can still guard
CHAR_BASE = 5.0       # a dominated character before its stats


def _char_worth(s, iid: int) -> float:
    """What a character is worth dominated: attack deals damage and wins battles,
    durability survives them, mental holds power cards, skills and ① abilities
    do the rest (break cards raise all of these, permanents add to them)."""
    v = CHAR_BASE + 1.3 * s.stat(iid, "attack") + 0.6 * s.stat(iid, "durability") + 0.25 * min(s.stat(iid, "mental"), 5)
    for k, w in SKILL_WORTH:
        x = s.skill(iid, k)
        if x:
            v += w * x
    v += 1.0 * len(s.card(iid)["ability"])
    return v


def _side(s, p: int) -> float:
    """How well player p stands. Damage and deck are life. Dominated characters are
    strength: their worth (_char_worth) plus their power cards and the ability to
    guard. A faction-area active is worth a share of its dominated worth that grows
    with its power cards (mental 0 counts as full). An aggressive (▼) active is a
    threat to its own owner. A pending, unguarded attack on p costs p the expected
    damage of its judgment, less when p can still guard."""
    t = s.table
    dmg = len(t.zones[f"p{p}.damage"])
    deck = len(t.zones[f"p{p}.deck"])
    v = -DAMAGE_WORTH * dmg - (4.0 * (dmg - 6) if dmg > 6 else 0.0)
    # the deck-out race: own turns left at the current draw rate (Draw+X and Charge
    # take cards from the deck every turn whether the player wants them or not)
    rate = 1 + max(0, s.draw_bonus(p))
    for d in t.zones[f"p{p}.dominion"]:
        rate += s.skill(d, "charge")
    left = deck / rate
    if left < DECK_TURNS:
        v -= 3.0 * (DECK_TURNS - left) ** 1.5
    for d in t.zones[f"p{p}.dominion"]:
        pw = s.power(d)
        v += _char_worth(s, d) + POWER_WORTH * min(pw, 5)
        if pw >= s.guard_cost(d):
            v += 0.8
        for x in s.permanents_on(d):
            v += 0.8 if t.owner[x] == p else -0.3
    for f in FACTIONS:
        z = t.zones[f"p{p}.faction.{f}"]
        if not z:
            continue
        a = z[-1]
        m = s.stat(a, "mental")
        pw = s.power(a)
        frac = 1.0 if m == 0 else min(pw, m) / m
        v += 0.8 + 0.75 * frac * _char_worth(s, a) + 0.3 * (len(z) - 1)
        if s.skill(a, "aggressive"):
            v -= 1.3 * s.stat(a, "attack")
    v += HAND_WORTH * min(len(t.zones[f"p{p}.hand"]), s.hand_limit(p))
    v += 1.5 * len(t.zones[f"p{p}.limbo"])
    a = s.attack
    if a is not None and a["defending_player"] == p and a["target"] == "player" and not a["cancelled"] and a["guard"] < 0:
        if s.on_field(a["attacker"]):
            v += 0.8 * _attack_outlook(s, a["attacker"], p)
    return v


def _attack_outlook(s, att: int, p: int) -> float:
    """A declared attack on player p that p has not answered yet: what p can expect
    from its best answer, taking the damage judgment (about half the cards turned
    land in the damage zone) or guarding with a dominated character that can pay
    its guard cost (a battle: each side loses the character whose durability the
    other's attack reaches, unless the other has Initiative and strikes it down
    first). Positive when p's answer hurts the attacker more."""
    n = s.stat(att, "attack")
    best = -DAMAGE_WORTH * JUDGED_DAMAGE * n
    a_atk, a_dur = n, s.stat(att, "durability")
    mental = s.card(att)["mental_attack"]
    a_init = s.skill(att, "initiative")
    a_worth = _char_worth(s, att) + POWER_WORTH * min(s.power(att), 5)
    take = best
    guards = 0
    for g in s.table.zones[f"p{p}.dominion"]:
        if g == att:
            continue
        gc = s.guard_cost(g)
        if s.power(g) < gc:
            continue
        guards += s.power(g) // gc if gc else 3
        val = -POWER_WORTH * gc
        g_kills = s.stat(g, "attack") >= a_dur and not s.card(g)["mental_attack"]
        a_kills = not mental and a_atk >= s.stat(g, "durability")
        if a_kills and a_init and not s.skill(g, "initiative"):
            g_kills = False  # the attacker strikes first and the guard is gone
        elif g_kills and not a_init and s.skill(g, "initiative"):
            a_kills = False
        if g_kills and s.table.owner[att] != p:
            val += a_worth
        if a_kills:
            val -= _char_worth(s, g) + POWER_WORTH * min(s.power(g) - gc, 5)
        if val > best:
            best = val
    ap = s.table.owner[att]
    # the defender may misjudge, and an attacker that can go on attacking after every
    # guard is spent gets some attacks through
    share = GUARD_EXHAUST if guards and ap != p and sum(s.power(d) for d in s.table.zones[f"p{ap}.dominion"]) >= guards \
        else GUARD_MISS
    return share * take + (1 - share) * best


# ---------------------------------------------------------------- Hard's leaves
# Where Hard's search stops (Game.leaf_value) a position is judged by how
# likely each player is to win from it: a logistic regression of who won
# self-play games on the position's terms (``leaf_features``, weights fitted
# by tools/fit_leaf.py). Among the terms: what the player about to act can do
# with its attacks before the other player answers in a turn of its own
# (``_threat``): the search mostly stops at the start of a turn, so the player
# to act holds the initiative and its dominated characters' power cards are
# attacks. None of it is a rule.
SHOTS_PER_CHAR = 2    # attacks counted per character (it keeps power cards for costs too)
DECK_WORTH = 2.5      # a card left in the deck at a leaf
LEAF_DAMAGE = 1.0     # a damage card at a leaf, where the heuristic counts DAMAGE_WORTH


def _leaf_damage(x: float) -> float:
    """What x damage cards cost at a leaf (beside the heuristic's penalty past 6)."""
    return LEAF_DAMAGE * x


def _race(deck: int, rate: float) -> float:
    """The heuristic's deck-out race penalty for ``deck`` cards at ``rate`` a turn."""
    left = deck / rate
    return 3.0 * (DECK_TURNS - left) ** 1.5 if left < DECK_TURNS else 0.0


def _deck_rate(s, p: int) -> float:
    """Cards p's deck gives up a turn, as the heuristic counts them (draws and Charge)."""
    rate = 1 + max(0, s.draw_bonus(p))
    for d in s.table.zones[f"p{p}.dominion"]:
        rate += s.skill(d, "charge")
    return rate


def _threat(s, m: int) -> float:
    """What player ``m``'s attacks this turn are expected to gain over the other
    player (positive: good for m): each attack of its dominated characters (one
    power card each, at most SHOTS_PER_CHAR per character) meets the defender's
    best guard that survives the battle while the defender's guard costs last,
    or else turns the defender's deck in a damage judgment (the non-character
    share of the deck lands in the damage zone; the cards turned run the deck
    down, DECK_WORTH each and the heuristic's deck-out race)."""
    t = s.table
    q = 1 - m
    shots = []
    for d in t.zones[f"p{m}.dominion"]:
        a = s.stat(d, "attack")
        pw = s.power(d)
        if a <= 0 or pw <= 0:
            continue
        for _ in range(min(pw, SHOTS_PER_CHAR)):
            shots.append((a, d))
    if not shots:
        return 0.0
    shots.sort(reverse=True)
    # the defender's guards: (guard iid, guards left)
    left = {}
    for g in t.zones[f"p{q}.dominion"]:
        gc = s.guard_cost(g)
        pw = s.power(g)
        if pw >= gc:
            left[g] = 3 if gc == 0 else pw // gc
    deck_ids = t.zones[f"p{q}.deck"]
    deck = len(deck_ids)
    if deck:
        db, card = s.db, t.card
        nonchar = sum(1 for i in deck_ids if db[card[i]]["type"] != "character") / deck
    else:
        nonchar = 1.0
    dmg0 = len(t.zones[f"p{q}.damage"])
    gain = 0.0
    taken = 0.0   # expected damage cards
    burned = 0    # deck cards turned
    dead = set()
    for a, d in shots:
        if d in dead:
            continue
        mental = s.card(d)["mental_attack"]
        a_init = s.skill(d, "initiative")
        a_dur = s.stat(d, "durability")
        best = None
        for g, n in left.items():
            if n <= 0:
                continue
            dies = a >= s.stat(g, "mental" if mental else "durability")
            kills = s.stat(g, "attack") >= a_dur and not s.card(g)["mental_attack"]
            if dies and a_init and not s.skill(g, "initiative"):
                kills = False
            if not dies and (best is None or (kills and not best[1])):
                best = (g, kills)
        if best is not None:
            # a guard that survives: the attack costs m its power card (and the
            # attacker when the guard strikes it down), the guard its guard cost;
            # m does not make an attack that only loses
            g, kills = best
            v = -POWER_WORTH + POWER_WORTH * s.guard_cost(g) - (_char_worth(s, d) if kills else 0.0)
            if v < 0:
                dead.add(d)
                continue
            left[g] -= 1
            gain += v
            continue
        gain -= POWER_WORTH
        n = min(a, deck - burned)
        burned += n
        taken += nonchar * n
    # damage: LEAF_DAMAGE a card, with the heuristic's penalty past 6 and a loss at 10
    def dmg_worth(x):
        return _leaf_damage(x) + (4.0 * (x - 6) if x > 6 else 0.0)
    gain += dmg_worth(dmg0 + taken) - dmg_worth(dmg0) + DECK_WORTH * burned
    if burned:
        rate = _deck_rate(s, q)
        gain += _race(deck - burned, rate) - _race(deck, rate)
    if dmg0 + taken >= 10:
        gain += 20.0
    return gain


# ---------------------------------------------------------------- fitted leaves
# The terms a leaf position is described by, each seen from ``player``'s side
# as its own figure less the other player's (so a position judged from the
# other side gives every term negated); tools/fit_leaf.py fits a logistic
# regression of who wins on them.
RACE_CAP = 8.0        # the deck-out race margin counts up to this many rounds either way


def _deck_draw(s, p: int) -> tuple[int, float]:
    """Cards p's deck gives up in each of its turns: its draw (1 + Draw+X/-X,
    never below 0, seed 4.1) and its characters' Charge (digest A.5.17, only
    while they have room under their mental)."""
    t = s.table
    rate = max(0, 1 + s.draw_bonus(p))
    charge = 0
    chars = list(t.zones[f"p{p}.dominion"])
    for f in FACTIONS:
        z = t.zones[f"p{p}.faction.{f}"]
        if z:
            chars.append(z[-1])
    for c in chars:
        x = s.skill(c, "charge")
        if x:
            charge += min(x, max(0, s.stat(c, "mental") - s.power(c)))
    return rate, rate + charge


def _rounds_left(s, p: int, deck: int, draw: int, rate: float) -> float:
    """How many more rounds p's deck (``deck`` cards, giving up ``draw`` at its
    draw phase and ``rate`` in all each turn: ``_deck_draw``) lasts: the number
    of p's draw phases still to come that it survives (a draw from an empty deck
    loses, digest A.4.11b), counted in rounds from the current turn; the player
    to act has drawn this turn already (the search judges positions after the
    draw phase)."""
    if draw <= 0:
        return 2 * RACE_CAP
    # turns survived: draws that find enough cards (Charge only takes what is left)
    n = 0
    while deck >= draw and n < 2 * RACE_CAP:
        deck -= rate
        n += 1
        if deck < 0:
            deck = 0
    # p loses at its (n + 1)-th draw phase from now: the player to act at the end of
    # the next round, the other one in the round about to begin
    return n + (0.5 if s.active == p else 0.0)


def _dominion_terms(s, p: int) -> tuple[float, float, float, float]:
    """p's dominated characters: their worth, power cards (at most 5 each), the
    guards they can pay for, and their attack backed by a power card."""
    worth = power = guards = attack = 0.0
    for d in s.table.zones[f"p{p}.dominion"]:
        pw = s.power(d)
        worth += _char_worth(s, d)
        power += min(pw, 5)
        gc = s.guard_cost(d)
        if pw >= gc:
            guards += 3 if gc == 0 else min(pw // gc, 3)
        if pw:
            attack += s.stat(d, "attack") * min(pw, SHOTS_PER_CHAR)
    return worth, power, guards, attack


def leaf_features(state, player: int) -> dict[str, float]:
    """The position's terms from ``player``'s side (its figure less the other
    player's): the heuristic, the leaf's deck and damage counts, the deck-out
    race (the heuristic's penalty, the decks' turns at their draw rates and the
    rounds each deck lasts), the player to act's expected attacks now and the
    other player's in its next turn (``_threat``), the board, the hand and the
    faction actives."""
    s = state
    t = s.table
    zones = t.zones
    q = 1 - player
    f = {"heuristic": heuristic(s, player)}
    dk = [len(zones[f"p{p}.deck"]) for p in (0, 1)]
    dm = [len(zones[f"p{p}.damage"]) for p in (0, 1)]
    f["deck"] = dk[player] - dk[q]
    f["damage"] = dm[player] - dm[q]
    f["damage_past6"] = max(0, dm[player] - 6) - max(0, dm[q] - 6)
    draws = [_deck_draw(s, p) for p in (0, 1)]
    rates = [r for _, r in draws]
    f["race_penalty"] = _race(dk[player], max(rates[player], 0.5)) - _race(dk[q], max(rates[q], 0.5))
    turns = [min(dk[p] / rates[p], 2 * RACE_CAP) if rates[p] > 0 else 2 * RACE_CAP for p in (0, 1)]
    f["deck_turns"] = turns[player] - turns[q]
    margin = _rounds_left(s, player, dk[player], *draws[player]) - _rounds_left(s, q, dk[q], *draws[q])
    f["race_margin"] = max(-RACE_CAP, min(RACE_CAP, margin))
    f["race_lead"] = max(-1.0, min(1.0, margin))
    f["draw_rate"] = rates[player] - rates[q]
    m = s.active
    sign = 1.0 if m == player else -1.0
    f["to_act"] = sign
    if s.phase in ("faction", "main") and s.attack is None:
        f["threat_now"] = sign * _threat(s, m)
        f["threat_reply"] = -sign * _threat(s, 1 - m)
    else:
        f["threat_now"] = f["threat_reply"] = 0.0
    mine, theirs = _dominion_terms(s, player), _dominion_terms(s, q)
    for k, a, b in zip(("board", "power", "guards", "attack"), mine, theirs):
        f[k] = a - b
    hands = [min(len(zones[f"p{p}.hand"]), s.hand_limit(p)) for p in (0, 1)]
    f["hand"] = hands[player] - hands[q]
    act = [sum(1 for g in FACTIONS if zones[f"p{p}.faction.{g}"]) for p in (0, 1)]
    f["actives"] = act[player] - act[q]
    return f


# the fitted weights of leaf_features (tools/fit_leaf.py: 160 games of Hard against Normal at 10 ms a decision); a weight
# is the change of the log-odds of winning per unit of its term
LEAF_WEIGHTS = {
    "actives": 0.06206,
    "attack": -0.04363,
    "board": 0.00803,
    "damage": 0.08602,
    "damage_past6": 0.3652,
    "deck": 0.2063,
    "deck_turns": -0.3702,
    "draw_rate": -0.08804,
    "guards": 0.06168,
    "hand": 0.02914,
    "heuristic": 0.01462,
    "power": 0.04281,
    "race_lead": 0.2328,
    "race_margin": 0.3033,
    "race_penalty": -0.03536,
    "threat_now": 0.02936,
    "threat_reply": 0.021,
    "to_act": 0.01377,
}
# the log-odds on the heuristic's scale: one unit of log-odds is worth what the
# heuristic alone, fitted to the same games, needs for it
LEAF_SCALE = 29.42


def leaf_value(state, player: int) -> float:
    """How likely ``player`` is to win from the position, as log-odds
    (``LEAF_WEIGHTS`` over ``leaf_features``) on the heuristic's scale
    (``LEAF_SCALE``): the value of the other player's side is its negative."""
    f = leaf_features(state, player)
    return LEAF_SCALE * sum(w * f[k] for k, w in LEAF_WEIGHTS.items())
