// Bulletproof Blues' touch: the tracker panel as an order-of-play strip with Endurance bars.
// It draws only: every number comes from the server's panels (the rules live in Python).
import { html } from "/static/js/ui.js";

function Bar({ value }) {
  const [now, top] = String(value).split("/").map(Number);
  return html`<span class="bpb-bar" title=${value}>
    <meter min="0" max=${top} value=${Math.max(0, now)}></meter>
    <span> ${value}</span>
  </span>`;
}

export const touch = {
  panel(panel) {
    if (!panel.title.startsWith("Round ")) return null;
    const cols = panel.columns;
    const at = (row, name) => row[cols.indexOf(name)];
    return html`<div class="bpb-tracker">
      <h3>${panel.title}</h3>
      <ol>
        ${panel.rows.map(
          (row) => html`<li class=${at(row, "Turn").startsWith("acting") ? "bpb-acting" : ""}>
            <strong>${at(row, "Character")}</strong>
            <${Bar} value=${at(row, "Endurance")} />
            <span> stunning ${at(row, "Stunning")}</span>
            <span> · ${at(row, "Status")}</span>
            <span> · PP ${at(row, "Plot points")}</span>
            <span> · ${at(row, "Turn")}</span>
          </li>`,
        )}
      </ol>
    </div>`;
  },
};
