"""Hypothesis strategies that build dice notation rule by rule from the grammar."""

from __future__ import annotations

from hypothesis import strategies as st


@st.composite
def dice_term(draw: st.DrawFn) -> str:
    """``dice: INT? "d" INT keep? target?`` with small pools."""
    sides = draw(st.sampled_from([1, 2, 3, 4, 6, 8, 10]))
    count = draw(st.integers(1, 4))
    text = f"{count}d{sides}" if count > 1 or draw(st.booleans()) else f"d{sides}"
    if draw(st.booleans()):
        kind = draw(st.sampled_from(["kh", "kl", "dh", "dl"]))
        text += f"{kind}{draw(st.integers(0, count))}"
    if draw(st.booleans()):
        target = draw(st.integers(1, sides))
        text += f"t{target}"
        if target > 1 and draw(st.booleans()):
            text += f"f{draw(st.integers(1, target - 1))}"
    return text


atom = st.one_of(st.integers(0, 9).map(str), dice_term())


def _extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.tuples(inner, st.sampled_from(["+", "-", " * "]), inner).map(lambda t: f"{t[0]}{t[1]}{t[2]}"),
        inner.map(lambda s: f"-({s})"),
        inner.map(lambda s: f"({s})"),
        st.tuples(st.sampled_from(["min", "max"]), inner, inner).map(lambda t: f"{t[0]}({t[1]}, {t[2]})"),
    )


#: ``sum`` expressions, a few levels deep
sum_expr = st.recursive(atom, _extend, max_leaves=4)

#: ``start``: a sum, or a top-level comparison of two sums
expression = st.one_of(
    sum_expr,
    st.tuples(sum_expr, st.sampled_from([">=", "<=", ">", "<", "==", "!="]), sum_expr).map(
        lambda t: f"{t[0]} {t[1]} {t[2]}"
    ),
)
