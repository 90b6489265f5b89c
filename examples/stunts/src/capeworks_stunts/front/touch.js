// Stunts: the scoreboard as a race to the goal, each hero's score a bar and the heat
// held this turn beside it. Drawn from the ruleset's "Stunts" panel and the table's
// config; the server decides every roll.
import { html, text } from "/static/js/ui.js";

function Scoreboard({ panel, goal }) {
  const col = Object.fromEntries(panel.columns.map((c, i) => [c, i]));
  return html`<section class="card stunts" aria-label="Stunts scoreboard">
    <h3>${panel.title}</h3>
    <ul class="stunts-race">
      ${panel.rows.map((row) => {
        const score = Number(row[col.score]);
        const width = `${Math.min(100, Math.round((score / goal) * 100))}%`;
        return html`<li class="stunts-hero" data-hero=${row[col.hero]} aria-label=${`${text(row[col.hero])}: ${score} of ${goal}`}>
          <span class="stunts-name">${text(row[col.hero])}</span>
          <span class="meter"><span class="meter-fill" style=${{ width }}></span></span>
          <span class="stunts-score">${score} / ${goal}</span>
          ${row[col.heat] ? html`<span class="stunts-heat">holding ${text(row[col.heat])} heat</span>` : null}
        </li>`;
      })}
    </ul>
    ${panel.note ? html`<p class="note">${text(panel.note)}</p>` : null}
  </section>`;
}

export const touch = {
  panel(panel, projection) {
    if (panel.title !== "Stunts") return null;
    const goal = Number((projection.config || {}).goal) || 1;
    return html`<${Scoreboard} panel=${panel} goal=${goal} />`;
  },
};
