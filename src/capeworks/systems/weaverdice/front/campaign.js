// Weaverdice's downtime board: each character's slots and the actions taken (WD-DT-002/003),
// the intel grids drawn as grids (locked, open, unlocked; strikes and alerts, WD-INTEL-011..023)
// with the exact odds of each open cell for each character before the roll, and a surveil or
// research form's odds for the cell typed. Every number comes from the server: the odds panel
// ("Downtime odds") is worked out by the rules with the dice library's exact fractions, for
// what this seat may know; the grid is drawn from the seat's view (a locked cell's tidbit and
// the finding DCs never reach a player's page).
import { html, text } from "/static/js/ui.js";
import { PanelTable } from "/static/js/panels.js";

export const ODDS_TITLE = "Downtime odds";

function state(projection) {
  const v = projection.view || {};
  return v.state || v;
}

function campaign(projection) {
  return state(projection).campaign || {};
}

function words(s) {
  return text(s).replace(/_/g, " ");
}

// A panel's rows as objects by column name: "character" and "target" are the names a person reads,
// "character id" and "target id" the keys rows are matched by.
function rowsOf(panel) {
  return panel.rows.map((r) => Object.fromEntries(panel.columns.map((c, i) => [c, r[i]])));
}

// A panel as a person reads it: without the id columns (the keys the page matches rows by).
function readable(panel) {
  const keep = panel.columns.map((c) => !/ id$/.test(c));
  const only = (row) => row.filter((_, i) => keep[i]);
  return { ...panel, columns: only(panel.columns), rows: panel.rows.map(only) };
}

// The odds panel's rows as objects by column name ([] when no roll is open).
export function oddsRows(projection) {
  const panel = (projection.panels || []).find((p) => p.title === ODDS_TITLE);
  return panel ? rowsOf(panel) : [];
}

function nameOf(projection, ident) {
  const p = (state(projection).people || {})[ident];
  return text(p ? p.name : ident);
}

// A target's name (a session's target is its id); a project or an unknown id reads as itself.
function targetName(projection, ident) {
  const t = (campaign(projection).targets || {})[ident];
  return text(t ? t.name : ident);
}

// -- the board -------------------------------------------------------------------------

function SlotPips({ slots }) {
  const said = `${slots.total - slots.used} of ${slots.total} slots left${slots.bonus ? ", one a high-morale bonus" : ""}`;
  return html`<span class="wd-slots" role="img" aria-label=${said} title=${said}>
    ${Array.from({ length: slots.total }, (_, i) => html`<span class=${`pip ${i < slots.total - slots.used ? "on" : ""}`}></span>`)}
  </span>`;
}

function BoardCard({ ident, slots, projection, rows }) {
  const session = slots.session;
  const mine = rows.filter((r) => r["character id"] === ident);
  return html`<li class="wd-dt-char" data-character=${ident}>
    <header><strong class="wd-name">${nameOf(projection, ident)}</strong>
      <${SlotPips} slots=${slots} /> <span class="wd-left">${slots.total - slots.used}/${slots.total} slots left</span>
      ${slots.bonus ? html`<span class="chip">bonus slot</span>` : null}</header>
    <p class="chips wd-dt-actions" aria-label="Actions taken">${(slots.actions || []).length
      ? slots.actions.map((a) => html`<span class="chip wd-dt-action">${words(a)}</span>`)
      : html`<span class="wd-none">no action yet</span>`}</p>
    ${session && session.left > 0
      ? html`<p class="wd-dt-session">In progress: ${words(session.action)}${session.target ? ` on ${targetName(projection, session.target)}` : ""}, ${session.left} more in this slot.</p>`
      : null}
    ${mine.length
      ? html`<details class="wd-dt-odds"><summary>${mine.length} roll${mine.length === 1 ? "" : "s"} open, with their odds</summary>
          <ul>${mine.map((r) => html`<li data-action=${r.action} data-target=${r["target id"]} data-cell=${r.cell}>
            ${words(r.action)} ${text(r.target)} ${r.cell !== "-" ? text(r.cell) : ""} (${text(r.where)}): ${text(r.roll)}, needs ${text(r.needs)}:
            <strong class="wd-chance" title=${`exactly ${r.exact}`}>${text(r.chance)}</strong></li>`)}</ul></details>`
      : null}
  </li>`;
}

export function DowntimeBoard({ panel, projection }) {
  const phase = campaign(projection).phase;
  if (!phase) return null;
  const rows = oddsRows(projection);
  return html`<section class="card wd-board" aria-label="Downtime board">
    <h3>${panel.title}</h3>
    <ul class="wd-dt-chars">
      ${Object.entries(phase.slots || {}).map(([ident, slots]) => html`<${BoardCard} key=${ident} ident=${ident} slots=${slots} projection=${projection} rows=${rows} />`)}
    </ul>
    <details class="wd-plain"><summary>The board as a table</summary><${PanelTable} panel=${panel} /></details>
  </section>`;
}

// -- the intel grid ---------------------------------------------------------------------

// What each odds row's action does at a cell: a runaway is a success's extra roll at -1 a success (WD-INTEL-041).
const VERB = { surveil: "watches", research: "digs", runaway: "runs on" };

function GridCell({ t, index, marked, rows, projection }) {
  const cell = t.cells[index];
  const r = Math.floor(index / t.size);
  const c = index % t.size;
  const where = `${r},${c}`;
  const mark = (marked[r] || [])[c] || "locked";
  const here = rows.filter((x) => x["target id"] === t.id && x.cell === where);
  const said = `${text(t.rows[r])} x ${text(t.cols[c])}: ${text(cell.tag)}, ${cell.tn}+, ${mark}`;
  return html`<td class=${`wd-cell ${mark}`} data-cell=${where} aria-label=${said} title=${said}>
    <span class="wd-tn">${cell.tn}+</span> <span class="wd-tag">${text(cell.tag)}</span>
    ${cell.unlocked && cell.tidbit ? html`<span class="wd-tidbit">${text(cell.tidbit)}</span>` : null}
    ${here.length
      ? html`<ul class="wd-cell-odds">${here.map((x) => html`<li data-character=${x["character id"]} data-action=${x.action}
          title=${`${x.roll}; exactly ${x.exact}`}>${text(x.character)} ${VERB[x.action] || words(x.action)}: <strong class="wd-chance">${text(x.chance)}</strong></li>`)}</ul>`
      : null}
  </td>`;
}

function Strikes({ t, limit }) {
  const said = `${t.strikes} of ${limit} strikes; ${t.alerts} alert${t.alerts === 1 ? "" : "s"}`;
  return html`<p class="wd-strikes" role="img" aria-label=${said} title=${said}>
    strikes <span class="wd-dots">${Array.from({ length: limit }, (_, i) => html`<span class=${`dot ${i < t.strikes ? "on" : ""}`}></span>`)}</span>
    ${t.alerts ? html`<strong class="wd-alert">alerted${t.alerts > 1 ? ` x${t.alerts}` : ""}</strong>` : html`<span class="wd-none">not alerted</span>`}
  </p>`;
}

// The target an "Intel: NAME" panel draws, or null (the GM's "Intel: NAME (hidden NPCs)" track is a plain table).
function intelTarget(panel, projection) {
  const targets = Object.values(campaign(projection).targets || {});
  const t = targets.find((x) => `Intel: ${x.name}` === panel.title);
  return t && Array.isArray(t.cells) ? t : null;
}

export function IntelGrid({ panel, projection }) {
  const t = intelTarget(panel, projection);
  if (!t) return null;
  const marked = marks(panel);
  const rows = oddsRows(projection);
  const conf = (projection.config || state(projection).config || {}).campaign || {};
  const limit = t.strike_limit || conf.intel_strike_limit || 3;
  const node = rows.filter((x) => x["target id"] === t.id && x.cell === "node");
  return html`<section class="card wd-intel" aria-label=${panel.title} data-target=${t.id}>
    <h3>${panel.title}</h3>
    <p class="wd-finding">${t.found ? "found" : "not found yet"}; ${t.thread_found ? "the thread is found" : "the thread is not found yet"}.
      Surveillance starts at the top-left, research at the bottom-right.</p>
    <table class="wd-grid">
      <thead><tr><th></th>${t.cols.map((c) => html`<th scope="col">${text(c)}</th>`)}</tr></thead>
      <tbody>${t.rows.map((label, r) => html`<tr><th scope="row">${text(label)}</th>
        ${t.cols.map((_, c) => html`<${GridCell} t=${t} index=${r * t.size + c} marked=${marked} rows=${rows} projection=${projection} />`)}</tr>`)}</tbody>
    </table>
    <${Strikes} t=${t} limit=${limit} />
    ${node.length ? html`<p class="wd-node">The deeper node (7+): ${node.map((x) => html`<span class="chip">${text(x.character)} ${words(x.action)} <strong class="wd-chance">${text(x.chance)}</strong></span>`)}</p>` : null}
    <details class="wd-plain"><summary>The grid as a table</summary><${PanelTable} panel=${panel} /></details>
  </section>`;
}

// Each cell's mark as the server's panel gives it ("violent 5+ open"): the rules decide which are open.
function marks(panel) {
  return panel.rows.map((row) => row.slice(1).map((cell) => (/\d+\+ (unlocked|open|locked)/.exec(text(cell)) || [])[1] || "locked"));
}

// The odds panel itself, folded: every open roll as a table.
export function OddsTable({ panel }) {
  return html`<section class="card wd-odds-table" aria-label=${panel.title}>
    <details><summary>${panel.title}: ${panel.rows.length} open roll${panel.rows.length === 1 ? "" : "s"}</summary>
      <${PanelTable} panel=${readable(panel)} /></details>
  </section>`;
}

// A surveil or research form's odds for the character and cell typed: the server's row for it.
export function intelPreview(command, values, projection) {
  const cell = text(values.cell).trim() || null;
  if (!values.character || !values.target || !cell) return null;
  const action = command === "surveil" && values.runaway ? "runaway" : command;
  const row = oddsRows(projection).find((x) => x.action === action && x["character id"] === values.character && x["target id"] === values.target && x.cell === cell);
  if (!row) return html`<p class="note wd-preview">No open ${action === "runaway" ? "runaway" : command === "surveil" ? "surveillance" : "research"} roll at ${cell} for ${nameOf(projection, values.character)} now.</p>`;
  return html`<p class="wd-preview">${nameOf(projection, values.character)} rolls ${text(row.roll)} at ${text(row.where)}, needs ${text(row.needs)}:
    <strong class="wd-chance" title=${`exactly ${row.exact}`}>${text(row.chance)}</strong> to unlock it.</p>`;
}

export function campaignPanel(panel, projection) {
  if (/^Downtime phase \d+$/.test(panel.title)) return html`<${DowntimeBoard} panel=${panel} projection=${projection} />`;
  if (intelTarget(panel, projection)) return html`<${IntelGrid} panel=${panel} projection=${projection} />`;
  if (panel.title === ODDS_TITLE) return html`<${OddsTable} panel=${panel} />`;
  if (panel.title === "Campaign" || panel.title === SHEET_TITLE) return html`<${Folded} panel=${panel} />`;
  return null;
}

// -- the campaign part of each sheet -----------------------------------------------------
// Rep cards (source, who they are exclusive to, unspent / marked / spent today), negative rep
// and its escalation, followers (type, benefit, tapped this phase) and the progression boxes
// (filled of needed, the two that may be checked twice), from the server's "Campaign sheet"
// panel: the rules work every number out for what this seat may know (a secret negative card
// and a hidden NPC's sheet are in the GM's rows only), the page lays them out.

export const SHEET_TITLE = "Campaign sheet";

function sheetRows(projection, ident) {
  const panel = (projection.panels || []).find((p) => p.title === SHEET_TITLE);
  return panel ? rowsOf(panel).filter((r) => r["character id"] === ident) : [];
}

// "2 of 4 ..." as pips, filled then empty (the server's numbers; nothing is worked out here).
function Pips({ of, label, kind }) {
  const m = /^(\d+) of (\d+)/.exec(text(of)) || [];
  const [n, most] = [Number(m[1] || 0), Number(m[2] || 0)];
  return html`<span class=${`wd-dots ${kind || ""}`} role="img" aria-label=${label} title=${label}>
    ${Array.from({ length: most }, (_, i) => html`<span class=${`dot ${i < n ? "on" : ""}`}></span>`)}</span>`;
}

function RepCards({ rows }) {
  const held = rows.find((r) => r.what === "held");
  const cards = rows.filter((r) => r.what !== "held");
  return html`<div class="wd-rep" aria-label="Rep cards">
    <h4>Rep <span class="wd-rep-held">${held ? text(held.detail) : ""}</span>
      ${held && held.state ? html` <span class="chip wd-penalty">${text(held.state)}</span>` : null}</h4>
    ${cards.length
      ? html`<ul class="wd-rep-cards">${cards.map((c) => html`<li class=${`wd-rep-card ${c.state === "spent today" ? "spent" : "unspent"}`}
          data-card=${(/^#(\d+)/.exec(c.what) || [])[1]} data-state=${c.state}>
          <strong class="wd-rep-source">${text(c.what)}</strong> <span class="wd-rep-to">${text(c.detail)}</span>
          <span class="chip wd-rep-state">${text(c.state)}</span></li>`)}</ul>`
      : html`<p class="wd-none">no rep cards</p>`}
  </div>`;
}

function NegativeRep({ rows }) {
  if (!rows.length) return null;
  const held = rows.find((r) => r.what === "held");
  return html`<div class="wd-negative" aria-label="Negative rep">
    <h4>Negative rep <span class="wd-neg-held">${held ? text(held.detail) : ""}</span>
      ${held ? html` <span class="chip wd-escalation">${text(held.state)}</span>` : null}</h4>
    <ul>${rows.filter((r) => r.what !== "held").map((r) => html`<li class=${`wd-neg-card ${r.state.startsWith("secret") ? "secret" : ""}`}
      data-card=${(/^#(\d+)/.exec(r.what) || [])[1]}><strong>${text(r.what)}</strong> ${text(r.detail)}
      ${r.state.startsWith("secret") ? html` <span class="chip wd-hidden">${text(r.state)}</span>` : null}</li>`)}</ul>
  </div>`;
}

function Followers({ rows }) {
  if (!rows.length) return null;
  return html`<div class="wd-followers" aria-label="Followers">
    <h4>Followers</h4>
    <ul>${rows.map((r) => html`<li class="wd-follower" data-kind=${r["what id"]}>
      <strong>${text(r.what)}</strong> <span class="chip wd-tapped">${text(r.state)}</span>
      <span class="wd-benefit">${text(r.detail)}</span></li>`)}</ul>
  </div>`;
}

function Progression({ rows }) {
  const summary = rows.filter((r) => r.part === "progression");
  const boxes = rows.filter((r) => r.part === "box");
  if (!summary.length && !boxes.length) return null;
  const main = summary.find((r) => r.what === "boxes");
  return html`<div class="wd-progression" aria-label="Progression">
    <h4>Progression</h4>
    ${main
      ? html`<p class="wd-milestone">${text(main.detail)} <${Pips} of=${main.detail} label=${text(main.detail)} kind="wd-milestone-pips" />
          <span class="chip">${text(main.state)}</span></p>`
      : null}
    ${boxes.length
      ? html`<ul class="wd-boxes">${boxes.map((b) => html`<li class=${`wd-box ${b.state}`} data-box=${text(b.what).replace(/ /g, "_")}>
          <${Pips} of=${b.detail} label=${`${text(b.what)}: ${text(b.detail)}`} /> ${text(b.what)}
          <span class="wd-box-count">${text(b.detail)}</span></li>`)}</ul>`
      : null}
    ${summary.filter((r) => r !== main).map((r) => html`<p class="wd-prog-note">${text(r.what)}: ${text(r.detail)} (${text(r.state)})</p>`)}
  </div>`;
}

export function SheetCampaign({ ident, projection }) {
  const rows = sheetRows(projection, ident);
  if (!rows.length) return null;
  const part = (p) => rows.filter((r) => r.part === p);
  return html`<div class="wd-sheet-campaign" data-character=${ident}>
    <${RepCards} rows=${part("rep")} />
    <${NegativeRep} rows=${part("negative")} />
    <${Followers} rows=${part("follower")} />
    <${Progression} rows=${rows} />
  </div>`;
}

// The "Campaign" and "Campaign sheet" tables themselves, folded: their pieces are on each sheet.
function Folded({ panel }) {
  return html`<section class="card wd-campaign-table" aria-label=${panel.title}>
    <details><summary>${panel.title}: rep, followers and boxes are on each character's sheet</summary>
      <${PanelTable} panel=${readable(panel)} /></details>
  </section>`;
}
