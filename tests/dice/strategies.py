"""Hypothesis strategies that build dice notation rule by rule from the grammar."""

from __future__ import annotations

from hypothesis import strategies as st


@st.composite
def dice_term(draw: st.DrawFn) -> str:
    """``dice: INT? "d" (INT | "F") keep* target?`` with small pools (``0d6`` included)."""
    fate = draw(st.integers(0, 7)) == 0
    sides = 3 if fate else draw(st.sampled_from([1, 2, 3, 4, 6, 8, 10]))
    count = draw(st.integers(0, 4))
    size = draw(st.sampled_from(["F", "F", "F.1", "F.2"])) if fate else str(sides)
    text = f"{count}d{size}" if count != 1 or draw(st.booleans()) else f"d{size}"
    explode = False
    if not fate and sides > 1 and draw(st.integers(0, 3)) == 0:
        kind = draw(st.sampled_from(["!", "!!", "!p", "!!p", "xo"]))
        explode = kind in ("!", "!p", "xo")
        text += kind
        if draw(st.booleans()):  # a compare point: the faces that explode (at most half, so odds stay quick)
            face = draw(st.integers(1, sides))
            cmp = draw(st.sampled_from(["", ">=", "<="]))
            hits = {"": [face], "<=": range(1, face + 1), ">=": range(face, sides + 1)}[cmp]
            if 2 * len(hits) <= sides:
                text += f"{cmp}{face}"
    elif not fate and draw(st.integers(0, 3)) == 0:
        word = draw(st.sampled_from(["r", "ro", "ra"]))  # 'ra': d20's reroll and add
        explode = word == "ra"  # like '!': the die it adds is a die of its own, nothing to keep from
        hit: set[int] = set()
        for _ in range(draw(st.integers(1, 2))):  # one condition, or two ('r1r3')
            face = draw(st.integers(1, sides))
            cmp = draw(st.sampled_from(["", "<=", ">="]))
            hits = {"": [face], "<=": range(1, face + 1), ">=": range(face, sides + 1)}[cmp]
            if word != "r" or len(hit | set(hits)) < sides:
                text += f"{word}{cmp}{face}"
                hit |= set(hits)
    elif not fate and sides > 1 and draw(st.integers(0, 4)) == 0:  # unique dice (rpg-dice-roller)
        word = draw(st.sampled_from(["u", "uo"]))
        explode = True  # no keep/drop after unique dice (not in capeworks yet)
        point = draw(st.sampled_from(["", "", "<=", ">=", "="]))
        face = draw(st.integers(1, sides))
        cmp_text = "" if not point else f"{'' if point == '=' else point}{face}"
        everything = not point or (point == "<=" and face == sides) or (point == ">=" and face == 1)
        if word == "uo" or not everything or count <= sides:
            text += word + cmp_text
    elif not fate and draw(st.integers(0, 3)) == 0:  # per-die min/max, d20's spelling or ours
        least = draw(st.integers(1, sides))
        if draw(st.booleans()):
            text += f"{draw(st.sampled_from(['min', 'mi']))}{least}"
        if draw(st.booleans()):
            text += f"{draw(st.sampled_from(['max', 'ma']))}{draw(st.integers(least, sides))}"
    kept = count
    for _ in range(0 if explode else draw(st.integers(0, 2))):  # a chain of keep/drop suffixes
        kind = draw(st.sampled_from(["kh", "kl", "dh", "dl", "k"]))
        n = draw(st.integers(0, kept))
        if n == 1 and draw(st.booleans()):  # a bare suffix names one die
            text += kind
        else:
            text += f"{kind}{n}"
        kept = n if kind[0] == "k" else kept - n
    for _ in range(0 if explode else draw(st.sampled_from([0, 0, 0, 1, 2]))):  # d20's keep/drop by value
        word = draw(st.sampled_from(["k>", "k<", "p>", "p<"]))
        gap = " " if text.endswith("!!") else ""  # '!!p<3' reads as the explosion '!!p'
        text += f"{gap}{word}{draw(st.integers(0, sides + 1))}"
    text += draw(st.sampled_from(["", "", "", "s", "sa", "sd"]))  # the breakdown's order
    if not fate and draw(st.integers(0, 4)) == 0:  # crit / fumble marks: the breakdown only
        text += f"cs{draw(st.sampled_from(['', '>=', '<=', '=']))}{draw(st.integers(1, sides))}"
        if draw(st.booleans()):
            text += f"cf{draw(st.sampled_from(['', '>=', '<=']))}{draw(st.integers(1, sides))}"
    chained = "!" in text or "xo" in text or "ra" in text
    if not fate and not chained and draw(st.integers(0, 4)) == 0:  # Foundry's counts
        word = draw(st.sampled_from(["even", "odd", "df", "sf"]))
        if word == "df" and text.endswith("s"):  # 'sdf1' reads as the sort 'sd', then 'f1'
            text += "a"
        if word in ("even", "odd"):
            return text + (" " if text.endswith("u") else "") + word  # 'uodd' reads as 'uo', then 'dd'
        cmp = draw(st.sampled_from(["", "<=", ">=", "==", "<", ">", "="]))
        return text + f"{word}{cmp}{draw(st.integers(1, sides))}"
    if not fate and draw(st.booleans()):
        if draw(st.integers(0, 3)) == 0:  # a count a bare 'tN' cannot say
            text += f"t{draw(st.sampled_from(['>=', '<=', '==', '!=']))}{draw(st.integers(0, sides + 1))}"
            return text + draw(_failures(sides))
        target = draw(st.integers(1, sides))
        text += f"t{target}"
        if target > 1 and draw(st.booleans()):
            text += f"f{draw(st.integers(1, target - 1))}"
        elif draw(st.booleans()):
            text += draw(_failures(sides, bare_one=False))  # after a bare 'tN', 'f1' is 1 or less
    return text


def _failures(sides: int, *, bare_one: bool = True) -> st.SearchStrategy[str]:
    """Failures after a count: none, ``f1`` (after a comparison both readings agree), or a compare point."""
    points = st.tuples(st.sampled_from(["<=", "==", ">="]), st.integers(1, sides))
    pointed = points.map(lambda t: f"f{t[0]}{t[1]}")
    return st.one_of(st.just(""), st.just("f1" if bare_one else ""), pointed)


@st.composite
def counting(draw: st.DrawFn) -> str:
    """A comparison right after a bare pool, which counts dice: ``4d6>=5``."""
    sides = draw(st.sampled_from([2, 4, 6, 10]))
    count = draw(st.integers(1, 4))
    op = draw(st.sampled_from([">=", "<=", "=="]))  # "!=" right after dice is refused; "t!=" counts
    return f"{count}d{sides}{op}{draw(st.integers(0, sides + 1))}{draw(_failures(sides))}"


@st.composite
def computed_dice(draw: st.DrawFn) -> str:
    """``(1d4)d6``: a count that is itself an expression (never negative), then a die and its suffixes."""
    count, fewest = draw(st.sampled_from([("1d4", 1), ("1d3-1", 0), ("d2+1", 2), ("1+2", 3), ("2d2-2", 0)]))
    size = draw(st.sampled_from(["6", "4", "F", "10"]))
    text = f"({count})d{size}"
    modifier = (
        ""
        if size == "F" or not draw(st.booleans())
        else draw(st.sampled_from(["!", "r1", "min2", "!!", "ra1", "uo", "u<=2"]))
    )
    text += modifier
    if modifier in ("!", "ra1", "uo", "u<=2"):  # dice of their own, or unique: nothing to keep
        fewest = 0
    if fewest and draw(st.booleans()):
        text += draw(st.sampled_from(["kh1", "kl1", "dl1", "k"]))
    if size != "F" and draw(st.booleans()):
        text += draw(st.sampled_from(["t3", "t4f1", "t>=3", "t!=2"]))
    return text


#: Foundry's margin of success after a term: the total less a number, or the number less the total
margined = st.tuples(
    st.one_of(dice_term(), computed_dice()), st.sampled_from(["ms>3", "ms<=2", "ms5", "ms=1", "ms>=0"])
).map("".join)


@st.composite
def sized_dice(draw: st.DrawFn) -> str:
    """``d(1d6)``, ``2d(1+3)``, ``(1d4)d(1d6)``: a die size worked out first (never below 1)."""
    count, fewest = draw(st.sampled_from([("", 1), ("2", 2), ("(1d4)", 1), ("(1d3-1)", 0), ("(1+1)", 2)]))
    size = draw(st.sampled_from(["1d6", "1+3", "1d4+1", "2d3", "1d2*2"]))
    keep = draw(st.sampled_from(["", "kh1", "kl1", "dl1"])) if fewest else ""
    return f"{count}d({size}){keep}"


atom = st.one_of(st.integers(0, 9).map(str), dice_term(), computed_dice(), sized_dice(), margined)


def _extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    whole = inner.filter(lambda s: "/" not in s)  # no division of its own
    return st.one_of(
        st.tuples(inner, st.sampled_from(["+", "-", " * "]), inner).map(lambda t: f"{t[0]}{t[1]}{t[2]}"),
        # a remainder by something never 0, a small power
        st.tuples(inner, st.sampled_from(["%3", "%d4", " % -2", "**2", "^d3", "**0"])).map(
            lambda t: f"({t[0]}){t[1]}"
        ),
        # division by something that is never 0: a positive number or a die
        st.tuples(inner, st.sampled_from(["/", "/"]), st.sampled_from(["2", "3", "d3", "-2", "(1d2+1)"])).map(
            lambda t: f"({t[0]}){t[1]}{t[2]}"
        ),
        # one exact division inside a rounding (a second one there is refused)
        st.tuples(st.sampled_from(["ceil", "floor", "round"]), whole, st.sampled_from(["2", "d4", "-3"])).map(
            lambda t: f"{t[0]}(({t[1]})/{t[2]})"
        ),
        # rounding moves onto the one division: whole numbers added or multiplying it
        st.tuples(st.sampled_from(["ceil", "round"]), whole, st.sampled_from(["1+", "2*", "-", "3-"])).map(
            lambda t: f"{t[0]}({t[2]}({t[1]})/2)"
        ),
        inner.map(lambda s: f"-({s})"),
        inner.filter(lambda s: "/" not in s).map(lambda s: f"abs({s})"),
        inner.map(lambda s: f"({s})"),
        st.tuples(st.sampled_from(["min", "max"]), inner, inner).map(lambda t: f"{t[0]}({t[1]}, {t[2]})"),
        # a group of two or three rolls, kept or dropped by their totals
        st.tuples(
            st.lists(inner, min_size=2, max_size=3),
            st.sampled_from(["", "kh1", "kl1", "dh1", "dl1", "kh2kl1"]),
        ).map(lambda t: "{" + ", ".join(t[0]) + "}" + (t[1] if len(t[0]) > 2 or t[1] != "kh2kl1" else "")),
    )


#: ``sum`` expressions, a few levels deep
sum_expr = st.recursive(atom, _extend, max_leaves=4)

#: a comparison right after computed dice counts them too: ``(1d4)d6>=5``
computed_counting = st.tuples(
    st.sampled_from(["(1d4)", "(1d3-1)", "(d2+1)"]), st.sampled_from(["d6>=5", "d4<=1", "d10==10"])
).map("".join)

#: Roll20's count inside a group: how many of its (kept) rolls' totals meet a number; one roll: each die
group_counting = st.tuples(
    st.lists(sum_expr, min_size=2, max_size=3),
    st.sampled_from(["", "kh1", "dl1"]),
    st.sampled_from([">=", "<=", "==", "!="]),
    st.integers(0, 12),
).map(lambda t: "{" + ", ".join(t[0]) + "}" + t[1] + t[2] + str(t[3])) | st.tuples(
    # one roll of dice terms added up: each die counted ('{4d6+3d8}>=5' is '4d6t5+3d8t5')
    st.lists(st.sampled_from(["2d6", "d8", "3d4!", "2d10kh1", "4d6u"]), min_size=1, max_size=3),
    st.sampled_from([">=", "<=", "==", "!="]),
    st.integers(1, 6),
).map(lambda t: "{" + "+".join(t[0]) + "}" + t[1] + str(t[2]))

#: ``start``: a sum, a dice count, a group's count, or a top-level comparison of two sums
expression = st.one_of(
    sum_expr,
    counting(),
    computed_counting,
    group_counting,
    st.tuples(sum_expr, st.sampled_from([">=", "<=", ">", "<", "==", "!="]), sum_expr).map(
        lambda t: f"({t[0]}) {t[1]} {t[2]}"  # bracketed: a total, never a count of dice
    ),
)
