"""What a game shows while it is played that its catalog leaves English.

Plays a few games between two random players and collects every sentence the
table would show: step captions, rule names, decision prompts, move labels and
why a move is refused (asked for each card a player could pick up). Prints how
many of them the language's catalog translates and lists the rest, then those
translated with words left English (a slot no entry or template reads).

    python tools/i18n_coverage.py rush_duel --lang ko --games 5
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop import i18n  # noqa: E402
from tabletop.ai.agents import make_agent  # noqa: E402
from tabletop.engine import registry  # noqa: E402
from tabletop.saves import Match  # noqa: E402
from tabletop.selfplay import selfplay_setup  # noqa: E402


def shown_strings(game, games: int, seed: int = 1, max_decisions: int = 3000) -> dict[str, str]:
    """{sentence: where it was seen} for ``games`` random games."""
    seen: dict[str, str] = {}

    def add(s, where):
        if s and s not in seen:
            seen[s] = where

    for g in range(games):
        match = Match(game, selfplay_setup(game, seed + g), seed + g)
        agents = [make_agent("random", seed * 7 + g * 2 + i) for i in range(2)]
        state = match.state
        n = 0
        while state.decision is not None and n < max_decisions:
            d = state.decision
            add(d.prompt, "prompt")
            for p in d.players:
                for c in d.choices_for(p):
                    add(c.label, "move")
            if n % 7 == 0:
                p = d.players[0]
                for iid in sorted({c.args.get("card") for c in d.choices_for(p) if isinstance(c.args.get("card"), int)})[:3]:
                    for kind in ("move", "attack", "play"):
                        try:
                            r = game.rule_text(state.why_not(kind, {"card": iid}, p))
                        except Exception:
                            r = ""
                        if r:
                            add(r[:1].upper() + r[1:], "refusal")
            pick = agents[d.players[0]].choose(state, d.players[0])
            for e in match.apply(pick):
                add(e.caption, "caption")
                if e.rule:
                    add(game.rule_name(e.rule), "rule")
            state = match.state
            n += 1
    return seen


def pseudo_catalog(game):
    """A catalog whose every entry of the game's and the kit's templates is
    "translated" as itself."""
    from babel.messages.pofile import read_po

    from tabletop.engine.registry import game_dir
    from tabletop.i18n.catalog import Catalog

    kit = Catalog("pseudo")
    cat = Catalog("pseudo", fallback=kit)
    pots = [(kit, ROOT / "tabletop" / "locale" / "kit.pot")]
    pots += [(cat, p) for p in sorted((Path(game_dir(game)) / "locale").glob("*.pot"))]
    for target, pot in pots:
        with open(pot, "rb") as fh:
            for m in read_po(fh):
                if m.id and isinstance(m.id, str):
                    target.add(m.id, m.id, m.context)
                    if not m.context:  # (add keeps no entry written the same as its msgid)
                        target.exact.setdefault(m.id, m.id)
    kit.finish()
    return cat.finish()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--lang", default="ko")
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pseudo", action="store_true",
                    help="translate every template word for word (msgstr = msgid): lists what no template matches")
    a = ap.parse_args(argv)
    game = registry.get_game(a.game)
    seen = shown_strings(game, a.games, a.seed)
    cat = pseudo_catalog(game) if a.pseudo else i18n.game_catalog(game.id, a.lang)
    missing = {s: w for s, w in seen.items() if cat.missing(s)}
    # (word for word, a slot's words have no entry of their own: only whole sentences are asked)
    partly = {} if a.pseudo else {s: w for s, w in seen.items() if s not in missing and cat.english_left(s)}
    print(f"{game.id} {a.lang}: {len(seen) - len(missing)} of {len(seen)} shown sentences translated"
          + ("" if a.pseudo else f", {len(partly)} of them with words left English"))
    for s, w in sorted(missing.items(), key=lambda x: (x[1], x[0])):
        print(f"  [{w}] {s}")
    for s, w in sorted(partly.items(), key=lambda x: (x[1], x[0])):
        print(f"  [{w}, in part] {s} -> {cat.text(s)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
