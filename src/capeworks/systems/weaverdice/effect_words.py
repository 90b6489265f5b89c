"""Words for a wound-effect decision: what is being decided, and what each answer does.

A new player shown "recovery / none" cannot tell what either does (issue 19,
item 5). Each decision :mod:`.wfx` asks for (its key) is said here in the
seed's terms: the row the effect die landed on (src 636-788), what a Recovery
dot buys (WD-WFX-004, WD-EFFORT-005: ignore a lesser or moderate effect, the
wound stays; WD-WFX-018: a headshot becomes Knocked Down) and what effort dots
spent on a critical effect change (WD-WFX-022..027). Words only: the rules
are :mod:`.wfx`'s.
"""

from __future__ import annotations

from capeworks.systems.weaverdice import data_wfx as data
from capeworks.systems.weaverdice.data_wfx import Row, Special
from capeworks.systems.weaverdice.wfx_outcome import Need

__all__ = ["EffectWords", "asked_words", "effect_words", "row_words"]

_BY_SRC: dict[int, Row] = {row.src: row for rows in data.TABLES.values() for row in rows}

_SPECIAL: dict[Special, str] = {
    Special.FADES_ON_REST: "the wound fades at the next rest",
    Special.STUCK_OR_BLEEDING: "stuck if the weapon can stick, else bleeding",
    Special.ESCALATE: "the wound becomes moderate and rolls on the Moderate Pierce table",
    Special.BRAWN_WHILE_BLEEDING: "-1 Brawn until the bleeding stops",
    Special.HIGHEST_PHYSICAL: "-1 to the highest of Brawn, Athletics and Guts",
    Special.LIMB_PAIN_SCARRED: "pain in a limb of the attacker's choice, scarring",
    Special.EXTRA_MODERATE: "another moderate wound",
    Special.DISABLE_LIMB: "a limb disabled (the attacker's choice)",
    Special.HEADSHOT: "a headshot: dying",
    Special.LOSE_ARM: "an arm lost",
    Special.LOSE_LEG: "a leg lost",
    Special.BISECT: f"a Guts save at {data.BISECT_TN}+ or die",
    Special.PULVERIZE: "stat points or whole parts lost, again and again",
    Special.DYING: "dying",
    Special.IMPALED: f"slain unless {data.CRITICAL_PIERCE_AVOID_COST} effort dots are spent",
    Special.GEAR_FEATURE: "a piece of gear loses a feature",
    Special.REND_CHOICE: "scarring, bleeding or -1 Brawn",
    Special.REND_CHOICE_X: "pain, bleeding, scarring or -2 to a physical stat, as many as the die shows",
    Special.COSTUME_LOST: "a costume piece lost (the attacker names two)",
    Special.TEMPORARY_WOUND: "an extra lesser wound that goes away on its own",
    Special.SKIN_PAIN: "pain too if the costume is bare skin",
    Special.ONGOING: "damage goes on each turn until a rest",
    Special.FOCUS_OR_OVERLOAD: "a Focus dot lost (with none: blinded, deafened, pain and delayed)",
    Special.SHOCK_CHOICE: "two of disarmed, knocked down, -1 Focus and dying",
    Special.SHOCK_DRAIN: f"a Guts roll: {data.SHOCK_DRAIN_BASE} less its result in stat points drained",
    Special.MANGLE: "1d4-1 lasting damage to every stat",
    Special.CONSUMING: "a physical stat point lost each round until treated",
    Special.SHOCK_CHAIN: "stat points drained, repeated on an even Guts roll",
}

_STATUS: dict[str, str] = {
    "knocked_down": "knocked down",
    "death_sentence": "a Death Sentence",
    "half_actions": "half the actions on the next turn",
}

#: what each effort dot spent buys, by the decision's key (WD-EFFORT-006, WD-WFX-022..027)
_SPEND: dict[str, str] = {
    "coverage": "one effort dot lets the costume's coverage turn the consuming burn into a moderate burn "
    "effect; spend none and the flames consume",
    "reattach": f"the lost limb can be reattached within {data.REATTACH_WINDOW_MINUTES} minutes; each "
    "effort dot spent doubles that time",
    "save_effort": f"the Guts save needs {data.BISECT_TN}+; each effort dot spent adds +1 to it",
    "pulverize_effort": f"the loss repeats on a d6 of {data.CRITICAL_BASH_REPEAT_ON}+; each effort dot "
    "spent raises that by 1",
    "impaled_effort": f"spend {data.CRITICAL_PIERCE_AVOID_COST} effort dots to be knocked down instead of "
    "slain, or none and be slain",
    "chain_effort": "the drain repeats on an even Guts roll; one dot spent: only on 4 or 6; two: only on 6",
    "mangle_effort": f"each effort dot spent cancels {data.CRITICAL_REND_CANCEL_PER_DOT} points of the "
    "rolled damage",
}

#: what the other decisions ask, by the key's first part
_ASK: dict[str, str] = {
    "pain_in": "which limb is in pain",
    "stat": "which of the tied highest stats takes -1 (until healed)",
    "limb": "which limb it strikes",
    "rend": "what the rend does",
    "rend_stat": "which physical stat takes -2 (half of it scarring)",
    "named": "the attacker names costume pieces; the wounded character loses one of them",
    "lost": "which of the named costume pieces is lost",
    "gear": "which piece of gear loses its bottom feature",
    "shock": "what the shock does",
    "drain": "which stats the drained points come from (they come back 1 a turn, 3 resting)",
    "pulverize": "two stat points (lasting) or one whole part",
    "cancel": "which stats' damage the effort cancels",
}


def row_words(row: Row) -> str:
    """What one row of an effect table does, in a phrase ("bleeding, blinded")."""
    bits = [_STATUS.get(s.value, s.value.replace("_", " ")) for s in row.statuses]
    if row.knockback_ft:
        bits.insert(0, f"knocked back {row.knockback_ft} ft")
    if row.pain:
        bits.append("pain")
    if row.pain_in is not None:
        bits.append("pain in an arm" if row.pain_in.value == "arm" else "pain in a leg")
    if row.delayed:
        bits.append("delayed")
    if row.focus_loss:
        bits.append(f"{row.focus_loss} Focus lost")
    if row.scarred:
        bits.append("the wound scars")
    if row.special is not None:
        bits.append(_SPECIAL[row.special])
    return ", ".join(bits) or "no effect"


#: each table row's words, made when first asked (the rows are fixed data; an effect prompt asks at every
#: version it stays open)
_ROW_WORDS: dict[int, str] = {}


def _row_words_of(src: int) -> str:
    """:func:`row_words` of the row from seed line ``src``, kept."""
    words = _ROW_WORDS.get(src)
    if words is None:
        words = _ROW_WORDS[src] = row_words(_BY_SRC[src])
    return words


class EffectWords:
    """A decision in words: the sentence after the wound's name, and a label per option."""

    __slots__ = ("hint", "labels", "says")

    def __init__(self, says: str, labels: dict[str, str], hint: str = "") -> None:
        self.says, self.labels, self.hint = says, labels, hint


def _pool(value: str) -> str:
    return value.capitalize()


def effect_words(need: Need, *, recovery_left: int) -> EffectWords:
    """What ``need`` decides and what each of its options does."""
    head = need.key.split(".")[0]
    if head == "negate":
        row = _BY_SRC.get(need.row) if need.row is not None else None
        effect = _row_words_of(row.src) if row is not None else "the effect"
        left = f"{recovery_left} left" if recovery_left != 1 else "the last one"
        if row is not None and row.special is Special.HEADSHOT:
            return EffectWords(
                "a headshot puts them in the dying state. A Recovery dot turns it into Knocked Down instead.",
                {
                    "recovery": f"Spend 1 Recovery ({left}): knocked down instead of dying",
                    "none": "Keep the Recovery: dying",
                },
            )
        return EffectWords(
            f"the effect is {effect}. A Recovery dot ignores a lesser or moderate effect; the wound "
            "itself stays.",
            {
                "recovery": f"Spend 1 Recovery ({left}): ignore the effect, keep the wound",
                "none": f"Keep the Recovery: {effect}",
            },
        )
    if head in _SPEND:
        what = _SPEND[head]
        labels = {o: f"Spend 1 {_pool(o)} dot" for o in need.options}
        labels["none"] = "Spend nothing"
        return EffectWords(
            f"{what[0].upper()}{what[1:]}.", labels, hint=f"{what}; pick the pools to spend from"
        )
    asks = _ASK.get(head, "what happens")
    if head == "drain" and len(need.counts) == 1:
        # say how many the Guts roll drained: the player picks that many (src 770)
        n = need.counts[0]
        asks = asks.replace("the drained points", f"the {n} drained point{'s' if n != 1 else ''}", 1)
    labels = {o: o.replace("_", " ") for o in need.options}
    labels["none"] = "none"
    return EffectWords(
        f"choose {asks}.", labels, hint=f"{asks}: pick from " + ", ".join(labels[o] for o in need.options)
    )


def asked_words(need: Need) -> str:
    """The decision ``need`` asks, as the end of a log line ("to choose which limb it strikes")."""
    head = need.key.split(".")[0]
    if head == "negate":
        row = _BY_SRC.get(need.row) if need.row is not None else None
        if row is not None and row.special is Special.HEADSHOT:
            return "to decide whether a Recovery dot turns the headshot into Knocked Down"
        return "to decide whether a Recovery dot ignores the effect"
    if head in _SPEND:
        return f"to decide what effort to spend ({_SPEND[head]})"
    asks = _ASK.get(head, "what happens")
    if head == "drain" and len(need.counts) == 1:
        n = need.counts[0]
        asks = asks.replace("the drained points", f"the {n} drained point{'s' if n != 1 else ''}", 1)
    return f"to choose {asks}"
