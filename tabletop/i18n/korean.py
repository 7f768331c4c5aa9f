"""Korean particles chosen by the word they follow (imports no pygame).

A Korean catalog writes a particle after a slot in both forms, as Korean software
does when it cannot know the word: ``{name}이(가)``, ``{card}을(를)``,
``{0}(으)로``. Once the slot is filled the word is known, and :func:`particles`
keeps the one form that fits it: after a syllable with a final consonant
(받침) 이, 을, 은, 과, 으로; after one without, 가, 를, 는, 와, 로 (and 로 after
a final ㄹ). A number is read as it is said (2300 삼천삼백 ends in ㄱ: 2300을;
2 이: 2가), and so is a word in capitals, letter by letter (LP 엘피: LP를; HP
에이치피). After anything else (an English word, a symbol) both forms stay, as
written.
"""

from __future__ import annotations

import re
from functools import lru_cache

# (the form after a final consonant, the form after none): each way the catalogs write the pair
_PAIRS = {
    "이(가)": ("이", "가"), "가(이)": ("이", "가"),
    "을(를)": ("을", "를"), "를(을)": ("을", "를"),
    "은(는)": ("은", "는"), "는(은)": ("은", "는"),
    "과(와)": ("과", "와"), "와(과)": ("과", "와"),
    "(으)로": ("으로", "로"),
    "(이)": ("이", ""),
}
# each hedged particle ("(이)" only where a syllable follows it: (이)나, (이)라)
_PARTICLE = "|".join(re.escape(k) for k in _PAIRS if k != "(이)") + r"|\(이\)(?=[가-힣])"
# a closing mark a particle may stand behind (「이름」을(를), [1]을(를))
_CLOSING = r"[」』\"'’”\])]?"
# one right after a syllable, a digit or a capital, perhaps behind a closing mark
_HEDGED = re.compile(rf"(?<=[가-힣0-9A-Z])({_CLOSING})({_PARTICLE})")
_NUMBER_END = re.compile(r"[0-9][0-9,]*$")
# the final consonant of each digit's reading: 영 일 이 삼 사 오 육 칠 팔 구 (0: none, 8: ㄹ)
_DIGIT_FINAL = (21, 8, 0, 16, 0, 0, 1, 8, 8, 0)
# of the unit a number ending in zeros is read with: 십 백 천, then 만 (to 10^7), 억 (to 10^11), 조
_UNIT_FINAL = {1: 17, 2: 1, 3: 4, 4: 4, 5: 4, 6: 4, 7: 4, 8: 1, 9: 1, 10: 1, 11: 1}
# of each capital letter's name: 엘 (L) and 알 (R) end in ㄹ, 엠 (M) in ㅁ, 엔 (N) in ㄴ
_LETTER_FINAL = {"L": 8, "R": 8, "M": 16, "N": 4}


def _final(text: str, end: int) -> int | None:
    """The final consonant (its index among the 28 of Unicode's Hangul syllables, 0 for
    none, 8 for ㄹ) of the word ending at ``text[end - 1]``; None when it is not Korean
    or a number."""
    c = text[end - 1]
    if "가" <= c <= "힣":
        return (ord(c) - 0xAC00) % 28
    if "A" <= c <= "Z":  # read letter by letter if the word is all capitals (LP, HP), else unknown
        start = end - 1
        while start > 0 and text[start - 1].isalpha() and text[start - 1].isascii():
            start -= 1
        return _LETTER_FINAL.get(c, 0) if text[start:end].isupper() else None
    digits = _NUMBER_END.search(text, 0, end).group().replace(",", "")
    value = int(digits)
    if value == 0:
        return _DIGIT_FINAL[0]
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros == 0:
        return _DIGIT_FINAL[value % 10]
    return _UNIT_FINAL.get(zeros, 0)


def _choose(m: re.Match) -> str:
    final = _final(m.string, m.start())
    if final is None:
        return m.group()
    after, before = _PAIRS[m.group(2)]
    if m.group(2) == "(으)로":
        form = before if final in (0, 8) else after
    else:
        form = after if final else before
    return m.group(1) + form


@lru_cache(maxsize=8192)  # the table reads the same sentences frame after frame
def particles(text: str) -> str:
    """``text`` with each hedged particle (이(가), 을(를), (으)로, ...) after a Korean word
    or a number written in the one form that fits it."""
    if "(" not in text:
        return text
    return _HEDGED.sub(_choose, text)


# one right after a slot still to be filled: "{name}이(가)", "%s와(과)"
_AFTER_SLOT = re.compile(rf"[}}s]({_CLOSING})({_PARTICLE})")


class Hedged(str):
    """Korean words with a particle in both forms after a slot (``{name}이(가)``): filled in
    by ``format``, ``format_map`` or ``%``, they keep the form that fits each word."""

    __slots__ = ()

    @classmethod
    def of(cls, text: str) -> str:
        """``text`` as a Hedged when a slot in it is followed by a hedged particle, else as it is."""
        if "(" not in text or type(text) is cls:
            return text
        return _hedged(text)

    def format(self, *args, **kwargs) -> str:
        return particles(str.format(self, *args, **kwargs))

    def format_map(self, mapping) -> str:
        return particles(str.format_map(self, mapping))

    def __mod__(self, values) -> str:
        return particles(str.__mod__(self, values))


@lru_cache(maxsize=4096)  # the same few hundred words are asked for frame after frame
def _hedged(text: str) -> str:
    return Hedged(text) if _AFTER_SLOT.search(text) else text
