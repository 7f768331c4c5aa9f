"""The draw phase (seed 4.1)."""

from __future__ import annotations

from tabletop.engine.core import make_event
from tabletop.engine.procedure import DONE

from .procedures import PROCS
from .turn import open_phase


@PROCS.step("draw_phase", rule="Draw phase (seed 4.1)")
def draw_phase(state, step, events):
    """Draw 1 card plus Draw+X/-X of dominated characters, never below 0 (seed 4.1, digest A.5.14)."""
    if step.stage:
        open_phase(state, step, events, "draw")
    p = state.active
    bonus = state.skill_total(p, "draw")  # Draw+X/-X of the dominated characters
    n = max(0, 1 + bonus)
    events.append(make_event("draw.count", f"{state.names[p]} draws {n} (1 {bonus:+d} from Draw skills)", "seed 4.1, digest A.5.14",
                    {"player": p, "n": n, "bonus": bonus}))
    for _ in range(n):
        if not state.draw_card(p, events):
            break
    return DONE
