"""``tabletop i18n``: the languages and how much of each catalog they have."""

from __future__ import annotations

import json

from tabletop.i18n import LANGUAGES


def add_parser(sub) -> None:
    sp = sub.add_parser("i18n", help="the app's languages; --check: how much of every catalog is translated")
    sp.add_argument("--check", action="store_true",
                    help="per language, how much of every catalog is translated, and what is missing")
    sp.add_argument("--lang", choices=[c for c in LANGUAGES if c != "en"], action="append",
                    help="only this language (may be given twice)")
    sp.add_argument("--all", action="store_true", help="list every missing entry, not the first 20 of each catalog")
    sp.add_argument("--json", action="store_true", help="the figures as JSON")


def main(args) -> int:
    if not args.check:
        for code, name in LANGUAGES.items():
            print(f"{code}  {name}")
        return 0
    from tabletop.i18n.check import GOAL, check_all, report

    statuses = check_all(args.lang)
    text, ok = report(statuses, show_missing=10**9 if args.all else 20)
    if args.json:
        print(json.dumps({"goal_percent": GOAL, "ok": ok, "catalogs": [
            {"catalog": s.name, "lang": s.lang, "total": s.total, "translated": s.translated,
             "missing": s.missing, "broken": [[m, lost] for m, lost in s.broken]} for s in statuses]},
            ensure_ascii=False, indent=1))
    else:
        print(text)
    return 0 if ok else 1
