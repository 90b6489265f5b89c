// Bulletproof Blues' touch: the tracker panel as an order-of-play strip with Endurance meters.
// It draws only: every number comes from the server's panels and previews (the rules live in Python).
import { html } from "/static/js/ui.js";

function Meter({ value }) {
  const [now, top] = String(value).split("/").map(Number);
  return html`<span class="bpb-endurance" title=${`Endurance ${value}`}>
    <meter min="0" max=${top} value=${Math.max(0, now)}></meter>
    <span> ${value}</span>
  </span>`;
}

function Fighter({ row, at }) {
  const turn = at(row, "Turn");
  const status = at(row, "Status");
  const acting = turn.startsWith("acting");
  return html`<li class=${`bpb-fighter${acting ? " current" : ""}`} data-name=${at(row, "Character")}>
    <strong>${at(row, "Character")}</strong>
    <${Meter} value=${at(row, "Endurance")} />
    <span class="bpb-stunning"> stunning ${at(row, "Stunning")}</span>
    ${status !== "-" ? html`<span class="bpb-status"> ${status}</span>` : null}
    <span class="bpb-pp"> plot points ${at(row, "Plot points")}</span>
    ${turn !== "-" ? html`<span class="bpb-turn"> ${turn}</span>` : null}
  </li>`;
}

export const touch = {
  panel(panel) {
    if (!panel.title.startsWith("Round ")) return null;
    const cols = panel.columns;
    const at = (row, name) => row[cols.indexOf(name)];
    return html`<div class="bpb-tracker">
      <h3>${panel.title}</h3>
      <ol class="bpb-order">
        ${panel.rows.map((row) => html`<${Fighter} row=${row} at=${at} />`)}
      </ol>
    </div>`;
  },
};
