"""Tutorial lessons on the table: the coach panel (caption, step count, Back /
Next / Restart), the things a step points at (zones, cards, counters,
buttons) lit on the table, pauses that stop the animation at an event to
explain it, a hint for each wrong move with "Try it" (the wrong move played
on the table, then rewound), and what was learned at the end. The lesson
itself runs headless in ``tabletop.tutorial.lesson``.

When the end panel ("What you learned") shows, the lesson is marked completed
(tabletop.tutorial.progress), and it offers "Play on against the computer":
a normal match from the lesson's final position (coach_playon.play_on).
"""

from __future__ import annotations

import pygame

from tabletop.engine.errors import TabletopError
from tabletop.i18n import N_, _, game_text, keyed_text

from . import gfx
from .coach_base import CoachBase, ScriptedController
from .coach_playon import lesson_match, lesson_setup, play_on  # noqa: F401 (the lesson table's names)

#: the toast when a legal move is not the step's: the coach's panel says why
WRONG_TOAST = N_("Not this move: the coach says why (Try it shows what it would do).")


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


class LessonController(ScriptedController):
    """The table's controller for a lesson: the learner is player 1 (index 0)
    and may only make the step's choice; the rival's moves are scripted."""

    def __init__(self, game, lesson):
        from tabletop.tutorial.lesson import LessonRun

        self.run = LessonRun(game, lesson)
        self.match = _LessonMatch(game, self.run)
        self.coach = None

    @property
    def over(self) -> bool:
        return not self.run.trying and (self.run.finished or self.run.state.decision is None)

    def decider(self):
        st = self.run.step
        if self.run.trying:  # a tried wrong move is shown: nothing to do but rewind
            return None
        if st is None or st.do is None or self.run.state.decision is None:
            return None
        return st.do.player if st.do.player is not None else self.run.state.decision.players[0]

    def apply(self, choice):
        ok, why = self.run.allows(choice)
        if not ok:
            d = self.run.state.decision
            legal = d is not None and d.find(choice.id, choice.player) is not None
            if legal and self.coach is not None:  # a wrong move: the coach shows its hint and offers Try it
                self.coach.wrong_move(choice, why)
                raise TabletopError(_(WRONG_TOAST))
            raise TabletopError(why or _("Not yet: follow the caption for this step."))
        if self.coach is not None:
            self.coach.arm()
        return self.run.advance(choice)


class Coach(CoachBase):
    """The coach overlay of one lesson on a table scene."""

    def __init__(self, table, ctl: LessonController):
        super().__init__(table)
        self.ctl = ctl
        ctl.coach = self
        self.run = ctl.run
        self.pauses: list = []
        self.pause_caption = ""
        self.pause_key = ""      # where the game's catalog keeps the pause caption's translation
        self._points_cache = None
        self.playing_step = 0
        self.marked = False      # progress.mark_completed done for this run
        self.shown_caption = ""  # the step caption the panel shows (tests read it)
        self._play_on_ok = None  # (history length, can the lesson be played on)
        self.wrong = None        # (choice, hint): the last wrong move tried at this step
        self._log_mark = 0       # the log's length before a tried wrong move

    # -- lesson flow ------------------------------------------------------------------
    def arm(self) -> None:
        """The step about to be played: its pauses wait for their events."""
        st = self.run.step
        self.pauses = list(st.pauses) if st is not None else []
        self.playing_step = self.run.step_index
        self.wrong = None

    def gold_choice(self):
        # the step's own move, not the table's default answer ("Don't activate")
        # nor its way on ("End the turn"), is the gold button while a lesson asks for it
        return self.run.expected_choice() if not self.run.finished else None

    # -- wrong moves ----------------------------------------------------------------------
    def wrong_move(self, choice, hint: str) -> None:
        """The learner made a legal move that is not this step's: the panel
        shows the hint for it (by kind and card) and offers Try it."""
        self.wrong = (choice, hint or N_("That is not this step's move."))

    def try_it(self) -> None:
        """Play the wrong move on the table (its animation), then the panel
        offers Rewind."""
        if self.wrong is None or self.table.queue.busy or self.run.trying:
            return
        self.pauses = []
        self.table.app.toast_t = 0.0  # the refusal's toast has been answered
        self._log_mark = len(self.table.log)
        try:
            events = self.run.try_wrong(self.wrong[0])
        except TabletopError as exc:
            self.table.app.toast(str(exc))
            return
        self.table.popup = None
        self.table._choices_cache = None
        self.table.play(events)

    def rewind(self) -> None:
        """Back to the step as it was before Try it."""
        if not self.run.trying:
            return
        self.resume()
        self.table.queue.clear()
        self.table._log_pending.clear()
        del self.table.log[self._log_mark:]
        self.run.rewind()
        self.wrong = None
        self._points_cache = None
        self.table.set_viewer(0)

    def on_event(self, ev) -> None:
        """A step's pauses stop in order: each at the next event of its kind
        after the previous pause (so two pauses on one kind stop at its first
        and second occurrence, and a later kind is never taken early)."""
        if self.pauses and self.pauses[0].event == ev.kind:
            p = self.pauses.pop(0)
            self.pause_caption = p.caption
            self.pause_key = self._pause_key(p)
            self.table.queue.hold = True

    def _pause_key(self, pause) -> str:
        """Where the lesson file holds ``pause``'s caption ("steps.2.pause.0.caption"), or ""."""
        steps = self.run.lesson.steps if getattr(self, "run", None) is not None else []
        i = getattr(self, "playing_step", -1)
        st = steps[i] if 0 <= i < len(steps) else None
        j = next((n for n, q in enumerate(st.pauses) if q is pause), None) if st is not None else None
        return f"steps.{st.index - 1}.pause.{j}.caption" if j is not None else ""

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
            self.table.app.toast(_("This step asks for a move on the table: make the move the caption describes "
                                   "(the lit cards and zones show where)."))
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
        if self.run.trying:
            self.rewind()
            return
        if self.table.queue.busy and not self.pause_caption:
            return
        self.wrong = None
        self.resume()
        self.table.queue.clear()
        self.table._log_pending.clear()
        self.run.back()
        self._points_cache = None
        self.table.set_viewer(0)

    def restart(self) -> None:
        self.wrong = None
        self.resume()
        self.table.queue.clear()
        self.table._log_pending.clear()
        self.table.log.clear()
        self.run.restart()
        self._points_cache = None
        self.table.set_viewer(0)

    def status(self) -> str:
        if self.run.trying:
            return _("Trying a wrong move: see what it does, then Rewind") if not self.table.queue.hold else super().status()
        return super().status()

    # -- input -------------------------------------------------------------------------
    def key(self, key) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT):
            if self.pause_caption:
                self.resume()
            elif self.run.trying:
                if not self.table.queue.busy:
                    self.rewind()
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
        if st is None or self.run.trying:
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
                owner, _dot, key = ref[8:].partition(".")
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
        super().update(dt)
        if self.run.finished and not self.table.queue.busy and not self.marked:
            self.mark_completed()

    def mark_completed(self) -> None:
        """The end panel is up: keep the lesson as completed in the settings folder."""
        from tabletop.tutorial import progress

        self.marked = True
        try:
            progress.mark_completed(self.ctl.match.game.id, self.run.lesson.path)
        except OSError as exc:  # a read-only settings folder must not stop the lesson
            self.table.app.toast(_("Could not keep your progress: {error}").format(error=exc))

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
            self.table.app.toast(_("Can't play on from here: {error}").format(error=exc))

    def step_text(self) -> str:
        """The panel's step count; after Next it moves on at once."""
        n = len(self.run.lesson.steps)
        return _("Step {n} of {total}").format(n=min(self.run.step_index + 1, n), total=n)

    def words(self, text: str, key: str = "") -> str:
        """A lesson's words (its title, captions, hints), in the language in use:
        by where the lesson file holds them (``key``: "title", "steps.0.caption"),
        else by their words."""
        gid = self.table.game.id
        if key:
            return keyed_text(f"lesson:{self.run.lesson.key}:{key}", text, gid)
        return game_text(text, gid)

    def draw(self, surf) -> None:
        run = self.run
        lesson = run.lesson
        finished = run.finished and not self.table.queue.busy
        x, y, w = self.frame(surf)
        y = self.title(surf, self.words(lesson.title, "title"), x, y, w)
        n = len(lesson.steps)
        sub = _("Lesson complete - marked done in the lesson list") if finished else self.step_text()
        if lesson.advanced and not finished:
            sub = _("{step}  -  advanced").format(step=sub)
        gfx.blit_text(surf, gfx.fit(sub, 15, w, True), 15, (x, y), gfx.DIM, True)
        y += 24
        bottom = self.rect.bottom - 62
        body = pygame.Rect(x, y, w, bottom - y)
        if finished:
            play = self.can_play_on()
            bottom = self.rect.bottom - (112 if play else 62)
            gfx.blit_text(surf, _("What you learned:"), 17, (x, y), gfx.TEXT, True)
            y += 24
            for item in lesson.learn_list:
                used = gfx.blit_wrapped(surf, "- " + self.words(item), 15, pygame.Rect(x, y, w, bottom - y), gfx.TEXT)
                y += used + 6
                if y > bottom - 8:
                    break
            self.button_row(surf, [(N_("Lessons"), lambda: self.leave("lessons")), (N_("Restart"), self.restart),
                                   (N_("Menu"), lambda: self.leave("menu"))])
            if play:
                self.button_row(surf, [(N_("Play on against the computer"), self.play_on)], y=self.rect.bottom - 100,
                                main=True)
            return
        st = run.step
        if self.pause_caption:
            y = self.note(surf, self.words(self.pause_caption, self.pause_key), x, y, w, 17, max_bottom=bottom - 24)
            gfx.blit_text(surf, gfx.fit(_("Continue (Enter) plays on."), 15, w), 15, (x, y), gfx.DIM)
            self.button_row(surf, [(N_("Back"), self.back), (N_("Continue"), self.resume)])
            return
        if run.trying:
            choice, hint = self.wrong if self.wrong is not None else (None, "")
            what = (_("You tried: {move}.").format(move=self.table.label_of(choice)) if choice is not None
                    else _("You tried another move."))
            y += gfx.blit_wrapped(surf, what, 17, pygame.Rect(x, y, w, 66), gfx.TEXT, True) + 8
            if self.table.queue.busy:
                gfx.blit_text(surf, gfx.fit(_("Watch what it does (Space skips)."), 15, w), 15, (x, y), gfx.DIM)
                self.button_row(surf, [(N_("Rewind"), None)])
                return
            y = self.note(surf, self.hint_words(hint), x, y, w, 16, max_bottom=bottom - 44)
            gfx.blit_wrapped(surf, _("That is what it does. Rewind (Enter) goes back to the step."), 15,
                             pygame.Rect(x, y, w, 40), gfx.DIM)
            self.button_row(surf, [(N_("Rewind"), self.rewind)])
            return
        if self.table.queue.busy and 0 <= self.playing_step < n:
            # the step just made is playing out: its caption stays until its events
            # have played (the next step's caption would describe a table not yet
            # shown, e.g. "your FP is now +4" with the FP still at 0)
            played = lesson.steps[self.playing_step]
            self.shown_caption = self.words(played.caption, f"steps.{played.index - 1}.caption")
            used = gfx.blit_wrapped(surf, self.shown_caption, 17, body, gfx.TEXT)
            gfx.blit_text(surf, gfx.fit(_("Watch the steps play (Space skips)."), 15, w), 15,
                          (x, min(body.bottom - 18, y + used + 12)), gfx.DIM)
            self.button_row(surf, [(N_("Back"), self.back), (N_("Restart"), self.restart)])
            return
        self.shown_caption = self.words(st.caption, f"steps.{st.index - 1}.caption") if st is not None else ""

        if self.wrong is not None:
            hint = self.hint_words(self.wrong[1])
            lines = gfx.wrap(hint, 16, w - 12)
            lh = gfx.font(16).get_linesize() - 2
            room = min(len(lines) * lh + 14 + 22, bottom - y - 60)  # the note's height, its heading included
            used = gfx.blit_wrapped(surf, self.shown_caption, 17, pygame.Rect(x, y, w, bottom - room - 8 - y), gfx.TEXT)
            y = min(y + used + 14, bottom - room)
            gfx.blit_text(surf, _("Not this move:"), 15, (x, y), (255, 190, 120), True)
            self.note(surf, hint, x, y + 20, w, 16, fill=(60, 36, 30), edge=(240, 150, 110),
                      max_bottom=bottom)
            self.button_row(surf, [(N_("Back"), self.back), (N_("Try it"), self.try_it), (N_("Restart"), self.restart)])
            return
        if st is not None:
            gfx.blit_wrapped(surf, self.shown_caption, 17, body, gfx.TEXT)
        acts = [(N_("Back"), self.back)]
        if st is not None and st.do is None:
            acts.append((N_("Next"), self.next))
        acts.append((N_("Restart"), self.restart))
        self.button_row(surf, acts)

    def hint_words(self, hint: str) -> str:
        """A wrong move's hint (the lesson's, or the rule's why_not), in players' words."""
        return self.table.rule_text(_(hint) if hint == "That is not this step's move." else hint)



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
