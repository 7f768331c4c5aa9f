"""The widgets' theme (pygame_gui): colours, shapes and fonts, in every
language: pygame_gui picks a font per locale, so each font of the theme gets a
Korean and a Japanese twin drawn with the shipped Noto Sans CJK face
(``UIManager.set_locale`` switches at once)."""

from __future__ import annotations

import copy
from pathlib import Path

import pygame_gui

from . import gfx

THEME = {
    "defaults": {
        "colours": {
            "normal_bg": "#2c3440", "hovered_bg": "#3b475a", "active_bg": "#51627e", "selected_bg": "#4d6a96",
            "disabled_bg": "#22282f", "dark_bg": "#1a1f27", "normal_text": "#e8ecf2", "hovered_text": "#ffffff",
            "selected_text": "#ffffff", "active_text": "#ffffff", "disabled_text": "#6a7380", "normal_border": "#4a5668",
            "hovered_border": "#f0be46", "selected_border": "#f0be46", "active_border": "#f0be46",
            "text_cursor": "#f0be46", "link_text": "#f0be46",
        },
        "font": {"name": "noto_sans", "size": "18"},
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "6", "border_width": "1", "shadow_width": "0"},
    },
    "label": {"colours": {"dark_bg": "#00000000", "normal_text": "#e8ecf2"}, "misc": {"text_horiz_alignment": "left"}},
    "#title": {"font": {"name": "noto_sans", "size": "46", "bold": "1"}, "colours": {"normal_text": "#f0be46"},
               "misc": {"text_horiz_alignment": "center"}},
    "#subtitle": {"font": {"name": "noto_sans", "size": "20"}, "colours": {"normal_text": "#9aa4b2"},
                  "misc": {"text_horiz_alignment": "center"}},
    "#heading": {"font": {"name": "noto_sans", "size": "24", "bold": "1"}, "colours": {"normal_text": "#f0be46"}},
    "#error": {"colours": {"normal_text": "#ff8a7a"}},
    "text_box": {"colours": {"dark_bg": "#1e242d"}, "font": {"name": "noto_sans", "size": "17"}},
    "selection_list": {"colours": {"dark_bg": "#1e242d"}, "misc": {"list_item_height": "32"}},
    "selection_list.#item_list_item": {"misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "12"},
                                       "font": {"name": "noto_sans", "size": "17"}},
    "#big": {"font": {"name": "noto_sans", "size": "24", "bold": "1"}},
    # the Tutorial list: a font with the check mark of completed lessons
    "#lessons.#item_list_item": {"misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "12"},
                                 "font": {"name": "noto_sans_jp", "size": "17", "regular_path": "", "bold_path": ""}},
}


def _mark_font() -> None:
    """Noto Sans lacks the check mark; pygame_gui ships Noto Sans JP, which has
    it. Point the Tutorial list's font at that file (or keep Noto Sans)."""
    path = Path(pygame_gui.__file__).resolve().parent / "data" / "NotoSansJP-Regular.otf"
    font = THEME["#lessons.#item_list_item"]["font"]
    if path.exists():
        font["regular_path"] = font["bold_path"] = str(path)
    else:
        font.update(name="noto_sans")
        font.pop("regular_path", None)
        font.pop("bold_path", None)


_mark_font()


def theme() -> dict:
    """The app's theme with the Korean and Japanese twins of its fonts."""
    return theme_with_languages(THEME)


def theme_with_languages(theme: dict) -> dict:
    """``theme`` (a pygame_gui theme dict) whose fonts name, besides the
    English face, the Korean and Japanese faces for those locales."""
    out = copy.deepcopy(theme)
    faces = {lang: gfx.cjk_font_file(lang) for lang in gfx.CJK_FONTS}
    for block in out.values():
        if not isinstance(block, dict) or "font" not in block:
            continue
        base = block["font"]
        fonts = [base]
        for lang, path in faces.items():
            if path is None:
                continue
            twin = {k: v for k, v in base.items() if k not in ("regular_path", "bold_path", "italic_path",
                                                               "bold_italic_path", "name")}
            twin.update(name=f"tabletop_cjk_{lang}", locale=lang, regular_path=path, bold_path=path,
                        italic_path=path, bold_italic_path=path)
            fonts.append(twin)
        block["font"] = fonts
    return out
