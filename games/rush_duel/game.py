"""The Rush Duel Game object: set-up, positions, card faces, deck rules, heuristic."""

from __future__ import annotations

from pathlib import Path

from tabletop.engine.core import Game
from tabletop.engine.errors import CardFileError, PositionError
from tabletop.engine.procedure import Step
from tabletop.engine.rng import PCG32

from . import carddb
from .effects import F_ATTACKED, F_CHANGED, F_SETTURN, F_SUMMONED, F_USED
from .rules.turn import START_HAND, START_LP
from .state import RushState
from .zones import Z

HERE = Path(__file__).resolve().parent

COLORS = {"normal": "#c9a24a", "effect": "#c0622b", "fusion": "#7b4fa0", "maximum": "#b8333a",
          "spell": "#1d8a74", "trap": "#a0306e"}


class RushDuelGame(Game):
    id = "rush_duel"
    title = "Yu-Gi-Oh! Rush Duel"
    rules_version = "1"
    description = "Fast duels: draw to five, summon as many monsters as you like, 8000 LP."
    phases = ("draw", "main", "battle", "end")
    turn_cap = 400
    package_dir = HERE

    def __init__(self, card_file: Path | None = None):
        self.card_file = card_file or HERE / "cards.toml"
        self._cards = None
        self._decks = None

    # -- cards and decks ------------------------------------------------------------------
    def _load(self) -> None:
        if self._cards is None:
            self._cards, self._decks = carddb.load_card_file(self.card_file)

    @property
    def cards(self) -> dict:
        self._load()
        return self._cards

    @property
    def decks(self) -> dict[str, list[str]]:
        self._load()
        return {n: list(d["cards"]) for n, d in self._decks.items()}

    def deck_info(self) -> dict:
        self._load()
        return {n: {"style": d["style"], "description": d["description"]} for n, d in self._decks.items()}

    def default_setup(self, rng=None) -> dict:
        names = sorted(self.decks)
        return {"players": [{"name": "Player 1", "deck": names[0]}, {"name": "Player 2", "deck": names[1 % len(names)]}]}

    def validate_deck(self, card_ids: list[str]) -> list[str]:
        return carddb.validate_deck(self.cards, card_ids)

    def describe_card(self, card_id: str) -> dict:
        c = self.cards[card_id]
        text = c["text"]
        if c["kind"] == "monster":
            if c["subtype"] == "maximum" and c["max_piece"] == "centre":
                stats = [["ATK", c["atk"]], ["DEF", c["def"]], ["MAXIMUM ATK", c["max_atk"]]]
            else:
                stats = [["ATK", c["atk"]], ["DEF", c["def"]]]
            tags = [c["attribute"], c["race"], c["subtype"].capitalize()]
            if c["subtype"] == "maximum":
                tags.append(f"Maximum [{c['max_piece'][0].upper()}]")
            color = COLORS[c["subtype"]]
            level = c["level"]
        else:
            stats = []
            tags = [f"{c['subtype'].capitalize()} {c['kind'].capitalize()}"]
            color = COLORS[c["kind"]]
            level = None
        if c["legend"]:
            tags.append("LEGEND")
        kw = [k.capitalize() for k in c["keywords"]]
        return {"name": c["name"], "type": c["kind"], "subtype": c["subtype"], "cost": None, "level": level,
                "stats": stats, "text": text, "keywords": kw, "color": color, "tags": tags,
                "legend": c["legend"]}

    # -- states ------------------------------------------------------------------------------
    def _deck_list(self, entry: dict, db: dict) -> list[str]:
        if isinstance(entry.get("cards"), list):
            ids = list(entry["cards"])
        else:
            name = entry.get("deck")
            decks = self.decks
            if name not in decks:
                raise PositionError(f"unknown deck {name!r} (decks: {', '.join(sorted(decks))})")
            ids = decks[name]
        for cid in ids:
            if cid not in db:
                raise PositionError(f"unknown card {cid!r} in a deck")
        return ids

    def new_state(self, setup: dict, seed: int) -> RushState:
        """Set-up (seed 2; digest 1.C rule 9): shuffle, decide the first player at random,
        each draws 4, 8000 LP; then turn 1 begins with its Draw Phase."""
        db = self.cards
        s = RushState(self, db, [])
        s.rng = PCG32(seed)
        players = setup.get("players", [])
        if len(players) != 2:
            raise PositionError("a Rush Duel set-up needs two players")
        lists = [self._deck_list(pl, db) for pl in players]
        s.names = [str(pl.get("name", f"Player {i + 1}")) for i, pl in enumerate(players)]
        t = s.table
        t.create(lists, [Z[0]["deck"], Z[1]["deck"]], s.rng)
        for p in (0, 1):
            deck = t.zones[Z[p]["deck"]]
            for i in [i for i in deck if carddb.is_extra(db[t.card[i]])]:
                deck.remove(i)
                t.zones[Z[p]["extra"]].append(i)
                t.zone[i] = Z[p]["extra"]
            s.rng.shuffle(deck)
        s.first = s.rng.randbelow(2)
        s.active = s.first
        events: list = []
        for p in (s.first, 1 - s.first):
            s.draw(p, START_HAND, events, "seed 2 (each player draws 4)")
        s.start_turn(events)
        s.run_steps(events)
        return s

    def state_from_data(self, data: dict) -> RushState:
        db = self.cards
        extra = data.get("extra_cards") or []
        if extra:
            db = carddb.index_extra(extra, db)
        return RushState.from_data(self, db, data)

    def from_position(self, position: dict, seed: int = 0, extra_cards: list | None = None) -> RushState:
        """Build a state from a position (schema in README.md)."""
        db = self.cards
        extra = list(extra_cards or [])
        if extra:
            try:
                db = carddb.index_extra(extra, db)
            except CardFileError as exc:
                raise PositionError(f"extra card definitions: {exc.detail}") from None
        if not isinstance(position, dict):
            raise PositionError("a position must be a table")
        s = RushState(self, db, extra)
        s.rng = PCG32(seed)
        try:
            s.turn_number = int(position.get("turn", 1))
            s.active = int(position.get("active", 0))
            s.first = int(position.get("first", s.active if s.turn_number % 2 == 1 else 1 - s.active))
            lp = position.get("lp", [START_LP, START_LP])
            s.life_points = [int(lp[0]), int(lp[1])]
        except (TypeError, ValueError, IndexError) as exc:
            raise PositionError(f"turn, active, first and lp must be numbers ({exc})") from None
        if s.active not in (0, 1) or s.first not in (0, 1) or s.turn_number < 1:
            raise PositionError("active and first must be 0 or 1 and turn at least 1")
        if "names" in position:
            s.names = [str(x) for x in position["names"]][:2]
        phase = position.get("phase", "main")
        if phase not in ("draw", "main", "battle", "end"):
            raise PositionError(f"phase {phase!r} is not one of draw, main, battle, end")
        t = s.table
        marks: dict[int, int] = {}
        maxi_centres: list[int] = []
        equips: list[tuple] = []

        def need(cid, where):
            if not isinstance(cid, str) or cid not in db:
                raise PositionError(f"unknown card {cid!r} in {where}")
            return cid

        for p in (0, 1):
            pos = position.get(f"p{p}", {})
            if not isinstance(pos, dict):
                raise PositionError(f"p{p} must be a table of zones")
            for key in pos:
                if key not in ("deck", "hand", "grave", "extra", "monster", "spell", "field"):
                    raise PositionError(f"p{p}: unknown zone {key!r}")
            for z in ("deck", "hand", "grave", "extra"):
                for cid in pos.get(z, []):
                    need(cid, f"p{p}.{z}")
                    t.add(cid, p, Z[p][z], face=1 if z == "grave" else 0)
            for n, m in enumerate(pos.get("monster", [])):
                if isinstance(m, str):
                    m = {"card": m}
                cid = need(m.get("card"), f"p{p}.monster")
                c = db[cid]
                if c["kind"] != "monster":
                    raise PositionError(f"p{p}.monster: {cid} is not a monster")
                if m.get("maximum"):
                    if c["subtype"] != "maximum" or c["max_piece"] != "centre":
                        raise PositionError(f"p{p}.monster: {cid} is not the centre of a Maximum set")
                    if t.count(Z[p]["monster"]):
                        raise PositionError(f"p{p}.monster: a Maximum monster fills all three Monster Zones")
                    ids = []
                    for slot, pid in enumerate(c["max_pieces"]):
                        ids.append(t.add(pid, p, Z[p]["monster"], face=1, orient=0, index=slot))
                    maxi_centres.append(ids)
                    iid = ids[1]
                else:
                    slot = m.get("slot", n)
                    if not isinstance(slot, int) or not 0 <= slot < 3 or t.zones[Z[p]["monster"]][slot] is not None:
                        raise PositionError(f"p{p}.monster: slot {slot!r} is not a free slot 0-2")
                    face = 0 if m.get("face", "up") == "down" else 1
                    pos_ = m.get("position", "def" if not face else "atk")
                    if pos_ not in ("atk", "def"):
                        raise PositionError(f"p{p}.monster: position must be 'atk' or 'def', not {pos_!r}")
                    if not face and pos_ == "atk":
                        raise PositionError(f"p{p}.monster: a face-down monster is in defense position")
                    iid = t.add(cid, p, Z[p]["monster"], face=face, orient=1 if pos_ == "def" else 0, index=slot)
                f = 0
                for key, bit in (("summoned_this_turn", F_SUMMONED), ("changed_position_this_turn", F_CHANGED),
                                 ("attacked_this_turn", F_ATTACKED), ("effect_used_this_turn", F_USED)):
                    if m.get(key):
                        f |= bit
                if f:
                    marks[iid] = f
            for n, sp in enumerate(pos.get("spell", [])):
                if isinstance(sp, str):
                    sp = {"card": sp}
                cid = need(sp.get("card"), f"p{p}.spell")
                if db[cid]["kind"] == "monster":
                    raise PositionError(f"p{p}.spell: {cid} is a monster")
                slot = sp.get("slot", n)
                if not isinstance(slot, int) or not 0 <= slot < 3 or t.zones[Z[p]["spell"]][slot] is not None:
                    raise PositionError(f"p{p}.spell: slot {slot!r} is not a free slot 0-2")
                face = 1 if sp.get("face", "down") == "up" else 0
                iid = t.add(cid, p, Z[p]["spell"], face=face, index=slot)
                if sp.get("set_this_turn"):
                    marks[iid] = F_SETTURN
                if "equip_to" in sp:
                    equips.append((iid, p, sp["equip_to"]))
            fld = pos.get("field")
            if fld:
                if isinstance(fld, str):
                    fld = {"card": fld, "face": "up"}
                cid = need(fld.get("card"), f"p{p}.field")
                if db[cid]["subtype"] != "field":
                    raise PositionError(f"p{p}.field: {cid} is not a field spell")
                t.add(cid, p, Z[p]["field"], face=0 if fld.get("face", "up") == "down" else 1, index=0)
        # equips are resolved by slot before the ids are shuffled
        eq_raw = []
        for iid, p, slot in equips:
            mon = t.zones[Z[p]["monster"]][slot] if isinstance(slot, int) and 0 <= slot < 3 else None
            if mon is None:
                raise PositionError(f"p{p}.spell: equip_to {slot!r} is not a monster slot of p{p}")
            c = db[t.card[iid]]
            eff = next((o for o in c["effect"] if o["op"] == "equip"), None)
            if eff is None:
                raise PositionError(f"p{p}.spell: {t.card[iid]} is not an equip spell")
            eq_raw.append((iid, mon, eff.get("atk", 0), eff.get("def", 0)))
        mapping = t.shuffle_iids(s.rng)
        s.card_flags = {mapping[k]: v for k, v in marks.items()}
        for ids in maxi_centres:
            for i in ids:
                s.maximum_centre[mapping[i]] = mapping[ids[1]]
        for sp, mon, a, d in eq_raw:
            s.equips[mapping[sp]] = (mapping[mon], a, d)
        events: list = []
        s.phase = phase
        if phase == "draw":
            s.steps = [Step("draw_phase")]
        elif phase == "main":
            s.steps = [Step("main_phase")]
        elif phase == "battle":
            if s.turn_number == 1:
                raise PositionError("the player going first has no Battle Phase on turn 1 (seed 3.3)")
            s.steps = [Step("battle_phase")]
        else:
            s.steps = [Step("end_phase")]
        s.run_steps(events)
        return s

    # -- computer opponent ------------------------------------------------------------------
    def heuristic(self, state: RushState, player: int) -> float:
        """LP difference, board strength, cards in hand and set cards (bigger is better).

        The position is first carried past the sub-decisions that follow the choice
        being weighed (:meth:`_settle`), so the one-step look-ahead sees what an
        attack or an advance summon really leads to, not a paused trap window."""
        s = self._settle(state)
        w = s.winner
        if w is not None:
            return 0.0 if w == "draw" else (1e6 if w == player else -1e6)
        me, op = player, 1 - player
        t = s.table
        score = (s.life_points[me] - s.life_points[op]) / 1000.0
        if s.life_points[op] <= 2000:
            score += (2000 - s.life_points[op]) / 500.0
        for p, sign in ((me, 1.0), (op, -1.0)):
            board = 0.0
            for i in s.units(p):
                board += 0.6 + self._unit_value(s, i, player) / 1000.0
            sets = 0.0
            for i in t.zones[Z[p]["spell"]]:
                if i is not None and not t.face[i]:
                    # a set trap waits for its timing; a set spell only hides what it is
                    sets += 0.35 if p != player or s.cd(i)["kind"] == "trap" else 0.15
            # own cards in hand are options kept; the rival's hand is not counted, since
            # every turn ends with their Draw Phase (seed 3.1) whatever was chosen
            hand = len(t.zones[Z[p]["hand"]]) if p == player else 0
            score += sign * (board * 1.2 + 0.25 * hand + sets)
        if s.active == me and s.phase in ("main", "battle") and s.turn != 1:
            # attacks still to come this turn (seed 3.3): go to battle rather than end the turn
            score += 0.05 * sum(1 for i in s.units(me) if t.face[i] and s.is_attack(i)
                                and not s.card_flags.get(i, 0) & F_ATTACKED)
        return score

    @staticmethod
    def _unit_value(s: RushState, i: int, viewer: int) -> float:
        """What a monster on the field is worth, as ``viewer`` knows it: its ATK in
        attack position, its DEF as a wall in defense; the viewer's own face-down
        monster by its real stats, the opponent's by a typical value."""
        t = s.table
        if t.face[i]:
            return s.atk(i) if s.is_attack(i) else max(s.deff(i), s.atk(i) * 0.6)
        if t.owner[i] == viewer:
            c = s.cd(i)
            return max(c["def"], c["atk"] * 0.6)
        return 900.0

    def _settle(self, state: RushState) -> RushState:
        """The position after the automatic answers to pending sub-decisions: trap
        windows pass, tributes are the tributing player's weakest monsters, a card
        pick takes the first card. Returns ``state`` itself when nothing is pending
        (never changes it; works on a clone)."""
        s = state
        for _ in range(16):
            d = s.decision
            if d is None or d.kind in ("main_action", "battle_action"):
                break
            if s is state:
                s = state.clone()
            if d.kind == "trap_response":
                c = next(c for c in d.choices if c.kind == "pass")
            elif d.kind == "choose_tributes":
                who = d.players[0]
                c = min((c for c in d.choices if c.kind == "tribute"),
                        key=lambda c: self._unit_value(s, c.args["card"], who))
            else:
                c = next(c for c in d.choices if c.kind != "surrender")
            s._apply(c)
        return s
