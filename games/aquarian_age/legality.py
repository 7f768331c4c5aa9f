"""Legality (seed 4.3, digest A.7): what a character, a break card or a
permanent may aim at (the problems the main phase's choices are listed
with), and ``why_not``, the sentence naming the rule that forbids a choice:
the timing first, then the kit ``Checks`` table (LEGAL), one named check
per choice kind, built on the same problems."""

from __future__ import annotations

from tabletop.engine.checks import Checks

from .board import ATT, DOMINION, LAST_KINDS, card_kinds
from .carddb import FACTION_NAMES

LEGAL = Checks()


def targets(state, p: int, sel: dict) -> list[int]:
    """Characters a target allows (``{who, zone, filter}``, carddb): faction-area
    actives and dominated characters, the player's own first."""
    out = []
    who = sel.get("who", "any")
    zone = sel.get("zone")
    flt = sel.get("filter", {})
    players = (p,) if who == "self" else (1 - p,) if who == "opponent" else (p, 1 - p)
    for q in players:
        cands = []
        if zone in ("faction", None):
            cands.extend(state.actives(q))
        if zone in ("dominion", None):
            cands.extend(state.dominated(q))
        for t in cands:
            if "max_mental" in flt and state.stat(t, "mental") > flt["max_mental"]:
                continue
            if "min_mental" in flt and state.stat(t, "mental") < flt["min_mental"]:
                continue
            if "max_attack" in flt and state.stat(t, "attack") > flt["max_attack"]:
                continue
            if flt.get("no_power") and state.power(t) > 0:
                continue
            if "faction" in flt and state.faction_of(t) != flt["faction"]:
                continue
            if "aggressive" in flt and bool(state.skill(t, "aggressive")) != flt["aggressive"]:
                continue
            out.append(t)
    return out


def place_problem(state, p: int, h: int, c: dict | None = None):
    """Placing a character (seed 4.3 ①); ``c``: the card's data when the caller has it."""
    if c is None:
        c = state.card(h)
    if c["type"] != "character":
        return "only character cards are placed in the faction area (seed 4.3 ①)."
    if c["name_level"] and state.name_on_field(c["name"]):
        return f"a card named {c['name']} is already on the field and it is name-level (digest A.1.4)."
    return None


def break_targets(state, p: int, h: int, c: dict | None = None) -> list[int]:
    """The targets ``break_problem`` allows: its card's conditions asked once, then
    each target's; ``c``: the break card's data when the caller has it."""
    if c is None:
        c = state.card(h)
    if _break_card_problem(state, p, c) is not None:
        return []
    return break_targets_of(state, p, state.table.card[h], c)


def break_targets_of(state, p: int, cid: str, c: dict) -> list[int]:
    """``break_targets`` of a break card (card id ``cid``, data ``c``) whose own
    conditions, factor and cost, are met (the main phase has just checked them)."""
    # break_target_problem asked of each candidate at once: the candidates are on the field
    # and the faction-area ones are actives (_break_candidates); the name-level clash is the
    # break card's alone
    if c["name_level"] and state.name_on_field(c["name"]):
        return []
    table = state.table
    db, card, zones, owner, face = state.db, table.card, table.zones, table.owner, table.face
    breaks = (LAST_KINDS[1] if LAST_KINDS[0] is db else card_kinds(db)).breaks[cid]  # a classification icon in common
    out = []
    for t in _break_candidates(state, p):
        if card[t] not in breaks:
            continue
        if owner[t] != p:  # an opponent's character only while it holds no power card
            att = zones.get(ATT[t])
            if att and not all(map(face.__getitem__, att)):
                continue
        out.append(t)
    return out


def _break_candidates(state, p):
    """Your dominated characters and actives, then the opponent's actives and dominated characters."""
    out = state.characters(p)
    out.extend(state.actives(1 - p))
    out.extend(state.dominated(1 - p))
    return out


def break_problem(state, p: int, h: int, t: int):
    """Break conditions (seed 4.3 ②): factor, cost in power cards, a matching
    classification icon, and a target that is your dominated character, your
    faction-area active, or an opponent's character with no power card."""
    return _break_card_problem(state, p, state.card(h)) or break_target_problem(state, p, h, t)


def _break_card_problem(state, p: int, c: dict):
    """The conditions of a break on its card alone (seed 4.3 ②): factor and cost."""
    if c["type"] != "break":
        return "only a break card can break a character (seed 4.3 ②)."
    f = c["faction"]
    if state.factor(p, f) < c["factor"]:
        return (f"{c['name']} needs {FACTION_NAMES[f]} factor {c['factor']}, you dominate "
                f"{state.factor(p, f)} {FACTION_NAMES[f]} character(s) (seed 4.3 ② factor).")
    if state.total_power(p) < c["cost"]:
        return f"{c['name']} costs {c['cost']} power card(s) and your dominated characters hold {state.total_power(p)} (seed 4.3 ② cost)."
    return None


def break_target_problem(state, p: int, h: int, t: int, say: bool = True, c: dict | None = None):
    """The target conditions of a break (seed 4.3 ②), asked again when a
    declared break resolves: its target may have changed in the window.
    ``say`` False: a problem is told only as "no" (listing the targets);
    ``c``: the break card's data when the caller has it."""
    if c is None:
        c = state.card(h)
    if not state.on_field(t):
        return "the target must be a character on the field (seed 4.3 ②)."
    tc = state.card(t)
    held = tc["icons"]
    if not any(map(held.__contains__, c["icons"])) and not any(map(held.__contains__, c["extra_icons"])):
        if not say:
            return "no"
        icons = set(c["icons"]) | set(c["extra_icons"])
        return (f"{c['name']} breaks only {'/'.join(sorted(icons))} characters and {tc['name']} is "
                f"{'/'.join(tc['icons'])} (seed 4.3 ② classification icon).")
    if ".faction." in state.table.zone[t] and not state.is_active_char(t):
        return "in the faction area only the active (top) character can be broken (seed 4.3 ②ㄴ)."
    if c["name_level"] and state.name_on_field(c["name"]):
        return f"a card named {c['name']} is already on the field and it is name-level (digest A.1.4)."
    if state.table.owner[t] != p and state.power(t) > 0:
        return "an opponent's character can be broken only while it holds no power card (seed 4.3 ②ㄷ)."
    return None


def permanent_targets(state, p: int, h: int) -> list[int]:
    """The targets ``permanent_problem`` allows: its card's conditions asked once, then each target's."""
    cands = _break_candidates(state, p)
    if not cands or _permanent_card_problem(state, p, state.card(h)) is not None:
        return []
    return [t for t in cands if permanent_target_problem(state, p, h, t) is None]


def permanent_problem(state, p: int, h: int, t: int):
    """Permanents: factor and cost, one per character unless Permanent+X says otherwise (seed 4.3 ③, digest A.10.32)."""
    return _permanent_card_problem(state, p, state.card(h)) or permanent_target_problem(state, p, h, t)


def _permanent_card_problem(state, p: int, c: dict):
    """The conditions of a permanent on its card alone (seed 4.3 ③): factor and cost."""
    if state.factor(p, c["faction"]) < c["factor"]:
        return f"{c['name']} needs {FACTION_NAMES[c['faction']]} factor {c['factor']} (seed 4.3 ③)."
    if state.total_power(p) < c["cost"]:
        return f"{c['name']} costs {c['cost']} power card(s) (seed 4.3 ③)."
    return None


def permanent_target_problem(state, p: int, h: int, t: int):
    """The target conditions of a permanent (seed 4.3 ③), asked again when a
    declared permanent resolves."""
    c = state.card(h)
    if not state.on_field(t) or (".faction." in state.table.zone[t] and not state.is_active_char(t)):
        return "a permanent goes on a dominated or active character (seed 4.3 ③)."
    side = c["attach_to"]
    if side == "own" and state.table.owner[t] != p:
        return f"{c['name']} goes only on your own characters (card text)."
    if side == "opp" and state.table.owner[t] == p:
        return f"{c['name']} goes only on an opponent's character (card text)."
    if len(state.permanents_on(t)) >= state.permanent_limit(t):
        return f"{state.name_of(t)} already holds {len(state.permanents_on(t))} permanent(s), its limit (seed 4.3 ③)."
    return None


def power_host_problem(state, p: int, t: int):
    """Power cards go face down under your own active or dominated
    characters, never beyond mental (seed 4.4, digest A.5.17)."""
    if not state.on_field(t):
        return "power cards go under your own active or dominated characters (seed 4.4)."
    if state.table.owner[t] != p:
        return "power cards go under your own characters (seed 4.4)."
    if ".faction." in state.table.zone[t] and not state.is_active_char(t):
        return "in the faction area power cards go under the active (top) character (seed 4.4)."
    if state.power(t) >= state.stat(t, "mental"):
        return (f"{state.name_of(t)} already holds {state.power(t)} power card(s), its mental: no more fit "
                "(seed 4.4, digest A.5.17).")
    return None


def attacker_problem(state, p: int, card: int):
    """An attack is declared by your own dominated character paying 1 of its
    power cards (digest A.7.21, A.6.19)."""
    table = state.table
    if table.owner[card] != p:
        return "you attack with your own dominated characters (digest A.7.21)."
    if not table.zone[card].endswith(".dominion"):
        return "only dominated characters attack; a faction-area character attacks only by ▼ in the faction phase (digest A.6.19)."
    att = table.zones.get(ATT[card])
    if att:
        face = table.face
        for a in att:
            if not face[a]:  # a power card (face down under it)
                return None
    return f"an attack costs 1 power card of the attacking character and {state.name_of(card)} holds none (digest A.7.21)."


def guard_problem(state, p: int, card: int, attacker):
    """A guard is your own dominated character, other than the attacker, that
    can pay its guard cost (seed 4.2, digest A.7.23)."""
    if state.table.owner[card] != p:
        return "you guard with your own dominated characters (digest A.7.23)."
    if not state.is_dominated(card):
        return "only dominated characters guard (digest A.7.23)."
    gc = state.guard_cost(card)
    if state.power(card) < gc:
        return (f"{state.name_of(card)}'s guard cost is {gc} power card(s) and it holds {state.power(card)} "
                "(seed 4.2 guard cost).")
    if card == attacker:
        return "the attacking character cannot guard against its own attack (digest A.7.23)."
    return None


def guards(state, p: int, attacker: int) -> list[int]:
    """The characters ``guard_problem`` allows, listed without its sentences:
    your dominated characters, other than the attacker, that hold their guard
    cost in power cards (seed 4.2, digest A.7.23)."""
    table = state.table
    owner, zones, face, card, db = table.owner, table.zones, table.face, table.card, state.db
    kinds = LAST_KINDS[1] if LAST_KINDS[0] is db else card_kinds(db)
    intercept, granting = kinds.printing.get("intercept", ()), kinds.granting.get("intercept", ())
    mods = state.modifiers
    out = []
    for g in zones[DOMINION[p]]:
        if g == attacker or owner[g] != p:
            continue
        n = 0  # its power cards (face down under it)
        up = False  # a face-up permanent under it that grants Intercept (``_bonus``)
        att = zones.get(ATT[g])
        if att:
            for a in att:
                if face[a]:
                    if card[a] in granting:
                        up = True
                else:
                    n += 1
        # without Intercept printed, granted or given this turn, its printed guard cost
        cost = state.guard_cost(g) if up or mods or card[g] in intercept else db[card[g]]["guard_cost"]
        if n >= cost:
            out.append(g)
    return out


# a refusal that names the step the game is in, whole for each step
NOW_STEP = {"main": "{why}; now it is the main step.", "power": "{why}; now it is the power step.",
            "guard": "{why}; now it is the guard step.", "respond": "{why}; now it is the respond step.",
            "discard": "{why}; now it is the discard step.", "pay": "{why}; now it is the pay step.",
            "redraw": "{why}; now it is the redraw step.", "bind": "{why}; now it is the bind step."}


def why_not(state, kind: str, args: dict, player: int | None = None) -> str | None:
    """One sentence naming the rule that forbids a choice (shown on the table);
    None leaves it to the kit's general answer."""
    d = state.decision
    if d is None:
        return "the game is over."
    if player is not None and player not in d.players:
        return f"it is {state.names[d.players[0]]}'s decision now ({d.kind})."
    p = d.players[0]
    card = args.get("card")
    phase_of = {"place": ("main", "characters are placed in your own main phase (seed 4.3 ①)"),
                "break": ("main", "break cards are set in your own main phase (seed 4.3 ②)"),
                "permanent": ("main", "permanents are played in your own main phase (seed 4.3 ③)"),
                "project": ("main", "projects are played in your own main phase (seed 4.3 ④)"),
                "attack": ("main", "attacks are declared in your own main phase (digest A.7.21)"),
                "power": ("power", "power cards are placed in the power card phase (seed 4.4)"),
                "discard": ("discard", "cards are discarded from hand in the discard phase, down to 7 (seed 4.5)"),
                "guard": ("guard", "a guard is declared only when an attack on you is declared (digest A.7.23)")}
    if kind in phase_of and d.kind != phase_of[kind][0]:
        if d.kind in NOW_STEP:
            return NOW_STEP[d.kind].format(why=phase_of[kind][1])
        return f"{phase_of[kind][1]}; now it is the {d.kind} step."
    if not (isinstance(card, int) and 0 <= card < len(state.table.card)):
        return None
    if kind in ("break", "permanent", "place", "project", "fast", "power", "discard") and state.table.zone[card] != f"p{p}.hand":
        return "that card is not in your hand."
    return LEGAL.reason(kind, state, p, dict(args, kind=kind))


# -- the checks of each choice kind (the card is known to exist) ---------------------------

@LEGAL.check("place", rule="Placing a character (seed 4.3 ①)")
def place_check(state, p: int, args: dict):
    card = args["card"]
    c = state.card(card)
    problem = place_problem(state, p, card)
    if problem:
        return problem
    to = args.get("to")
    if isinstance(to, str) and not to.startswith(f"p{p}."):
        return "you place characters in your own faction area (seed 4.3 ①)."
    if isinstance(to, str) and to != f"p{p}.faction.{c['faction']}":
        return (f"{c['name']} is {FACTION_NAMES[c['faction']]}: a character goes on the stack of its own "
                "faction (seed 4.3 ①).")
    return None


@LEGAL.check("break", rule="Breaking a character (seed 4.3 ②)")
def break_check(state, p: int, args: dict):
    tgt = args.get("target")
    return break_problem(state, p, args["card"], tgt) if isinstance(tgt, int) else None


@LEGAL.check("permanent", rule="Permanents (seed 4.3 ③)")
def permanent_check(state, p: int, args: dict):
    tgt = args.get("target")
    return permanent_problem(state, p, args["card"], tgt) if isinstance(tgt, int) else None


@LEGAL.check("power", rule="Power cards (seed 4.4)")
def power_check(state, p: int, args: dict):
    tgt = args.get("target")
    if isinstance(tgt, int) and 0 <= tgt < len(state.table.card):
        return power_host_problem(state, p, tgt)
    return "power cards go under your own active or dominated characters (seed 4.4)."


@LEGAL.check("attack", rule="Attack declaration (digest A.7.21)")
def attack_check(state, p: int, args: dict):
    problem = attacker_problem(state, p, args["card"])
    if problem:
        return problem
    target = args.get("target")
    if (target is None and args.get("to") == f"p{1 - p}.damage") or (target is not None and target in state.actives(p)):
        return None
    return "an attack targets the opponent or one of your own faction-area actives (digest A.7.21)."


@LEGAL.check("guard", rule="Guard declaration (digest A.7.23)")
def guard_check(state, p: int, args: dict):
    attacker = state.attack["attacker"] if state.attack else None
    problem = guard_problem(state, p, args["card"], attacker)
    if problem or (attacker is not None and args.get("target") == attacker):
        return problem
    return "the attacking character cannot guard against its own attack (digest A.7.23)."


@LEGAL.check("project", rule="Projects and fast cards (seed 4.3 ④⑤)")
@LEGAL.check("fast", rule="Projects and fast cards (seed 4.3 ④⑤)")
def card_play_check(state, p: int, args: dict):
    card, tgt = args.get("card"), args.get("target")
    c = state.card(card)
    kind = args["kind"]
    d = state.decision
    if c["type"] != kind:
        return f"{c['name']} is a {c['type']} card, not a {kind} card (seed 4.3)."
    if state.factor(p, c["faction"]) < c["factor"]:
        return (f"{c['name']} needs {FACTION_NAMES[c['faction']]} factor {c['factor']} and you dominate "
                f"{state.factor(p, c['faction'])} {FACTION_NAMES[c['faction']]} character(s) (seed 4.3 ④⑤).")
    if state.total_power(p) < c["cost"]:
        return (f"{c['name']} costs {c['cost']} power card(s) and your dominated characters hold "
                f"{state.total_power(p)} (seed 4.3 ④⑤).")
    if kind == "fast" and c["timing"] == "attack" and state.attack is None:
        return f"{c['name']} is played only while an attack is being resolved (card text)."
    if kind == "fast" and d.kind == "main" and p != state.active:
        return "fast cards are played in your own main phase or in a response window (seed 4.3 ⑤)."
    if c["target"] is not None and tgt is not None and tgt not in targets(state, p, c["target"]):
        return f"{c['name']} cannot aim at that character: {c['text'] or 'see the card text'} (card text)."


@LEGAL.check("activate", rule="Activated effects (seed 4.3 ⑥)")
def activate_check(state, p: int, args: dict):
    card = args["card"]
    c = state.card(card)
    ab = c["ability"] if c["type"] in ("character", "break") else []
    n = args.get("ability", 0)
    if not ab or not isinstance(n, int) or not 0 <= n < len(ab):
        return f"{c['name']} has no ① effect to use (seed 4.3 ⑥)."
    if state.table.owner[card] != p or not state.is_dominated(card):
        return "effects are used by your own dominated characters (seed 4.3 ⑥)."
    if state.total_power(p) < ab[n]["cost"]:
        return (f"the effect costs {ab[n]['cost']} power card(s) and your dominated characters hold "
                f"{state.total_power(p)} (seed 4.3 ⑥).")
    return None
