"""The desktop table (pygame-ce + pymunk + pygame_gui).

Knows no game's rules: it talks to games only through the engine contract
(``tabletop.engine.core``), ``tabletop.saves``, ``tabletop.ai.agents`` and each
game's ``layout.toml``. Entry points: :func:`tabletop.ui.app.run_app`,
:func:`tabletop.ui.app.screenshot`, :func:`tabletop.ui.bench.run_ui_bench`.
Undo and take-back are decided in :mod:`tabletop.ui.undo` (never past hidden
information the undoing player has seen); a lesson's end hands over to a
normal match in :func:`tabletop.ui.coach.play_on`. The replay viewer
(:mod:`tabletop.ui.replay_scene`) is the table in its read-only mode over the
headless model :mod:`tabletop.replay`.
"""
