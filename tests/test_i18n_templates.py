"""How the catalog reads sentences whose slots hold names, quotations or a
capital letter, and Rush Duel's refusals that quote a card's requirement."""

from __future__ import annotations

import re

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
