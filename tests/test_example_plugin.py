"""The example plugin (examples/tidecall, docs/PLUGINS.md) installed the way a
third-party game is: through the ``tabletop.games`` entry point. On it run the
registry and CLI, the engine contract, its scenarios (each shown to fail when
its rule is broken), self-play, saves and ``replay --verify``."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import test_contract
from tabletop.engine import registry
from tabletop.engine.errors import CardFileError
from tabletop.engine.outcome import Outcome, Termination
from tabletop.saves import Match, load_match
from tabletop.scenario import expand, run_scenario

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SCENARIOS = EXAMPLES / "tidecall" / "scenarios"


def install_plugin(site: Path) -> list[str]:
    """Install Tidecall as a distribution in ``site``: a ``.dist-info`` folder
    whose entry_points.txt names the game under ``tabletop.games``. Returns the
    folders to put on sys.path (or PYTHONPATH)."""
    info = site / "tidecall_example-1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tidecall-example\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[tabletop.games]\ntidecall = tidecall:GAME\n")
    return [str(site), str(EXAMPLES)]


@pytest.fixture(scope="module")
def plugin(tmp_path_factory):
    paths = install_plugin(tmp_path_factory.mktemp("site"))
    sys.path[:0] = paths
    importlib.invalidate_caches()
    registry.refresh()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths + [os.environ.get("PYTHONPATH", "")]))
    yield registry.get_game("tidecall"), env
    for p in paths:
        sys.path.remove(p)
    registry.refresh()


def cli(env, *args, cwd=None):
    return subprocess.run([sys.executable, "-m", "tabletop", *args], env=env, cwd=cwd or ROOT,
                          capture_output=True, text=True, timeout=600)


def test_the_entry_point_registers_the_game(plugin):
    game, env = plugin
    from importlib.metadata import entry_points

    assert [ep.value for ep in entry_points(group="tabletop.games") if ep.name == "tidecall"] == ["tidecall:GAME"]
    assert type(game).__module__ == "tidecall" and game.id == "tidecall"
    assert registry.game_dir(game) == EXAMPLES / "tidecall"
    out = cli(env, "games")
    assert out.returncode == 0, out.stderr
    assert any(line.split()[:2] == ["tidecall", "Tidecall"] for line in out.stdout.splitlines()), out.stdout


def test_the_engine_contract_holds(plugin, tmp_path):
    test_contract.test_game_object_is_complete("tidecall")
    test_contract.test_random_play_keeps_invariants_and_round_trips(gid="tidecall")
    for seed in range(12):
        test_contract.test_views_hide_what_a_player_may_not_see("tidecall", seed)
    test_contract.test_save_round_trip("tidecall", tmp_path)


def test_the_scenarios_pass_on_the_command_line(plugin):
    out = cli(plugin[1], "scenario", str(SCENARIOS))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().endswith(f"{len(expand([str(SCENARIOS)]))} passed, 0 failed")


def _forget(kind: str, words: str):
    """A broken legality check: it forgets the rule whose reason contains ``words``."""
    from tidecall.rules import LEGAL

    check = LEGAL.table[kind]
    original = check.fn

    def broken(state, player, args):
        reason = original(state, player, args)
        return None if reason and words in reason else reason
    return check, "fn", broken


def _broken_rule(name: str):
    """(object, attribute, replacement) that breaks the rule one scenario checks."""
    from tidecall.effects import EFFECTS
    from tidecall.rules import DONE, PROCS
    from tidecall.state import TidecallState

    damage_step = PROCS["damage_step"].run
    if name == "01":  # an unblocked attacker deals 1, whatever its power
        def run(state, step, events):
            if step.args["blocker"] is not None:
                return damage_step(state, step, events)
            state.change_life(1 - state.active, -1, events, "")
            return DONE
        return PROCS["damage_step"], "run", run
    if name in ("02", "03"):  # "02": a block destroys nothing; "03": a tie destroys only the blocker
        def run(state, step, events):
            a, b = step.args["attacker"], step.args["blocker"]
            if b is None:
                return damage_step(state, step, events)
            if name == "03" and state.card_of(a)["power"] >= state.card_of(b)["power"]:
                state.destroy(b, events, "")
            return DONE
        return PROCS["damage_step"], "run", run
    if name == "04":
        return _forget("attack", "played this turn")
    if name == "05":
        return _forget("summon", "already played")
    if name == "06":  # only more damage than its power destroys a creature
        damage = EFFECTS["damage"].resolve

        def resolve(state, ctx, op, events):
            if not isinstance(op["target"], str) and state.card_of(ctx["target"])["power"] == op["amount"]:
                return None
            return damage(state, ctx, op, events)
        return EFFECTS["damage"], "resolve", resolve
    if name == "07":  # drawing from an empty deck does nothing
        draw = TidecallState.draw
        return TidecallState, "draw", lambda s, p, ev, rule: draw(s, p, ev, rule) if s.table.zones[f"p{p}.deck"] else None
    if name == "08":  # life at 0 does not end the game
        check = TidecallState.check_outcome

        def check_outcome(state, events):
            if state.conceded is not None or state.empty_draw is not None:
                check(state, events)
        return TidecallState, "check_outcome", check_outcome
    if name == "09":
        return _forget("attack", "first turn")
    raise AssertionError(name)


SCENARIO_FILES = sorted(p.name for p in SCENARIOS.glob("*.toml"))


@pytest.mark.parametrize("scenario", SCENARIO_FILES)
def test_each_scenario_fails_when_its_rule_is_broken(plugin, scenario, monkeypatch):
    path = str(SCENARIOS / scenario)
    assert run_scenario(path).passed, run_scenario(path).message
    monkeypatch.setattr(*_broken_rule(scenario[:2]))
    result = run_scenario(path)
    assert not result.passed, f"{scenario} still passes with its rule broken"


def test_why_not_names_the_rule_from_the_same_checks(plugin):
    game, _ = plugin
    state = game.from_position({"turn": 3, "phase": "battle", "players": [
        {"deck": ["reef_crab"], "field": ["kelp_lurker"]}, {"deck": ["reef_crab"]}]})
    assert state.why_not("summon", {"card": 0}, 0) == \
        "cards are played only in your own main phase (Playing a creature (3.1))."
    iid = state.view(None)["zones"]["p0.field"][0]["iid"]
    state.attacked = [iid]
    state.decision_cache = None
    assert not [c for c in state.legal_choices(0) if c.kind == "attack"]
    assert state.why_not("attack", {"card": iid}, 0) == \
        "each creature attacks at most once a turn (Declaring an attack (4.1))."


def test_card_effects_are_checked_against_the_primitive_schemas(plugin):
    from tidecall.effects import EFFECTS

    with pytest.raises(CardFileError, match=r"cards.toml.*'bolt'.*needs 'target'|'bolt'.*needs 'target'"):
        EFFECTS.validate([{"op": "damage", "amount": 2}], "cards.toml", "bolt")
    with pytest.raises(CardFileError, match="who must be"):
        EFFECTS.validate([{"op": "damage", "amount": 2, "target": {"who": "them"}}], "cards.toml", "bolt")
    game, _ = plugin
    assert game.describe_card("brine_bolt")["text"] == "Deal 2 damage to target opposing creature."


def test_the_outcome_field_kind_round_trips(plugin):
    game, _ = plugin
    state = game.new_state(game.default_setup(), 4)
    state.outcome = Outcome(1, Termination.CONCEDE, "Player 1 concedes", "Conceding (7.3)")
    data = state.to_data()
    assert data["outcome"] == {"winner": 1, "termination": "concede", "reason": "Player 1 concedes",
                               "rule": "Conceding (7.3)"}
    back = game.state_from_data(data)
    assert back.outcome == state.outcome and back.winner == 1 and back.decision is None
    assert state.clone().outcome is state.outcome


def test_selfplay_saves_and_replay_verify(plugin, tmp_path):
    game, env = plugin
    out = cli(env, "selfplay", "tidecall", "--games", "20", "--seed", "3", "--agents", "random,greedy",
              "--save-dir", str(tmp_path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "20 games, 20 finished, 0 errors, 0 invariant violations" in out.stdout
    saves = sorted(tmp_path.glob("*.toml"))
    assert len(saves) == 20
    out = cli(env, "replay", "--verify", str(saves[0]))
    assert out.returncode == 0 and "verified: the replay reproduces the stored digest" in out.stdout, out.stdout
    # a game in progress, saved and loaded in this process
    match = Match(game, game.default_setup(), 9)
    for _ in range(15):
        match.apply(match.state.decision.choices_for(match.state.decision.players[0])[0])
    match.save(tmp_path / "mid.toml")
    loaded = load_match(tmp_path / "mid.toml")
    assert loaded.state.digest() == match.state.digest() and loaded.log == match.log


def _code_lines(path: Path) -> int:
    """Lines holding code: not blank, not only a comment, not part of a docstring."""
    import ast
    import io
    import tokenize

    src = path.read_text(encoding="utf-8")
    docs = {n for node in ast.walk(ast.parse(src)) if isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
            for n in range(node.lineno, node.end_lineno + 1)}
    skip = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER)
    return len({n for tok in tokenize.generate_tokens(io.StringIO(src).readline) if tok.type not in skip
                for n in range(tok.start[0], tok.end[0] + 1)} - docs)


def test_the_example_is_a_plugin_of_at_most_300_lines_of_code_and_the_walkthrough_says_so():
    total = sum(_code_lines(p) for p in sorted((EXAMPLES / "tidecall").glob("*.py")))
    assert 200 < total <= 300
    assert f"a complete plugin of {total} lines of Python code" in (ROOT / "docs" / "PLUGINS.md").read_text()


def test_every_walkthrough_excerpt_is_the_code_as_it_is():
    """Each ```python block of the walkthrough (split at "...") appears, line for
    line, in the example plugin or in the kit."""
    import re

    doc = (ROOT / "docs" / "PLUGINS.md").read_text(encoding="utf-8")
    walk = doc[doc.index("## Walkthrough"):doc.index("## Reference")]
    sources = [p.read_text(encoding="utf-8").splitlines()
               for p in sorted((EXAMPLES / "tidecall").glob("*.py")) + sorted((ROOT / "tabletop" / "engine").glob("*.py"))]
    blocks = re.findall(r"```python\n(.*?)```", walk, re.S)
    assert len(blocks) >= 10
    for block in blocks:
        for part in re.split(r"^\s*\.\.\.\s*$", block, flags=re.M):
            lines = part.strip("\n").splitlines()
            if not lines:
                continue
            n = len(lines)
            assert any(src[i:i + n] == lines for src in sources for i in range(len(src) - n + 1)), \
                "PLUGINS.md excerpt not found in the code:\n" + "\n".join(lines[:4])
