"""Sound through a real audio device: SDL's disk driver is a sound device
that writes what it plays to a file, so a test can hear the table. A summon
on the table is heard; with mute on in Settings, the same summon is silence."""

import array
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

SCRIPT = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from uihelp import DT, perform, settle, start
app, table = start("rush_duel", seats=("human", "human"), speed="normal", autopass_stop="always",
                   muted=sys.argv[2] == "muted", volume=100)
summon = next(c for c in table.ctl.state.decision.choices_for(0) if c.kind == "summon")
table.apply_choice(summon, confirm=False)
end = time.monotonic() + 1.5
while time.monotonic() < end:      # real time: the device plays as the clock runs
    app.step(dt=DT)
    time.sleep(DT)
print("played", ",".join(app.sounds.played))
"""


def _run(tmp_path, how):
    out = tmp_path / f"{how}.raw"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(out))
    r = subprocess.run([sys.executable, "-c", SCRIPT, str(HERE), how], env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    samples = array.array("h")
    data = out.read_bytes()
    samples.frombytes(data[: len(data) // 2 * 2])
    played = next((ln.split(" ", 1)[1] for ln in r.stdout.splitlines() if ln.startswith("played")), "")
    return samples, played


def test_the_table_is_heard_on_a_sound_device_and_mute_silences_it(tmp_path):
    loud, played = _run(tmp_path, "loud")
    assert "place" in played.split(",")                # the summon asked for its sound
    assert len(loud) > 22050                            # the device ran for more than a quarter second
    assert max(abs(x) for x in loud) > 500              # and played it
    quiet, played_muted = _run(tmp_path, "muted")
    assert len(quiet) > 22050
    assert max(abs(x) for x in quiet) == 0              # muted: the device hears nothing
    assert played_muted == ""
