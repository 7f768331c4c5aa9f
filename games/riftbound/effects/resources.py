"""Cards, runes, the rune pool and tokens (Core Rules v1.3 Draw, Channel, Add,
digest 5.4-5.6; Tokens, digest 4)."""

from __future__ import annotations

from ..carddb import DOMAIN_CODE, DOMAINS
from ..zones import RUNES
from tabletop.engine.effects import OPTIONAL

from . import NUMBER, R_COST, R_EFFECT, TOKENS, OneOf, primitive

_POOL_INDEX = {d: i + 1 for i, d in enumerate(DOMAINS)}  # pool index of each domain (0 is energy)


@primitive("draw", lambda op, who, n: ("your opponent draws {n}" if op.get('who') == 'opp' else "draw {n}").format(n=n),
           n=NUMBER, who=(str, OPTIONAL))
def draw(state, item, op, events):
    """Draw N (``who = "opp"``: the opponent draws)."""
    p = item["controller"]
    who = 1 - p if op.get("who") == "opp" else p
    state.draw(who, op.get("n", 1), events, R_EFFECT)


def _add_text(op, who, n) -> str:
    parts = [f"[{op['energy']}]"] if op.get("energy") else []
    parts += ["[A]" if p == "any" else f"[{DOMAIN_CODE[p]}]" for p in op.get("power", [])]
    return "add {symbols}".format(symbols=" ".join(parts))


@primitive("channel", lambda op, who, n: f"channel {n} rune{'s' if n > 1 else ''} exhausted", n=NUMBER)
def channel(state, item, op, events):
    """Channel N runes, exhausted."""
    state.channel(item["controller"], op.get("n", 1), True, events, R_EFFECT)


@primitive("add", _add_text, energy=NUMBER, power=(list, OPTIONAL))
def add(state, item, op, events):
    """Add energy and power to the rune pool ([A]: the legend's first domain)."""
    p = item["controller"]
    pool = state.pool[p]
    pool[0] += op.get("energy", 0)
    for d in op.get("power", []):
        pool[_POOL_INDEX[d] if d != "any" else _POOL_INDEX[state._best_domain(p)]] += 1
    state._ev(events, "pool.add", f"{state.player_name(p)} adds resources to the rune pool", R_COST, player=p, pool=list(pool))


@primitive("ready_runes", lambda op, who, n: f"ready up to {n} runes", n=NUMBER)
def ready_runes(state, item, op, events):
    """Ready up to N exhausted runes."""
    p, n = item["controller"], op.get("n", 1)
    t = state.table
    src_name = state.card_db[item["card"]]["name"]
    c = 0
    for r in t.zones[RUNES[p]]:
        if t.orient[r] and c < n:
            c += 1
            events.append(t.set_orient(r, 0, f"{src_name} readies a rune", R_EFFECT))


def _token_text(op, who, n) -> str:
    here = op.get("where") == "here"
    if n > 1:
        text = "play {n} {kind} tokens here" if here else "play {n} {kind} tokens at your base"
    else:
        text = "play {n} {kind} token here" if here else "play {n} {kind} token at your base"
    return text.format(n=n, kind=op.get("kind", "recruit").title())


@primitive("token", _token_text, n=NUMBER, kind=(OneOf(*TOKENS), OPTIONAL), where=(str, OPTIONAL))
def token(state, item, op, events):
    """Play N tokens at your base, or ``where = "here"``: at the item's battlefield."""
    p = item["controller"]
    kind = op.get("kind", "recruit")
    loc = item["location"] if op.get("where") == "here" and item["location"] is not None and item["location"] >= 0 else -1
    if item["hidden_at"] >= 0 and op.get("where") == "here":
        loc = item["hidden_at"]
    for _ in range(op.get("n", 1)):
        state._token(p, kind, loc, events)
    if loc >= 0:
        state._arrive(p, loc, events)
