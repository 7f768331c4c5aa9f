"""The widgets' theme in every language: pygame_gui picks a font per locale,
so each font of the theme gets a Korean and a Japanese twin drawn with the
shipped Noto Sans CJK face (``UIManager.set_locale`` switches at once)."""

from __future__ import annotations

import copy

from . import gfx


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
