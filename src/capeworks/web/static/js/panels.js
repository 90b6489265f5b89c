// Panels: the ruleset's own drawing of the state for this seat (titled tables of
// plain text). Drawn generically as tables; a ruleset's touch module may draw a
// panel its own way (cards, tracks) from the same cells, and falls back to this.
import { html, text } from "./ui.js";

// A track of boxes ("□□■") drawn as boxes, anything else as text.
export function Cell({ value }) {
  const s = text(value);
  if (/^[□■☐☒▢▣]+$/u.test(s)) {
    const boxes = [...s].map((c) => c === "■" || c === "☒" || c === "▣");
    const filled = boxes.filter(Boolean).length;
    const words = `${filled} of ${boxes.length} marked`;
    return html`<span class="track" role="img" aria-label=${words} title=${words}>
      ${boxes.map((on) => html`<span class=${on ? "box on" : "box"}></span>`)}
    </span>`;
  }
  return s;
}

// A column header that may break after each slash ("Wealth/Rep/XP"), never clipped.
function breakable(words) {
  const parts = text(words).split("/");
  return parts.map((part, i) => (i < parts.length - 1 ? html`${part}/<wbr />` : part));
}

export function PanelTable({ panel }) {
  const headless = panel.columns.every((c) => !c);
  return html`<section class="card panel" aria-label=${panel.title}>
    <h3>${panel.title}</h3>
    <div class="scroll">
      <table>
        ${headless ? null : html`<thead><tr>${panel.columns.map((c) => html`<th scope="col">${breakable(c)}</th>`)}</tr></thead>`}
        <tbody>
          ${panel.rows.map(
            (row) => html`<tr>${row.map((cell, i) =>
              headless && i === 0 ? html`<th scope="row">${cell}</th>` : html`<td><${Cell} value=${cell} /></td>`,
            )}</tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${panel.note ? html`<p class="note">${panel.note}</p>` : null}
  </section>`;
}

// A ruleset that draws no panels: its view for this seat, field by field (the
// architecture's fallback). The view is already filtered for the seat.
function ViewFallback({ view }) {
  const rows = Object.entries(view || {}).map(([key, value]) => [key.replace(/_/g, " "), text(value)]);
  return html`<${PanelTable} panel=${{ title: "The table", columns: ["", ""], rows, note: "" }} />`;
}

// Every panel, each through the ruleset's touch when it has one for that title.
export function Panels({ panels, touch, projection }) {
  if (!panels || !panels.length) return html`<div class="panels"><${ViewFallback} view=${projection.view} /></div>`;
  return html`<div class="panels">
    ${(panels || []).map((panel) => {
      const custom = touch && touch.panel ? touch.panel(panel, projection) : null;
      return custom || html`<${PanelTable} panel=${panel} />`;
    })}
    ${touch && touch.more ? touch.more(projection) : null}
  </div>`;
}
