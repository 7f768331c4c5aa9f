"""Rule scenarios: a position, steps and expectations (DESIGN.md).

A scenario file (TOML)::

    name = "Advance summon of a level 7 needs two tributes"
    game = "rush_duel"
    rules = ["seed 3.2.1.1 advance summon"]   # the rule(s) it checks (required)
    seed = 0                                  # optional
    [position]  ...                           # the game's position schema
    [[cards]]   ...                           # optional extra card definitions

    [[steps]]
    player = 0                                # who must be deciding
    kind = "summon"
    args = { card = "@RD-001@p0.hand" }       # a subset of the choice's args
    [[steps]]
    player = 0
    kind = "attack"
    absent = true                             # this choice must NOT be offered
    [steps.expect]                            # optional checks after this step
    values = { "players.1.counters.lp" = 7000 }
    step_events = ["battle.damage"]           # events of this step alone, in order
    step_events_absent = ["card.flip"]        # (events / events_absent count from the start)

    [expect]
    values = { "zones.p1.grave.len" = 1, "zones.p0.monster.0.card" = "RD-001" }
    contains = { "zones.p1.grave.ids" = ["RD-001"] }
    events = ["battle.damage_calc", "counter.change"]   # in this order (others may come between)
    events_absent = ["card.flip"]
    winner = 0
    viewer = 1          # optional: check values/contains in view(1) instead of view(None)

A card may be named instead of an iid: ``"@CARDID"``, ``"@CARDID@ZONE"`` and
``"@CARDID@ZONE#N"`` (the N-th such card, from 0) resolve to an iid in
``view(None)``. Paths are dotted into ``view(None)``; a number indexes a list;
``len`` is a list's length; ``ids`` is the list of card ids of a zone.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from .engine import tomlio
from .engine.core import Event, State
from .engine.errors import IllegalChoice, ScenarioError, TabletopError
from .engine.registry import get_game


@dataclass
class ScenarioResult:
    path: str
    name: str
    passed: bool
    message: str = ""
    rules: list = field(default_factory=list)


class ScenarioFailure(Exception):
    pass


def _zone_cards(view: dict):
    for zname, cards in view.get("zones", {}).items():
        if not isinstance(cards, list):
            continue
        for c in cards:
            if not isinstance(c, dict):
                continue
            yield zname, c
            for a in c.get("attached", []) or []:
                if isinstance(a, dict):
                    yield zname, a


def resolve_ref(ref, view: dict):
    """Turn "@CARDID[@ZONE][#N]" into an iid; other values pass through."""
    if isinstance(ref, list):
        return [resolve_ref(r, view) for r in ref]
    if not (isinstance(ref, str) and ref.startswith("@")):
        return ref
    body = ref[1:]
    nth = 0
    if "#" in body:
        body, n = body.rsplit("#", 1)
        nth = int(n)
    zone = None
    if "@" in body:
        body, zone = body.split("@", 1)
    found = [c["iid"] for z, c in _zone_cards(view)
             if c.get("card") == body and (zone is None or z == zone) and c.get("iid") is not None]
    if len(found) <= nth:
        where = f" in {zone}" if zone else ""
        raise ScenarioFailure(f"no card {body!r}{where} (copy #{nth}) to resolve {ref!r}")
    return found[nth]


_MISSING = object()


def get_path(view: dict, path: str):
    """Follow a dotted path into a view. Zone keys contain a dot themselves
    ("zones.p0.hand.len"): when a part is not a key, it is joined with the
    parts after it until a key matches."""
    return _walk(view, path.split("."))


def _walk(cur, parts: list[str]):
    if not parts:
        return cur
    part, rest = parts[0], parts[1:]
    if part == "len" and isinstance(cur, (list, dict, str)):
        return _walk(len(cur), rest)
    if part == "ids" and isinstance(cur, list):
        return _walk([c.get("card") if isinstance(c, dict) else None for c in cur], rest)
    if isinstance(cur, list):
        try:
            return _walk(cur[int(part)], rest)
        except (ValueError, IndexError):
            return _MISSING
    if isinstance(cur, dict):
        for n in range(1, len(parts) + 1):
            key = ".".join(parts[:n])
            if key in cur:
                got = _walk(cur[key], parts[n:])
                if got is not _MISSING:
                    return got
        if part.isdigit() and int(part) in cur:
            return _walk(cur[int(part)], rest)
    return _MISSING


def _in_order(wanted: list[str], kinds: list[str], where: str) -> None:
    i = 0
    for k in kinds:
        if i < len(wanted) and k == wanted[i]:
            i += 1
    if i < len(wanted):
        raise ScenarioFailure(
            f"{where}: event {wanted[i]!r} (number {i + 1} of the expected order) did not come in order; "
            f"events were: {', '.join(kinds) or 'none'}")


def _check_expect(expect: dict, state: State, kinds: list[str], where: str, step_kinds: list[str] | None = None) -> None:
    if not isinstance(expect, dict):
        raise ScenarioError(f"{where}: 'expect' must be a table")
    viewer = expect.get("viewer")  # check what one player sees instead of everything
    if viewer is not None and viewer not in (0, 1):
        raise ScenarioError(f"{where}: 'viewer' must be 0 or 1")
    view = state.view(viewer)
    for path, want in (expect.get("values") or {}).items():
        got = get_path(view, path)
        if got is _MISSING:
            raise ScenarioFailure(f"{where}: {path} does not exist in the view")
        if got != want:
            raise ScenarioFailure(f"{where}: {path} is {got!r}, expected {want!r}")
    for path, want in (expect.get("contains") or {}).items():
        got = get_path(view, path)
        if got is _MISSING or not isinstance(got, list):
            raise ScenarioFailure(f"{where}: {path} is not a list in the view")
        for w in (want if isinstance(want, list) else [want]):
            if w not in got:
                raise ScenarioFailure(f"{where}: {path} = {got!r} does not contain {w!r}")
    if "winner" in expect:
        want = expect["winner"]
        if state.winner != want:
            raise ScenarioFailure(f"{where}: winner is {state.winner!r}, expected {want!r}")
    if "decision" in expect:
        want = expect["decision"]
        d = state.decision
        got = d.kind if d else None
        if got != want:
            raise ScenarioFailure(f"{where}: pending decision is {got!r}, expected {want!r}")
    _in_order(expect.get("events") or [], kinds, where)
    for k in expect.get("events_absent") or []:
        if k in kinds:
            raise ScenarioFailure(f"{where}: event {k!r} happened but must not")
    if step_kinds is not None:
        _in_order(expect.get("step_events") or [], step_kinds, where + " (this step's events)")
        for k in expect.get("step_events_absent") or []:
            if k in step_kinds:
                raise ScenarioFailure(f"{where}: event {k!r} happened in this step but must not")


def load_scenario(path: str) -> dict:
    data = tomlio.load(path, ScenarioError)
    for key in ("name", "game", "rules", "position"):
        if key not in data:
            raise ScenarioError(f"the field {key!r} is missing", path)
    if not isinstance(data["rules"], list) or not data["rules"]:
        raise ScenarioError("'rules' must name at least one rule the scenario checks", path)
    if not isinstance(data.get("steps", []), list):
        raise ScenarioError("'steps' must be an array of tables ([[steps]])", path)
    return data


def run_scenario(path: str) -> ScenarioResult:
    path = os.fspath(path)
    try:
        data = load_scenario(path)
    except TabletopError as exc:
        return ScenarioResult(path, os.path.basename(path), False, f"bad scenario file: {exc}")
    name = str(data["name"])
    rules = list(data["rules"])
    try:
        game = get_game(data["game"])
        state = game.from_position(data["position"], int(data.get("seed", 0)), data.get("cards"))
        kinds: list[str] = []
        for n, step in enumerate(data.get("steps", []), 1):
            where = f"step {n}"
            if not isinstance(step, dict) or "kind" not in step:
                raise ScenarioError(f"{where} needs a 'kind'", path)
            view = state.view(None)
            args = {k: resolve_ref(v, view) for k, v in (step.get("args") or {}).items()}
            d = state.decision
            if step.get("absent"):
                if d is not None:
                    pool = d.choices if "player" not in step else d.choices_for(step["player"])
                    bad = [c for c in pool if c.matches(step["kind"], args)]
                    if bad:
                        raise ScenarioFailure(f"{where}: {bad[0].id} is offered but must not be")
            else:
                if d is None:
                    raise ScenarioFailure(f"{where}: the game is over (winner {state.winner!r}) before {step['kind']}")
                player = step.get("player")
                if player is not None and player not in d.players:
                    raise ScenarioFailure(
                        f"{where}: player {player} should decide but the decision ({d.kind}) is player {d.players[0]}'s")
                if "decision" in step and d.kind != step["decision"]:
                    raise ScenarioFailure(f"{where}: pending decision is {d.kind!r}, expected {step['decision']!r}")
                pool = d.choices if player is None else d.choices_for(player)
                match = [c for c in pool if c.matches(step["kind"], args)]
                if not match:
                    offered = ", ".join(c.id for c in pool[:12])
                    why = state.why_not(step["kind"], args, player)
                    raise ScenarioFailure(
                        f"{where}: no legal {step['kind']} with {args} ({why}); offered: {offered}")
                events: list[Event] = state.apply(match[0])
                step_kinds = [e.kind for e in events]
                kinds.extend(step_kinds)
            if "expect" in step:
                _check_expect(step["expect"], state, kinds, where, step_kinds if not step.get("absent") else [])
        _check_expect(data.get("expect", {}), state, kinds, "at the end")
        return ScenarioResult(path, name, True, "", rules)
    except ScenarioFailure as exc:
        return ScenarioResult(path, name, False, str(exc), rules)
    except IllegalChoice as exc:
        return ScenarioResult(path, name, False, f"illegal choice: {exc}", rules)
    except TabletopError as exc:
        return ScenarioResult(path, name, False, f"bad scenario: {exc}", rules)
    except Exception as exc:  # an engine bug: report it as a failure, keep going
        import traceback

        tb = traceback.extract_tb(exc.__traceback__)[-1]
        return ScenarioResult(path, name, False,
                              f"engine error {type(exc).__name__}: {exc} ({os.path.basename(tb.filename)}:{tb.lineno})", rules)


def expand(paths: list[str]) -> list[str]:
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, _dirs, files in os.walk(p):
                out.extend(os.path.join(root, f) for f in sorted(files) if f.endswith(".toml"))
        else:
            out.append(p)
    return sorted(out) if all(os.path.isdir(p) for p in paths) else out
