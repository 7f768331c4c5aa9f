"""Render the per-game documentation screenshots headless.

    python -m tabletop.ui.gameshots [OUT_DIR] [NAME ...]

Riftbound mid-game and a cleanup step banner, Lumen Condenser's judgment step
banner and its ready phase hiding the opponent's pick (timed play, the
countdown running), Aquarian Age's faction-phase cascade and a dominion area
with power cards, and one lesson step of every game (the coach overlay on the
real table). Every picture comes from the real app on the real engines.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

DT = 1 / 60


def _app(speed="instant", size=(1600, 900)):
    from tabletop.ui.app import App
    from tabletop.ui.settings import Settings
    return App(size=size, settings=Settings(speed=speed, autopass_stop="always"), persist_settings=False)


def _seat(app, match, seats=("human", "human")):
    """Open the match on the table at the deciding player's side."""
    table = app.start_match(match, seats)
    app.run_frames(2, DT)
    if table.handoff_for is not None:
        table.set_viewer(table.handoff_for)
        table.handoff_for = None
    app.run_frames(2, DT)
    return table


def _fill_log(table, match, n=14):
    from tabletop.ui.shots import _recent_events
    table.log = [(e.for_player(0), e.for_player(1)) for e in _recent_events(match.game, match, n)]
    table._right = None


def _drag(app, a, b, steps=10):
    import pygame
    from tabletop.ui.shots import _move, _post
    _move(app, a)
    _post(app, pygame.MOUSEBUTTONDOWN, a, button=1)
    app.step(dt=DT)
    for i in range(1, steps + 1):
        _move(app, (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps), held=True)
    _post(app, pygame.MOUSEBUTTONUP, b, button=1)
    app.step(dt=DT)


def _play_until_banner(app, table, want, after=0.35, frames=6000):
    """Step the app until a banner whose kind satisfies ``want`` has shown for
    ``after`` seconds; True when it did."""
    for _ in range(frames):
        app.step(dt=DT)
        b = table.banner
        if b is not None and want(b[0].kind) and b[1] >= after:
            return True
        if not table.queue.busy:
            return False
    return False


def riftbound(out, shot):
    from tabletop.engine.registry import get_game
    from tabletop.saves import Match
    from tabletop.ui.shots import _agent_play
    game = get_game("riftbound")

    # mid-game: units at both battlefields, runes exhausted, a card zoomed
    m = Match.new(game, seed=11)
    _agent_play(m, 400, seed=11, stop=lambda st: st.turn >= 7 and st.decision is not None and st.decision.kind == "main_action"
                and sum(len(st.view(0)["zones"].get(f"p{p}.bf{b}", [])) for p in (0, 1) for b in (0, 1)) >= 3)
    app = _app()
    table = _seat(app, m)
    _fill_log(table, m)
    from tabletop.ui.shots import _move
    bf = [sp for sp in table.order if ".bf" in sp.zone and sp.card.get("card")]
    if bf:
        _move(app, (bf[0].x, bf[0].y))
    app.run_frames(2, DT)
    shot(app, "riftbound_table.png")

    # a cleanup step banner: play on slowly until a cleanup event shows
    m2 = Match.new(game, seed=4)
    app = _app(speed="slow")
    table = _seat(app, m2)
    from tabletop.ai.agents import GreedyAgent
    agents = [GreedyAgent(4), GreedyAgent(5)]
    for _ in range(800):
        d = m2.state.decision
        if d is None:
            break
        p = table.ctl.decider()
        c = agents[p].choose(m2.state, p)
        if c.kind in ("surrender", "concede"):
            c = next(x for x in d.choices_for(p) if x.kind not in ("surrender", "concede"))
        probe = m2.state.clone()
        kinds = [e.kind for e in probe.apply(probe.decision.find(c.id, c.player))]
        if p != table.viewer:
            table.set_viewer(p)
        if any(k in ("cleanup.kill", "cleanup.start_combat", "cleanup.start_showdown") for k in kinds):
            _fill_log(table, m2)
            table.apply_choice(c, confirm=False)
            if _play_until_banner(app, table, lambda k: k in ("cleanup.start_showdown", "cleanup.start_combat", "cleanup.recall")):
                shot(app, "riftbound_cleanup.png")
                return
            table.skip()
            continue
        m2.apply(c)
        table.refresh()


def lumen(out, shot):
    from tabletop.engine.registry import get_game
    from tabletop.saves import Match
    from tabletop.ui.shots import _agent_play
    game = get_game("lumen_condenser")
    setup = game.default_setup()
    setup["timed"] = True

    # the ready phase at one screen: player 1 has readied; player 2 sees only a
    # face-down card in player 1's battle zone, and the countdown runs
    m = Match(game, setup, 7)
    _agent_play(m, 300, seed=7, stop=lambda st: st.turn >= 3 and st.decision is not None and st.decision.kind == "ready"
                and len(st.decision.players) == 2)
    d = m.state.decision
    c = next(c for c in d.choices_for(0) if c.kind == "ready")
    m.apply(c)
    app = _app()
    table = _seat(app, m)
    _fill_log(table, m, 10)
    app.run_frames(150, DT)   # 2.5 s of the countdown
    shot(app, "lumen_ready_hidden.png")

    # a judgment step banner, in the seed's order
    m2 = Match.new(game, seed=9)
    _agent_play(m2, 300, seed=9, stop=lambda st: st.turn >= 2 and st.decision is not None and st.decision.kind == "ready"
                and len(st.decision.players) == 2)
    from tabletop.ai.agents import GreedyAgent
    app = _app(speed="slow")
    table = _seat(app, m2)
    _fill_log(table, m2, 10)
    d = m2.state.decision
    m2.apply(GreedyAgent(1).choose(m2.state, 0))
    table.refresh()
    c = GreedyAgent(2).choose(m2.state, 1)
    table.set_viewer(1)
    table.apply_choice(c, confirm=False)
    if _play_until_banner(app, table, lambda k: k == "judgment.fp_speed", after=0.4):
        shot(app, "lumen_judgment.png")


def aquarian(out, shot):
    from tabletop.engine.registry import get_game
    from tabletop.saves import Match
    from tabletop.ui.shots import _agent_play
    game = get_game("aquarian_age")

    # a dominion area with power cards under its characters (the power card phase)
    m = Match.new(game, seed=3)
    _agent_play(m, 600, seed=3, stop=lambda st: st.turn >= 5 and st.decision is not None and st.decision.kind == "power"
                and len(st.view(st.decision.players[0])["zones"].get(f"p{st.decision.players[0]}.dominion", [])) >= 2
                and len(st.view(st.decision.players[0])["zones"].get(f"p{st.decision.players[0]}.hand", [])) >= 3)
    app = _app()
    table = _seat(app, m)
    # power cards go under the dominated characters by dragging hand cards onto them
    p = table.viewer
    for i in range(3):
        d = m.state.decision
        v = m.state.view(p)
        if d is None or d.kind != "power" or len(v["zones"].get(f"p{p}.hand", [])) <= 1:
            break
        legal = {c.args.get("target") for c in d.choices_for(p) if c.kind == "power"}
        dom = sorted((c for c in v["zones"].get(f"p{p}.dominion", []) if c.get("iid") in legal),
                     key=lambda c: len(c.get("attached") or []))
        want = dom[0].get("iid") if dom else None
        c = next((c for c in d.choices_for(p) if c.kind == "power" and c.args.get("target") == want), None)
        if c is None:
            break
        plan = table.plan(c)
        if plan and plan[0] == "drag":
            _drag(app, plan[1], plan[2])
        else:
            table.apply_choice(c, confirm=False)
        app.run_frames(30, DT)
    _fill_log(table, m)
    app.run_frames(2, DT)
    shot(app, "aquarian_dominion.png")

    # the faction phase: faction by faction, a caption for each check
    m2 = Match.new(game, seed=5)
    _agent_play(m2, 400, seed=5, stop=lambda st: st.turn >= 5 and st.decision is not None and st.decision.kind == "discard"
                or (st.turn >= 5 and st.decision is not None and st.decision.kind == "power"))
    app = _app(speed="slow")
    table = _seat(app, m2)
    _fill_log(table, m2)
    from tabletop.ai.agents import GreedyAgent
    ag = GreedyAgent(5)
    for _ in range(40):
        d = m2.state.decision
        if d is None:
            break
        p = table.ctl.decider()
        c = ag.choose(m2.state, p)
        probe = m2.state.clone()
        kinds = [e.kind for e in probe.apply(probe.decision.find(c.id, c.player))]
        if "faction.check" in kinds:
            active = probe.view(None).get("active", p)
            if active != table.viewer:
                table.set_viewer(active)
            table.apply_choice(c, confirm=False)
            n = 0
            for _ in range(6000):
                app.step(dt=DT)
                b = table.banner
                if b is not None and b[0].kind == "faction.check" and b[1] >= 0.3:
                    n += 1
                    if n >= 2 and "no active" not in (b[0].caption or ""):
                        shot(app, "aquarian_faction.png")
                        return
                if not table.queue.busy:
                    break
            return
        m2.apply(c)
        table.refresh()


def lessons(out, shot):
    """One step of the first lesson of every game: the coach on the real table."""
    from tabletop.ui.coach import start_lesson
    from tabletop.ui.scenes import list_lessons
    pick = {"rush_duel": 0, "riftbound": 2, "lumen_condenser": 0, "aquarian_age": 1}
    by_game: dict = {}
    for l in list_lessons():
        by_game.setdefault(l["game"], []).append(l)
    for gid, i in pick.items():
        ls = by_game.get(gid)
        if not ls:
            continue
        app = _app(speed="instant")
        table = start_lesson(app, gid, ls[min(i, len(ls) - 1)]["path"])
        app.run_frames(3, DT)
        run = table.ctl.run
        # on to the first step that asks for a move (its points light the table)
        for _ in range(6):
            st = run.step
            if st is None or st.do is not None:
                break
            table.coach.next()
            for _ in range(300):
                app.step(dt=DT)
                if table.coach.pause_caption:
                    table.coach.resume()
                if not table.queue.busy:
                    break
        app.run_frames(20, DT)
        shot(app, f"lesson_{gid}.png")


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    out = Path(argv[0] if argv else "docs/screenshots")
    only = set(argv[1:])
    out.mkdir(parents=True, exist_ok=True)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    tmp = tempfile.mkdtemp(prefix="tabletop-shots-")
    os.environ["TABLETOP_SAVES"] = str(Path(tmp) / "saves")
    os.environ["TABLETOP_CONFIG"] = str(Path(tmp) / "config")
    import pygame

    def shot(app, name):
        pygame.image.save(app.window, str(out / name))
        print(f"wrote {out / name}")

    for name, fn in (("riftbound", riftbound), ("lumen", lumen), ("aquarian", aquarian), ("lessons", lessons)):
        if not only or name in only:
            fn(out, shot)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
