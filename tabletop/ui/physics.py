"""pymunk feel for the held card (look and feel only; nothing here is game
state or saved).

The held card is a dynamic body pulled by a kinematic mouse body through a
PivotJoint at the grab point, so it lags a little and swings; a damped rotary
spring to the static body keeps the tilt small. A card let go where it can't
go is pulled home by a speed-limited PivotJoint and handed back to the table's layout
when it arrives.
"""

from __future__ import annotations

import atexit
import gc
import math
import weakref

import pymunk

MAX_TILT = math.radians(14)
_LIVE: "weakref.WeakSet[HeldCard]" = weakref.WeakSet()


@atexit.register
def _dispose_all() -> None:
    """Free every space while the interpreter is still whole (a pymunk Space
    freed during interpreter shutdown can crash in its C callbacks)."""
    for h in list(_LIVE):
        h.dispose()
    gc.collect()


class HeldCard:
    """One card under physics: dragged by the mouse, or sliding home."""

    def __init__(self, key, center, size, grab_point):
        self.key = key
        self.space = pymunk.Space()
        self.space.damping = 0.25
        w, h = size
        mass = 1.0
        self.body = pymunk.Body(mass, pymunk.moment_for_box(mass, (w, h)))
        self.body.position = center
        self.shape = pymunk.Poly.create_box(self.body, (w, h))
        self.shape.sensor = True
        self.space.add(self.body, self.shape)
        self.mouse = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.mouse.position = grab_point
        self.target = (float(grab_point[0]), float(grab_point[1]))  # where the pointer is
        self.space.add(self.mouse)
        local = self.body.world_to_local(grab_point)
        self.joint = pymunk.PivotJoint(self.mouse, self.body, (0, 0), local)
        self.joint.max_force = 60000
        self.joint.error_bias = (1 - 0.25) ** 60
        self.upright = pymunk.DampedRotarySpring(self.space.static_body, self.body, 0, 60000, 9000)
        self.space.add(self.joint, self.upright)
        self.home_spring = None
        self.home_anchor = None
        self.returning = False
        self.home = None
        _LIVE.add(self)

    def dispose(self) -> None:
        """Take everything out of the space and drop it."""
        sp = getattr(self, "space", None)
        if sp is None:
            return
        for c in list(sp.constraints):
            sp.remove(c)
        for s in list(sp.shapes):
            sp.remove(s)
        for b in list(sp.bodies):
            sp.remove(b)
        self.space = None
        self.joint = self.upright = self.home_spring = None

    @property
    def pos(self) -> tuple[float, float]:
        return self.body.position.x, self.body.position.y

    @property
    def angle_deg(self) -> float:
        """The body's swing plus a lean into the direction of travel."""
        lean = max(-10.0, min(10.0, -self.body.velocity.x * 0.012))
        return -math.degrees(self.body.angle) + lean

    def move_mouse(self, p, dt) -> None:
        """The pointer is at ``p`` after ``dt`` seconds: over the next step the
        mouse body travels from where the pointer was to ``p`` and stops there.
        (Taking the velocity from the body's own integrated position instead made
        it overshoot by a frame's travel and bounce back and forth for ever, so a
        card held still kept jumping about under a still pointer.)"""
        last = self.target
        p = (float(p[0]), float(p[1]))
        if dt > 0:
            self.mouse.position = last
            self.mouse.velocity = ((p[0] - last[0]) / dt, (p[1] - last[1]) / dt)
        else:
            self.mouse.position = p
            self.mouse.velocity = (0.0, 0.0)
        self.target = p

    def release_home(self, home) -> None:
        """Let go: slide back to ``home`` (x, y)."""
        if self.joint is not None:
            self.space.remove(self.joint)
            self.joint = None
        self.home = home
        self.home_anchor = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.home_anchor.position = home
        self.space.add(self.home_anchor)
        # a pivot joint with a speed limit: it slides home, fast at first, and stops
        self.home_spring = pymunk.PivotJoint(self.home_anchor, self.body, (0, 0), (0, 0))
        self.home_spring.max_bias = 1400
        self.home_spring.error_bias = (1 - 0.2) ** 60
        self.home_spring.max_force = 40000
        self.space.add(self.home_spring)
        self.returning = True

    def arrived(self) -> bool:
        if not self.returning:
            return False
        dx = self.body.position.x - self.home[0]
        dy = self.body.position.y - self.home[1]
        return dx * dx + dy * dy < 4 and self.body.velocity.length < 40

    def step(self, dt: float) -> None:
        if self.space is None:
            return
        dt = max(0.0, min(dt, 0.05))
        steps = max(1, int(round(dt * 120)))
        for _ in range(steps):
            self.space.step(dt / steps)
        if self.joint is not None:  # the mouse body ends the step exactly at the pointer
            self.mouse.position = self.target
            self.mouse.velocity = (0.0, 0.0)
        a = self.body.angle
        if abs(a) > MAX_TILT:
            self.body.angle = math.copysign(MAX_TILT, a)
            self.body.angular_velocity *= 0.3
