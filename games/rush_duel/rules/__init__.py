"""The rules of Rush Duel, laid out as the rulebook divides a duel (seed 2-3):
setup.py (the set-up), turn.py (``TURN_STRUCTURE``, the Draw and End Phases),
main.py (Main Phase), summon.py (normal, advance, Maximum and flip summons),
battle.py (Battle Phase and its Damage Step), windows.py (trap timings) and
procedures.py (the procedure table they register in). Card effects resolve in
games/rush_duel/effects/."""
