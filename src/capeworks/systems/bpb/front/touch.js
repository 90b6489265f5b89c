// Bulletproof Blues' touch: the tracker panel as an order-of-play strip with Endurance meters.
// It draws only: every number comes from the server's panels and previews (the rules live in Python).
import { html, text } from "/static/js/ui.js";

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

// The characters this seat's projection holds, as suggestions: the id the rules take, the name as words.
function characters(projection, except) {
  const view = projection.view || {};
  const all = (view.state || view).characters || {};
  return Object.entries(all)
    .filter(([id]) => id !== except)
    .map(([id, c]) => ({ value: id, label: text((c && c.name) || id) }));
}

export const touch = {
  // an attack's target and its attacker are characters: offered by name, sent by id
  suggest(name, values, projection) {
    if (name === "target") return characters(projection, values.attacker || values.character);
    if (name === "attacker") return characters(projection, null);
    return [];
  },
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
