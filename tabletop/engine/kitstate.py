"""``KitState``: the base class of a state built from the kit's pieces, which
answers the parts of the contract those pieces already know.

A game whose rules are procedures run by a :class:`~.procedure.Processor`,
whose legality rules are :class:`~.checks.Checks`, and whose state fields are
declared with :func:`~.fields.declare` (``game`` shared, the cards in a
``table`` field, ``turn_number``, and ``steps``, ``outcome`` and
``decision_cache``) subclasses
``KitState`` and names its processor, checks and zone specs::

    class TidecallState(KitState):
        PROCESSOR, CHECKS, SPECS = PROCESSOR, LEGAL, SPECS

It then gets ``__init__(game)`` (every field at its default), ``from_data``
(for ``Game.state_from_data``), ``turn``, ``decision`` (the waiting step's decision,
built when first read), ``_apply`` (the choice given to the waiting step, then
the rules run on), ``why_not`` (the check's reason with its rule, else whose
decision it is), ``to_data``, ``invariant_violations`` (the card table's),
``determinize`` (a clone whose hidden cards the table re-draws),
``end_game`` (the outcome and its ``game.over`` event) and ``kit_view`` (the
keys of the view the kit knows). A game overrides any of them; it still
writes ``view`` and ``check_outcome``.

A state that keeps its pending decision in a plain slot instead, set whenever
the rules stop, takes the :class:`StoppedDecision` mixin; a decision one player
makes, every choice theirs, may be a :class:`OnePlayerDecision`.
"""

from __future__ import annotations

from .core import Choice, Decision, Event, State


class KitState(State):
    PROCESSOR = None  # the game's Processor
    CHECKS = None     # the game's Checks (legality), for why_not
    SPECS = None      # the ZoneSpecs of its card table, for from_data

    def __init__(self, game):
        self.FIELDS.init(self)
        self.game = game

    @classmethod
    def from_data(cls, game, data: dict) -> "KitState":
        """The state ``to_data`` wrote (``Game.state_from_data``)."""
        s = cls(game)
        s.FIELDS.from_data(s, data, cls.SPECS)
        return s

    @property
    def turn(self):
        return self.turn_number

    @property
    def decision(self):
        if self.decision_cache is None:
            self.decision_cache = self.PROCESSOR.decide(self)
        return self.decision_cache

    def _apply(self, choice):
        events, self.decision_cache = [], None
        self.PROCESSOR.choose(self, choice, events)
        return events

    def why_not(self, kind, args, player=None):
        """The check's reason (with its rule) when the deciding player may not
        do this; else the kit's answer (whose decision it is, what is offered)."""
        d = self.decision
        who = d.players[0] if d is not None and player is None else player
        asked = self.CHECKS is not None and d is not None and who in d.players
        return (self.CHECKS.why_not(self, kind, args, who) if asked else None) or super().why_not(kind, args, player)

    def to_data(self):
        return self.FIELDS.to_data(self)

    def invariant_violations(self):
        return self.table.invariant_violations()

    def determinize(self, player, rng):
        s = self.clone()
        s.table.determinize(player, rng)  # the zones' specs say what player may not see
        s.decision_cache = None  # the clone's own decision, over the cards it now holds
        return s

    def kit_view(self, player, **game_keys) -> dict:
        """The keys of ``view(player)`` the kit knows (game, turn, phases, winner,
        over, zones, decision), with the game's own (active, phase, players...)."""
        d = self.decision
        return {"game": self.game.id, "turn": self.turn, "phases": list(self.game.phases), "winner": self.winner,
                "over": self.outcome is not None, "zones": self.table.view_zones(player),
                "decision": d.to_view() if d else None, **game_keys}

    def end_game(self, outcome, events) -> None:
        """End the game with ``outcome`` (an Outcome) and the event the table shows."""
        self.outcome = outcome
        events.append(Event("game.over", outcome.reason, outcome.rule, {"winner": outcome.winner, "reason": outcome.reason}))


class OnePlayerDecision(Decision):
    """A decision one player makes whose choices are all theirs (``players`` is one
    player): their choices are the whole list (a copy), read without looking at
    each choice's player."""

    __slots__ = ()

    def choices_for(self, player: int) -> list[Choice]:
        return self.choices[:] if player == self.players[0] else []


class StoppedDecision:
    """Mixin of a :class:`State` that keeps its pending decision in a plain slot,
    ``decision`` (the kit, the table and the agents read it several times per
    choice, without a call), set by its ``_stopped()`` whenever the rules stop:
    after a choice, set-up, a load or a re-draw. ``decision_cache`` is the name
    the kit's clone and re-draw use: setting it to None builds the decision again
    (the state changed outside the rules, as a re-draw changes the cards)."""

    __slots__ = ()

    @property
    def decision_cache(self):
        return self.decision

    @decision_cache.setter
    def decision_cache(self, value) -> None:
        if value is None:
            self.decision = None
            self._stopped()
        else:
            self.decision = value
