"""The desktop table (pygame-ce + pymunk + pygame_gui).

Knows no game's rules: it talks to games only through the engine contract
(``tabletop.engine.core``), ``tabletop.saves``, ``tabletop.ai.agents`` and each
game's ``layout.toml``. Entry points: :func:`tabletop.ui.app.run_app`,
:func:`tabletop.ui.app.screenshot`, :func:`tabletop.ui.bench.run_ui_bench`.
"""
