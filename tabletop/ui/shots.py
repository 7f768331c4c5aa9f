"""Render the documentation screenshots (docs/screenshots/*.png) headless.

    python -m tabletop.ui.shots [GAME] [OUT_DIR]

Every picture comes from the real app driven by posted events: the menu, a
table mid-game with a card zoomed, a drag in progress with its zones lit, a
battle step banner, the hand-off screen, the load screen, new game, settings,
the game-over panel, and the table in a small window.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def _post(app, typ, vpos, **kw):
    import pygame
    pygame.event.post(pygame.event.Event(typ, pos=app.to_window(vpos), **kw))


def _move(app, p, held=False):
    import pygame
    _post(app, pygame.MOUSEMOTION, p, rel=(2, 2), buttons=(1 if held else 0, 0, 0))
    app.step(dt=1 / 60)


def _agent_play(match, n, seed=5, stop=None):
    """Play up to ``n`` greedy choices on the match (not through the table)."""
    from tabletop.ai.agents import GreedyAgent
    agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    for _ in range(n):
        d = match.state.decision
        if d is None or (stop and stop(match.state)):
            return
        p = d.players[0]
        c = agents[p].choose(match.state, p)
        if c.kind in ("surrender", "concede"):
            c = next((x for x in d.choices_for(p) if x.kind not in ("surrender", "concede")), c)
        match.apply(c)


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    game_id = argv[0] if argv else "rush_duel"
    out = Path(argv[1] if len(argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    tmp = tempfile.mkdtemp(prefix="tabletop-shots-")
    os.environ["TABLETOP_SAVES"] = str(Path(tmp) / "saves")
    os.environ["TABLETOP_CONFIG"] = str(Path(tmp) / "config")

    import pygame

    from tabletop.engine.registry import get_game
    from tabletop.saves import Match, saves_dir
    from tabletop.ui.app import App
    from tabletop.ui.scenes import LoadScene, MenuScene, NewGameScene, SettingsScene
    from tabletop.ui.settings import Settings

    game = get_game(game_id)

    def shot(app, name):
        pygame.image.save(app.window, str(out / name))
        print(f"wrote {out / name}")

    def new_app(speed="instant", size=(1600, 900)):
        return App(size=size, settings=Settings(speed=speed, autopass_stop="always"), persist_settings=False)

    # a few saves for the menu's Continue and the load screen
    m = Match.new(game, seed=21)
    _agent_play(m, 30)
    m.name = "Friday rematch"
    m.save(saves_dir() / "friday_rematch.toml")
    m.save(saves_dir() / "autosave.toml")
    m2 = Match.new(game, seed=8)
    _agent_play(m2, 70)
    m2.name = "Close one"
    m2.save(saves_dir() / "close_one.toml")
    (saves_dir() / "edited.toml").write_text(m2.to_toml().replace("digest = \"", "digest = \"00"), encoding="utf-8")
    (saves_dir() / "half_written.toml").write_text(m2.to_toml()[:300], encoding="utf-8")

    app = new_app()
    app.reset_to(MenuScene(app))
    app.run_frames(2)
    shot(app, "menu.png")

    app.push(LoadScene(app))
    app.run_frames(2)
    scene = app.top
    i = next((i for i, s in enumerate(scene.labels) if s.startswith("edited")), 0)
    el = scene.list.item_list_container.elements[i]
    _post(app, pygame.MOUSEBUTTONDOWN, el.rect.center, button=1)
    app.step(dt=1 / 60)
    _post(app, pygame.MOUSEBUTTONUP, el.rect.center, button=1)
    app.run_frames(3)
    scene.load()  # the edited save: its error is shown in the window
    app.run_frames(3)
    shot(app, "load.png")

    app.reset_to(NewGameScene(app, game_id))
    app.run_frames(2)
    shot(app, "new_game.png")
    app.reset_to(SettingsScene(app))
    app.run_frames(2)
    shot(app, "settings.png")

    # a table mid-game, a card zoomed on hover
    mid = Match.new(game, seed=3)
    _agent_play(mid, 400, seed=3, stop=lambda st: st.turn >= 5 and st.decision and sum(1 for c in st.decision.choices if c.kind in ("summon", "set")) >= 4)
    app = new_app()
    table = app.start_match(mid, ("human", "human"))
    app.run_frames(3)
    if table.handoff_for is not None:
        table.set_viewer(table.handoff_for)
        table.handoff_for = None
    app.run_frames(2)
    table.log = [(e.for_player(0), e.for_player(1)) for e in _recent_events(game, mid, 14)]
    table._right = None
    hand = [sp for sp in table.order if sp.zone.endswith(".hand") and sp.card.get("card")]
    field = [sp for sp in table.order if sp.zone.endswith(".monster") and sp.card.get("card")]
    target = (field or hand or table.order)[0]
    _move(app, (target.x, target.y))
    app.run_frames(2)
    shot(app, "table_midgame.png")

    # a drag in progress with the zones where the card may go lit
    app.settings.speed = "normal"
    drag = next((sp for sp in table.order if table.drag_choices(sp.card.get("iid"))), None)
    if drag is not None:
        zones, _ = table.lit_for(drag.card["iid"])
        goal = next((table.layout.zones[i].rect.center for i, zd in enumerate(table.layout.zones) if table.zone_key(zd) in zones),
                    (600, 450))
        _move(app, (drag.x, drag.y))
        _post(app, pygame.MOUSEBUTTONDOWN, (drag.x, drag.y), button=1)
        app.step(dt=1 / 60)
        a = (drag.x, drag.y)
        for k in range(1, 9):
            _move(app, (a[0] + (goal[0] - a[0]) * k / 12, a[1] + (goal[1] - a[1]) * k / 12 - 20), held=True)
        shot(app, "drag.png")
        _post(app, pygame.KEYDOWN, (0, 0), key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        app.run_frames(60)

    # a battle step banner: fast-forward to an attack, then play it at slow speed
    bm = Match.new(game, seed=3)
    _agent_play(bm, 600, seed=3, stop=lambda st: st.decision and any(c.kind == "attack" for c in st.decision.choices))
    app = new_app(speed="slow")
    table = app.start_match(bm, ("human", "human"))
    app.run_frames(2)
    if table.handoff_for is not None:
        table.set_viewer(table.handoff_for)
        table.handoff_for = None
    d = bm.state.decision
    if d is not None:
        atk = next((c for c in d.choices if c.kind == "attack"), None)
        if atk is not None:
            table.apply_choice(atk, confirm=False)
            for _ in range(3000):
                app.step(dt=1 / 60)
                b = table.banner
                if b is not None and "damage" in b[0].kind and b[1] > 0.5:
                    shot(app, "banner.png")
                    break
                if not table.queue.busy:
                    break

    # the hand-off screen
    app = new_app()
    hm = Match.new(game, seed=5)
    table = app.start_match(hm, ("human", "human"))
    app.run_frames(2)
    for _ in range(400):
        if table.handoff_for is not None:
            break
        if table.can_act():
            d = table.ctl.state.decision
            ends = [c for c in d.choices_for(table.viewer) if c.kind.startswith("end")]
            table.apply_choice(ends[0] if ends else d.choices_for(table.viewer)[0], confirm=False)
        app.step(dt=1 / 60)
    app.run_frames(2)
    shot(app, "handoff.png")

    # game over
    app = new_app()
    gm = Match.new(game, seed=6)
    _agent_play(gm, 5000, seed=6)
    table = app.start_match(gm, ("human", "human"))
    table.log = [(e.for_player(0), e.for_player(1)) for e in _recent_events(game, gm, 10)]
    app.run_frames(100)
    shot(app, "game_over.png")

    # a tutorial lesson: the coach panel, the step's points lit, a pause at an event
    from tabletop.ui.scenes import list_lessons
    lessons = [l for l in list_lessons() if l["game"] == game_id]
    if lessons:
        from tabletop.ui.coach import start_lesson
        app = new_app(speed="normal")
        table = start_lesson(app, game_id, lessons[0]["path"])
        app.run_frames(3)
        shot(app, "lesson.png")
        table.coach.next()
        for _ in range(2000):
            app.step(dt=1 / 60)
            if table.coach.pause_caption:
                app.run_frames(20)
                shot(app, "lesson_pause.png")
                break

    # the smallest supported window
    app = new_app(size=(1024, 640))
    sm = Match.new(game, seed=3)
    _agent_play(sm, 200, seed=3, stop=lambda st: st.turn >= 4 and st.decision and st.decision.kind == "main_action")
    table = app.start_match(sm, ("human", "human"))
    app.run_frames(3)
    if table.handoff_for is not None:
        table.set_viewer(table.handoff_for)
        table.handoff_for = None
    app.run_frames(2)
    shot(app, "table_1024x640.png")
    pygame.quit()
    return 0


def _recent_events(game, match, n):
    """The last ``n`` events of a match, by replaying its log (for the log panel)."""
    st = match.initial_state()
    events = []
    for p, cid in match.log:
        events.extend(st.apply_id(cid, p))
    return events[-n:]


if __name__ == "__main__":
    raise SystemExit(main())
