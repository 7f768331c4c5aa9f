"""The command line speaks the language TABLETOP_LANG (else LANG) names; its
``--json`` output stays the same in every language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from i18nhelp import catalog_word

from tabletop import i18n
from tabletop.cli import main
from tabletop.engine.registry import all_games

GAME_ID = "rush_duel" if "rush_duel" in all_games() else sorted(all_games())[0]


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def test_a_bad_save_is_named_and_its_problem_said_in_japanese(tmp_path, monkeypatch, capsys):
    bad = tmp_path / "half.toml"
    bad.write_text('format = 2\ngame = "x"\n', encoding="utf-8")
    monkeypatch.setenv("TABLETOP_LANG", "ja")
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    head = catalog_word("ja", "is not a complete save: the field {field} is missing (truncated or not a tabletop save)")
    assert err == f"tabletop: {bad}: " + head.format(field="'rules_version'")
    assert "Traceback" not in err


def test_a_missing_file_is_said_in_korean_with_its_path(tmp_path, monkeypatch, capsys):
    gone = tmp_path / "gone.toml"
    monkeypatch.setenv("TABLETOP_LANG", "ko")
    assert main(["replay", str(gone)]) == 2
    err = capsys.readouterr().err
    said = catalog_word("ko", "can't read the file ({0})").split("(")[0].strip()
    assert err.startswith(f"tabletop: {gone}: {said}")


def test_lang_is_used_when_tabletop_lang_is_not_set(monkeypatch, capsys):
    monkeypatch.delenv("TABLETOP_LANG", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert catalog_word("ja", "list the installed games") in out


def _selfplay_json(lang, monkeypatch, capsys) -> dict:
    monkeypatch.setenv("TABLETOP_LANG", lang)
    assert main(["selfplay", GAME_ID, "--games", "2", "--seed", "5", "--json"]) == 0
    out = capsys.readouterr().out
    report = json.loads(out)
    for timing in ("seconds", "decisions_per_second"):  # measured time: differs run to run in any language
        assert timing in report
        report.pop(timing)
    return report


def test_json_output_is_the_same_in_korean_and_english(monkeypatch, capsys):
    ko = _selfplay_json("ko", monkeypatch, capsys)
    en = _selfplay_json("en", monkeypatch, capsys)
    assert ko == en
    assert ko["game"] == GAME_ID and all(k.isascii() for k in ko["wins"])


def _learn_entry(game: str, lang: str, context: str) -> str:
    with open(Path(i18n.__file__).resolve().parent.parent.parent / "games" / game / "locale" / lang / "LC_MESSAGES"
              / "learn.po", "rb") as fh:
        po = read_po(fh, locale=lang)
    return next(m.string for m in po if m.context == context)


def test_the_rules_reference_prints_in_korean(monkeypatch, capsys):
    game = "lumen_condenser"
    monkeypatch.setenv("TABLETOP_LANG", "ko")
    assert main(["rules", game]) == 0
    out = capsys.readouterr().out
    title = _learn_entry(game, "ko", "reference:title")
    first = _learn_entry(game, "ko", "reference:section.0.title")
    assert out.splitlines()[0] == title and first in out
