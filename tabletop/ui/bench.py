"""Table benchmark: frame time while a table with >= 100 face-up cards animates.

The table is the game's real layout and card faces, shown from a view in
which every pile has been dealt out face up into its owner's other zones and
topped up with copies to well over 100 cards (a UI-side patch of
``view(None)``: the engine state is not touched). Card moves, counter pops and step banners are queued without end,
so every measured frame is animating. Each frame is a whole ``App.step``
(events, update, draw, present) at 1600x900.

A second measure plays against the computer and records the longest frame
while the computer thinks on its worker thread (the window must keep
answering: budget 50 ms).
"""

from __future__ import annotations

import os
import statistics
import time

from tabletop.i18n import N_


def _pct(xs, q):
    xs = sorted(xs)
    if not xs:
        return 0.0
    i = min(len(xs) - 1, max(0, int(round(q / 100.0 * (len(xs) - 1)))))
    return xs[i]


MIN_CARDS = 120   # cards spread over the table before frames are timed


def _busy_view(table, min_cards: int = MIN_CARDS) -> int:
    """Deal the view's cards out face up: every pile of the layout keeps its
    top card and gives the rest to its owner's fans, rows, grids and stacks;
    while fewer than ``min_cards`` are drawn, copies of the cards already
    shown are added (the engine state is not touched). Returns how many
    cards are drawn."""
    view = table.ctl.state.view(None)
    zones = view["zones"]
    spread = {}
    piles = []
    for zd in table.layout.zones:
        key = table.zone_key(zd)
        if key not in zones:
            continue
        if zd.kind == "pile":
            piles.append(key)
        elif zd.kind in ("fan", "row", "grid", "stack"):
            spread.setdefault(key.split(".", 1)[0], []).append(key)
    everywhere = [k for keys in spread.values() for k in keys]
    if not everywhere:
        return sum(1 for sp in table.order if sp.order >= 0)
    for k in piles:
        dests = spread.get(k.split(".", 1)[0]) or everywhere
        cards = zones[k]
        zones[k] = cards[-1:]
        for i, c in enumerate(cards[:-1]):
            c = dict(c)
            c["face"] = "up"
            zones[dests[i % len(dests)]].append(c)
    known = [c for k in everywhere for c in zones[k] if c.get("card") is not None]
    shown = sum(len(v) for v in zones.values())
    copy = 0
    while known and shown < min_cards:
        c = dict(known[copy % len(known)])
        c["iid"] = f"bench{copy}"
        c["face"] = "up"
        c["attached"] = []
        zones[everywhere[copy % len(everywhere)]].append(c)
        copy += 1
        shown += 1
    table.view = view
    table.relayout(snap=True)
    return sum(1 for sp in table.order if sp.order >= 0)


def _moves(table, rng, n=8):
    """Synthetic generic events: cards moving between the two hands, LP pops, a banner."""
    from tabletop.engine.core import Event

    out = []
    zones = table.view["zones"]
    hands = [table.zone_key(zd) for zd in table.layout.zones if zd.kind == "fan" and table.zone_key(zd) in zones]
    hands = hands or [table.zone_key(zd) for zd in table.layout.zones if table.zone_key(zd) in zones] or list(zones)
    for _ in range(n):
        a = hands[rng.randbelow(len(hands))]
        b = hands[rng.randbelow(len(hands))]
        if not zones[a]:
            continue
        idx = rng.randbelow(len(zones[a]))
        c = zones[a][idx]
        out.append(Event("card.move", N_("a card moves"), "bench", {
            "card": c.get("iid"), "card_id": c.get("card"), "from": a, "from_index": idx, "to": b,
            "index": rng.randbelow(len(zones[b]) + 1), "face": "up", "orient": "upright"}))
    p = rng.randbelow(2)
    out.append(Event("counter.change", N_("life changes"), "bench", {"player": p, "counter": "lp", "delta": -100, "value": 1000 + rng.randbelow(7000)}))
    out.append(Event("bench.step", N_("A resolution step plays as a banner naming its rule"), "bench rule 1.2", {}))
    return out


def run_ui_bench(game_id: str | None = None, frames: int = 600, seed: int = 7, load: str | None = None,
                 window: bool = False) -> dict:
    """Frame times of ``game_id``'s table (default: the first installed game),
    from a save (``load``: any position, e.g. one with full decks) or from the
    game's default set-up; in a real window with ``window`` (the display the
    environment names), else with no display."""
    if not window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from tabletop.engine.errors import TabletopError
    from tabletop.engine.registry import all_games, get_game
    from tabletop.engine.rng import PCG32
    from tabletop.saves import Match, load_match

    from .app import SPARE_IDLE_S, App
    from .settings import Settings

    if load:
        match = load_match(load, expect_game=game_id) if game_id else load_match(load)
        game = match.game
    else:
        if game_id is None:
            if not all_games():
                raise TabletopError("no games installed")
            game_id = next(iter(all_games()))
        game = get_game(game_id)
        match = Match.new(game, seed=seed)
    app = App(size=(1600, 900), settings=Settings(speed="fast"), persist_settings=False)
    try:
        table = app.start_match(match, ("human", "human"), frozen=True)
        table.refresh = table.relayout  # keep showing the dealt-out view between events
        app.run_frames(2)
        drawn = _busy_view(table)
        rng = PCG32(seed)
        # warm the caches (every face at every size it is drawn at, and the work
        # a table does ahead in spare time: every card's large face), as a real
        # table is after a turn, which it spends mostly waiting for a click: a
        # table waiting for a click does that work in 12 ms slices (App.step)
        for i in range(2000):
            if i >= 30 and not table.spare_left():
                break
            if not table.queue.busy:
                table.queue.push(_moves(table, rng))
            app.step([], dt=1 / 60)
            table.spare(time.perf_counter() + SPARE_IDLE_S)
        times = []
        cpu = []          # the drawing thread's own CPU time per frame: what other programs on the machine don't inflate
        animating = 0
        hover = [(sp.x, sp.y) for sp in table.order if sp.order >= 0]
        for i in range(frames):
            if not table.queue.busy:
                table.queue.push(_moves(table, rng))
            if i % 20 == 0 and hover:
                app.vmouse = hover[rng.randbelow(len(hover))]
                table.hover_key = getattr(table.sprite_at(app.vmouse), "key", None)
            t0, c0 = time.perf_counter(), time.thread_time()
            app.step([], dt=1 / 60)
            times.append((time.perf_counter() - t0) * 1000.0)
            cpu.append((time.thread_time() - c0) * 1000.0)
            if table.queue.busy or any(sp.x != sp.tx or sp.y != sp.ty for sp in table.order):
                animating += 1
        cards = sum(1 for sp in table.order if sp.order >= 0)
        think = _computer_stall(app, game, seed)
        return {
            "game": game.id,
            "frames": frames,
            "window": "1600x900",
            "cards_on_table": cards,
            "cards_drawn_at_start": drawn,
            "animating_frames": animating,
            "frame_ms_p50": round(statistics.median(times), 3),
            "frame_ms_p95": round(_pct(times, 95), 3),
            "frame_ms_p99": round(_pct(times, 99), 3),
            "frame_ms_max": round(max(times), 3),
            "fps_mean": round(1000.0 / statistics.mean(times), 1),
            "frame_cpu_ms_p50": round(statistics.median(cpu), 3),
            "frame_cpu_ms_p99": round(_pct(cpu, 99), 3),
            "max_frame_ms_while_computer_thinks": think["max_frame_ms"],
            "frames_while_computer_thinks": think["frames_while_thinking"],
            "computer_moves": think["computer_moves"],
            "budgets": {"frame_ms_p99": 8.0, "max_frame_ms_while_computer_thinks": 50.0},
        }
    finally:
        pygame.quit()


def _computer_stall(app, game, seed) -> float:
    """The longest frame during the computer's turns (it thinks on a worker
    thread; its moves play through the animation queue)."""
    from tabletop.saves import Match

    match = Match.new(game, seed=seed + 1)
    table = app.start_match(match, ("computer", "human"), frozen=False)
    table.ctl.match.autosave_path = None
    app.settings.speed = "fast"
    worst = 0.0
    frames = 0
    thinking_frames = 0
    deadline = time.perf_counter() + 6.0
    while time.perf_counter() < deadline and frames < 3000 and not table.ctl.over:
        was = table.ctl.thinking or table.ctl.is_computer(table.ctl.decider())
        t0 = time.perf_counter()
        app.step([], dt=1 / 60)
        ms = (time.perf_counter() - t0) * 1000.0
        if was or table.ctl.thinking:
            worst = max(worst, ms)
            thinking_frames += 1
        frames += 1
        if table.can_act():  # the person's turn: end it (the computer plays the rest)
            d = table.ctl.state.decision
            mine = [c for c in d.choices_for(table.viewer) if c.role != "resign"]
            ends = [c for c in mine if c.role in ("end", "pass")]
            if mine:
                table.apply_choice((ends or mine)[0], confirm=False)
        time.sleep(0.001)
    return {"max_frame_ms": round(worst, 3), "frames_while_thinking": thinking_frames, "computer_moves": sum(1 for p, _ in match.log if p == 0)}
