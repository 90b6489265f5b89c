// Exact odds as a bar chart, and the dice box that shows them as you type.
// The server's dice library does the arithmetic (exact fractions); this only draws.
import { html, text, useState, useEffect, useRef } from "./ui.js";
import { api } from "./api.js";
import { Die } from "./dice.js";

// Outcomes sorted as numbers where they are numbers.
function outcomes(odds) {
  const keys = Object.keys(odds.probabilities || {});
  return keys.sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
}

function percent(p) {
  if (p === 0) return "0%";
  if (p < 0.001) return "<0.1%";
  return `${(p * 100).toFixed(p < 0.1 ? 1 : 0)}%`;
}

// The distribution of one expression: a bar per outcome, the exact fraction in words.
// A wide distribution is drawn in the width it has: every bar fits (no sideways scrolling),
// and only every ``step``-th outcome is labelled so labels never overlap; each bar still says
// its outcome and chance to a pointer and a screen reader.
const LABELS = 12;
const WIDE_LABELS = 8;

// A wide distribution's runs of outcomes ([first, last, chance]) as outcomes of their own:
// the chart draws the whole middle of the distribution, not a flat slice of it.
function binned(odds) {
  const probabilities = {};
  for (const [first, last, p] of odds.bins) probabilities[first === last ? `${first}` : `${first}–${last}`] = p;
  return { ...odds, probabilities, distribution: {} };
}

export function OddsChart({ odds: given, caption = "", highlight = null }) {
  const odds = Array.isArray(given.bins) && given.bins.length ? binned(given) : given;
  const keys = Array.isArray(given.bins) && given.bins.length ? Object.keys(odds.probabilities) : outcomes(odds);
  const top = Math.max(...keys.map((k) => odds.probabilities[k]), 0) || 1;
  const wide = keys.length > LABELS;
  const step = wide ? Math.ceil(keys.length / WIDE_LABELS) : 1;
  return html`<figure class=${`odds ${wide ? "wide" : ""}`}>
    ${caption ? html`<figcaption>${caption}</figcaption>` : null}
    <div class="bars" role="list">
      ${keys.map((k, i) => {
        const p = odds.probabilities[k];
        const exact = (odds.distribution || {})[k] || "";
        const words = `${k}: ${percent(p)}${exact ? ` (exactly ${exact})` : ""}`;
        const hot = highlight != null && highlight(String(k).split("–")[0]);
        return html`<div class=${`bar ${hot ? "hot" : ""}`} role="listitem" title=${words} aria-label=${words}>
          <span class="fill" style=${{ height: `calc((100% - 1.2rem) * ${Math.max(0.02, p / top).toFixed(3)})` }}></span>
          ${wide ? null : html`<span class="pct">${percent(p)}</span>`}
          <span class=${`key ${i % step === 0 ? "" : "unlabelled"}`}>${String(k).split("–")[0]}</span>
        </div>`;
      })}
    </div>
    ${typeof odds.mean === "number"
      ? html`<p class="stats">mean ${odds.mean.toFixed(2)}${typeof odds.stdev === "number" ? `, spread ${odds.stdev.toFixed(2)}` : ""}</p>`
      : null}
    ${Array.isArray(given.bins) && given.bins.length
      ? html`<p class="stats shown">${odds.outcomes} possible outcomes (${odds.min} to ${odds.max}), drawn in runs
          from ${odds.quantiles["1"]} to ${odds.quantiles["99"]} where 98% of rolls fall;
          90% fall from ${odds.quantiles["5"]} to ${odds.quantiles["95"]}.</p>`
      : Array.isArray(odds.shown)
        ? html`<p class="stats shown">The likeliest ${keys.length} of ${odds.outcomes} possible outcomes
          (${odds.min} to ${odds.max}); 90% of rolls fall from ${odds.quantiles["5"]} to ${odds.quantiles["95"]}.</p>`
        : null}
  </figure>`;
}

// Odds of ``expr`` fetched after the typing pauses; the latest request wins.
export function useOdds(expr, delay = 200) {
  const [state, setState] = useState({ odds: null, error: "" });
  const ticket = useRef(0);
  useEffect(() => {
    const mine = ++ticket.current;
    if (!expr || !expr.trim()) {
      setState({ odds: null, error: "" });
      return undefined;
    }
    const timer = setTimeout(async () => {
      try {
        const odds = await api.odds(expr.trim());
        if (ticket.current === mine) setState({ odds, error: "" });
      } catch (e) {
        if (ticket.current === mine) setState({ odds: null, error: e.message });
      }
    }, delay);
    return () => clearTimeout(timer);
  }, [expr]);
  return state;
}

// The dice box: notation in, exact odds as you type, a roll on Enter.
export function DiceBox() {
  const [expr, setExpr] = useState("");
  const [rolled, setRolled] = useState(null);
  const { odds, error } = useOdds(expr);
  const [rollError, setRollError] = useState("");

  async function roll(event) {
    event.preventDefault();
    if (!expr.trim()) return;
    try {
      setRolled(await api.roll(expr.trim()));
      setRollError("");
    } catch (e) {
      // the last roll was of other notation: shown beside this refusal, it reads as this one's
      setRolled(null);
      setRollError(e.message);
    }
  }
  // A refusal of a roll is of the notation then in the box: gone once it is changed, and said
  // once when the odds already say the same.
  const typed = (e) => {
    setExpr(e.currentTarget.value);
    setRollError("");
  };

  return html`<section class="card dicebox" aria-labelledby="dicebox-title">
    <h2 id="dicebox-title">Dice box</h2>
    <form onSubmit=${roll}>
      <label for="dice-expr">Notation</label>
      <div class="row">
        <input id="dice-expr" name="expr" autocomplete="off" spellcheck="false" placeholder="3d6, 10d6t5, 2d20kh1+3"
          value=${expr} onInput=${typed} />
        <button type="submit">Roll</button>
      </div>
    </form>
    ${error ? html`<p class="error" role="status">${error}</p>` : null}
    ${odds ? html`<${OddsChart} odds=${odds} caption=${`Exact odds of ${odds.expression || expr}`} />` : null}
    ${rollError && rollError !== error ? html`<p class="error" role="alert">${rollError}</p>` : null}
    ${rolled ? html`<${RollResult} result=${rolled} />` : null}
  </section>`;
}

// A roll from the dice box (just for this person; the table's rolls go through commands).
// ``dice`` lists each dice group's faces in the order the notation names them.
function RollResult({ result }) {
  const groups = Array.isArray(result.dice) ? result.dice : [];
  const sides = [...text(result.expression).matchAll(/\d*d(\d+)/g)].map((m) => Number(m[1]));
  return html`<div class="rolled" role="status">
    <p><strong>${text(result.expression)}</strong> = <strong class="total">${text(result.total)}</strong></p>
    ${groups.map(
      (faces, i) => html`<div class="dice">${(Array.isArray(faces) ? faces : []).map(
        (f) => html`<${Die} sides=${sides[i] || 6} face=${f} />`,
      )}</div>`,
    )}
    ${result.breakdown ? html`<p class="breakdown">${text(result.breakdown)}</p>` : null}
  </div>`;
}
