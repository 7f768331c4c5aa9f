"""Languages: English, Korean and Japanese (imports no pygame).

Two kinds of catalogs, both gettext ``.po`` files read with Babel:

- the application's own words (menus, buttons, dialogs, the command line) in
  ``tabletop/locale/<lang>/LC_MESSAGES/tabletop.po``; code marks them with
  :func:`_` (``from tabletop.i18n import _``), :func:`ngettext` and :func:`N_`;
- each game's words in ``games/<id>/locale/<lang>/LC_MESSAGES/*.po``: its
  cards, lessons, puzzles, rules reference and names keyed by id
  (``msgctxt``), and the sentences its rules write (step captions, move
  labels, prompts, why a move is refused) as templates such as
  ``{0} pays {1} LP``. :func:`game_text` translates what a game wrote by
  matching it against those templates (see :mod:`tabletop.i18n.catalog`).

A missing translation falls back to English. English needs no catalog. In
Korean, a particle written in both forms after a word (``{name}이(가)``) keeps
the one form that fits the word once it is known (:mod:`tabletop.i18n.korean`):
in a game's sentences as they are translated, in the application's words as
they are filled in (``format`` or ``%``).
The language comes from :func:`set_language` (Settings), else from
``TABLETOP_LANG``, else from the system locale (``LC_ALL``, ``LC_MESSAGES``,
``LANG``).
"""

from __future__ import annotations

import os
from pathlib import Path

from tabletop.i18n.catalog import Catalog, load_catalog
from tabletop.i18n.korean import Hedged, particles

LANGUAGES = {"en": "English", "ko": "한국어", "ja": "日本語"}
DEFAULT = "en"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "tabletop"

_lang = DEFAULT
_core: dict[str, Catalog] = {}
_games: dict[tuple[str, str], Catalog] = {}
_game_dirs: dict[str, Path] = {}
_current_game = ""


def language_from_env(env=None) -> str:
    """The language ``TABLETOP_LANG``, else the system locale, names (``ko_KR.UTF-8``
    gives ``ko``); English when it names none of ours."""
    env = os.environ if env is None else env
    for key in ("TABLETOP_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        v = (env.get(key) or "").strip()
        if not v:
            continue
        code = v.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
        if key == "TABLETOP_LANG" or code not in ("c", "posix"):
            return DEFAULT
    return DEFAULT


def set_language(lang: str) -> str:
    """Use ``lang`` from now on (an unknown code means English); returns the
    code in use."""
    global _lang
    _lang = lang if lang in LANGUAGES else DEFAULT
    return _lang


def language() -> str:
    return _lang


def core_catalog(lang: str | None = None) -> Catalog:
    lang = lang or _lang
    cat = _core.get(lang)
    if cat is None:
        # the screens' own words first: the rules kit's catalog only adds what they lack
        files = [] if lang == DEFAULT else sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po"),
                                                  key=lambda p: (p.stem == "kit", p.name))
        cat = _core[lang] = load_catalog(files, lang)
    return cat


def _filled(s: str) -> str:
    """Korean words whose particles are chosen once their slots are filled (korean.Hedged)."""
    return Hedged.of(s) if _lang == "ko" else s


def _(msgid: str) -> str:
    """The application's words in the language in use."""
    return _filled(core_catalog().gettext(msgid)) if _lang != DEFAULT else msgid


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    if _lang == DEFAULT:
        return singular if n == 1 else plural
    return _filled(core_catalog().ngettext(singular, plural, n))


def pgettext(context: str, msgid: str) -> str:
    return _filled(core_catalog().pgettext(context, msgid)) if _lang != DEFAULT else msgid


def N_(msgid: str) -> str:
    """Marks words for the catalog that are translated later, where shown."""
    return msgid


# -- a game's words -------------------------------------------------------------------------------

def register_game(game_id: str, folder) -> None:
    """Where a game's ``locale/`` folder is (the UI calls this with
    ``registry.game_dir(game)``)."""
    _game_dirs[game_id] = Path(folder)


def set_game(game_id: str) -> None:
    """The game whose words :func:`game_text` translates when no game is named."""
    global _current_game
    _current_game = game_id


def game_catalog(game_id: str, lang: str | None = None) -> Catalog:
    lang = lang or _lang
    key = (game_id, lang)
    cat = _games.get(key)
    if cat is None:
        folder = _game_dirs.get(game_id)
        if folder is None and game_id and lang != DEFAULT:
            folder = _find_game_dir(game_id)
        files = [] if lang == DEFAULT or folder is None else sorted((folder / "locale" / lang / "LC_MESSAGES").glob("*.po"))
        cat = _games[key] = load_catalog(files, lang, fallback=core_catalog(lang))
    return cat


def _find_game_dir(game_id: str):
    from tabletop.engine import registry

    game = registry.all_games().get(game_id)
    if game is None:
        return None
    folder = _game_dirs[game_id] = Path(registry.game_dir(game))
    return folder


def game_text(text: str, game_id: str | None = None) -> str:
    """What a game wrote (a caption, a move, a prompt, a rule's name, a card's
    name or text), in the language in use."""
    if _lang == DEFAULT or not text:
        return text
    return _korean(game_catalog(game_id or _current_game).text(text))


def _korean(s: str) -> str:
    """A game's words in Korean: their particles chosen where the word before is known, and
    chosen later in any slot still to be filled (korean.Hedged)."""
    return _filled(particles(s)) if _lang == "ko" else s


def card_text(card_id: str, field: str, text: str, game_id: str | None = None) -> str:
    """A card's ``field`` (name, text, ...) keyed by its id, else by its words."""
    if _lang == DEFAULT or not text:
        return text
    cat = game_catalog(game_id or _current_game)
    return _korean(cat.keyed(f"card:{card_id}:{field}", text))


def keyed_text(context: str, text: str, game_id: str | None = None) -> str:
    """Words a game's data file holds under ``context`` (a lesson step, a rules
    reference page), else translated by their words."""
    if _lang == DEFAULT or not text:
        return text
    return _korean(game_catalog(game_id or _current_game).keyed(context, text))


def reset() -> None:
    """Forget loaded catalogs (tests; after the catalogs change on disk)."""
    _core.clear()
    _games.clear()
