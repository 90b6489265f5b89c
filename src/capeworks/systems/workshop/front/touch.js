// The Workshop: the fight tracker drawn from the ruleset's panel (acting order, Shot pools as pips,
// Shock against Health and Wounds against Toughness as meters, statuses as chips, the optional
// rules that are on) and, on an Active Defense prompt, the chance of being hit either way. Every
// number comes from the server (the panel, the prompt's context): no rule is written here again.
import { html, text } from "/static/js/ui.js";

function ratio(cell) {
  const [have, of] = text(cell).split("/").map((n) => parseInt(n, 10));
  return Number.isInteger(have) && Number.isInteger(of) && of > 0 ? { have, of } : null;
}

function Meter({ cell, label }) {
  const r = ratio(cell);
  if (!r) return html`<span>${text(cell)}</span>`;
  const pct = Math.min(100, Math.round((r.have / r.of) * 100));
  return html`<span class="meter" style=${{ width: "3em" }} role="img" aria-label=${`${label} ${r.have} of ${r.of}`}>
    <span class="meter-fill" style=${{ width: `${pct}%` }}></span></span> ${text(cell)}`;
}

function Pips({ cell }) {
  const r = ratio(cell);
  if (!r) return html`<span>${text(cell)}</span>`;
  return html`<span class="tokens" role="img" aria-label=${`${r.have} of ${r.of} Shots`}>
    ${Array.from({ length: Math.min(r.of, 12) }, (_, i) =>
      i < r.have ? html`<span class="token"></span>` : html`<span class="token spent" style=${{ opacity: 0.25 }}></span>`)}
  </span>`;
}

// The Status cell as chips: the standing (unless up), each status in words ("loses_action" ->
// "loses action"); an unnamed group's head count is the panel's last item ("6 in the group"), a chip
// of its own.
function statusChips(standing, cell) {
  const statuses = text(cell).split(", ").map((s) => s.replace(/_/g, " "));
  return [standing === "up" ? "" : standing, ...statuses].filter(Boolean);
}

function Tracker({ panel }) {
  const col = Object.fromEntries(panel.columns.map((c, i) => [c, i]));
  return html`<section class="card workshop-tracker" aria-label="Fight tracker">
    <h3>${panel.title}</h3>
    <div style=${{ overflowX: "auto" }}><table><thead><tr><th scope="col"><span aria-label="acting">▶</span></th>
      <th scope="col">Combatant</th><th scope="col">Init</th><th scope="col">Shots</th><th scope="col">Shock</th>
      <th scope="col">Wounds</th><th scope="col">Pen.</th><th scope="col">Status</th></tr></thead>
    <tbody>${panel.rows.map((r) => html`<tr class=${r[col[""]] === ">" ? "acting" : ""}>
      <td>${r[col[""]] === ">" ? "▶" : text(r[col[""]])}</td>
      <th scope="row">${text(r[col.combatant])}</th>
      <td>${text(r[col.init])}</td>
      <td><${Pips} cell=${r[col.shots]} /></td>
      <td><${Meter} cell=${r[col.shock]} label="Shock" /></td>
      <td><${Meter} cell=${r[col.wounds]} label="Wounds" /></td>
      <td>${text(r[col.penalty])}</td>
      <td>${statusChips(r[col.standing], r[col.statuses]).map((s) => html`<span class="chip">${s}</span> `)}</td>
    </tr>`)}</tbody></table></div>
    <p class="note">${text(panel.note)}</p>
  </section>`;
}

function DefenseOdds({ prompt }) {
  const ctx = prompt.context || {};
  if (!ctx.hit_if_passive) return null;
  // two or more snapshots at one defender: the chance is of being hit by at least one of them
  const by = ctx.snapshots > 1 ? ` by at least one of ${ctx.snapshots} snapshots` : "";
  return html`<p class="odds" aria-label="Chance of being hit">
    Chance of being hit${text(by)}: <strong>${text(ctx.hit_if_passive)}</strong> with your Defense ${text(String(ctx.defense))};${" "}
    <strong>${text(ctx.hit_if_active)}</strong> with an Active Defense.</p>`;
}

// The combatants this seat's projection holds, as suggestions: the id the rules take, the name as words.
function combatants(projection, except) {
  const view = projection.view || {};
  const all = (view.state || view).characters || {};
  return Object.entries(all)
    .filter(([id]) => id !== except)
    .map(([id, c]) => ({ value: id, label: text((c && c.name) || id) }));
}

export const touch = {
  // an attack's targets and a healer's patient are combatants: ticked by name, sent by id; a weapon is
  // one of the attacker's
  suggest(name, values, projection) {
    if (name === "targets") return combatants(projection, values.character);
    if (name === "patient") return combatants(projection, null);
    // the weapons on the acting combatant's sheet (blank: their first); a called roll's traits, theirs
    const view = projection.view || {};
    const who = ((view.state || view).characters || {})[values.character];
    if (name === "weapon") return who ? Object.keys(who.weapons || {}) : [];
    if (name === "traits") return who ? Object.keys(who.traits || {}) : [];
    return [];
  },
  panel(panel) {
    return panel.title === "Workshop fight" ? html`<${Tracker} panel=${panel} />` : null;
  },
  prompt(prompt) {
    return prompt.kind === "active_defense" ? html`<${DefenseOdds} prompt=${prompt} />` : null;
  },
};
