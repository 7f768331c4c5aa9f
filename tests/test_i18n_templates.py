"""How the catalog reads sentences whose slots hold names, quotations or a
capital letter, and Rush Duel's refusals that quote a card's requirement."""

from __future__ import annotations

import re
from pathlib import Path

from tabletop import i18n
from tabletop.engine.registry import get_game
from tabletop.i18n.catalog import load_catalog

KIT = r'''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

msgid "{0} moves from {1} to {2}"
msgstr "{0}이(가) {1}에서 {2}(으)로 이동"
'''

GAME = r'''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

msgid "{player} activates {card}"
msgstr "{player}이(가) {card}을(를) 발동"

msgid "its timing does not match what just happened (\"{req}\") ({0})."
msgstr "타이밍이 맞지 않습니다 (\"{req}\") ({0})."

msgid "Your opponent activates a spell."
msgstr "상대가 마법을 발동했다."

msgid "Activating a Trap Card (3.2.5)"
msgstr "함정 카드 발동 (3.2.5)"

msgctxt "card:T07:name"
msgid "Backlash Sigil"
msgstr "반동의 인장"

msgid "Player 1"
msgstr "플레이어 1"

msgid "Hand"
msgstr "패"

msgid "Graveyard"
msgstr "묘지"
'''


def _catalog(tmp_path):
    (tmp_path / "kit.po").write_text(KIT, encoding="utf-8")
    (tmp_path / "game.po").write_text(GAME, encoding="utf-8")
    kit = load_catalog([tmp_path / "kit.po"], "ko")
    return load_catalog([tmp_path / "game.po"], "ko", fallback=kit)


def test_a_capitalised_refusal_is_read_as_its_own_sentence_not_as_a_name_that_activates(tmp_path):
    cat = _catalog(tmp_path)
    shown = ('Its timing does not match what just happened ("Your opponent activates a spell.") '
             '(Activating a Trap Card, 3.2.5).')
    assert cat.text(shown) == '타이밍이 맞지 않습니다 ("상대가 마법을 발동했다.") (함정 카드 발동, 3.2.5).'
    # a caption that begins with a name still finds the template that begins with one
    assert cat.text("Player 1 activates Backlash Sigil") == "플레이어 1이(가) 반동의 인장을(를) 발동"


def test_a_quotation_without_an_entry_stays_as_written(tmp_path):
    cat = _catalog(tmp_path)
    shown = 'its timing does not match what just happened ("Player 1 activates Backlash Sigil.") (Activating a Trap Card, 3.2.5).'
    assert cat.text(shown) == ('타이밍이 맞지 않습니다 ("Player 1 activates Backlash Sigil.") '
                               '(함정 카드 발동, 3.2.5).')


def test_a_template_of_the_kit_translates_its_names_with_the_game_catalog(tmp_path):
    cat = _catalog(tmp_path)
    assert cat.text("Backlash Sigil moves from Hand to Graveyard") == "반동의 인장이(가) 패에서 묘지(으)로 이동"


def test_every_rush_duel_refusal_that_quotes_a_requirement_reads_wholly_in_korean_and_japanese():
    game = get_game("rush_duel")
    quoted = game.quoted_words()
    assert "Send the top card of your Deck to the GY." in quoted
    for lang in ("ko", "ja"):
        cat = i18n.game_catalog("rush_duel", lang)
        for req in quoted:
            for shown in (f'Its [REQUIREMENT] is not met ("{req}") (Card effect, 1.E rule 22).',
                          f"Its cost can't be paid in full (\"{req}\") (Cost and effect, 1.E rule 23).",
                          f'Its timing does not match what just happened ("{req}") (Activating a Trap Card, 3.2.5).'):
                words = re.sub(r"\b(LP|ATK|DEF|GY)\b", "", cat.text(shown))
                assert not re.search(r"[A-Za-z]{3,}", words), (lang, cat.text(shown))


def _po(tmp_path, name: str, entries: dict) -> Path:
    """A .po file of ``entries`` (msgid -> msgstr) in ``tmp_path``."""
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for msgid, msgstr in entries.items():
        lines += [f'msgid "{msgid}"', f'msgstr "{msgstr}"', ""]
    path = tmp_path / name
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def test_a_template_written_the_same_in_the_language_still_translates_its_slots(tmp_path):
    # "FP" is "FP" in Korean too: the template's words are the same, its slots are not
    po = _po(tmp_path, "game.po", {"{0} FP {1} -> {2} ({3})": "{0} FP {1} -> {2} ({3})",
                                   "Player 1": "플레이어 1", "mutual hit": "서로 히트", "LP": "LP"})
    cat = load_catalog([po], "ko")
    assert cat.text("Player 1 FP +0 -> +2 (mutual hit)") == "플레이어 1 FP +0 -> +2 (서로 히트)"
    assert "LP" not in cat.exact  # a word written the same is still not an entry


def test_the_fallback_is_taken_where_it_leaves_less_english_than_the_game_catalog(tmp_path):
    # the game's "Turn {0}" reads "Turn 1: Mina's turn" only in part; the table's sentence reads it
    # all but the player's own name
    kit = load_catalog([_po(tmp_path, "kit.po", {"Turn {turn}: {name}'s turn": "{turn}턴: {name}의 턴",
                                                 "Player 1": "플레이어 1"})], "ko")
    cat = load_catalog([_po(tmp_path, "game.po", {"Turn {0}": "{0}턴"})], "ko", fallback=kit)
    assert cat.text("Turn 3") == "3턴"
    assert cat.text("Turn 1: Player 1's turn") == "1턴: 플레이어 1의 턴"
    assert cat.text("Turn 1: Mina's turn") == "1턴: Mina의 턴"


def test_lumen_condenser_fp_changes_and_turn_lines_read_wholly_in_korean_and_japanese():
    whys = ("mutual hit", "offset: hit judgment", "catch time", "combo time ends", "negative FP recovers",
            "FP spent in the speed adjustment", "sudden death")
    for lang in ("ko", "ja"):
        cat = i18n.game_catalog("lumen_condenser", lang)
        for why in whys:
            shown = cat.text(f"Player 2 FP +3 -> +0 ({why})")
            assert not re.search(r"[A-Za-z]{3,}", shown.replace("FP", "")), (lang, shown)
        for line in ("Turn 1: Player 1's turn", "Turn 4: Rival's turn"):
            assert not re.search(r"[A-Za-z]{3,}", cat.text(line)), (lang, cat.text(line))


def test_a_sentence_in_a_last_slot_keeps_its_full_stop_and_a_name_kept_as_written_is_known(tmp_path):
    po = _po(tmp_path, "game.po", {"Use {0}: {1}": "{0} 사용: {1}", "Recover {0} HP.": "체력을 {0} 회복한다.",
                                   "Iron Grip": "강철 악력", "Place {0} in {1}": "{0}을(를) {1}에 배치",
                                   "E.G.O.": "E.G.O.", "Idol Trainee": "아이돌 연습생",
                                   "Choose how to pay {cost} for {card}": "{card}의 비용 {cost}을(를) 지불할 방법을 고르세요"})
    cat = load_catalog([po], "ko")
    assert cat.text("Use Iron Grip: Recover 400 HP.") == "강철 악력 사용: 체력을 400 회복한다."
    # "E.G.O." is written the same in Korean: its full stop is its own, not the sentence's
    assert cat.text("Place Idol Trainee in E.G.O.") == "아이돌 연습생을(를) E.G.O.에 배치"
    # names kept as written, cost symbols and numbers are not English left in a sentence
    for shown in ("Place Idol Trainee in E.G.O.", "Choose how to pay [2] [R] for Iron Grip",
                  "Use Iron Grip: Recover 400 HP."):
        assert cat.english_left(shown) == 0, shown
    assert cat.english_left("Use Iron Grip: Bring a friend") == len("Bring a friend")
