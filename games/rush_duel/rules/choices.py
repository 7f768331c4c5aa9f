"""Where a card goes: the zone a player drops it on (one choice per free zone), and
the choice ids of rules version 1, which carried no zone.

Since rules version 2 a summon or a set names its slot (``slot``: 0 left, 1 centre,
2 right) and a direct attack names the zone it is dropped on (``to``: the rival's
Monster Zones). A save of rules version 1 recorded ``summon(card=5,to=p0.monster)``
and ``direct_attack(card=7)``; replaying it, such an id is still accepted and means
what it meant then: the first free zone (after the tributes of an advance summon).
"""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision
from tabletop.engine.kitstate import OnePlayerDecision

#: choice kinds whose rules-version-1 id lacked an argument, and that argument
_ADDED = {"summon": "slot", "set": "slot", "direct_attack": "to"}


#: a choice, a caption: a verb between two names, written whole with named
#: placeholders (one template each to translate)
ATTACKS = "{attacker} attacks {target}"
ACTIVATES = "{player} activates {card}"

#: an effect's or a spell's choice, whole: (verb, with a mode, with a target) -> words
EFFECT_LABELS = {
    ("use", False, False): "Use the effect of {card}",
    ("use", True, False): "Use the effect of {card}: {mode}",
    ("use", False, True): "Use the effect of {card} on {target}",
    ("use", True, True): "Use the effect of {card}: {mode} on {target}",
    ("activate", False, False): "Activate {card}",
    ("activate", True, False): "Activate {card}: {mode}",
    ("activate", False, True): "Activate {card} on {target}",
    ("activate", True, True): "Activate {card}: {mode} on {target}",
}


class WrittenChoice(Choice):
    """A choice whose words are written when first read (only the table reads labels),
    by the subclass's ``_words``; its maker fills its slots, as the kit's ``make_choice``
    does, without the class call running ``__init__`` (the rules make them by the thousand).
    The choice holds what its words need itself: choices are kept (``memo.made``), and
    one object less each leaves fewer for the garbage collector to walk."""

    __slots__ = ()
    __init__ = object.__init__

    @property
    def label(self) -> str:
        lab = self._label
        if lab is None:
            lab = self._label = self._words()
        return lab

    @label.setter
    def label(self, text: str) -> None:
        self._label = text

    def _words(self) -> str:
        raise NotImplementedError


class WordsChoice(WrittenChoice):
    """A choice whose words are a template and what fills it in (``_template``, ``_fill``)."""

    __slots__ = ("_template", "_fill")

    def _words(self) -> str:
        return self._template.format(**self._fill)


def worded(kind: str, args: dict, player: int, template: str, fill: dict) -> WordsChoice:
    """The choice ``kind`` of ``player`` with ``args``, its words ``template.format(**fill)``
    written when first read."""
    c = WordsChoice()
    c.kind = kind
    c.args = args
    c.player = player
    c._label = None
    c.role = ""
    c._id = None
    c._template = template
    c._fill = fill
    return c


def effect_choice(state, card: dict, kind: str, verb: str, name: str, args: dict, player: int, mode, tg) -> WordsChoice:
    """An effect's or a spell's choice (seed 3.2.4) of ``kind`` by ``player``: ``args``
    gain its mode and target, and the words (``verb``: "use" an effect, "activate" a
    spell or trap) say them ("Activate X: mode on Y"), written when first read; what
    they name is taken now."""
    if mode is not None:
        args["mode"] = mode
    if tg is not None:
        args["target"] = tg
    template = EFFECT_LABELS[(verb, mode is not None, tg is not None)]
    how = card["modes"][mode]["label"] if mode is not None else ""
    target = "" if tg is None else state.name(tg) if state.table.face[tg] else "a face-down card"
    return worded(kind, args, player, template, {"card": name, "mode": how, "target": target})


class PlaceChoice(WrittenChoice):
    """A summon or a set of a card into a zone of a row (its args name the card, the row
    and the slot) whose words are written when first read: "Summon X in the left
    Monster Zone", "Set X face down in the centre Spell & Trap Zone". It keeps the
    card's name (``_name``); the rest of the words come from its kind and args."""

    __slots__ = ("_name",)

    def _words(self) -> str:
        a = self.args
        row = ZONE_WORDS["Monster Zone" if a["to"].endswith(".monster") else "Spell & Trap Zone"]
        return (f"Summon {self._name} in {row[a['slot']]}" if self.kind == "summon"
                else f"Set {self._name} face down in {row[a['slot']]}")

    @staticmethod
    def made(kind: str, card: int, to: str, slot: int, player: int, name: str) -> PlaceChoice:
        """A summon or a set (``kind``) of ``card`` named ``name`` into ``slot`` of the row ``to``."""
        c = PlaceChoice()
        c.kind = kind
        c.args = {"card": card, "to": to, "slot": slot}
        c.player = player
        c._label = None
        c.role = ""
        c._id = None
        c._name = name
        return c


#: a zone of a row of three in words, whole, by the row and the slot (0 left, 1 centre,
#: 2 right, as the player sees them from their seat): the labels of the choices
ZONE_WORDS = {
    "Monster Zone": ("the left Monster Zone", "the centre Monster Zone", "the right Monster Zone"),
    "Spell & Trap Zone": ("the left Spell & Trap Zone", "the centre Spell & Trap Zone",
                          "the right Spell & Trap Zone"),
}
MONSTER_ZONE_WORDS = ZONE_WORDS["Monster Zone"]
SPELL_ZONE_WORDS = ZONE_WORDS["Spell & Trap Zone"]


def slot_name(slot: int, zone: str) -> str:
    """"the left Monster Zone" for slot 0 of a Monster Zone row (``zone``: the
    row's name in words)."""
    return ZONE_WORDS[zone][slot]


class ZoneDecision(OnePlayerDecision):
    """A decision that also accepts the rules-version-1 id of a summon, a set or a
    direct attack (see the module docstring). The old id is never listed among the
    choices; it is found only by :meth:`find`, as a save replays.

    ``same``: choices that do what another listed choice does (the same card into
    another free zone); the greedy and expert players leave them out
    (:meth:`agent_choices`), so the zones do not multiply their branching. A summon or
    a set into a slot (PlaceChoice) after one of the same kind and card is such a
    choice too: the rules list a card's free zones together, the first one first, so
    those are found in the list when the agents ask (:func:`later_zones`) and the
    rules need not name them."""

    __slots__ = ("_same",)

    def __init__(self, players, kind: str, prompt: str, choices: list, same: list | tuple = ()):
        self.players = tuple(players)
        self.kind = kind
        self.prompt = prompt
        self.choices = choices
        self._same = same  # a set of their ids once the agents ask

    def agent_choices(self, player: int) -> list[Choice]:
        same = self._same
        if not isinstance(same, set):
            same = self._same = {id(c) for c in same}
            same.update(later_zones(self.choices))
        return [c for c in self.choices if c.player == player and id(c) not in same]

    def find(self, choice_id: str, player: int | None = None) -> Choice | None:
        found = Decision.find(self, choice_id, player)
        if found is not None:
            return found
        for c in self.choices:
            extra = _ADDED.get(c.kind)
            if extra is None or extra not in c.args or (player is not None and c.player != player):
                continue
            if c.kind == "set" and c.args.get("to", "").endswith(".field"):
                continue
            old = Choice(c.kind, {k: v for k, v in c.args.items() if k != extra}, c.player, c.label, c.role)
            if old.id == choice_id:
                return old
        return None


def later_zones(choices: list) -> list[int]:
    """The ids of the summons and sets into a slot (PlaceChoice) listed after one of
    the same kind and card: the same move into another free zone."""
    seen = set()
    out = []
    for c in choices:
        if c.__class__ is PlaceChoice:
            move = (c.kind, c.args["card"])
            if move in seen:
                out.append(id(c))
            else:
                seen.add(move)
    return out


class MadeZoneDecision(ZoneDecision):
    """A :class:`ZoneDecision` whose slots the rules fill where they make it (the Main and
    Battle Phases, at every decision): the class call runs no Python."""

    __slots__ = ()
    __init__ = object.__init__