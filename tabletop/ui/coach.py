"""Tutorial lessons on the table: the coach panel (caption, step count, Back /
Next / Restart), the things a step points at (zones, cards, counters,
buttons) lit on the table, pauses that stop the animation at an event to
explain it, hints when the learner does something else, and what was learned
at the end. The lesson itself runs headless in ``tabletop.tutorial.lesson``.

When the end panel ("What you learned") shows, the lesson is marked completed
(tabletop.tutorial.progress), and it offers "Play on against the computer":
a normal match from the lesson's final position (:func:`play_on`).
"""

from __future__ import annotations

import math

import pygame

from tabletop.engine.errors import TabletopError

from . import gfx

PANEL = pygame.Rect(1256, 54, 338, 420)


class _LessonMatch:
    """What the table reads from a match, for a lesson (never saved)."""

    def __init__(self, game, run):
        self.game = game
        self._run = run
        self.ui: dict = {}
        self.name = ""
        self.seed = run.lesson.seed
        self.autosave_path = None

    @property
    def log(self):
        return self._run.history

    @property
    def state(self):
        return self._run.state


class LessonController:
    """The table's controller for a lesson: the learner is player 1 (index 0)
    and may only make the step's choice; the rival's moves are scripted."""

    seats = ["human", "scripted"]
    saves = None
    conceded = None
    thinking = False
    hotseat = False

    def __init__(self, game, lesson):
        from tabletop.tutorial.lesson import LessonRun

        self.run = LessonRun(game, lesson)
        self.match = _LessonMatch(game, self.run)
        self.coach = None

    @property
    def state(self):
        return self.run.state

    @property
    def over(self) -> bool:
        return self.run.finished or self.run.state.decision is None

    def humans(self):
        return [0]

    def home_viewer(self) -> int:
        return 0

    def decider(self):
        st = self.run.step
        if st is None or st.do is None or self.run.state.decision is None:
            return None
        return st.do.player if st.do.player is not None else self.run.state.decision.players[0]

    def is_computer(self, p) -> bool:
        return False

    def apply(self, choice):
        ok, why = self.run.allows(choice)
        if not ok:
            raise TabletopError(why or "Not yet: follow the caption for this step.")
        if self.coach is not None:
            self.coach.arm()
        return self.run.advance(choice)

    def start_thinking(self, player):
        pass

    def poll_computer(self):
        return None

    def wait_computer(self, timeout=0.0):
        pass

    def auto_choice(self, player, stop):
        return None

    def needs_confirm(self, choice) -> bool:
        return False

    def concede(self, player):
        pass


class Coach:
    """The coach overlay of one lesson on a table scene."""

    def __init__(self, table, ctl: LessonController):
        self.table = table
        self.ctl = ctl
        ctl.coach = self
        self.run = ctl.run
        self.pauses: list = []
        self.pause_caption = ""
        self.buttons: list = []
        self.t = 0.0
        self._points_cache = None
        self.playing_step = 0
        self.marked = False      # progress.mark_completed done for this run
        self.button_rects: dict = {}
        self.shown_caption = ""  # the step caption the panel shows (tests read it)
        self._play_on_ok = None  # (history length, can the lesson be played on)

    # -- lesson flow ------------------------------------------------------------------
    def arm(self) -> None:
        """The step about to be played: its pauses wait for their events."""
        st = self.run.step
        self.pauses = list(st.pauses) if st is not None else []
        self.playing_step = self.run.step_index

    def on_event(self, ev) -> None:
        """A step's pauses stop in order: each at the next event of its kind
        after the previous pause (so two pauses on one kind stop at its first
        and second occurrence, and a later kind is never taken early)."""
        if self.pauses and self.pauses[0].event == ev.kind:
            p = self.pauses.pop(0)
            self.pause_caption = p.caption
            self.table.queue.hold = True

    def resume(self) -> None:
        self.pause_caption = ""
        self.table.queue.hold = False

    def next(self) -> None:
        if self.table.queue.busy or self.run.finished:
            return
        st = self.run.step
        if st is not None and st.do is not None:
            # Next (or Enter) on a step that asks for a move: say so. The step's hint
            # answers a wrong move ("Setting would put ... face down") and read as
            # nonsense to someone who had only pressed Enter.
            self.table.app.toast("This step asks for a move on the table: make the move the caption describes "
                                 "(the lit cards and zones show where).")
            return
        self.arm()
        try:
            events = self.run.advance()
        except TabletopError as exc:
            self.table.app.toast(str(exc))
            return
        self._points_cache = None
        self.table.play(events)

    def back(self) -> None:
        if self.table.queue.busy and not self.pause_caption:
            return
        self.resume()
        self.table.queue.clear()
        self.table._log_pending.clear()
        self.run.back()
        self._points_cache = None
        self.table.set_viewer(0)

    def restart(self) -> None:
        self.resume()
        self.table.queue.clear()
        self.table._log_pending.clear()
        self.table.log.clear()
        self.run.restart()
        self._points_cache = None
        self.table.set_viewer(0)

    def leave(self, where: str) -> None:
        from .scenes import MenuScene, TutorialScene
        app = self.table.app
        app.reset_to(MenuScene(app))
        if where == "lessons":
            app.push(TutorialScene(app))

    # -- input -------------------------------------------------------------------------
    def click(self, pos) -> bool:
        for r, act in self.buttons:
            if r.collidepoint(pos):
                act()
                return True
        return PANEL.collidepoint(pos)

    def key(self, key) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT):
            if self.pause_caption:
                self.resume()
            else:
                self.next()
            return True
        if key == pygame.K_LEFT:
            self.back()
            return True
        return False

    # -- what the step points at ---------------------------------------------------------
    def points(self) -> list[pygame.Rect]:
        st = self.run.step
        if st is None:
            return []
        out = []
        for ref in st.point:
            out.extend(self.resolve(ref))
        held = self.table.held_card
        if held is not None:  # the held card is in the hand: don't ring the gap it left
            home = held.rect()
            out = [r for r in out if r != home]
        return out

    def resolve(self, ref: str, view=None) -> list[pygame.Rect]:
        """Where one ``point`` entry is on the screen: a zone (``self.hand``,
        ``p0.hand``, ``shared.chain``), a card (``@CARD@zone``), a counter
        (``counter:self.lp``) or an action button (``button:end_turn``); empty
        when it is not on screen now."""
        table = self.table
        out = []
        try:
            if ref.startswith("counter:"):
                owner, _, key = ref[8:].partition(".")
                if owner in ("p0", "p1"):
                    owner = "self" if int(owner[1]) == table.viewer else "opp"
                for cd in table.layout.counters:
                    if cd.owner == owner and cd.key == key:
                        out.append(cd.rect)
            elif ref.startswith("button:"):
                kind = ref[7:]
                for b in table.bar_buttons:
                    if b.payload is not None and b.payload.kind == kind:
                        out.append(b.rect)
                if not out:  # a choice of a card, offered by dragging or clicking that card
                    for c in table.my_choices():
                        if c.kind == kind and c.args.get("card") is not None:
                            sp = table.sprites.get(c.args["card"])
                            if sp is not None and sp.order >= 0:
                                out.append(sp.rect())
            elif ref.startswith("@"):
                from tabletop.scenario import resolve_ref
                iid = resolve_ref(ref, view if view is not None else self.run.state.view(None))
                sp = table.sprites.get(iid)
                if sp is not None and sp.order >= 0:
                    out.append(sp.rect())
            else:
                for zd in table.layout.zones:
                    if zd.key == ref or table.zone_key(zd) == ref:
                        out.append(zd.rect)
        except Exception:  # a reference that does not resolve now is simply not lit
            return []
        return out

    # -- drawing ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        if self.run.finished and not self.table.queue.busy and not self.marked:
            self.mark_completed()

    def mark_completed(self) -> None:
        """The end panel is up: keep the lesson as completed in the settings folder."""
        from tabletop.tutorial import progress

        self.marked = True
        try:
            progress.mark_completed(self.ctl.match.game.id, self.run.lesson.path)
        except OSError as exc:  # a read-only settings folder must not stop the lesson
            self.table.app.toast(f"Could not keep your progress: {exc}")

    def can_play_on(self) -> bool:
        """A lesson that ends with the game still going can be played on (when
        its position survives being saved: see lesson_match)."""
        if not self.run.finished or self.run.state.decision is None:
            return False
        key = len(self.run.history)
        if self._play_on_ok is None or self._play_on_ok[0] != key:
            try:
                lesson_match(self.ctl.match.game, self.run)
                self._play_on_ok = (key, True)
            except TabletopError:
                self._play_on_ok = (key, False)
        return self._play_on_ok[1]

    def play_on(self) -> None:
        try:
            play_on(self.table.app, self.ctl.match.game, self.run, self.table.log)
        except TabletopError as exc:
            self.table.app.toast(f"Can't play on from here: {exc}")

    def draw_points(self, surf) -> None:
        if self.table.queue.busy:  # the step's events are playing: its points come after
            return
        pulse = 0.5 + 0.5 * math.sin(self.t * 5.0)
        col = tuple(int(a + (b - a) * pulse) for a, b in zip((255, 170, 40), (255, 240, 140)))
        for r in self.points():
            pygame.draw.rect(surf, col, r.inflate(12, 12), 4, border_radius=10)

    def step_text(self) -> str:
        """The panel's step count; after Next it moves on at once."""
        n = len(self.run.lesson.steps)
        return f"Step {min(self.run.step_index + 1, n)} of {n}"

    def draw(self, surf) -> None:
        run = self.run
        lesson = run.lesson
        finished = run.finished and not self.table.queue.busy
        gfx.panel(surf, PANEL, (28, 34, 46), gfx.ACCENT, 10, 2)
        x, y, w = PANEL.x + 14, PANEL.y + 10, PANEL.w - 28
        title = gfx.wrap(lesson.title, 20, w, True)  # a long title on two lines, not cut
        if len(title) > 2:
            title = [title[0], gfx.fit(" ".join(title[1:]), 20, w, True)]
        for ln in title:
            gfx.blit_text(surf, ln, 20, (x, y), gfx.ACCENT, True)
            y += 24
        y += 4
        n = len(lesson.steps)
        gfx.blit_text(surf, "Lesson complete - marked done in the lesson list" if finished else self.step_text(),
                      15, (x, y), gfx.DIM, True)
        y += 24
        self.buttons = []
        self.button_rects = {}   # label -> rect of the panel's buttons (tests and screenshots use it)
        body = pygame.Rect(x, y, w, PANEL.bottom - 62 - y)
        if finished:
            play = self.can_play_on()
            bottom = PANEL.bottom - (112 if play else 62)
            gfx.blit_text(surf, "What you learned:", 17, (x, y), gfx.TEXT, True)
            y += 24
            for item in lesson.learn_list:
                used = gfx.blit_wrapped(surf, "- " + item, 15, pygame.Rect(x, y, w, bottom - y), gfx.TEXT)
                y += used + 6
                if y > bottom - 8:
                    break
            self._buttons(surf, [("Lessons", lambda: self.leave("lessons")), ("Restart", self.restart), ("Menu", lambda: self.leave("menu"))])
            if play:
                self._buttons(surf, [("Play on against the computer", self.play_on)], y=PANEL.bottom - 100, main=True)
            return
        st = run.step
        if self.pause_caption:
            lines = gfx.wrap(self.pause_caption, 17, w - 12)
            lh = gfx.font(17).get_linesize() - 2
            box = pygame.Rect(x - 4, y, w + 8, min(PANEL.bottom - 66 - y, len(lines) * lh + 16))
            gfx.panel(surf, box, (52, 44, 20), gfx.ACCENT, 8, 1)
            gfx.blit_wrapped(surf, self.pause_caption, 17, box.inflate(-12, -12), gfx.TEXT)
            gfx.blit_text(surf, "Continue (Enter) plays on.", 15, (x, box.bottom + 8), gfx.DIM)
            self._buttons(surf, [("Back", self.back), ("Continue", self.resume)])
            return
        if self.table.queue.busy and 0 <= self.playing_step < n:
            # the step just made is playing out: its caption stays until its events
            # have played (the next step's caption would describe a table not yet
            # shown, e.g. "your FP is now +4" with the FP still at 0)
            played = lesson.steps[self.playing_step]
            self.shown_caption = played.caption
            used = gfx.blit_wrapped(surf, played.caption, 17, body, gfx.TEXT)
            gfx.blit_text(surf, "Watch the steps play (Space skips).", 15, (x, min(body.bottom - 18, y + used + 12)), gfx.DIM)
            self._buttons(surf, [("Back", self.back), ("Restart", self.restart)])
            return
        if st is not None:
            gfx.blit_wrapped(surf, st.caption, 17, body, gfx.TEXT)
        self.shown_caption = st.caption if st is not None else ""
        acts = [("Back", self.back)]
        if st is not None and st.do is None:
            acts.append(("Next", self.next))
        acts.append(("Restart", self.restart))
        self._buttons(surf, acts)

    def _buttons(self, surf, acts, y=None, main=False) -> None:
        w = (PANEL.w - 28 - 8 * (len(acts) - 1)) // len(acts)
        x = PANEL.x + 14
        y = PANEL.bottom - 52 if y is None else y
        mouse = self.table.app.vmouse
        lead = main
        for label, act in acts:
            r = pygame.Rect(x, y, w, 40)
            hov = r.collidepoint(mouse)
            main = lead or label in ("Next", "Continue")
            fill = (122, 96, 40) if main and hov else (92, 72, 30) if main else ((70, 84, 108) if hov else gfx.PANEL_HI)
            gfx.panel(surf, r, fill, gfx.ACCENT if hov else gfx.LINE, 7, 2 if hov else 1)
            gfx.blit_text(surf, label, 18, r.center, gfx.TEXT, True, anchor="center")
            self.buttons.append((r, act))
            self.button_rects[label] = r
            x += w + 8


def lesson_setup(lesson) -> tuple[dict, int]:
    """The set-up of a match that plays on from ``lesson``'s position, and the
    learner's seat: the player the lesson's ``do`` steps use (else player 0).
    Names come from the position (``players[i].name`` or ``names``)."""
    from tabletop.tutorial.lesson import lesson_position

    pos = lesson.position if isinstance(lesson.position, dict) else {}
    names = []
    if isinstance(pos.get("players"), list):
        names = [p.get("name") if isinstance(p, dict) else None for p in pos["players"]]
    elif isinstance(pos.get("names"), list):
        names = list(pos["names"])
    names = [str(n) if isinstance(n, str) and n.strip() else f"Player {i + 1}" for i, n in enumerate((names + [None, None])[:2])]
    learner = next((st.do.player for st in lesson.steps if st.do is not None and st.do.player is not None), 0)
    setup = {"players": [{"name": names[0]}, {"name": names[1]}], "position": lesson_position(lesson)}
    if lesson.extra_cards is not None:
        setup["extra_cards"] = lesson.extra_cards
    return setup, learner


def lesson_match(game, run):
    """A normal Match from a lesson run's final position: the lesson's set-up
    and seed, its log the run's history, its state the run's state.

    Checked the way loading its save will check it: the set-up goes through
    TOML and back (TOML tables have no key order, so a game whose
    from_position depends on key order would build another game), the
    history is replayed on it and the digest compared. What is handed over
    therefore always loads; otherwise TabletopError says why. Returns
    (match, seats)."""
    import tomli_w

    from tabletop.engine import tomlio
    from tabletop.saves import Match

    lesson = run.lesson
    setup, learner = lesson_setup(lesson)
    setup = tomlio.loads(tomli_w.dumps(setup))  # exactly what a save will hold
    try:
        match = Match(game, setup, lesson.seed)
        match.log = list(run.history)
        match.replay_to(len(match.log))
        same = match.state.digest() == run.state.digest()
    except TabletopError:
        same = False
    if not same:
        raise TabletopError(f"{lesson.key}: the lesson's position, once saved, does not give the same game "
                            f"(the game's from_position depends on the order of the position's keys)")
    match.state = run.state.clone()
    match.name = f"{lesson.title} (played on)"
    seats = ["computer", "computer"]
    seats[learner] = "human"
    match.ui["lesson"] = lesson.key
    return match, tuple(seats)


def play_on(app, game, run, log=None):
    """"Play on against the computer": start a normal match (autosaved like
    any game, so it can be saved and continued) from the lesson's end, the
    learner against the greedy agent. Returns the table."""
    match, seats = lesson_match(game, run)
    table = app.start_match(match, seats)
    if log:
        table.log = list(log)
    if match.autosave_path is not None:
        try:
            match.save(match.autosave_path, keep_backup=False)
        except OSError as exc:
            app.toast(f"Could not autosave: {exc}")
    return table


def start_lesson(app, game_id: str, path: str):
    """Open a lesson on a table scene; returns the scene."""
    from tabletop.engine.registry import get_game
    from tabletop.tutorial.lesson import load_lesson

    from .table import TableScene

    game = get_game(game_id)
    lesson = load_lesson(path)
    ctl = LessonController(game, lesson)
    table = TableScene(app, ctl)
    table.coach = Coach(table, ctl)
    for e in ctl.run.last_events:  # what ran on its own before the first step: in the log
        table.log.append((e.for_player(0), e.for_player(1)))
    app.reset_to(table)
    return table
