"""The Aquarian Age Game object: set-up, positions, card faces, deck checks and
the computer's evaluation."""

from __future__ import annotations

import os

from tabletop.engine.core import Game
from tabletop.engine.errors import CardFileError, PositionError
from tabletop.engine.procedure import Step
from tabletop.engine.rng import PCG32

from .carddb import FACTION_NAMES, FACTIONS, load_card_file, normalise_extra, skill_text
from .rules.turn import PHASES, stack_for_turn
from .state import AAState

HERE = os.path.dirname(os.path.abspath(__file__))
DECK_SIZE = 40
MAX_COPIES = 4
COLORS = {"ego": "#c8414b", "arayashiki": "#e0c04a", "wizdom": "#4a78c8", "darklore": "#6c4a9c", "eraser": "#d8d8e0"}
TYPE_COLORS = {"character": None, "break": None, "permanent": "#5a8f5a", "project": "#8f6a3a", "fast": "#3a8f8f"}


class AquarianAge(Game):
    """Aquarian Age, five factions (seed: E.G.O., Arayashiki, WIZ-DOM, Darklore, Eraser)."""

    id = "aquarian_age"
    title = "Aquarian Age"
    rules_version = "1"
    description = "Five factions fight for dominion: aggressive characters strike their own owner, power cards dominate."
    phases = PHASES
    turn_cap = 240
    package_dir = HERE

    def __init__(self, path: str | None = None):
        self._path = path or os.path.join(HERE, "cards.toml")
        self._cards = None
        self._decks = None

    def _load(self):
        if self._cards is None:
            self._cards, self._decks = load_card_file(self._path)
            for name, ids in self._decks.items():
                probs = self.validate_deck(ids)
                if probs:
                    raise CardFileError(f"deck {name!r}: {probs[0]}", self._path)

    @property
    def cards(self):
        self._load()
        return self._cards

    @property
    def decks(self):
        self._load()
        return self._decks

    # ------------------------------------------------------------------ decks
    def validate_deck(self, card_ids: list[str]) -> list[str]:
        """40 cards, at most 4 of a name (digest A.3.8)."""
        cards = self._cards if self._cards is not None else self.cards
        out = []
        if len(card_ids) != DECK_SIZE:
            out.append(f"a deck has exactly {DECK_SIZE} cards, this one has {len(card_ids)} (digest A.3.8)")
        by_name: dict[str, int] = {}
        for cid in card_ids:
            if cid not in cards:
                out.append(f"unknown card {cid!r}")
                continue
            n = cards[cid]["name"]
            by_name[n] = by_name.get(n, 0) + 1
        for n, k in sorted(by_name.items()):
            if k > MAX_COPIES:
                out.append(f"{k} copies of {n!r}: at most {MAX_COPIES} of a name (digest A.3.8)")
        return out

    def default_setup(self, rng=None) -> dict:
        names = sorted(self.decks)
        return {"players": [{"name": "Player 1", "deck": names[0]}, {"name": "Player 2", "deck": names[min(1, len(names) - 1)]}]}

    def _deck_ids(self, entry) -> list[str]:
        deck = entry.get("deck")
        if isinstance(deck, str):
            if deck not in self.decks:
                raise PositionError(f"unknown deck {deck!r} (known: {', '.join(sorted(self.decks))})")
            return list(self.decks[deck])
        if isinstance(deck, list) and all(isinstance(x, str) for x in deck):
            probs = self.validate_deck(deck)
            if probs:
                raise PositionError(f"illegal deck: {probs[0]}")
            return list(deck)
        raise PositionError("each player needs a 'deck': a deck name or a list of 40 card ids")

    # ------------------------------------------------------------------ states
    def new_state(self, setup: dict, seed: int) -> AAState:
        """Set-up (digest A.3.10): shuffle, decide who goes first, both draw 7, the
        second player may redraw once."""
        if "position" in setup:
            return self.from_position(setup["position"], seed, setup.get("extra_cards"))
        players = setup.get("players") or []
        if len(players) != 2:
            raise PositionError("a set-up needs exactly two players")
        s = AAState(self, self.cards)
        s.rng = PCG32(seed)
        decks = []
        for entry in players:
            ids = self._deck_ids(entry)
            s.rng.shuffle(ids)
            decks.append(ids)
        s.names = [str(e.get("name", f"Player {i + 1}")) for i, e in enumerate(players)]
        s.table.create(decks, ["p0.deck", "p1.deck"], s.rng)
        s.first = s.rng.randbelow(2)
        s.active = s.first
        s.turn = 1
        for p in (0, 1):
            for _ in range(7):
                s.table.move(s.table.zones[f"p{p}.deck"][0], f"p{p}.hand")
        s.steps = [Step("turn_begin"), Step("redraw", 0, {"player": 1 - s.first})]
        s.run_rules([])  # run to the first decision
        return s

    def state_from_data(self, data: dict) -> AAState:
        db = self.cards
        if data.get("extra_cards"):
            db = normalise_extra(data["extra_cards"], db)
        return AAState.from_data(self, db, data)

    def from_position(self, position: dict, seed: int = 0, extra_cards: list[dict] | None = None) -> AAState:
        """Build a state from a position (schema in README.md)."""
        if not isinstance(position, dict):
            raise PositionError("a position must be a table")
        db = self.cards
        if extra_cards:
            db = normalise_extra(extra_cards, db, "scenario cards")
        s = AAState(self, db, list(extra_cards or []))
        s.rng = PCG32(seed)
        players = position.get("players")
        if not isinstance(players, list) or len(players) != 2:
            raise PositionError("position.players must list exactly two players ([[position.players]])")
        s.turn = _int(position, "turn", 1, 1)
        s.active = _int(position, "active", 0, 0, 1)
        s.first = _int(position, "first", 0, 0, 1)
        phase = position.get("phase", "main")
        if phase not in ("setup",) + PHASES:
            raise PositionError(f"position.phase {phase!r} must be one of setup, {', '.join(PHASES)}")
        t = s.table

        def cid(x, where):
            if not isinstance(x, str) or x not in db:
                raise PositionError(f"{where}: unknown card {x!r}")
            return x

        def put_field(p, entry, zone, where):
            if isinstance(entry, str):
                entry = {"card": entry}
            if not isinstance(entry, dict) or "card" not in entry:
                raise PositionError(f"{where}: a field card is a card id or a table with 'card'")
            c = cid(entry["card"], where)
            if db[c]["type"] not in ("character", "break"):
                raise PositionError(f"{where}: {c} is not a character or break card")
            iid = t.add(c, p, zone, face=1)
            for k in ("under", "permanents", "power"):
                if not isinstance(entry.get(k, []), list):
                    raise PositionError(f"{where}: '{k}' must be a list of card ids")
            for u in entry.get("under", []) or []:
                t.add(cid(u, where), p, f"att.{iid}", face=1)
            for pm in entry.get("permanents", []) or []:
                if db[cid(pm, where)]["type"] != "permanent":
                    raise PositionError(f"{where}: {pm} is not a permanent")
                t.add(pm, p, f"att.{iid}", face=1)
            pw = entry.get("power", []) or []
            if not isinstance(pw, list):
                raise PositionError(f"{where}: 'power' must be a list of card ids")
            for x in pw:
                t.add(cid(x, where), p, f"att.{iid}", face=0)
            return iid

        for p, pl in enumerate(players):
            if not isinstance(pl, dict):
                raise PositionError(f"position.players[{p}] must be a table")
            s.names[p] = str(pl.get("name", f"Player {p + 1}"))
            for zname, face in (("deck", 0), ("hand", 0), ("damage", 1), ("discard", 1)):
                lst = pl.get(zname, [])
                if not isinstance(lst, list):
                    raise PositionError(f"players[{p}].{zname} must be a list of card ids")
                for x in lst:
                    t.add(cid(x, f"players[{p}].{zname}"), p, f"p{p}.{zname}", face=face)
            fac = pl.get("faction", {}) or {}
            if not isinstance(fac, dict):
                raise PositionError(f"players[{p}].faction must be a table of faction = [cards, bottom first]")
            for f in fac:
                if f not in FACTIONS:
                    raise PositionError(f"players[{p}].faction: unknown faction {f!r} (known: {', '.join(FACTIONS)})")
            # the seed's faction order, never the table's key order (a save rewrites key order)
            for f in (x for x in FACTIONS if x in fac):
                lst = fac[f]
                if not isinstance(lst, list):
                    raise PositionError(f"players[{p}].faction.{f} must be a list of field cards, bottom first")
                for n, e in enumerate(lst):
                    put_field(p, e, f"p{p}.faction.{f}", f"players[{p}].faction.{f}[{n}]")
            dom = pl.get("dominion", []) or []
            if not isinstance(dom, list):
                raise PositionError(f"players[{p}].dominion must be a list of field cards")
            for n, e in enumerate(dom):
                put_field(p, e, f"p{p}.dominion", f"players[{p}].dominion[{n}]")
        t.shuffle_iids(s.rng)
        if phase == "setup":
            s.steps = [Step("turn_begin"), Step("redraw", 0, {"player": 1 - s.first})]
        else:
            s.steps = stack_for_turn(s.turn, phase)
        s.phase = phase
        s.run_rules([])
        return s

    # ------------------------------------------------------------------ faces
    def describe_card(self, card_id: str) -> dict:
        c = self.cards.get(card_id)
        if c is None:
            return {"name": card_id, "type": "?", "stats": [], "text": "", "keywords": [], "color": "#777777", "tags": []}
        stats = []
        if c["type"] in ("character", "break"):
            atk = f"({c['attack']})" if c["mental_attack"] else c["attack"]
            stats = [["MEN", c["mental"]], ["ATK", atk], ["DUR", c["durability"]]]
        kws = [skill_text(k, v) for k, v in c["skills"].items()]
        if c["type"] in ("character", "break") and c["guard_cost"] != 1:
            kws.append(f"Guard cost {c['guard_cost']}")
        text = c["text"]
        for a in c["ability"]:
            line = f"{_circled(a['cost'])}: {a['text']}"
            text = f"{text}\n{line}" if text else line
        tags = [FACTION_NAMES[c["faction"]]] + [i.capitalize() for i in c["icons"]]
        if c["name_level"]:
            tags.append("Name-level")
        return {"name": c["name"], "type": c["type"], "subtype": FACTION_NAMES[c["faction"]],
                "cost": c["cost"] if c["type"] != "character" else None,
                "level": c["factor"] if c["type"] != "character" else None,
                "stats": stats, "text": text, "keywords": kws,
                "color": TYPE_COLORS.get(c["type"]) or COLORS[c["faction"]], "tags": tags}

    # ------------------------------------------------------------------ AI
    def heuristic(self, state: AAState, player: int) -> float:
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


def _char_worth(s: AAState, iid: int) -> float:
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


def _side(s: AAState, p: int) -> float:
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


def _attack_outlook(s: AAState, att: int, p: int) -> float:
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


def _circled(n: int) -> str:
    """An activated effect's cost as printed, a circled number (seed 4.3 ⑥ "①")."""
    return chr(0x2460 + n - 1) if 1 <= n <= 20 else f"({n})"


def _int(d: dict, key: str, default: int, lo: int, hi: int | None = None) -> int:
    v = d.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or (hi is not None and v > hi):
        rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise PositionError(f"position.{key} must be an integer {rng}, not {v!r}")
    return v
