"""The table, its coaches, card faces, the hint, undo and the replay in
Korean and Japanese: the app's own words come from tabletop/locale's
table.po, a game's words (choice labels, captions, zone labels, card names)
from the game's catalog, and every picture holding words is drawn again when
the language changes."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from tabletop import i18n
from tabletop.engine.registry import get_game
from tabletop.saves import Match

from uihelp import start

LOCALE = Path(i18n.LOCALE_DIR)

MINI_PO = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

msgid "End the turn"
msgstr "턴 종료"

msgid "Go to battle"
msgstr "배틀로"

msgid "Summon {0} face up"
msgstr "{0}을(를) 앞면으로 소환"

msgid "Set {0} face down"
msgstr "{0}을(를) 뒷면으로 세트"

msgid "Monsters"
msgstr "몬스터"

msgid "Battle"
msgstr "배틀"

msgid "Main Phase"
msgstr "메인 페이즈"

msgid "Player {0} is ready"
msgstr "플레이어 {0} 준비 완료"

msgid "Player {0} draws a card"
msgstr "플레이어 {0}이(가) 카드를 뽑는다"

msgctxt "card:ember:name"
msgid "Ember Pup"
msgstr "불씨 강아지"

msgctxt "card:ember:text"
msgid "A small fire beast that bites first and asks later."
msgstr "먼저 물고 나중에 묻는 작은 불의 짐승."
'''


@pytest.fixture
def korean(tmp_path):
    """Korean, with a small catalog for the test game ``mini``; English again after."""
    folder = tmp_path / "mini"
    po = folder / "locale" / "ko" / "LC_MESSAGES" / "mini.po"
    po.parent.mkdir(parents=True)
    po.write_text(MINI_PO.lstrip(), encoding="utf-8")
    i18n.register_game("mini", folder)
    i18n.reset()
    i18n.set_language("ko")
    yield folder
    i18n.set_language("en")
    i18n._game_dirs.pop("mini", None)
    i18n.reset()


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")
    i18n.reset()


def _entries(lang):
    with open(LOCALE / lang / "LC_MESSAGES" / "table.po", "rb") as fh:
        return [m for m in read_po(fh, locale=lang) if m.id]


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_the_table_catalog_is_whole_and_keeps_every_placeholder(lang):
    with open(LOCALE / "table.pot", "rb") as fh:
        template = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(fh) if m.id}
    entries = _entries(lang)
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in entries}
    assert template and template <= ids, f"not in the {lang} catalog: {sorted(template - ids)[:5]}"
    for m in entries:
        msgid = m.id if isinstance(m.id, str) else m.id[0]
        msgstr = m.string if isinstance(m.string, str) else m.string[0]
        assert msgstr and not m.fuzzy, f"{lang}: {msgid!r} is not translated"
        assert set(re.findall(r"\{\w*\}", msgid)) == set(re.findall(r"\{\w*\}", msgstr)), (lang, msgid, msgstr)
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", msgstr) or not re.search(r"[A-Za-z]{3}", re.sub(r"\{\w*\}", "", msgid)), \
            f"{lang}: {msgid!r} reads {msgstr!r}"


def test_the_table_speaks_korean_buttons_top_bar_and_log(korean):
    app, table = start(speed="instant", language="ko")
    app.run_frames(3, 1 / 60)
    table.draw(app.canvas)
    labels = [b.label for b in table.bar_buttons]
    assert "배틀로" in labels and "Go to battle" not in labels, labels
    summon = next(c for c in table.my_choices() if c.kind == "summon")  # dragged, or clicked for its popup
    assert table.label_of(summon).endswith("을(를) 앞면으로 소환"), table.label_of(summon)  # "Summon {0} face up"
    msg, _col = table.top_message()
    assert msg.startswith("플레이어 1 (나)") or msg.startswith("플레이어 1:"), msg
    caps = [cap for cap, _rule in table.shown_log()]
    assert "플레이어 1 준비 완료" in caps and "Player 1 is ready" not in caps, caps
    assert all(not r or r.startswith("룰: ") for _c, r in table.shown_log())
    # the phase tracker: the game's word for the phase, or for "<Phase> Phase"
    assert table.phase_words("battle") == "배틀" and table.phase_words("main") == "메인 페이즈"
    assert table.phase_words("end") == "End"
    # the game menu's entries and the hint button in Korean
    assert i18n._("Save game") == "게임 저장" and i18n._("Hint (H)") == "힌트 (H)"


def test_the_bar_buttons_and_the_cloth_are_drawn_again_when_the_language_changes(korean):
    i18n.set_language("en")
    app, table = start(speed="instant", language="en")
    app.run_frames(2, 1 / 60)
    table.draw(app.canvas)
    before = [b.label for b in table.bar_buttons]
    bg = table._bg
    assert "Go to battle" in before
    i18n.set_language("ko")
    table.draw(app.canvas)
    after = [b.label for b in table.bar_buttons]
    assert "배틀로" in after and "Go to battle" not in after
    assert table._bg is not bg  # the zone labels ("Monsters") live on the cloth: it is painted again
    i18n.set_language("en")
    table.draw(app.canvas)
    assert [b.label for b in table.bar_buttons] == before


def test_a_card_face_is_drawn_again_in_the_new_language(korean):
    i18n.set_language("en")
    app, table = start(speed="instant", language="en")
    art = table.art
    en = art.get("ember", 330, 462, wait=False)
    en_bytes = pygame.image.tobytes(en, "RGBA")
    assert art.name("ember") == "Ember Pup"
    i18n.set_language("ko")
    ko = art.get("ember", 330, 462, wait=False)
    assert ko is not en and pygame.image.tobytes(ko, "RGBA") != en_bytes
    assert art.name("ember") == "불씨 강아지"
    i18n.set_language("en")
    again = art.get("ember", 330, 462, wait=False)
    assert pygame.image.tobytes(again, "RGBA") == en_bytes  # English is the English face, not the Korean one kept


def test_game_words_with_a_rule_reference_are_translated_and_the_rule_named(korean):
    from tabletop.ui.table_rules import game_words

    game = get_game("mini")
    # the catalog's "{0}이(가)" keeps the particle that fits "2" (이, read without a final consonant)
    assert game_words(game, "Player 2 draws a card") == "플레이어 2가 카드를 뽑는다"
    # a sentence the catalog holds without its reference keeps the reference, named
    said = game_words(game, "Player 1 draws a card (seed mini 1.2)")
    assert said.startswith("플레이어 1이 카드를 뽑는다") and "seed" not in said, said
    i18n.set_language("en")
    assert game_words(game, "Player 2 draws a card") == "Player 2 draws a card"


def test_the_puzzle_goal_and_the_lesson_step_count_in_japanese(english_after):
    from tabletop.tutorial.puzzle import list_puzzles, load_puzzle

    pz = load_puzzle(list_puzzles(get_game("rush_duel"))[0])
    en = pz.goal_text
    i18n.set_language("ja")
    assert pz.goal_text != en and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", pz.goal_text), pz.goal_text
    assert pz.goal_en == en  # the check tool's messages keep English


def test_a_lesson_coach_in_korean_keeps_its_buttons_by_their_english_names(english_after):
    from tabletop.tutorial.lesson import list_lessons
    from tabletop.ui.coach import start_lesson

    from uihelp import make_app

    app = make_app()
    i18n.set_language("ko")
    table = start_lesson(app, "rush_duel", str(list_lessons(get_game("rush_duel"))[0]))
    app.run_frames(3, 1 / 60)
    app.render()
    coach = table.coach
    n = len(coach.run.lesson.steps)
    assert coach.step_text() == f"{n}단계 중 1단계"
    assert "Back" in coach.button_rects and "Restart" in coach.button_rects  # tests and screenshots find them so
    assert i18n._("Back") == "뒤로" and i18n._("Restart") == "다시 시작"


def test_the_hint_reason_and_the_undo_message_in_korean(english_after):
    from tabletop.ai.hint import suggest
    from tabletop.ui.undo import plan_undo

    game = get_game("rush_duel")
    s = game.from_position({
        "turn": 2, "active": 0, "phase": "battle",
        "p0": {"deck": ["M01"], "monster": [{"card": "M06", "position": "def"}]},
        "p1": {"deck": ["M01"]}}, 0)
    i18n.set_language("ko")
    h = suggest(s, 0, iterations=50)
    assert "지금 할 수 있는 유일한 행동입니다" in h.reason, h.reason
    m = Match.new(game, seed=1)
    assert plan_undo(m, 0).message == "아직 되돌릴 행동이 없습니다."


def test_the_replay_caption_in_japanese(english_after):
    from tabletop.replay import Pos, Replay

    m = Match.new(get_game("mini"), seed=3)
    d = m.state.decision
    m.apply(next(c for c in d.choices_for(d.players[0]) if c.kind == "keep"))
    r = Replay.from_match(m)
    assert r.caption(Pos(0, 0)).startswith("The start, before the first move")
    i18n.set_language("ja")
    assert r.caption(Pos(0, 0)).startswith("開始時、最初の手の前"), r.caption(Pos(0, 0))
    i18n.set_language("en")
    name = r.player_name(0)
    i18n.set_language("ja")
    assert r.player_name(0) == ("プレイヤー1" if name == "Player 1" else name)


RUSH_PO = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

msgid "a level {0} monster needs {1} tribute{2} from your field and you control {3} monster{4} ({5})."
msgstr "레벨 {0} 몬스터는 릴리스 {1}장이 필요하지만 자신의 필드의 몬스터는 {3}장입니다 ({5})."

msgid "Advance Summon (3.2.1.1)"
msgstr "어드밴스 소환 (3.2.1.1)"
'''


def test_a_refusal_in_korean_names_its_rule_in_korean_and_still_links_to_it(tmp_path):
    from uihelp import DT, drag

    po = tmp_path / "rush" / "locale" / "ko" / "LC_MESSAGES" / "play.po"
    po.parent.mkdir(parents=True)
    po.write_text(RUSH_PO.lstrip(), encoding="utf-8")
    real = i18n._game_dirs.get("rush_duel")
    i18n.register_game("rush_duel", tmp_path / "rush")
    i18n.reset()
    try:
        app, table = start("rush_duel", seed=3)
        i18n.set_language("ko")
        hand = table.view["zones"]["p0.hand"]
        big = next(c for c in hand if not table.choices_of_card(c["iid"]))  # a level 8 monster, no tributes
        sp = table.sprites[big["iid"]]
        drag(app, sp.rect().center, (sp.rect().centerx, sp.rect().centery - 300))
        app.run_frames(2, DT)
        assert app.toast_text == "레벨 8 몬스터는 릴리스 2장이 필요하지만 자신의 필드의 몬스터는 0장입니다 (어드밴스 소환, 3.2.1.1).", \
            app.toast_text
        assert app.toast_link is not None  # found by the refusal's English words
    finally:
        i18n.set_language("en")
        if real is not None:
            i18n.register_game("rush_duel", real)
        else:
            i18n._game_dirs.pop("rush_duel", None)
        i18n.reset()


def test_a_lesson_caption_is_read_from_the_games_catalog_by_its_place_in_the_file(english_after):
    from tabletop.tutorial.lesson import list_lessons
    from tabletop.ui.coach import start_lesson

    from uihelp import make_app

    path = list_lessons(get_game("lumen_condenser"))[0]
    app = make_app()
    i18n.set_language("ja")
    table = start_lesson(app, "lumen_condenser", str(path))
    app.run_frames(3, 1 / 60)
    app.render()
    st = table.coach.run.step
    want = i18n.keyed_text(f"lesson:{path.stem}:steps.{st.index - 1}.caption", st.caption, "lumen_condenser")
    assert want != st.caption and table.coach.shown_caption == want


@pytest.mark.parametrize("lang, whole", [("en", "Controlled by nobody"), ("ja", "コントロールしているプレイヤーなし"),
                                         ("ko", "지배하는 플레이어 없음")])
def test_a_label_naming_no_player_is_a_sentence_of_its_own(english_after, lang, whole):
    """A battlefield nobody controls reads as one sentence in every language,
    not the player format filled with the word for nobody."""
    from tabletop.ui import gfx

    app, table = start("riftbound", seed=2)
    app.settings.language = lang
    app.apply_language()
    assert table.view["extra"]["battlefields"][0]["controller"] == -1
    gfx.record_sizes(True)
    table._draw_labels(pygame.Surface((1600, 900)))
    shown = [s for _px, s in gfx.record_sizes(False)]
    assert shown.count(whole) == 2, shown
    if lang != "en":
        assert table.gw("Controlled by {}").format(i18n._("nobody")) not in shown
