// Capes: the conflict cards (each read "c1 (what it is about)" as the log reads it, with its kind; each
// side's dice drawn as dice, its total, the Debt staked on it, who claimed it and who is allied with
// it), whose turn it is, story tokens, inspirations and each character's Drives with their Debt. Drawn from the ruleset's panels.
import { html, text } from "/static/js/ui.js";
import { Die } from "/static/js/dice.js";

function faces(cell) {
  return text(cell).split(/[\s,]+/).map(Number).filter((n) => Number.isInteger(n) && n > 0);
}

function Cards({ panel }) {
  const col = Object.fromEntries(panel.columns.map((c, i) => [c, i]));
  const cards = new Map();
  for (const row of panel.rows) {
    const key = row[col.Card];
    if (!cards.has(key)) cards.set(key, { key, kind: row[col.Kind], sides: [] });
    cards.get(key).sides.push(row);
  }
  return html`<section class="card conflicts" aria-label="Conflicts">
    <h3>${panel.title}</h3>
    <div class="conflict-grid">
      ${[...cards.values()].map((card) => html`<article class="conflict" aria-label=${`${card.key}, ${card.kind}`}>
        <header><strong>${card.key}</strong> <span class="kind">${card.kind}</span></header>
        ${card.sides.map((side) => html`<div class="side">
          <p class="side-name">Side ${side[col.Side]}</p>
          <p class="dice">${faces(side[col.Dice]).map((f) => html`<${Die} sides=${6} face=${f} />`)}
            <span class="total" aria-label=${`total ${side[col.Total]}`}>= ${side[col.Total]}</span></p>
          <p class="meta"><span>Debt staked: ${side[col["Debt staked"]]}</span> <span>Claimed by: ${side[col["Claimed by"]]}</span>
            <span>Allied: ${side[col.Allied] ?? "—"}</span></p>
        </div>`)}
      </article>`)}
    </div>
  </section>`;
}

function Now({ panel }) {
  const turn = panel.rows.find((r) => r[0] === "Turn");
  return html`<section class="card now" aria-label="Now">
    <h3>${panel.title}</h3>
    ${turn ? html`<p class="turn">Turn: <strong>${turn[1]}</strong></p>` : null}
    <dl>${panel.rows.filter((r) => r[0] !== "Turn").map((r) => html`<dt>${r[0]}</dt><dd>${r[1]}</dd>`)}</dl>
  </section>`;
}

function Players({ panel }) {
  return html`<section class="card players" aria-label="Players">
    <h3>${panel.title}</h3>
    <table><thead><tr>${panel.columns.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>
      <tbody>${panel.rows.map((r) => {
        const tokens = Number(r[1]);
        return html`<tr><th scope="row">${r[0]}</th>
          <td><span class="tokens" role="img" aria-label=${`${r[1]} story tokens`}>
            ${Number.isInteger(tokens) ? Array.from({ length: Math.min(tokens, 12) }, () => html`<span class="token"></span>`) : null}
          </span> ${r[1]}</td>
          <td>${faces(r[2]).length ? faces(r[2]).map((f) => html`<${Die} sides=${6} face=${f} label="inspiration" />`) : r[2]}</td></tr>`;
      })}</tbody></table>
  </section>`;
}

// "truth 4/3 OVERDRAWN, justice 0/2": a chip per Drive, overdrawn ones marked.
function Drives({ panel }) {
  return html`<section class="card drives" aria-label="Characters">
    <h3>${panel.title}</h3>
    <table><thead><tr>${panel.columns.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>
      <tbody>${panel.rows.map((r) => html`<tr><th scope="row">${r[0]}</th><td>${r[1]}</td><td class="chips">
        ${text(r[2]).split(", ").map((d) => html`<span class=${`chip ${/OVERDRAWN/.test(d) ? "over" : ""}`}>${d}</span>`)}
      </td></tr>`)}</tbody></table>
  </section>`;
}

const DRAW = { Conflicts: Cards, Now, Players, Characters: Drives };

function view(projection) {
  const v = projection.view || {};
  return v.state || v;
}

// Each character's sheet, folded: abilities by kind with ratings, Drives with their strength.
function Sheets({ projection }) {
  const roster = view(projection).roster || {};
  const names = view(projection).names || {};
  const entries = Object.entries(roster);
  if (!entries.length) return null;
  return html`<section class="card sheets" aria-label="Character sheets">
    <h3>Character sheets</h3>
    ${entries.map(([id, entry]) => {
      const sheet = entry.sheet || {};
      const kinds = new Map();
      for (const a of sheet.abilities || []) {
        if (!kinds.has(a.kind)) kinds.set(a.kind, []);
        kinds.get(a.kind).push(a);
      }
      return html`<details class="sheet" data-character=${id}>
        <summary><strong>${text(sheet.name || id)}</strong> <span class="for">(${text(names[entry.creator] || entry.creator)})</span></summary>
        <dl>
          ${[...kinds.entries()].map(([kind, list]) => html`<dt>${text(kind)}</dt>
            <dd>${list.map((a) => html`<span class="chip">${text(a.name)} ${text(a.rating)}</span>`)}</dd>`)}
          ${(sheet.drives || []).length
            ? html`<dt>drives</dt><dd>${sheet.drives.map((d) => html`<span class="chip">${text(d.drive)} ${text(d.strength)}</span>`)}</dd>`
            : null}
        </dl>
      </details>`;
    })}
  </section>`;
}

export const touch = {
  // A claim on the claim prompt in words: the side and what it stands for, not "c1 side A".
  moveWords(move, projection) {
    if (move.command !== "claim") return null;
    const fixed = move.fixed || {};
    const conflict = (view(projection).conflicts || []).find((c) => c.id === fixed.conflict);
    if (!conflict) return null;
    const side = (conflict.sides || []).find((s) => s.id === fixed.side);
    const aim = side && side.label && side.label !== conflict.text ? `: ${side.label}` : "";
    return `claim side ${text(fixed.side)} of “${text(conflict.text)}”${text(aim)}`;
  },
  more(projection) {
    return html`<${Sheets} projection=${projection} />`;
  },
  // Words a Capes form field takes: the character's abilities and Drives, the Conflicts and their sides.
  suggest(name, values, projection) {
    const v = view(projection);
    const roster = v.roster || {};
    const conflicts = v.conflicts || [];
    const mine = roster[values.character];
    if (name === "ability") {
      const pool = mine ? [mine] : Object.values(roster);
      return pool.flatMap((c) => ((c.sheet || {}).abilities || []).map((a) => a.name));
    }
    if (name === "drive") return mine ? Object.keys(mine.debt || {}) : [];
    // the Inspirations this seat holds (their values), never seat names
    if (name === "inspiration") {
      const held = (v.inspirations || {})[projection.me.id] || [];
      return held.map((i) => ({ value: i.value, label: `an Inspiration of ${text(i.value)}${i.source ? ` (from ${text(i.source)})` : ""}` }));
    }
    // a card and its sides read as everywhere else: "c1 (Rob the gala)", "B: Skitter is caught"
    if (name === "conflict") return conflicts.map((c) => ({ value: c.id, label: `${text(c.id)} (${text(c.text)})` }));
    if (name === "side" || name === "help") {
      const conflict = conflicts.find((c) => c.id === values.conflict);
      return conflict ? conflict.sides.map((s) => ({ value: s.id, label: s.label ? `${text(s.id)}: ${text(s.label)}` : "" })) : [];
    }
    return [];
  },
  panel(panel) {
    const draw = DRAW[panel.title];
    if (!draw) return null;
    if (panel.title === "Conflicts" && !["Card", "Dice", "Total"].every((c) => panel.columns.includes(c))) return null;
    return html`<${draw} panel=${panel} />`;
  },
};
