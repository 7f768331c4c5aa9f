"""The hint: the Hard search's suggestion for one player's decision, with its
reason in words.

``suggest(state, seat)`` runs the Hard agent's search (ISMCTS, see ismcts.py)
for ``seat`` on copies of the game in which everything ``seat`` may not see
is re-drawn at random (``state.determinize``), so the suggestion never depends
on the true hidden cards. The reason says what the search expects: the choice
is played (with the line the search expects to follow, through the most
visited options of its tree) in several such copies, and the captions of
what happens in most of them are told, with how well the search rates the
move and the next best one.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from tabletop.engine.core import Choice, Event, State
from tabletop.engine.rng import PCG32
from tabletop.i18n import _, game_text, pgettext

from .agents import obvious_choice
from .expert import _playing
from .ismcts import HardAgent

__all__ = ["Hint", "suggest", "explain"]

#: how many determinized copies the expected line is played in
WORLDS = 7
#: how many choices (the suggested one included) the expected line follows at most
LINE_STEPS = 6
#: how many captions the reason tells at most
MAX_CAPTIONS = 3
#: words of a caption that tell an outcome (what is destroyed, damage, life points)
_OUTCOME = re.compile(r"\b(destroy|destroyed|broken|breaks|discarded|damage|loses|lose|gains|LP|HP|wins|"
                      r"conquer|conquers|scores|points?|defeated|dies|killed|reached 0|graveyard|hits)\b",
                      re.IGNORECASE)
#: captions that tell nothing ("... nothing happens")
_NOTHING = re.compile(r"nothing happens|no .* matches", re.IGNORECASE)
#: a parenthesised source note, should a caption carry one
_SOURCE_NOTE = re.compile(r"\s*\((?:[^()]*\b(?:seed|digest)\b[^()]*)\)", re.IGNORECASE)


@dataclass
class Hint:
    choice: Choice  # the suggested choice (a legal choice of ``seat``)
    reason: str     # players' words (in the language in use): what the search expects to happen


def _words(state: State, text: str) -> str:
    """A label or caption the game wrote, in the language in use."""
    return game_text(text, getattr(getattr(state, "game", None), "id", None))


def suggest(state: State, seat: int, think_ms: int = 1000, seed: int = 0, *,
            iterations: int | None = None) -> Hint | None:
    """The suggestion for ``seat``'s pending decision (None when ``seat`` has
    none): the Hard search thinking ``think_ms`` of wall clock, or exactly
    ``iterations`` iterations (then reproducible from ``seed``). Decides on
    ``seat``'s own view only."""
    d = state.decision
    if d is None or seat not in d.players:
        return None
    choices = d.agent_choices(seat)
    if not choices:
        return None
    obvious, why = obvious_choice(choices)
    if obvious is not None:
        move = _sentence(_words(state, obvious.label))
        if why == "forced":
            reason = _("{move}: it is the only move you have now.").format(move=move)
        else:
            reason = _("{move}: the usual answer; the other ways rarely change the game.").format(move=move)
        return Hint(obvious, reason)
    if iterations is not None:
        agent = HardAgent(seed, budget_ms=None, iterations=iterations)
    else:
        agent = HardAgent(seed, budget_ms=max(1.0, float(think_ms)))
    agent.reuse = False
    choice = agent.choose(state, seat)
    return Hint(choice, explain(state, seat, choice, agent, seed))


def explain(state: State, seat: int, choice: Choice, agent: HardAgent, seed: int = 0) -> str:
    """The reason for ``choice`` in players' words, from the search's tree
    (``agent.root``, the search just made for ``seat``)."""
    root = agent.root
    rng = PCG32(seed, stream=4271)
    lines = [_line(state.determinize(seat, rng), seat, choice, root) for _n in range(WORLDS)]
    captions = _agreed([c for c, _f in lines])
    follow = _agreed([f for _c, f in lines])
    parts = [_("{move}.").format(move=_sentence(_clause(_words(state, choice.label))))]
    if follow:
        steps = [_clause(_words(state, f)) for f in follow[:2]]
        if len(steps) > 1:
            parts.append(_("Next: {move}, then {then}.").format(move=steps[0], then=_lower(steps[1])))
        else:
            parts.append(_("Next: {move}.").format(move=steps[0]))
    told = _pick(captions)
    if told:
        parts.append(_("Expected: {outcomes}.").format(outcomes="; ".join(_clause(_words(state, c)) for c in told)))
    rating = _rating(agent, seat, choice, state)
    if rating:
        parts.append(rating)
    text = parts[0]
    for more in parts[1:]:  # a language that sets no space between sentences joins them without one
        text = pgettext("two sentences in a row", "{first} {second}").format(first=text, second=more)
    return text


# -- the expected line -------------------------------------------------------------------------------

def _line(world: State, seat: int, choice: Choice, root) -> tuple[list[str], list[str]]:
    """Play ``choice`` in one determinized copy, then the options the search's
    tree visited most, until the turn changes, ``seat`` meets a decision the
    tree never looked at, or ``LINE_STEPS`` choices. Returns the captions
    ``seat`` sees and the labels of ``seat``'s own further choices."""
    captions: list[str] = []
    follow: list[str] = []
    node = root
    turn = world.turn
    for step in range(LINE_STEPS):
        d = world.decision
        if d is None or world.winner is not None:
            break
        picks: list[Choice] = []
        keys = []
        for p in d.players:
            opts = _playing(d, p)
            if step == 0 and p == seat:
                mine = d.find(choice.id, seat)
                if mine is None:
                    return captions, follow
                picks.append(mine)
                keys.append((p, mine.id))
                continue
            if len(opts) == 1:
                picks.append(opts[0])
                continue
            best = _most_visited(node, p, opts)
            if best is None:
                obvious, _why = obvious_choice(opts)
                if obvious is None or p == seat:
                    return captions, follow
                best = obvious
            else:
                keys.append((p, best.id))
            if p == seat:
                follow.append(best.label)
            picks.append(best)
        for c in picks:
            now = world.decision
            if now is None:
                break
            again = c if c in now.choices else now.find(c.id, c.player)
            if again is None:
                break
            for ev in world._apply(again):
                text = _caption(ev, seat)
                if text:
                    captions.append(text)
        node = None if node is None or not keys else node.children.get(tuple(keys))
        if world.turn != turn:
            break
    return captions, follow


def _most_visited(node, p: int, opts: list[Choice]) -> Choice | None:
    if node is None:
        return None
    best, best_v = None, 1  # an option tried once only is no expectation
    for c in opts:
        e = node.edges.get((p, c.id))
        if e is not None and e.visits > best_v:
            best, best_v = c, e.visits
    return best


def _caption(ev: Event, seat: int) -> str:
    text = ev.for_player(seat).caption or ""
    text = _SOURCE_NOTE.sub("", text).strip()
    if not text or _NOTHING.search(text):
        return ""
    return text


def _agreed(seqs: list[list[str]]) -> list[str]:
    """The entries found in more than half of the sequences, in the order of
    the first sequence holding them (what the search expects whatever the
    hidden cards turn out to be)."""
    need = len(seqs) // 2 + 1
    counts: Counter = Counter()
    for seq in seqs:
        counts.update(set(seq))
    out: list[str] = []
    for seq in seqs:
        for x in seq:
            if counts[x] >= need and x not in out:
                out.append(x)
    return out


def _pick(captions: list[str]) -> list[str]:
    """The captions worth telling: the last ``MAX_CAPTIONS`` outcomes (damage,
    destruction, life points, points scored, the end of the game)."""
    outcomes = [c for c in captions if _OUTCOME.search(c)]
    return outcomes[-MAX_CAPTIONS:]


def _rating(agent: HardAgent, seat: int, choice: Choice, state: State) -> str:
    """How the search rates the move: its score for ``seat`` (the agent's mean
    reward, in [0, 1]) and the next best option's."""
    root = agent.root
    if root is None:
        return ""
    e = root.edges.get((seat, choice.id))
    if e is None or e.visits == 0:
        return ""
    total = sum(x.visits for (p, _cid), x in root.edges.items() if p == seat)
    mean = agent._mean(e)
    labels = {c.id: c.label for c in state.decision.choices_for(seat)}
    runner, runner_e = None, None
    for (p, cid), x in root.edges.items():
        if p != seat or cid == choice.id or x.visits == 0 or labels.get(cid, choice.label) == choice.label:
            continue
        if runner_e is None or (x.visits, agent._mean(x)) > (runner_e.visits, agent._mean(runner_e)):
            runner, runner_e = cid, x
    # whole sentences to translate (a language ends and brackets them its own way); the
    # count grouped by thousands, as English, Korean and Japanese all write it
    lines = f"{total:,}"
    if runner is None:
        return _("The search rates it {percent}% for you over {lines} lines it played out.").format(
            percent=round(100 * mean), lines=lines)
    return _("The search rates it {percent}% for you over {lines} lines it played out "
             "(next best, {move}: {runner}%).").format(percent=round(100 * mean), lines=lines,
                                                       move=_clause(_words(state, labels[runner])),
                                                       runner=round(100 * agent._mean(runner_e)))


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] if text else text


def _lower(text: str) -> str:
    """A label as the rest of a sentence ("Go to the Battle Phase" -> "go to the
    Battle Phase"); a label that starts with a name keeps its capital."""
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first.lower() in _VERBS else text


#: the first words of labels that are verbs (lower-cased when a label goes mid-sentence)
_VERBS = {"go", "end", "set", "summon", "attack", "activate", "use", "play", "move", "pass", "place", "break",
          "take", "discard", "ready", "combo", "draw", "pay", "equip", "keep", "choose", "guard", "declare",
          "tribute", "fusion", "target", "add", "return", "skip", "confirm", "finish", "power", "channel",
          "recycle", "exhaust", "hold", "assign", "mulligan", "respond", "reveal", "catch", "counter"}


def _clause(text: str) -> str:
    return text.strip().rstrip(".。")
