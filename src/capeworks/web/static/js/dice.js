// Dice drawn as dice: a six-sided die shows its pips, any other die its number in
// a shape for its size. Faces typed in by a person (physical dice) are marked
// "given" in the picture and in words, as every rendering of a roll must.
import { html, text } from "./ui.js";

const PIPS = {
  1: [5],
  2: [1, 9],
  3: [1, 5, 9],
  4: [1, 3, 7, 9],
  5: [1, 3, 5, 7, 9],
  6: [1, 3, 4, 6, 7, 9],
};

// One die. ``tone`` colours it for a ruleset's meaning (hit, disaster, blank).
export function Die({ sides, face, given = false, tone = "", label = "" }) {
  const words = `${label ? label + ": " : ""}d${sides} showing ${face}${given ? " (given)" : ""}`;
  const cls = `die d${sides === 6 ? "6" : "n"} ${tone} ${given ? "given" : ""}`;
  if (sides === 6 && PIPS[face]) {
    const cells = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(
      (i) => html`<span class=${PIPS[face].includes(i) ? "pip on" : "pip"}></span>`,
    );
    return html`<span class=${cls} role="img" aria-label=${words} title=${words}>${cells}</span>`;
  }
  return html`<span class=${cls} role="img" aria-label=${words} title=${words}
    ><span class="num">${text(face)}</span></span
  >`;
}

// A die not yet rolled (a pool being built): its size and what it stands for.
export function BlankDie({ sides = 6, tone = "", label = "" }) {
  const words = `${label || "a die"} (d${sides}, not yet rolled)`;
  return html`<span class=${`die blank ${tone}`} role="img" aria-label=${words} title=${words}></span>`;
}

// One roll record from a log entry: what it was for, then the dice.
export function Roll({ roll, toneOf }) {
  const faces = roll.faces || [];
  return html`<div class="roll">
    <span class="purpose">${text(roll.purpose)}</span>
    <span class="dice">
      ${faces.map(
        (f) => html`<${Die} sides=${roll.sides} face=${f} given=${roll.given} tone=${toneOf ? toneOf(roll, f) : ""} />`,
      )}
    </span>
    ${roll.given ? html`<span class="badge given-badge">given dice</span>` : null}
  </div>`;
}
