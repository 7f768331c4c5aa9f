"""Korean particles written in both forms (이(가), 을(를), (으)로) keep the one that
fits the word before them, once that word is known."""

from __future__ import annotations

import re

import pytest

from tabletop import i18n
from tabletop.ai.agents import make_agent
from tabletop.engine.registry import get_game
from tabletop.i18n.korean import Hedged, particles
from tabletop.saves import Match
from tabletop.selfplay import selfplay_setup

HEDGE_AFTER_WORD = re.compile(r"[가-힣0-9](이\(가\)|을\(를\)|은\(는\)|\(으\)로|와\(과\)|과\(와\))")


@pytest.fixture
def korean():
    i18n.reset()
    i18n.set_language("ko")
    yield
    i18n.set_language("en")
    i18n.reset()


@pytest.mark.parametrize("hedged, chosen", [
    ("전령을(를) 공격", "전령을 공격"),           # 령: final ㅇ
    ("도적(으)로 공격", "도적으로 공격"),          # 적: final ㄱ
    ("창기병이(가) 공격", "창기병이 공격"),
    ("컴퓨터이(가) 생각", "컴퓨터가 생각"),        # 터: no final consonant
    ("카드은(는)", "카드는"),
    ("길(으)로", "길로"),                         # a final ㄹ takes 로
    ("에너지 1와(과) 파워", "에너지 1과 파워"),     # 1 일: final ㄹ
    ("플레이어 2이(가)", "플레이어 2가"),          # 2 이
    ("3(으)로", "3으로"), ("7(으)로", "7로"),      # 삼, 칠
    ("2300을(를)", "2300을"),                     # 삼천삼백: 백
    ("1,000을(를)", "1,000을"),                   # 천
    ("10(으)로", "10으로"),                       # 십
    ("LP을(를) 잃는다", "LP를 잃는다"),            # 엘피
    ("RAM(으)로", "RAM으로"),                     # 엠
    ("「소환」을(를)", "「소환」을"),               # behind a closing mark
    ("사과(이)나 배", "사과나 배"), ("빵(이)나 배", "빵이나 배"),
])
def test_the_particle_that_fits_the_word_is_kept(hedged, chosen):
    assert particles(hedged) == chosen


@pytest.mark.parametrize("text", [
    "Ember Vanguard을(를) 공격",  # an English word: how it is read is not known
    "{name}이(가) 생각",          # a slot not yet filled
    "(으)로 시작",                # nothing before it
    "플레이어 (이)가",            # a space before it
    "이름 (나)",                  # "(나)" is not a particle
])
def test_both_forms_stay_where_the_word_is_not_known(text):
    assert particles(text) == text


def test_the_applications_words_choose_as_their_slots_are_filled(korean):
    thinking = i18n._("{name} is thinking...")
    assert isinstance(thinking, Hedged)
    assert thinking.format(name="플레이어 2") == "플레이어 2가 생각하는 중..."
    assert thinking.format(name="컴퓨터") == "컴퓨터가 생각하는 중..."
    assert thinking.format(name="Alice").startswith("Alice이(가)")
    assert i18n._("not allowed with argument %s") % "--seed" == "인수 --seed와(과) 함께 쓸 수 없습니다"
    assert i18n._("not allowed with argument %s") % "X" == "인수 X와 함께 쓸 수 없습니다"
    # English is untouched
    i18n.set_language("en")
    assert type(i18n._("{name} is thinking...")) is str


def test_a_played_game_in_korean_leaves_no_particle_in_both_forms_after_a_korean_word(korean):
    """Every step caption and choice label of a few greedy games, as the table shows them:
    no "이(가)" or "(으)로" is left after a Korean word or a number (the catalogs write
    hundreds of them)."""
    seen = 0
    for game_id in ("rush_duel", "riftbound", "lumen_condenser", "aquarian_age"):
        game = get_game(game_id)
        i18n.set_game(game_id)
        match = Match(game, selfplay_setup(game, 3), 3)
        agents = [make_agent("greedy", 5), make_agent("greedy", 6)]
        for _ in range(120):
            d = match.state.decision
            if d is None:
                break
            for c in d.choices:
                said = i18n.game_text(c.label, game_id)
                assert not HEDGE_AFTER_WORD.search(said), (game_id, c.label, said)
            p = d.players[0]
            for e in match.apply(agents[p].choose(match.state, p)):
                said = i18n.game_text(e.caption or "", game_id)
                assert not HEDGE_AFTER_WORD.search(said), (game_id, e.caption, said)
                # the catalog's own reading of it, before the particles are chosen
                seen += bool(HEDGE_AFTER_WORD.search(i18n.game_catalog(game_id).text(e.caption or "")))
    assert seen > 20  # the catalogs' sentences did hold particles in both forms
