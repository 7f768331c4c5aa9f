"""Render the tutorial screenshots (docs/screenshots/tutorial_list.png and
lesson_end.png) headless, from the real app:

    python -m tabletop.ui.tutorshots [OUT_DIR]

The Tutorial screen with completion marks (two Rush Duel lessons completed
plus two of another game, in a private settings folder), and the end panel of the first Rush Duel
lesson ("What you learned", "Play on against the computer").
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    out = Path(argv[0] if argv else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    tmp = tempfile.mkdtemp(prefix="tabletop-tshots-")
    os.environ["TABLETOP_SAVES"] = str(Path(tmp) / "saves")
    os.environ["TABLETOP_CONFIG"] = str(Path(tmp) / "config")

    import pygame

    from tabletop.tutorial import progress
    from tabletop.ui.app import App
    from tabletop.ui.coach import start_lesson
    from tabletop.ui.scenes import MenuScene, TutorialScene, list_lessons
    from tabletop.ui.settings import Settings

    def shot(app, name):
        app.run_frames(3)
        pygame.image.save(app.window, str(out / name))
        print(f"wrote {out / name}")

    lessons = [l for l in list_lessons() if l["game"] == "rush_duel"] or list_lessons()
    if not lessons:
        print("no lessons installed")
        return 1
    app = App(size=(1600, 900), settings=Settings(speed="instant"), persist_settings=False)
    try:
        # the end panel of the first lesson (finishing it marks it completed)
        first = lessons[0]
        table = start_lesson(app, first["game"], first["path"])
        run = table.ctl.run
        while not run.finished:
            table.coach.arm()
            table.play(run.advance())
            table.skip()
            table.coach.resume()
        app.run_frames(4)
        app.vmouse = (1400, 400)
        shot(app, "lesson_end.png")
        if len(lessons) > 2:
            progress.mark_completed(lessons[2]["game"], lessons[2]["path"])
        for other in [l for l in list_lessons() if l["game"] != first["game"]][:2]:
            progress.mark_completed(other["game"], other["path"])
        app.reset_to(MenuScene(app))
        app.push(TutorialScene(app))
        app.run_frames(2)
        scene = app.top
        i = next(i for i, (k, l) in enumerate(scene.rows) if k == "lesson" and l["path"] == first["path"])
        el = scene.list.item_list_container.elements[i]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.to_window(el.rect.center), button=1))
        app.step(dt=1 / 60)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.to_window(el.rect.center), button=1))
        app.step(dt=1 / 60)
        shot(app, "tutorial_list.png")
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
