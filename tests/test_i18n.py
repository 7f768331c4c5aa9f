"""Languages: choosing one, catalogs, and how a game's sentences are translated."""

from __future__ import annotations

import pytest

from tabletop import i18n
from tabletop.i18n.catalog import Catalog, load_catalog

PO = r'''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

msgid "{0} deals {1} damage to {2}"
msgstr "{0}이(가) {2}에게 {1} 데미지를 준다"

msgctxt "card:M01:name"
msgid "Pebble Squire"
msgstr "조약돌 종자"

msgid "Player 2"
msgstr "플레이어 2"

msgid "({0} of {1})"
msgstr "({1}개 중 {0})"

msgid "Battle Phase (3.3)"
msgstr "배틀 페이즈 (3.3)"

msgid "this is already the Battle Phase ({0})."
msgstr "이미 배틀 페이즈입니다 ({0})."

msgid "{0} holds {1} card{2} and draws {3}"
msgstr "{0}의 패는 {1}장, {3}장 드로우"

msgid "returns {0} to the hand"
msgstr "{0}을(를) 패로 되돌린다"

msgid "{0} {1}"
msgstr "{1} {0}"

msgid "Take {0}"
msgstr "{0} 획득"

msgid "give {who} {n} Might"
msgstr "{who}에게 위력 {n}"

msgid "a decision must be made first: {0}."
msgstr "먼저 결정해야 합니다: {0}."

#, fuzzy
msgid "Fuzzy words"
msgstr "퍼지"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n}장"
'''


@pytest.fixture
def catalog(tmp_path):
    f = tmp_path / "ko.po"
    f.write_text(PO, encoding="utf-8")
    return load_catalog([f], "ko")


def test_a_sentence_is_translated_by_its_template_and_its_names(catalog):
    assert catalog.text("Pebble Squire deals 300 damage to Player 2") == "조약돌 종자이(가) 플레이어 2에게 300 데미지를 준다"


def test_a_repeated_step_keeps_its_count_after_the_translation(catalog):
    assert catalog.text("Pebble Squire deals 300 damage to Player 2 (1 of 2)") == \
        "조약돌 종자이(가) 플레이어 2에게 300 데미지를 준다 (2개 중 1)"


def test_a_refusal_with_a_capital_letter_and_a_rule_name_in_brackets(catalog):
    # the table writes "This is ... (Battle Phase, 3.3)." from the game's "this is ... (seed 3.3)."
    assert catalog.text("This is already the Battle Phase (Battle Phase, 3.3).") == "이미 배틀 페이즈입니다 (배틀 페이즈, 3.3)."


def test_a_refusal_whose_first_word_is_one_capital_letter(catalog):
    assert catalog.text("A decision must be made first: Take Pebble Squire.") == "먼저 결정해야 합니다: 조약돌 종자 획득."


def test_a_phrase_made_a_sentence_with_a_capital_and_a_full_stop(catalog):
    assert catalog.text("Returns Pebble Squire to the hand.") == "조약돌 종자을(를) 패로 되돌린다."
    # the full stop is the sentence's, not the last slot's
    assert catalog.text("Take Player 2.") == "플레이어 2 획득."


def test_a_slot_named_n_holds_a_number(catalog):
    assert catalog.text("give Player 2 +3 Might") == "플레이어 2에게 위력 +3"


def test_a_slot_holding_a_plural_ending_may_be_empty(catalog):
    assert catalog.text("Player 2 holds 1 card and draws 4") == "플레이어 2의 패는 1장, 4장 드로우"
    assert catalog.text("Player 2 holds 3 cards and draws 2") == "플레이어 2의 패는 3장, 2장 드로우"


def test_a_template_without_words_of_its_own_matches_nothing(catalog):
    assert catalog.text("Take Pebble Squire") == "조약돌 종자 획득"
    assert catalog.text("Pebble Squire Player 2") == "Pebble Squire Player 2"


def test_what_no_entry_matches_stays_english_and_fuzzy_entries_are_not_used(catalog):
    assert catalog.text("An unknown sentence") == "An unknown sentence"
    assert catalog.missing("An unknown sentence")
    assert catalog.text("Fuzzy words") == "Fuzzy words"


def test_keyed_entries_and_plurals(catalog):
    assert catalog.keyed("card:M01:name", "Pebble Squire") == "조약돌 종자"
    assert catalog.keyed("card:M99:name", "Player 2") == "플레이어 2"
    assert catalog.ngettext("{n} card", "{n} cards", 5) == "{n}장"


def test_a_catalog_asks_its_fallback_for_what_it_lacks(catalog):
    game = Catalog("ko", fallback=catalog).finish()
    assert game.text("Player 2") == "플레이어 2"


def _game_over_kit(kit_entries: dict, game_entries: dict) -> Catalog:
    kit = Catalog("ko")
    for k, v in kit_entries.items():
        kit.add(k, v)
    game = Catalog("ko", fallback=kit.finish())
    for k, v in game_entries.items():
        game.add(k, v)
    return game.finish()


def test_a_short_template_does_not_take_a_capitalised_refusal_written_from_a_longer_one():
    game = _game_over_kit({}, {
        "{card} attacks {player}": "{card}이(가) {player}을(를) 공격한다",
        "only dominated characters attack; a faction-area character attacks only by ▼ ({0}).":
            "공격할 수 있는 것은 지배 캐릭터뿐이다. 세력 에리어의 캐릭터는 ▼로만 공격한다 ({0}).",
        "Player 1": "플레이어 1"})
    assert game.text("Only dominated characters attack; a faction-area character attacks only by ▼ (A.6.19).") == \
        "공격할 수 있는 것은 지배 캐릭터뿐이다. 세력 에리어의 캐릭터는 ▼로만 공격한다 (A.6.19)."
    assert game.text("Grave Moth attacks Player 1") == "Grave Moth이(가) 플레이어 1을(를) 공격한다"


def test_a_sentence_of_the_kit_around_a_games_words_is_the_kits_and_its_slot_the_games():
    game = _game_over_kit(
        {"that is not one of the legal choices now ({0}).": "지금 고를 수 있는 것이 아닙니다 ({0})."},
        {"{card} attacks {player}": "{card}이(가) {player}을(를) 공격한다",
         "{0} attacks you: take it, guard, or respond": "{0}이(가) 공격해 온다: 받을지, 방어할지, 반응할지 고른다",
         "Grave Moth": "무덤 나방"})
    assert game.text("That is not one of the legal choices now (Grave Moth attacks you: take it, guard, or respond).") == \
        "지금 고를 수 있는 것이 아닙니다 (무덤 나방이(가) 공격해 온다: 받을지, 방어할지, 반응할지 고른다)."


def test_a_template_whose_slots_hold_known_words_is_preferred_to_one_with_longer_words_of_its_own():
    game = _game_over_kit({}, {
        "{0} makes a damage judgment of {1}": "{0}이(가) {1}의 데미지 판정을 한다",
        "Use {0}: {1}": "{0}의 효과 사용: {1}",
        "Judgment Wing": "심판의 날개",
        "The opponent makes a damage judgment of 1.": "상대는 1의 데미지 판정을 한다.",
        "Player 2": "플레이어 2"})
    assert game.text("Use Judgment Wing: The opponent makes a damage judgment of 1.") == \
        "심판의 날개의 효과 사용: 상대는 1의 데미지 판정을 한다."
    assert game.text("Player 2 makes a damage judgment of 3") == "플레이어 2이(가) 3의 데미지 판정을 한다"


@pytest.mark.parametrize("env, lang", [
    ({"TABLETOP_LANG": "ja"}, "ja"),
    ({"TABLETOP_LANG": "ko", "LANG": "ja_JP.UTF-8"}, "ko"),
    ({"LANG": "ko_KR.UTF-8"}, "ko"),
    ({"LC_ALL": "ja_JP.eucJP", "LANG": "ko_KR.UTF-8"}, "ja"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "ja"),
    ({}, "en"),
    ({"TABLETOP_LANG": "xx"}, "en"),
])
def test_the_language_comes_from_tabletop_lang_else_the_locale(env, lang):
    assert i18n.language_from_env(env) == lang


def test_english_needs_no_catalog_and_an_unknown_code_means_english():
    try:
        assert i18n.set_language("xx") == "en"
        assert i18n._("Save game") == "Save game"
        assert i18n.game_text("Anything at all", "rush_duel") == "Anything at all"
    finally:
        i18n.set_language("en")


def test_a_catalog_is_compiled_once_and_again_when_its_po_changes(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_CACHE", str(tmp_path / "cache"))
    f = tmp_path / "ko.po"
    f.write_text(PO, encoding="utf-8")
    assert load_catalog([f], "ko").text("Player 2") == "플레이어 2"
    compiled = list((tmp_path / "cache" / "locale").glob("ko-*.mo"))
    assert len(compiled) == 1
    f.write_text(PO.replace('msgstr "플레이어 2"', 'msgstr "두 번째 플레이어"'), encoding="utf-8")
    cat = load_catalog([f], "ko")
    assert cat.text("Player 2") == "두 번째 플레이어"
    assert cat.ngettext("{n} card", "{n} cards", 5) == "{n}장"
    assert cat.keyed("card:M01:name", "Pebble Squire") == "조약돌 종자"
    assert cat.text("Fuzzy words") == "Fuzzy words"
    assert len(list((tmp_path / "cache" / "locale").glob("ko-*.mo"))) == 2


def test_a_cache_that_cannot_be_written_reads_the_po_itself(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("TABLETOP_CACHE", str(blocker))
    f = tmp_path / "ko.po"
    f.write_text(PO, encoding="utf-8")
    cat = load_catalog([f], "ko")
    assert cat.text("Pebble Squire deals 300 damage to Player 2") == "조약돌 종자이(가) 플레이어 2에게 300 데미지를 준다"


def test_a_compiled_catalog_cut_short_in_the_cache_reads_the_po_itself(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_CACHE", str(tmp_path / "cache"))
    f = tmp_path / "ko.po"
    f.write_text(PO, encoding="utf-8")
    assert load_catalog([f], "ko").text("Player 2") == "플레이어 2"
    (mo,) = (tmp_path / "cache" / "locale").glob("ko-*.mo")
    mo.write_bytes(mo.read_bytes()[:30])  # as a half-written file would be
    assert load_catalog([f], "ko").text("Player 2") == "플레이어 2"


def test_threads_compiling_one_catalog_at_once_all_read_it_whole(tmp_path, monkeypatch):
    import threading

    monkeypatch.setenv("TABLETOP_CACHE", str(tmp_path / "cache"))
    f = tmp_path / "ko.po"
    f.write_text(PO, encoding="utf-8")
    words, errors = [], []

    def load():
        try:
            words.append(load_catalog([f], "ko").text("Player 2"))
        except Exception as exc:  # what the table's thread would have met
            errors.append(exc)

    threads = [threading.Thread(target=load) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and words == ["플레이어 2"] * 8
    assert not list((tmp_path / "cache" / "locale").glob("*.tmp"))
