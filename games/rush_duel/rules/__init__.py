"""The rules of Rush Duel, laid out as the rulebook divides a turn (seed 3):
turn.py (the turn structure, Draw and End Phases), main.py (Main Phase),
summon.py (normal, advance, Maximum and flip summons), battle.py (Battle Phase and
its Damage Step), windows.py (trap timings). Card effects resolve in
games/rush_duel/effects/."""
