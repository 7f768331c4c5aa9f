"""Effect primitives (rules 5.x): schema, card text and resolver side by side. A target is "self",
"opponent" or a table such as ``{ who = "opponent", zone = "field", choose = true }`` (picked when cast)."""

from tabletop.engine.core import Event
from tabletop.engine.effects import TARGET, Effects

EFFECTS = Effects("tidecall")


def target_text(target) -> str:
    if isinstance(target, str):
        return {"self": "you", "opponent": "your opponent", "this": "this card"}[target]
    who = {"self": "your ", "opponent": "opposing ", "any": ""}[target.get("who", "any")]
    return ("target " if target.get("choose") else "a ") + who + "creature"


def chosen_target(ops: list):
    """The target in ``ops`` the player picks when playing the card, or None."""
    return next((op["target"] for op in ops if isinstance(op.get("target"), dict) and op["target"].get("choose")), None)


def choosable(state, player: int, target: dict) -> list:
    owners = {"self": [player], "opponent": [1 - player], "any": [0, 1]}[target.get("who", "any")]
    return [i for p in owners for i in state.table.ids(f"p{p}.{target.get('zone', 'field')}")]


@EFFECTS.primitive("damage", args={"amount": int, "target": TARGET},
                   text=lambda op: f"Deal {op['amount']} damage to {target_text(op['target'])}.")
def damage(state, ctx, op, events):
    """Damage (5.1): a player loses that much life; a creature of power up to the damage is destroyed."""
    if isinstance(op["target"], str):
        who = ctx["player"] if op["target"] == "self" else 1 - ctx["player"]
        return state.change_life(who, -op["amount"], events, "Damage (5.1)")
    iid = ctx["target"]
    if state.card_of(iid)["power"] <= op["amount"]:
        return state.destroy(iid, events, "Damage (5.1)")
    events.append(Event("effect.withstand", f"{state.card_of(iid)['name']} withstands the damage", "Damage (5.1)",
                        {"card": iid, "card_id": state.table.card[iid]}))


@EFFECTS.primitive("draw", args={"amount": int},
                   text=lambda op: f"Draw {op['amount']} card{'s' if op['amount'] > 1 else ''}.")
def draw(state, ctx, op, events):
    """Drawing (5.2): one card at a time from the top of your deck."""
    for _ in range(op["amount"]):
        state.draw(ctx["player"], events, "Drawing (5.2)")


def card_face(card: dict) -> dict:
    """``describe_card``: what the table draws (no cost, level, keywords or colour); the text comes from the primitives."""
    text, creature = " ".join(EFFECTS.text(op) for op in card["effect"]), card["type"] == "creature"
    return {"name": card["name"], "type": card["type"], "stats": [["POW", card["power"]]] if creature else [],
            "text": (("When played: " if creature else "") + text) if text else card["flavor"],
            "tags": [card["type"].capitalize()]}
