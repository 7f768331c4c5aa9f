"""The engine contract shared by every game plugin (see DESIGN.md).

A game plugin exposes one :class:`Game` object. Its states are :class:`State`
objects holding plain data only. The pending :class:`Decision` lists legal
:class:`Choice` objects; ``State.apply(choice)`` advances the rules to the next
decision and returns every resolution step taken as :class:`Event` objects.

Conventions every game follows (the UI and tools rely on them):

* Players are ``0`` and ``1``.
* Card instances have integer ids (``iid``) assigned by a random permutation at
  set-up, so an iid never tells which card it is.
* ``view(player)`` returns a JSON-able dict of this shape::

      {
        "game": "rush_duel", "turn": 3, "active": 0,
        "phase": "main", "step": "",               # step may be ""
        "phases": ["draw", "main", "battle", "end"],
        "winner": None,                            # 0, 1, "draw" or None
        "over": False,
        "players": [{"name": "Player 1", "counters": {"lp": 8000}}, ...],
        "zones": {"p0.hand": [CARD, ...], "p0.deck": [CARD, ...], ...},
        "decision": {"players": [0], "kind": "main_action", "prompt": "..."} or None,
        "extra": {...}}                            # game-specific, may be empty

  Zone keys are ``p<player>.<name>`` (a player's) or ``shared.<name>``. A CARD is ``{"iid", "card", "face", "orient", "slot",
  "counters", "attached", "hidden"}``: ``card`` is the card id, ``face`` "up" or
  "down", ``orient`` "upright" or "sideways", ``slot`` the index in a row of
  slots (or None), ``counters`` a dict, ``attached`` a list of CARDs (power
  cards, materials), ``hidden`` True when the viewer may not know the card. A
  hidden card has ``card`` None; in hands and decks it also has ``iid`` None
  so it can't be tracked. Face-down cards on the field keep their iid (they can
  be targeted) but not their card id.
* Choice args use ``card`` (an iid) for the card the choice moves or uses,
  ``to`` (a zone key) and ``slot`` for where it goes, ``target`` (an iid, or a
  list of iids) for what it is aimed at. The UI turns a choice with ``card``
  and ``to``/``target`` into a drag-and-drop and the rest into buttons.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Iterable, Sequence

from .choiceid import _ID_SHAPES, _ROLE_SET, _SIMPLE_TYPES, ROLES, _arg_text, _id_shape, _id_text
from .errors import IllegalChoice


def canonical_json(data: Any) -> str:
    """Canonical JSON text (sorted keys, no spaces): the input of ``digest``."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


class Choice:
    """One legal option of a decision.

    ``kind`` names the action (``summon``, ``attack``, ``pass``...), ``args`` holds
    plain JSON-able values, ``player`` is who makes it. ``id`` is a stable text
    derived from kind and args (the save log records ``[player, id]``).
    ``label`` is the button text; it is not part of the identity. A game may
    give it as a callable returning the text, so it is written only when read.
    ``role`` tells the table, the agents and undo what the choice means
    whatever the game calls it (one of :data:`ROLES`, or "" for an ordinary
    move); it is not part of the identity either.
    """

    __slots__ = ("kind", "args", "player", "_label", "role", "_id")

    def __init__(self, kind: str, args: dict | None = None, player: int = 0, label="", role: str = ""):
        self.kind = kind
        self.args = args if args is not None else {}
        self.player = player
        self._label = label
        if role and role not in _ROLE_SET:
            raise ValueError(f"unknown choice role {role!r} (known: {', '.join(ROLES)})")
        self.role = role
        self._id = None

    @property
    def label(self) -> str:
        """The button text: the text given, or what a callable given returns
        (called once, when first read: only the table reads labels), or the
        kind in words."""
        lab = self._label
        if lab is None or isinstance(lab, str):
            return lab or self.kind.replace("_", " ")
        lab = self._label = lab() or self.kind.replace("_", " ")
        return lab

    @label.setter
    def label(self, text: str) -> None:
        self._label = text

    @property
    def id(self) -> str:
        i = self._id
        if i is None:
            args = self.args
            if not args:
                i = self._id = self.kind
                return i
            if len(args) == 1:
                for k, v in args.items():
                    t = type(v)  # bool is not int here: it goes through _arg_text
                    i = self._id = self.kind + "(" + k + "=" + (str(v) if t is int else v if t is str else _arg_text(v)) + ")"
                    return i
            # two or more args: the keys' order and the text around the values are worked
            # out once per kind and set of keys; values that are all ints and strings fill
            # the text in with "%" (whose text of them is str()), others go the long way
            shape = _ID_SHAPES.get((self.kind, *args))
            if shape is None:
                shape = _id_shape(self.kind, args)
            keys, template = shape
            values = tuple(args.values()) if keys is None else tuple(map(args.__getitem__, keys))
            if _SIMPLE_TYPES.issuperset(map(type, values)):
                i = template % values
            else:
                i = _id_text(self.kind, args)
            self._id = i
        return i

    def matches(self, kind: str, args: dict) -> bool:
        """True when the kind is equal and ``args`` is a subset of this choice's args."""
        if kind != self.kind:
            return False
        for k, v in args.items():
            if k not in self.args:
                return False
            mine = self.args[k]
            if isinstance(mine, (list, tuple)) and isinstance(v, (list, tuple)):
                if sorted(map(str, mine)) != sorted(map(str, v)):
                    return False
            elif mine != v:
                return False
        return True

    def to_data(self) -> dict:
        return {"kind": self.kind, "args": self.args, "player": self.player, "label": self.label,
                "role": self.role, "id": self.id}

    def __eq__(self, other) -> bool:
        return isinstance(other, Choice) and other.id == self.id and other.player == self.player

    def __hash__(self) -> int:
        return hash((self.id, self.player))

    def __repr__(self) -> str:
        return f"Choice(p{self.player} {self.id})"


class _MadeChoice(Choice):
    """A :class:`Choice` made by :func:`make_choice`: the same slots and
    behaviour, made without running an ``__init__``."""

    __slots__ = ()
    __init__ = object.__init__


def make_choice(kind: str, args: dict, player: int, label="", role: str = "") -> Choice:
    """``Choice(kind, args, player, label, role)``, made without the class call running ``__init__``
    (the rules list choices by the thousand). ``args`` is kept as given (a dict, never None here)."""
    if role and role not in _ROLE_SET:
        raise ValueError(f"unknown choice role {role!r} (known: {', '.join(ROLES)})")
    c = _MadeChoice()
    c.kind = kind
    c.args = args
    c.player = player
    c._label = label
    c.role = role
    c._id = None
    return c


class Decision:
    """What the game waits for: who decides, what kind of decision, and the legal choices.

    ``players`` has one player, or several for a simultaneous choice (each of them picks once from the
    choices whose ``player`` is theirs; the order the picks are applied in does not matter and neither
    sees the other's pick)."""

    __slots__ = ("players", "kind", "prompt", "choices")

    def __init__(self, players: Sequence[int], kind: str, prompt: str, choices: list[Choice]):
        self.players = tuple(players)
        self.kind = kind
        self.prompt = prompt
        self.choices = choices

    @property
    def player(self) -> int:
        """The (first) deciding player."""
        return self.players[0]

    def choices_for(self, player: int) -> list[Choice]:
        out = []  # a loop: a decision lists a few choices, fewer than a comprehension's call costs
        for c in self.choices:
            if c.player == player:
                out.append(c)
        return out

    def agent_choices(self, player: int) -> list[Choice]:
        """``player``'s choices the greedy and expert players weigh: all of them here. A game's decision
        may leave out choices that do the same as one it keeps (the same card into another free zone),
        so the agents' branching does not grow with options that differ only in where a card lies."""
        return self.choices_for(player)

    def find(self, choice_id: str, player: int | None = None) -> Choice | None:
        # an id begins with its kind: the ids of choices of other kinds are never written
        starts = choice_id.startswith
        for c in self.choices:
            if starts(c.kind) and (player is None or c.player == player):
                i = c._id  # the id once written, read without the property
                if (c.id if i is None else i) == choice_id:
                    return c
        return None

    def to_view(self) -> dict:
        return {"players": list(self.players), "kind": self.kind, "prompt": self.prompt}

    def __repr__(self) -> str:
        return f"Decision({self.players} {self.kind}: {len(self.choices)} choices)"


class Event:
    """One resolution step, for the log and the animation queue.

    ``kind`` is dotted (``card.move``, ``battle.damage_calc``, ``cleanup.kill``);
    ``caption`` says it in words; ``rule`` names the rule applied (seed/digest
    section); ``data`` holds the objects and numbers. When some players may not
    see the details, ``hidden_from`` lists them and ``public`` is the data they
    get instead (for example a drawn card without its card id).

    Generic kinds the table shows: ``card.move`` {card, card_id, from, to, slot,
    face}, ``card.flip`` {card, card_id, face}, ``card.turn`` {card, orient},
    ``counter.change`` {player, counter, delta, value}, ``phase.begin`` {phase,
    player}, ``step.begin`` {step}, ``reveal`` {cards, card_ids}, ``game.over``
    {winner, reason}. Every other kind is shown as a banner with its caption.
    A step with an empty caption is animated but writes no line in the log: a
    game leaves the caption of a move empty when the step beside it says it.
    The rules' hot paths make events with :func:`make_event` (the same event,
    made without the class call).
    """

    __slots__ = ("kind", "caption", "rule", "data", "hidden_from", "public")

    def __init__(self, kind: str, caption: str = "", rule: str = "", data: dict | None = None,
                 hidden_from: tuple = (), public: dict | None = None):
        self.kind = kind
        self.caption = caption
        self.rule = rule
        self.data = {} if data is None else data
        self.hidden_from = hidden_from
        self.public = public

    def _key(self) -> tuple:
        return (self.kind, self.caption, self.rule, self.data, self.hidden_from, self.public)

    def __eq__(self, other) -> bool:
        return isinstance(other, Event) and other._key() == self._key()

    __hash__ = None  # mutable, like the dataclass it replaces

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, caption={self.caption!r}, rule={self.rule!r}, data={self.data!r}, "
                f"hidden_from={self.hidden_from!r}, public={self.public!r})")

    def for_player(self, player: int | None) -> "Event":
        """This event as ``player`` may see it (None: everything)."""
        if player is None or player not in self.hidden_from:
            return self
        return Event(self.kind, self.caption, self.rule, dict(self.public or {}), (), None)

    def to_data(self) -> dict:
        return {"kind": self.kind, "caption": self.caption, "rule": self.rule, "data": self.data}


class MadeEvent(Event):
    """An :class:`Event` made by :func:`make_event` (or filled in the same way by a game's hot path): the
    same slots and behaviour; with no ``__init__`` of its own, making one runs no Python."""

    __slots__ = ()
    __init__ = object.__init__


def make_event(kind: str, caption: str, rule: str, data: dict, hidden_from: tuple = (), public: dict | None = None) -> Event:
    """``Event(kind, caption, rule, data, hidden_from, public)``, made without the class call running
    ``__init__`` (its slots filled here: the rules make events by the thousand). ``data`` is kept as
    given (a dict, never None here)."""
    e = MadeEvent()
    e.kind = kind
    e.caption = caption
    e.rule = rule
    e.data = data
    e.hidden_from = hidden_from
    e.public = public
    return e


class State:
    """Base class of a game state. Subclasses hold plain data only.

    Subclasses implement the methods marked "must"; the rest have defaults.
    """

    game: "Game"

    # -- must ---------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over."""
        raise NotImplementedError

    def _apply(self, choice: Choice) -> list[Event]:
        """Apply a legal choice and run the rules to the next decision."""
        raise NotImplementedError

    def view(self, player: int | None) -> dict:
        """What ``player`` may see (None: everything). See the module docstring."""
        raise NotImplementedError

    def clone(self) -> "State":
        raise NotImplementedError

    def to_data(self) -> dict:
        """The whole state as plain JSON-able data (round-trips with from_data)."""
        raise NotImplementedError

    #: how the game ended (:class:`~tabletop.engine.outcome.Outcome`), None while it goes on
    outcome = None

    @property
    def winner(self):
        """0, 1, "draw", or None while the game goes on (from ``outcome``)."""
        return None if self.outcome is None else self.outcome.result

    @property
    def turn(self) -> int:
        raise NotImplementedError

    def invariant_violations(self) -> list[str]:
        """Broken invariants (each card in exactly one zone, counters in range...)."""
        return []

    def determinize(self, player: int, rng) -> "State":
        """A clone in which everything ``player`` may not see is re-drawn at random
        (the opponent's hand and face-down cards, both decks' order), consistent
        with ``player``'s view. Agents decide on this, never on the true state."""
        raise NotImplementedError

    # -- provided -------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.decision is None

    def legal_choices(self, player: int | None = None) -> list[Choice]:
        d = self.decision
        if d is None:
            return []
        return d.choices if player is None else d.choices_for(player)

    def apply(self, choice: Choice) -> list[Event]:
        """Check that ``choice`` is legal, apply it, return the events, in order."""
        d = self.decision
        if d is None:
            raise IllegalChoice("the game is over")
        for c in d.choices:
            if c is choice:  # one of the decision's own choices: legal as it is
                return self._apply(c)
        legal = d.find(choice.id, choice.player)
        if legal is None:
            reason = self.why_not(choice.kind, choice.args, choice.player)
            raise IllegalChoice(f"{choice.id} is not legal now: {reason}")
        return self._apply(legal)

    def apply_id(self, choice_id: str, player: int | None = None) -> list[Event]:
        d = self.decision
        if d is None:
            raise IllegalChoice("the game is over")
        c = d.find(choice_id, player)
        if c is None:
            raise IllegalChoice(f"{choice_id} is not legal now")
        return self._apply(c)

    def why_not(self, kind: str, args: dict, player: int | None = None) -> str:
        """One sentence naming the rule that forbids this choice now.

        Games override this to give the real rule; the default only says
        whose decision it is."""
        d = self.decision
        if d is None:
            return "the game is over."
        if player is not None and player not in d.players:
            return f"it is Player {d.players[0] + 1}'s decision now ({d.kind})."
        return f"that is not one of the legal choices now ({d.prompt})."

    def describe_card(self, card_id: str) -> dict:
        """The card face for ``card_id``; states built from a position with
        extra card definitions override this to describe those cards too."""
        return self.game.describe_card(card_id)

    def canonical_form(self) -> dict:
        """What a save's digest is taken over: everything on the table
        (``view(None)``, deck order included) and the pending decision with its
        legal choices. It names no internal field, so a refactor of a game's
        state keeps the digests of its saves."""
        d = self.decision
        decision = None if d is None else {
            "players": list(d.players), "kind": d.kind,
            "choices": sorted([c.player, c.id] for c in d.choices)}
        return {"view": self.view(None), "decision": decision}

    def digest(self) -> str:
        return hashlib.sha256(canonical_json(self.canonical_form()).encode()).hexdigest()


class Game:
    """Base class of a game plugin. One instance per game, exposed as ``GAME``.

    Attributes: ``id``, ``title``, ``rules_version``, ``description`` (one line),
    ``cards`` (its card database), ``decks`` (name -> list of card ids; the
    preconstructed decks), ``phases`` (names for the phase tracker),
    ``turn_cap`` (self-play flags a game that reaches it), ``package_dir``
    (where cards.toml, layout.toml and lessons/ live).
    """

    id: str = ""
    title: str = ""
    rules_version: str = "1"
    description: str = ""
    phases: tuple = ()
    turn_cap: int = 400
    package_dir = None

    @property
    def cards(self):
        raise NotImplementedError

    @property
    def decks(self) -> dict[str, list[str]]:
        return {}

    #: Which edition of the preconstructed deck lists is installed; raised when a list changes, the
    #: list it replaced kept in ``former_decks.toml`` (a save made before replays the lists it was dealt).
    deck_lists_version: str = "1"

    def former_deck(self, name: str, version: str) -> list[str] | None:
        """The card ids of preconstructed deck ``name`` as it was under deck
        lists edition ``version``, when that list has changed since (None: the
        list installed now). ``former_decks.toml`` in the game's folder keeps
        each replaced list under the last edition that dealt it::

            [lists."1"]
            "Deck name" = ["card id", ...]   # in the order the game dealt it
        """
        try:
            saved = int(version)
        except (TypeError, ValueError):
            return None
        former = self._former_decks()
        for v in sorted((k for k in former if k.isdigit() and saved <= int(k) < int(self.deck_lists_version)), key=int):
            if name in former[v]:
                return list(former[v][name])
        return None

    def _former_decks(self) -> dict:
        cached = self.__dict__.get("_former_decks_cache")
        if cached is None:
            from pathlib import Path

            from . import tomlio
            path = None if self.package_dir is None else Path(self.package_dir) / "former_decks.toml"
            lists = tomlio.load(path).get("lists", {}) if path is not None and path.is_file() else {}
            cached = self.__dict__["_former_decks_cache"] = {
                str(v): {str(n): [str(c) for c in ids] for n, ids in decks.items()}
                for v, decks in lists.items() if isinstance(decks, dict)}
        return cached

    def default_setup(self, rng=None) -> dict:
        """A set-up dict for ``new_state``: two players with preconstructed decks."""
        names = sorted(self.decks)
        return {"players": [{"name": "Player 1", "deck": names[0]}, {"name": "Player 2", "deck": names[min(1, len(names) - 1)]}]}

    def new_state(self, setup: dict, seed: int) -> State:
        raise NotImplementedError

    def from_position(self, position: dict, seed: int = 0, extra_cards: list[dict] | None = None) -> State:
        raise NotImplementedError

    def state_from_data(self, data: dict) -> State:
        """Rebuild a state from ``State.to_data()`` (exact round trip)."""
        raise NotImplementedError

    def heuristic(self, state: State, player: int) -> float:
        """How good ``state`` is for ``player`` (bigger is better)."""
        return 0.0

    def leaf_value(self, state: State, player: int) -> float:
        """``heuristic`` where the hard player's search stops looking; a game may look further there."""
        return self.heuristic(state, player)
    #: the hard player's settings for this game: "rollout_turns", how many turns its rollouts play;
    #: "plan_leaf", its turn plans weigh each choice by ``leaf_value`` instead of the heuristic;
    #: "prior_worlds", how many determinized worlds its first look at the options averages (2)
    hard_options: dict = {}

    def describe_card(self, card_id: str) -> dict:
        """Plain data the table draws a card face from: name, type, cost/level,
        stats, text, keywords, colour."""
        raise NotImplementedError

    # -- deck building (tabletop/engine/decks.py; the rules in each game's deck_rules.py) --
    deck_sections: tuple = (("main", "Deck"),)   # (key, title) of each section of a deck
    deck_curve: str = ""                          # the card_facets key the curve counts ("Cost", "Level")
    deck_filters: tuple = ()                      # the card_facets keys the deck builder filters on, in order
                                                  # (empty: the facets with two or more values, as found)

    def card_pool(self) -> list[str]:
        """The ids of the cards a deck may hold, in the card file's order."""
        return list(self.cards)

    def section_of(self, card_id: str) -> str:
        """The section a card goes in when a deck is sorted (the first by default)."""
        return self.deck_sections[0][0]

    def section_for(self, card_id: str, deck) -> str:
        """The section a card added to ``deck`` goes in (``section_of`` unless
        the deck decides, like a Riftbound deck's Chosen Champion)."""
        return self.section_of(card_id)

    def card_facets(self, card_id: str) -> dict:
        """What the deck builder filters on, in players' words: facet -> value
        (a string or a number), e.g. {"Type": "Monster", "Level": 4}. By default
        from ``describe_card``: its type, cost, level and tags."""
        d = self.describe_card(card_id)
        out = {"Type": str(d.get("type", "")).title()}
        for k in ("cost", "level"):
            if isinstance(d.get(k), int):
                out[k.title()] = d[k]
        return out

    def deck_from_ids(self, card_ids: list[str], name: str = ""):
        """A ``Deck`` with these cards sorted into sections (``section_of``)."""
        from .decks import deck_from_ids
        return deck_from_ids(self, card_ids, name)

    def check_deck(self, deck) -> list:
        """Every construction rule this deck breaks, as ``DeckProblem(rule,
        message)`` (empty: legal). ``deck`` is a ``Deck`` (or a flat list of ids).
        A card the game doesn't have is the only problem named; otherwise
        the game's own rules are asked (``deck_rule_problems``)."""
        from .decks import DeckProblem

        if isinstance(deck, list):
            deck = self.deck_from_ids(deck)
        cards = getattr(self, "cards", None)
        unknown = [c for c in deck.ids() if cards is not None and c not in cards]
        if unknown:
            return [DeckProblem("Cards", f"unknown card {unknown[0]!r}")]
        return self.deck_rule_problems(deck)

    def deck_rule_problems(self, deck) -> list:
        """The game's construction rules broken by ``deck`` (every card known):
        a game with deck rules answers from its deck_rules.py."""
        return []

    def validate_deck(self, card_ids: list[str]) -> list[str]:
        """Problems that make this deck illegal (empty list: legal), as text."""
        return [str(p) for p in self.check_deck(self.deck_from_ids(list(card_ids)))]

    def setup_cards(self, setup: dict, player: int, card_ids: list[str], name: str = "") -> dict:
        """``setup`` with player ``player`` playing this list of cards (a deck
        the player built) instead of a preconstructed deck."""
        entry = setup["players"][player]
        entry.pop("deck", None)
        entry["cards"] = list(card_ids)
        if name:
            entry["deck_name"] = name
        return setup

    def rule_name(self, ref: str) -> str:
        """A rule reference of an event or a refusal ("seed 3.2.1") as a
        player's rulebook names it ("Normal Summon (3.2.1)"): from the game's
        rule_names.toml, else the reference without its source notes (see
        rulenames.py)."""
        from .rulenames import rule_name
        return rule_name(self, ref)

    def rule_text(self, text: str) -> str:
        """A sentence (a why_not, a refusal) with its parenthesised rule
        references named as in rule_name."""
        from .rulenames import rule_text
        return rule_text(self, text)


def first_match(choices: Iterable[Choice], kind: str, args: dict) -> Choice | None:
    for c in choices:
        if c.matches(kind, args):
            return c
    return None
