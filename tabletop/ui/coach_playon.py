"""Playing on from a lesson's end: "Play on against the computer" starts a
normal, autosaved match from the lesson's final position."""

from __future__ import annotations

from tabletop.engine.errors import TabletopError
from tabletop.i18n import N_, _


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
    match.name = N_("{title} (played on)").format(title=lesson.title)  # stored in English, translated where shown

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
            app.toast(_("Could not autosave: {error}").format(error=exc))

    return table
