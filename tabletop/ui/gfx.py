"""Drawing helpers: colours, cached fonts, cached text surfaces, word wrap.

Text is rendered once and kept (an LRU-ish dict), so a frame never renders a
font glyph it drew before: the frame budget (8 ms p99) depends on it.
"""

from __future__ import annotations

import re

import pygame

from tabletop import i18n

VW, VH = 1600, 900  # the virtual table space every scene draws in

# palette
BG = (24, 30, 38)
PANEL = (32, 38, 48)
PANEL_HI = (44, 52, 66)
LINE = (70, 82, 100)
PANEL_BACK = (26, 31, 40)  # the side panel behind the players, the log and the card preview
TEXT = (232, 236, 242)
DIM = (150, 160, 175)
ACCENT = (240, 190, 70)
GOOD = (90, 200, 120)
BAD = (225, 85, 85)
LIT = (255, 222, 90)
TARGET = (255, 120, 90)
P_COLORS = ((80, 150, 230), (220, 100, 100))

_fonts: dict = {}
_text: dict = {}
_wrap: dict = {}
_fit: dict = {}
_TEXT_CAP = 6000

# Readability: no text on screen smaller than 11 px in a window of 1280x720
# or more, 9 px at 1024x640 (between the two, in proportion). The table draws
# on the 1600x900 canvas scaled to the window, so the smallest size a scene may
# ask for depends on that scale; a smaller size is raised to it.
NOTO_SCALE = 0.7            # font() sizes are pygame default-font units; Noto Sans at 0.7 of them
_display_scale = 1.0
_floor = 16
generation = 0              # bumped when the floor changes: cached drawings that hold text are stale
_record: list | None = None  # while recording: the on-screen px size of every text drawn


def min_px(scale: float) -> float:
    """The smallest text (px on screen) allowed at a canvas ``scale``."""
    if scale >= 0.8:
        return 11.0
    if scale <= 0.64:
        return 9.0
    return 9.0 + 2.0 * (scale - 0.64) / 0.16


def screen_px(size: int, scale: float | None = None) -> float:
    """How many px tall (the font's em) text of ``size`` is on screen."""
    return max(5, int(round(size * NOTO_SCALE))) * (_display_scale if scale is None else scale)


def set_display_scale(scale: float) -> None:
    """The canvas is shown at ``scale``: raise the smallest text size to match."""
    global _display_scale, _floor, generation
    scale = float(scale) if scale and scale > 0 else 1.0
    need = min_px(scale)
    size = 6
    while screen_px(size, scale) + 1e-6 < need and size < 200:
        size += 1
    _display_scale = scale
    if size != _floor:
        _floor = size
        generation += 1
        _text.clear()
        _wrap.clear()
        _fit.clear()


def min_size() -> int:
    """The smallest font size (canvas units) that is readable at the current scale."""
    return _floor


def record_sizes(on: bool = True) -> list | None:
    """Start (or stop, returning them) recording the on-screen px size of every
    text drawn; the readability test reads the smallest."""
    global _record
    got = _record
    _record = [] if on else None
    return got


def reset_caches() -> None:
    """Forget fonts and rendered text (after pygame.quit() they are invalid)."""
    _fonts.clear()
    _text.clear()
    _wrap.clear()
    _fit.clear()
    _fallbacks.clear()
    _glyph_cache.clear()


def color(value, default=(90, 90, 90)) -> tuple:
    """'#rrggbb' (or a 3-list) to an RGB tuple; anything else gives ``default``."""
    try:
        if isinstance(value, str):
            v = value.lstrip("#")
            if len(v) == 3:
                v = "".join(ch * 2 for ch in v)
            return (int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16))
        if isinstance(value, (list, tuple)) and len(value) >= 3:
            return tuple(max(0, min(255, int(x))) for x in value[:3])
    except (ValueError, TypeError):
        pass
    return default


def shade(c, f: float) -> tuple:
    """Darker (f < 1) or lighter (f > 1) version of a colour."""
    if f <= 1:
        return tuple(int(x * f) for x in c[:3])
    return tuple(int(x + (255 - x) * (f - 1)) for x in c[:3])


def _font_file(bold: bool):
    """The face of the language in use: Noto Sans CJK (assets/fonts, cut to
    the characters the app shows) for Korean and Japanese, else Noto Sans from
    pygame_gui's package data; pygame's default font when neither is there."""
    from pathlib import Path

    cjk = cjk_font_file()
    if cjk is not None:
        return cjk
    try:
        import pygame_gui

        p = Path(pygame_gui.__file__).parent / "data" / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
        return str(p) if p.exists() else None
    except ImportError:
        return None


CJK_FONTS = {"ko": "NotoSansCJKkr-Regular-subset.otf", "ja": "NotoSansCJKjp-Regular-subset.otf"}


def cjk_font_file(lang: str | None = None):
    """The shipped Korean or Japanese face for ``lang`` (the language in use),
    or None for English."""
    from tabletop import i18n
    from tabletop.engine.assets import assets_dir

    name = CJK_FONTS.get(lang or i18n.language())
    if name is None:
        return None
    p = assets_dir() / "fonts" / name
    return str(p) if p.is_file() else None


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A cached font; ``size`` is in pygame's default-font units (Noto Sans is
    scaled to the same visual size)."""
    size = max(int(size), _floor)
    key = (size, bold, _face_lang())
    f = _fonts.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = _font_file(bold)
        if path is not None:
            f = pygame.font.Font(path, max(5, int(round(size * 0.7))))
            if bold and key[2] != "en":
                f.bold = True  # the CJK face ships in one weight
        else:
            f = pygame.font.Font(None, max(6, int(size)))
            f.bold = bold
        _fonts[key] = f
    return f


def text(s: str, size: int, col=TEXT, bold: bool = False) -> pygame.Surface:
    """A cached antialiased text surface."""
    size = max(int(size), _floor)
    if _record is not None:
        _record.append((screen_px(size), s))
    key = (s, size, col, bold, _face_lang())
    surf = _text.get(key)
    if surf is None:
        if len(_text) > _TEXT_CAP:
            _text.clear()
        f = font(size, bold)
        if s and not s.isascii() and _lacks(f, s):
            # a symbol the face lacks (the ▼ icon, ①): only those characters come
            # from a fuller face of the same size, else a stand-in
            fb = _fallback(size, bold)
            surf = _mixed(s, f, fb, col) if fb is not None and not _lacks(fb, s) else f.render(_plain(s, f), True, col)
        else:
            surf = f.render(s, True, col)
        _text[key] = surf
    return surf


_fallbacks: dict = {}
_STANDIN = {"▼": "v", "▲": "^", "●": "*", "○": "o", "★": "*", "☆": "*"}


def _fallback(size: int, bold: bool):
    """A face with the symbols Noto Sans lacks, at the same size: Noto Sans JP
    (shipped with pygame_gui), else a system face."""
    key = (size, bold)
    if key not in _fallbacks:
        path = None
        try:
            import pygame_gui
            from pathlib import Path

            jp = Path(pygame_gui.__file__).parent / "data" / "NotoSansJP-Regular.otf"
            path = str(jp) if jp.exists() else None
        except ImportError:
            path = None
        if path is None:
            try:
                path = pygame.font.match_font("dejavusans,freesans,notosanssymbols2,notosanssymbols,symbola", bold=bold)
            except Exception:
                path = None
        _fallbacks[key] = pygame.font.Font(path, max(5, int(round(size * 0.7)))) if path else None
    return _fallbacks[key]


def _mixed(s: str, f, fb, col) -> pygame.Surface:
    """``s`` in face ``f``, with the characters ``f`` lacks drawn by ``fb``, on
    one baseline (a line with a ▼ keeps the size of its words)."""
    runs: list = []
    for ch in s:
        face = fb if (not ch.isascii() and _missing(f, ch)) else f
        if runs and runs[-1][0] is face:
            runs[-1][1].append(ch)
        else:
            runs.append((face, [ch]))
    parts = [(face, face.render("".join(chs), True, col)) for face, chs in runs]
    asc = max(face.get_ascent() for face, _ in parts)
    h = max(asc - face.get_ascent() + img.get_height() for face, img in parts)
    out = pygame.Surface((sum(img.get_width() for _, img in parts), h), pygame.SRCALPHA)
    x = 0
    for face, img in parts:
        out.blit(img, (x, asc - face.get_ascent()))
        x += img.get_width()
    return out


_glyph_cache: dict = {}


def _missing(f, ch: str) -> bool:
    """Does font ``f`` draw ``ch`` as its 'no glyph' box?"""
    key = (id(f), ch)
    got = _glyph_cache.get(key)
    if got is None:
        try:
            box = pygame.image.tobytes(f.render("\ue000", False, (255, 255, 255), (0, 0, 0)), "RGB")
            got = pygame.image.tobytes(f.render(ch, False, (255, 255, 255), (0, 0, 0)), "RGB") == box
        except (pygame.error, UnicodeError, ValueError):
            got = False
        _glyph_cache[key] = got
    return got


def _lacks(f, s: str) -> bool:
    return any(_missing(f, ch) for ch in set(s) if not ch.isascii())


def _plain(s: str, f) -> str:
    """``s`` with the glyphs ``f`` lacks replaced: circled numbers by (n), known
    symbols by a stand-in, the rest by '?'."""
    import unicodedata
    out = []
    for ch in s:
        if ch.isascii() or not _missing(f, ch):
            out.append(ch)
            continue
        if ch in _STANDIN:
            out.append(_STANDIN[ch])
            continue
        try:
            n = unicodedata.numeric(ch)
            out.append(f"({int(n)})")
        except (TypeError, ValueError):
            out.append("?")
    return "".join(out)


def fit(s: str, size: int, width: int, bold: bool = False) -> str:
    """``s`` cut with an ellipsis so it fits ``width`` pixels (cached: measuring
    Korean and Japanese text is slow enough to show in a frame)."""
    key = (s, max(int(size), _floor), width, bold, _face_lang())
    got = _fit.get(key)
    if got is not None:
        return got
    f = font(size, bold)
    out = s
    if f.size(s)[0] > width:
        while out and f.size(out + "...")[0] > width:
            out = out[:-1]
        out += "..."
    if len(_fit) > _TEXT_CAP:
        _fit.clear()
    _fit[key] = out
    return out


def _face_lang() -> str:
    """Which face text is drawn in: "ko", "ja" or "en"."""
    lang = i18n._lang
    return lang if lang in CJK_FONTS else "en"


# Japanese and Chinese text may break between any two characters (Korean
# breaks between words, like English); these never start a line
_BREAKABLE = "\u3041-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff60"
_NO_START = "、。，．・：；？！ー）」』】〕〉》ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々…‥"
_TOKEN = re.compile(f"[{_BREAKABLE}][{re.escape(_NO_START)}]*|[^\\s{_BREAKABLE}]+[{re.escape(_NO_START)}]*| +")


def _words(para: str) -> list[str]:
    """``para`` as the pieces a line may break between: words, and single
    kana and kanji (with the punctuation that must follow them)."""
    if para.isascii():
        return para.split(" ")
    out: list[str] = []
    glue = False
    for tok in _TOKEN.findall(para):
        if tok.isspace():
            glue = False
            continue
        if out and glue:
            out[-1] += "\x00" + tok  # no space between: joined without one
        else:
            out.append(tok)
        glue = True
    return out


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Word-wrap ``s`` to lines no wider than ``width`` (cached). Japanese
    wraps between characters."""
    key = (s, size, width, bold, _face_lang())
    got = _wrap.get(key)
    if got is not None:
        return got
    f = font(size, bold)
    lines: list[str] = []
    for para in str(s).split("\n"):
        cur = ""
        for word in _split_cjk(_words(para)):
            tight = word.startswith("\x00")
            word = word.lstrip("\x00")
            cand = word if not cur else cur + ("" if tight else " ") + word
            if f.size(cand)[0] <= width:
                cur = cand
                continue
            if cur:
                lines.append(cur)
            while f.size(word)[0] > width and len(word) > 1:  # a word longer than the line
                cut = len(word)
                while cut > 1 and f.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            cur = word
        lines.append(cur)
    if len(_wrap) > _TEXT_CAP:
        _wrap.clear()
        _fit.clear()
    _wrap[key] = lines
    return lines


def _split_cjk(words: list[str]) -> list[str]:
    """Pieces joined without a space are marked by a leading NUL."""
    out = []
    for w in words:
        parts = w.split("\x00")
        out.append(parts[0])
        out.extend("\x00" + p for p in parts[1:])
    return out


def blit_text(surf, s, size, pos, col=TEXT, bold=False, anchor="topleft") -> pygame.Rect:
    t = text(s, size, col, bold)
    r = t.get_rect(**{anchor: pos})
    surf.blit(t, r)
    return r


def blit_wrapped(surf, s, size, rect: pygame.Rect, col=TEXT, bold=False, line_gap=2, max_lines=None) -> int:
    """Wrapped text inside ``rect``; returns the height used."""
    y = rect.y
    lh = font(size, bold).get_linesize() + line_gap - 4
    lines = wrap(s, size, rect.w, bold)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = fit(lines[-1] + " ...", size, rect.w, bold)
    for line in lines:
        if y + lh > rect.bottom + 2:
            break
        surf.blit(text(line, size, col, bold), (rect.x, y))
        y += lh
    return y - rect.y


def panel(surf, rect, fill=PANEL, border=LINE, radius=8, width=1):
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surf, border, rect, width, border_radius=radius)


def framed(surf, picture, pos, border=ACCENT, back=PANEL_BACK) -> pygame.Rect:
    """A card's large picture at ``pos`` in a frame of ``border``: its rounded corners are
    see-through, so ``back`` fills the frame first and nothing under them shows. Returns the frame."""
    frame = pygame.Rect(pos, picture.get_size()).inflate(4, 4)
    pygame.draw.rect(surf, back, frame, border_radius=12)
    surf.blit(picture, pos)
    pygame.draw.rect(surf, border, frame, 2, border_radius=12)
    return frame


def alpha_rect(size, col, alpha) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((*col[:3], alpha))
    return s
