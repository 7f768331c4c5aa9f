"""Render the documentation screenshots headless, as tools/shots.toml lists them.

    python tools/shots.py [--out DIR] [--list] [--file SHOTS.toml] [--lang ko] [NAME ...]

Each picture comes from the real app on the real engines, driven by posted
pointer events and the table's own methods. The file says, for each shot,
the game, the seed, how far greedy players play before the table opens and
what happens at the table then (see the comments at the top of shots.toml).
This script knows no game: a new game gets screenshots by adding entries.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DT = 1 / 60
SHOTS_FILE = Path(__file__).resolve().parent / "shots.toml"


class ShotError(Exception):
    """A shot that can't be taken as described (its moment never came)."""


# -- driving the app ----------------------------------------------------------------------------
def _post(app, typ, vpos, **kw):
    import pygame
    pygame.event.post(pygame.event.Event(typ, pos=app.to_window(vpos), **kw))


def _move(app, p, held=False):
    import pygame
    _post(app, pygame.MOUSEMOTION, p, rel=(2, 2), buttons=(1 if held else 0, 0, 0))
    app.step(dt=DT)


def _click(app, p):
    import pygame
    _post(app, pygame.MOUSEBUTTONDOWN, p, button=1)
    app.step(dt=DT)
    _post(app, pygame.MOUSEBUTTONUP, p, button=1)
    app.step(dt=DT)


def _new_app(speed="instant", size=(1600, 900)):
    from tabletop.ui.app import App
    from tabletop.ui.settings import Settings
    return App(size=tuple(size), settings=Settings(speed=speed, autopass_stop="always"), persist_settings=False)


def _greedy(seed):
    from tabletop.ai.agents import GreedyAgent
    return [GreedyAgent(seed), GreedyAgent(seed + 1)]


def _greedy_choice(agents, state, player):
    """The greedy player's choice, never resigning while anything else is legal."""
    c = agents[player].choose(state, player)
    if c.role == "resign":
        c = next((x for x in state.decision.choices_for(player) if x.role != "resign"), c)
    return c


def agent_play(match, n, seed):
    """Up to ``n`` greedy choices on the match (not through the table)."""
    agents = _greedy(seed)
    for _ in range(n):
        d = match.state.decision
        if d is None:
            return
        p = d.players[0]
        match.apply(_greedy_choice(agents, match.state, p))


def recent_events(match, n):
    """The last ``n`` events of a match, by replaying its log (for the log panel)."""
    st = match.initial_state()
    events = []
    for p, cid in match.log:
        events.extend(st.apply_id(cid, p))
    return events[-n:]


def _find(match, cid, player=None):
    d = match.state.decision
    c = d.find(cid, player) if d is not None else None
    if c is None:
        raise ShotError(f"choice {cid!r} is not legal here")
    return c


def _match(spec):
    from tabletop.engine.registry import get_game
    from tabletop.saves import Match

    game = get_game(spec["game"])
    setup = game.default_setup()
    setup.update(spec.get("setup", {}))
    seed = int(spec.get("seed", 1))
    match = Match(game, setup, seed)
    agent_play(match, int(spec.get("play", 0)), int(spec.get("agent_seed", seed)))
    for player, cid in spec.get("apply", []):
        match.apply(_find(match, cid, player))
    return match


def _seat(app, match):
    """Open the match at one screen on the deciding player's side."""
    table = app.start_match(match, ("human", "human"))
    app.run_frames(2, DT)
    if table.handoff_for is not None:
        table.set_viewer(table.handoff_for)
        table.handoff_for = None
    app.run_frames(2, DT)
    return table


def _fill_log(table, match, n):
    table.log = table.log_of(recent_events(match, 6 * n))[-n:]
    table._right = None


def _wait_banner(app, table, texts, after=0.35, caption_without="", frames=6000) -> bool:
    """Step the app until a banner whose kind contains one of ``texts`` has
    shown for ``after`` seconds; False when the animations ran out first."""
    for _ in range(frames):
        app.step(dt=DT)
        b = table.banner
        if (b is not None and any(t in b[0].kind for t in texts) and b[1] >= after
                and not (caption_without and caption_without in (b[0].caption or ""))):
            return True
        if not table.queue.busy:
            return False
    return False


# -- table steps ----------------------------------------------------------------------------------
def _hover(app, table, parts):
    for part in parts:
        sp = next((s for s in table.order if part in s.zone and s.card.get("card") and s.order >= 0), None)
        if sp is not None:
            _move(app, (sp.x, sp.y))
            return
    raise ShotError(f"no card to hover in a zone like {parts}")


def _hold(app, table):
    """Pick up the first card that has a drag and carry it towards a lit zone."""
    import pygame
    drag = next((sp for sp in table.order if table.drag_choices(sp.card.get("iid"))), None)
    if drag is None:
        raise ShotError("no card can be dragged")
    zones, _ = table.lit_for(drag.card["iid"])
    goal = next((zd.rect.center for zd in table.layout.zones if table.zone_key(zd) in zones), (600, 450))
    _move(app, (drag.x, drag.y))
    _post(app, pygame.MOUSEBUTTONDOWN, (drag.x, drag.y), button=1)
    app.step(dt=DT)
    a = (drag.x, drag.y)
    for k in range(1, 9):
        _move(app, (a[0] + (goal[0] - a[0]) * k / 12, a[1] + (goal[1] - a[1]) * k / 12 - 20), held=True)


def _greedy_until(app, table, match, step):
    """Greedy players play on the match until a choice would produce one of
    the step's event kinds; it plays at the table until the banner shows."""
    kinds = set(step["greedy_until"])
    agents = _greedy(int(step.get("agent_seed", 1)))
    for _ in range(int(step.get("max", 800))):
        d = match.state.decision
        if d is None:
            break
        p = table.ctl.decider()
        c = _greedy_choice(agents, match.state, p)
        probe = match.state.clone()
        seen = {e.kind for e in probe.apply(probe.decision.find(c.id, c.player))}
        if p != table.viewer:
            table.set_viewer(p)
        if seen & kinds:
            if "log" in step:
                _fill_log(table, match, int(step["log"]))
            table.apply_choice(c, confirm=False)
            if _wait_banner(app, table, step.get("banner", sorted(kinds)), float(step.get("after", 0.35))):
                return
            table.skip()
            continue
        match.apply(c)
        table.refresh()
    raise ShotError(f"no choice produced {sorted(kinds)}")


def _until_handoff(app, table):
    """End each turn at the table (or take the first choice) until the hand-off screen shows."""
    for _ in range(400):
        if table.handoff_for is not None:
            return
        if table.can_act():
            mine = table.ctl.state.decision.choices_for(table.viewer)
            ends = [c for c in mine if c.role == "end"]
            table.apply_choice(ends[0] if ends else mine[0], confirm=False)
        app.step(dt=DT)
    raise ShotError("the hand-off screen never showed")


def _to_first_move(app, table):
    """Next through a lesson until a step asks for a move (its points light the table)."""
    run = table.ctl.run
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


def _hint(app, table, frames=1200):
    """H at the open table, then frames until the hint is thought out and shown
    (the search thinks the Settings' time, on the wall clock)."""
    import time
    table.request_hint()
    for _ in range(frames):
        app.step(dt=DT)
        h = table.hint
        if h is None:
            break
        if h.get("error"):
            raise ShotError(f"the hint failed: {h['error']}")
        if h["hint"] is not None:
            app.run_frames(2, DT)
            return
        time.sleep(DT)
    raise ShotError("the hint never showed")


def _until_pause(app, table):
    for _ in range(2000):
        app.step(dt=DT)
        if table.coach.pause_caption:
            return
    raise ShotError("the lesson never paused")


# the keys that name a step (the others are its options), checked in this order
STEP_KEYS = ("greedy_until", "log", "hover", "hold", "speed", "view", "apply", "play", "banner",
             "until_handoff", "next", "until_pause", "to_first_move", "hint", "frames")


def run_steps(app, table, match, steps):
    for step in steps:
        if "greedy_until" in step:
            _greedy_until(app, table, match, step)
        elif "log" in step:
            _fill_log(table, match, int(step["log"]))
        elif "hover" in step:
            _hover(app, table, step["hover"])
        elif "hold" in step:
            _hold(app, table)
        elif "speed" in step:
            app.settings.speed = step["speed"]
        elif "view" in step:
            table.set_viewer(int(step["view"]))
        elif "apply" in step:
            match.apply(_find(match, step["apply"], step.get("player")))
            table.refresh()
        elif "play" in step:
            table.apply_choice(_find(match, step["play"], step.get("player")), confirm=False)
        elif "banner" in step:
            if not _wait_banner(app, table, step["banner"], float(step.get("after", 0.35)), step.get("caption_without", "")):
                raise ShotError(f"no banner like {step['banner']} showed")
        elif "until_handoff" in step:
            _until_handoff(app, table)
        elif "next" in step:
            table.coach.next()
        elif "until_pause" in step:
            _until_pause(app, table)
        elif "to_first_move" in step:
            _to_first_move(app, table)
        elif "hint" in step:
            _hint(app, table)
        elif "frames" in step:
            app.run_frames(int(step["frames"]), DT)
        else:
            raise ShotError(f"unknown step {step!r}")


# -- flows ------------------------------------------------------------------------------------------
def _lesson_path(game_id, name):
    from tabletop.ui.scenes import list_lessons
    for entry in list_lessons():
        if entry["game"] == game_id and entry["id"] == name:
            return entry["path"]
    raise ShotError(f"{game_id} has no lesson {name!r}")


def _flow_table(spec):
    match = _match(spec)
    app = _new_app(spec.get("speed", "instant"), spec.get("size", (1600, 900)))
    table = _seat(app, match)
    run_steps(app, table, match, spec.get("steps", []))
    return app


def _flow_replay(spec):
    """The replay viewer over the match the greedy players made: ``at`` choices
    in, ``event`` steps of the next one shown, ``view`` 1, 2 or "all" (both
    players agreed to see everything)."""
    from tabletop.replay import Pos, Replay
    from tabletop.ui.replay_scene import ReplayScene
    replay = Replay.from_match(_match(spec))
    view = spec.get("view", 1)
    viewer = None if view == "all" else int(view) - 1
    if viewer is None and not replay.everything_allowed():
        replay.agree_everything()
    app = _new_app(spec.get("speed", "instant"), spec.get("size", (1600, 900)))
    at = Pos(min(int(spec.get("at", replay.n)), replay.n), int(spec.get("event", 0)))
    app.reset_to(ReplayScene(app, replay, pos=replay.clamp(at), viewer=viewer))
    app.run_frames(3, DT)
    return app


def _flow_lesson(spec):
    from tabletop.ui.coach import start_lesson
    app = _new_app(spec.get("speed", "instant"), spec.get("size", (1600, 900)))
    table = start_lesson(app, spec["game"], _lesson_path(spec["game"], spec["lesson"]))
    app.run_frames(3, DT)
    run_steps(app, table, table.ctl.run, spec.get("steps", []))
    return app


def _flow_lesson_end(spec):
    """A lesson played to its end panel (which marks it completed)."""
    from tabletop.ui.coach import start_lesson
    app = _new_app("instant")
    table = start_lesson(app, spec["game"], _lesson_path(spec["game"], spec["lesson"]))
    run = table.ctl.run
    while not run.finished:
        table.coach.arm()
        table.play(run.advance())
        table.skip()
        table.coach.resume()
    app.run_frames(4, DT)
    app.vmouse = (1400, 400)
    app.run_frames(3, DT)
    return app


def _flow_tutorial_list(spec):
    from tabletop.tutorial import progress
    from tabletop.ui.scenes import MenuScene
    from tabletop.ui.tutorial_menu import TutorialScene
    for game_id, name in spec.get("completed", []):
        progress.mark_completed(game_id, _lesson_path(game_id, name))
    app = _new_app("instant")
    app.reset_to(MenuScene(app))
    app.push(TutorialScene(app, game_id=spec["select"][0] if spec.get("select") else None))
    app.run_frames(2, DT)
    scene = app.top
    if spec.get("select"):
        path = _lesson_path(*spec["select"])
        i = next(i for i, (k, entry) in enumerate(scene.rows) if k == "lesson" and entry["path"] == path)
        _click(app, scene.list.item_list_container.elements[i].rect.center)
    app.run_frames(3, DT)
    return app


def _flow_screen(spec):
    from tabletop.ui.scenes import LoadScene, MenuScene, NewGameScene, SettingsScene
    app = _new_app("instant")
    flow = spec["flow"]
    if flow == "menu":
        app.reset_to(MenuScene(app))
    elif flow == "new_game":
        scene = NewGameScene(app, spec["game"])
        app.reset_to(scene)
        if spec.get("mode"):
            scene.mode = spec["mode"]
            app._rebuild()
    elif flow == "settings":
        app.reset_to(SettingsScene(app))
    else:  # load: the save named by ``select`` picked (a bad one shows its error)
        app.reset_to(MenuScene(app))
        app.run_frames(2, DT)
        app.push(LoadScene(app))
        app.run_frames(2, DT)
        scene = app.top
        if spec.get("select"):
            i = next((i for i, s in enumerate(scene.labels) if s.startswith(spec["select"])), 0)
            _click(app, scene.list.item_list_container.elements[i].rect.center)
            app.run_frames(3, DT)
            scene.load()
        app.run_frames(3, DT)
        return app
    app.run_frames(2, DT)
    return app


def _flow_deck_builder(spec):
    """The Deck builder with a preconstructed deck open (``deck``, default the
    first), ``add`` card ids added to it, and the pool card ``hover`` (an
    index) zoomed."""
    from tabletop.ui.deckbuilder import PRE, DeckBuilderScene
    app = _new_app("instant")
    scene = DeckBuilderScene(app, spec["game"])
    app.reset_to(scene)
    decks = scene.model.game.decks
    scene.open_item(PRE + spec.get("deck", next(iter(decks))))
    for cid in spec.get("add", []):
        scene.add_card(cid)
    app.run_frames(2, DT)
    if "hover" in spec:
        _move(app, scene.pool_cards()[int(spec["hover"])][1].center)
    app.run_frames(2, DT)
    return app


FLOWS = {"table": _flow_table, "replay": _flow_replay, "deck_builder": _flow_deck_builder, "lesson": _flow_lesson, "lesson_end": _flow_lesson_end,
         "tutorial_list": _flow_tutorial_list, "menu": _flow_screen, "load": _flow_screen,
         "new_game": _flow_screen, "settings": _flow_screen}


def write_saves(saves):
    """The [[save]] entries, written to the private saves folder."""
    from tabletop.saves import saves_dir
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for spec in saves:
        path = folder / spec["file"]
        if "from" in spec:
            text = (folder / spec["from"]).read_text(encoding="utf-8")
            if spec.get("damage") == "digest":
                text = text.replace('digest = "', 'digest = "00')
            elif spec.get("damage") == "truncate":
                text = text[:300]
            path.write_text(text, encoding="utf-8")
            continue
        match = _match({**spec, "play": 0})
        agent_play(match, int(spec.get("play", 0)), int(spec.get("agent_seed", 5)))
        match.name = spec.get("name", "")
        match.save(path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="only these shots (file names, with or without .png)")
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--file", default=str(SHOTS_FILE), help="the list of shots (default: tools/shots.toml)")
    ap.add_argument("--list", action="store_true", help="list the shots and stop")
    ap.add_argument("--lang", choices=("en", "ko", "ja"), default="en",
                    help="the language of the screens (default en; the documentation's shots are English)")
    args = ap.parse_args(argv)

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # a fresh home folder, with the app's folders where a new player's are on
    # Linux: the screens name them from "~", as they would for the player
    tmp = Path(tempfile.mkdtemp(prefix="tabletop-shots-"))
    os.environ["HOME"] = str(tmp)
    os.environ["TABLETOP_SAVES"] = str(tmp / ".local" / "share" / "tabletop" / "saves")
    os.environ["TABLETOP_CONFIG"] = str(tmp / ".config" / "tabletop")
    os.environ["TABLETOP_DECKS"] = str(tmp / ".local" / "share" / "tabletop" / "decks")
    os.environ["TABLETOP_LANG"] = args.lang
    from tabletop import i18n
    i18n.set_language(args.lang)

    from tabletop.engine import tomlio
    data = tomlio.load(args.file)
    shots = data.get("shot", [])
    if args.list:
        for s in shots:
            print(f"{s['name']:<28} {s.get('flow', 'table'):<14} {s.get('game', '')}")
        return 0
    wanted = {n if n.endswith(".png") else n + ".png" for n in args.names}
    unknown = wanted - {s["name"] for s in shots}
    if unknown:
        print(f"shots: no shot named {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    import pygame
    write_saves(data.get("save", []))
    failed = 0
    for spec in shots:
        if wanted and spec["name"] not in wanted:
            continue
        try:
            app = FLOWS[spec.get("flow", "table")](spec)
            pygame.image.save(app.window, str(out / spec["name"]))
            print(f"wrote {out / spec['name']}")
        except ShotError as exc:
            failed += 1
            print(f"shots: {spec['name']} not taken: {exc}", file=sys.stderr)
    pygame.quit()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
