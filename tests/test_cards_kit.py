"""Card-file validation in the kit: one message naming file, card, field and line."""

import pytest

from tabletop.engine.cards import Field, index_cards, read_card_file
from tabletop.engine.errors import CardFileError

FIELDS = [Field("id", str, True), Field("name", str, True), Field("level", int, True, min=1, max=12),
          Field("kind", str, True, choices=("monster", "spell"))]


def _load(tmp_path, text):
    p = tmp_path / "cards.toml"
    p.write_text(text)
    data, ctx = read_card_file(p)
    return index_cards(ctx, data.get("card", []), FIELDS), p


def test_good_file(tmp_path):
    cards, _ = _load(tmp_path, '[[card]]\nid = "A"\nname = "Alpha"\nlevel = 3\nkind = "monster"\n')
    assert cards["A"]["level"] == 3


@pytest.mark.parametrize("text,needles", [
    ('[[card]]\nid = "A"\nname = "Alpha"\nlevel = "three"\nkind = "monster"\n', ["'A'", "'level'", "line 4", "integer"]),
    ('[[card]]\nid = "A"\nname = "Alpha"\nkind = "monster"\n', ["'A'", "'level'", "missing"]),
    ('[[card]]\nid = "A"\nname = "Alpha"\nlevel = 20\nkind = "monster"\n', ["above the maximum"]),
    ('[[card]]\nid = "A"\nname = "Alpha"\nlevel = 2\nkind = "trap"\n', ["'kind'", "'trap'"]),
    ('[[card]]\nid = "A"\nname = "A"\nlevel = 2\nkind = "spell"\n[[card]]\nid = "A"\nname = "B"\nlevel = 2\nkind = "spell"\n', ["twice"]),
    ('[[card]]\nid = "A"\nname = "Alpha"\nlevel = 2\nkind = "spell"\ncolour = 1\n', ["unknown field", "'colour'"]),
    ('[[card]\nid = "A"\n', ["not valid TOML", "line"]),
])
def test_bad_files_name_the_problem(tmp_path, text, needles):
    with pytest.raises(CardFileError) as exc:
        _load(tmp_path, text)
    msg = str(exc.value)
    assert "cards.toml" in msg
    for n in needles:
        assert n in msg, msg
