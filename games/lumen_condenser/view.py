"""What a player sees (the engine contract's ``view``; README, "View")."""

from __future__ import annotations

from .rules.procedures import top_is
from .rules.ready import TIMER_SECONDS
from .rules.turn import PHASES
from .zones import BREAK, HAND, LIST, SIDE


# who has declared ready, whole, by (first declared, second declared)
READY_SAYS = {
    (0, 0): "{first}: choosing / {second}: choosing",
    (1, 0): "{first}: ready / {second}: choosing",
    (0, 1): "{first}: choosing / {second}: ready",
    (1, 1): "{first}: ready / {second}: ready",
}


def view(s, player) -> dict:
    d = s.decision
    pr = s.priority()
    zones = s.table.zones
    players = []
    for p in (0, 1):
        players.append({"name": s.names[p], "character": s.characters[p],
                        "counters": {"hp": s.hp[p], "fp": s.fp[p], "no_response": s.no_responses[p],
                                     "hand_limit": s.limit(p), "trait": s.trait_counters[p],
                                     "hand": len(zones[HAND[p]]), "list": len(zones[LIST[p]]),
                                     "side": len(zones[SIDE[p]]), "break": len(zones[BREAK[p]])}})
    ready = {"declared": list(s.declared)}
    if player is None:
        ready["picks"] = list(s.ready_picks)
    else:
        ready["mine"] = s.ready_picks[player] if s.ready_picks[player] >= 0 else None
    readying = top_is(s, "ready_declarations")
    countdown = None
    if s.timed and readying and s.first_declarer >= 0:
        countdown = {"waiting": 1 - s.first_declarer, "seconds": TIMER_SECONDS, "since": "opponent declared"}
    extra = {
        "priority": pr,
        "priority_label": "tied" if pr is None else s.names[pr],
        "judgment_step": s.battle_step,
        "timed": s.timed,
        "countdown": countdown,
        "ready_text": READY_SAYS[bool(s.declared[0]), bool(s.declared[1])].format(first=s.names[0], second=s.names[1])
                      if readying else "",
        "countdown_text": (f"{s.names[countdown['waiting']]} has {TIMER_SECONDS} s to declare ready"
                           if countdown else ""),
        "ready": ready,
        "restrict": list(s.restrictions),
        "defence_over": s.defence_over_count,
        "sudden_death": s.sudden_death_turns if s.in_sudden_death else 0,
        "combo": ({"player": s.combo_player, "count": s.combo_count, "last_speed": s.combo_last_speed}
                  if s.combo_player >= 0 else None),
        "results": list(s.results),
        "speeds": list(s.speeds),
        "reason": s.outcome.reason if s.outcome is not None else "",
    }
    return {"game": "lumen_condenser", "turn": s.turn_number, "active": pr if pr is not None else 0,
            "phase": s.phase, "step": s.battle_step, "phases": list(PHASES), "winner": s.winner,
            "over": s.outcome is not None, "players": players, "zones": s.table.view_zones(player),
            "decision": d.to_view() if d is not None else None, "extra": extra}
