"""The code stays readable and the dependency rule holds: no module over 600
lines and no class over 400 in the games and the kit; rules code never
imports pygame; the table never imports a game and names none."""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES_CODE = [p for d in ("games", "tabletop/engine", "examples") for p in sorted((ROOT / d).rglob("*.py"))]
UI_CODE = sorted((ROOT / "tabletop" / "ui").rglob("*.py"))
BUILTIN = [p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists()]


def _imports(tree) -> set[str]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module if node.level == 0 else "." * node.level + node.module)
    return out


def test_there_is_code_to_check():
    assert len(RULES_CODE) > 40 and len(UI_CODE) > 10 and len(BUILTIN) == 4


@pytest.mark.parametrize("path", RULES_CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_modules_are_small_and_never_import_pygame(path):
    src = path.read_text(encoding="utf-8")
    assert len(src.splitlines()) <= 600, f"{path.name} has {len(src.splitlines())} lines (at most 600)"
    tree = ast.parse(src)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            size = node.end_lineno - node.lineno + 1
            assert size <= 400, f"class {node.name} has {size} lines (at most 400)"
    assert not any(m.split(".")[0] in ("pygame", "pymunk", "pygame_gui") for m in _imports(tree))


@pytest.mark.parametrize("path", UI_CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_table_knows_no_game(path):
    src = path.read_text(encoding="utf-8")
    assert not any(m.split(".")[0] == "games" for m in _imports(ast.parse(src)))
    for gid in BUILTIN:
        assert not re.search(rf"\b{gid}\b", src), f"{path.name} names the game {gid}"


@pytest.mark.parametrize("path", UI_CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_table_modules_are_small(path):
    n = len(path.read_text(encoding="utf-8").splitlines())
    assert n <= 600, f"{path.name} has {n} lines (at most 600)"
