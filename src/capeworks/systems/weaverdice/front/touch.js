// Weaverdice: the combat tracker (turn order with whose turn it is and the actions
// left, WD-COMBAT-004/008; wound tracks as slot boxes by tier and damage type with the
// effects tied to each wound, WD-WOUND-002..004, WD-WFX; effort as dots with
// exhausted ones marked, WD-EFFORT-002/009; statuses as chips, WD-STATUS; morale on
// its scale with the low-morale cap, WD-MORALE-001/002) and a preview of a check or
// attack before it is rolled: the pool (one die plus the extra dice, the highest
// kept, WD-CORE-004), the stat modifier, the morale cap and the exact odds of
// meeting the TN or defense (WD-CORE-005, WD-COMBAT-017), from the server's dice
// library. The engine decides every roll; a hidden NPC is drawn only from what the
// seat's view carries (its sheet, effort and morale never reach a player).
import { html, text } from "/static/js/ui.js";
import { BlankDie } from "/static/js/dice.js";
import { OddsChart, useOdds } from "/static/js/odds.js";
import { PanelTable } from "/static/js/panels.js";
import { SheetCampaign, campaignPanel, intelPreview } from "./campaign.js";

const POOLS = [
  ["stamina", "Stamina", "S"],
  ["focus", "Focus", "F"],
  ["recovery", "Recovery", "R"],
];
const TIER_WORD = { 0: "superficial", 1: "lesser", 2: "moderate", 3: "critical" };
const MORALE = { "-5": "Broken", "-4": "Dismal", "-3": "Miserable", "-2": "Poor", "-1": "Low", 0: "Neutral", 1: "Good", 2: "Great", 3: "Superb", 4: "Excellent" };
const STATS = ["brawn", "athletics", "dexterity", "wits", "social", "knowledge", "guts"];

function state(projection) {
  const v = projection.view || {};
  return v.state || v;
}

function config(projection) {
  return projection.config || state(projection).config || {};
}

function words(s) {
  return text(s).replace(/_/g, " ");
}

function pct(p) {
  if (p <= 0) return "0%";
  if (p >= 1) return "100%";
  return `${(p * 100).toFixed(p < 0.1 ? 1 : 0)}%`;
}

// The highest result low morale allows: 7 + step below zero (WD-MORALE-002), none at 0 or above.
export function moraleCap(step) {
  return step < 0 ? 7 + step : null;
}

// The score a roll uses, as the sheet and the combatant's stat damage give it (WD-STAT-021).
function modifier(sheet, person, stat) {
  const base = (sheet.stats || {})[stat] ?? 3;
  const lasting = Math.max(0, base - ((person.lasting_loss || {})[stat] || 0));
  const temporary = Math.min((person.temporary_loss || {})[stat] || 0, Math.max(0, lasting - 1));
  return lasting - temporary - 3;
}

function asList(value) {
  if (Array.isArray(value)) return value.map(text).filter(Boolean);
  return text(value).split(/\n|,/).map((x) => x.trim()).filter(Boolean);
}

// Notation for a check's final total: Nd6, the highest kept, plus the modifier, capped by morale.
// Exported so a test can hold it against the ruleset's own odds (odds.total_distribution).
export function notation(dice, mod, cap) {
  const base = `${dice}d6kh1${mod > 0 ? `+${mod}` : mod < 0 ? `${mod}` : ""}`;
  return cap == null ? base : `min(${base}, ${cap})`;
}

function atLeast(odds, least) {
  return Object.entries(odds.probabilities || {})
    .filter(([k]) => Number(k) >= least)
    .reduce((sum, [, p]) => sum + p, 0);
}

// -- the preview of a roll ---------------------------------------------------------------

// One check before it is rolled: its dice, what is added and capped, the exact odds of each
// total and the chance to meet ``tn`` (null: the target's defense is not shown to this seat).
function CheckPreview({ who, dice, mod, morale, tn, against, notes = [] }) {
  const cap = moraleCap(morale);
  const { odds, error } = useOdds(notation(dice, mod, cap));
  const spend = morale > 0 ? 2 + morale : null;
  const chance = odds && tn != null ? atLeast(odds, tn) : null;
  return html`<div class="wd-preview" aria-label="The roll before it is made">
    <p class="pool-dice">
      ${Array.from({ length: dice }, (_, i) => html`<${BlankDie} sides=${6} label=${i === 0 ? "the base die" : "an extra die"} />`)}
    </p>
    <p>${`${text(who)} rolls ${dice} ${dice === 1 ? "die" : "dice"}${dice > 1 ? ", keeping the highest," : ""} ${mod >= 0 ? "+" : "−"}${Math.abs(mod)}`}${cap != null ? html`; <strong class="wd-cap">low morale caps the result at ${cap}</strong>` : ""}.
      ${tn != null ? html` Needs ${tn}+${against ? ` (${against})` : ""}: <strong class="wd-chance">${chance == null ? "…" : pct(chance)}</strong> to succeed.` : null}
      ${tn == null && against ? html` ${against}.` : null}
      ${spend != null && tn != null ? html` A spent step of morale sets a failure to ${spend}${spend >= tn ? ", enough" : ", not enough"}.` : null}</p>
    ${notes.map((n) => html`<p class="note">${n}</p>`)}
    ${error ? html`<p class="error">${error}</p>` : null}
    ${odds ? html`<${OddsChart} odds=${odds} caption=${`Totals ${who} may roll`} highlight=${tn != null ? (k) => Number(k) >= tn : null} />` : null}
  </div>`;
}

// Extra dice from the named skills, and the words for any the rules will refuse (WD-SKILL-001/009).
function skillDice(sheet, person, named) {
  const opened = (person.opened || []).map((s) => s.toLowerCase());
  let dice = 0;
  const notes = [];
  for (const name of named) {
    const skill = (sheet.skills || []).find((s) => s.name.toLowerCase() === name.toLowerCase());
    if (!skill) notes.push(`${sheet.name} has no skill called ${name}.`);
    else if (skill.learning && !opened.includes(skill.name.toLowerCase()))
      notes.push(`${sheet.name} is still learning ${skill.name}: it needs Focus first.`);
    else dice += skill.dice ?? 1;
  }
  return { dice, notes };
}

// DS added by cover at an angle off the front (WD-COMBAT-022).
function coverBonus(cover, angle) {
  let off = Math.abs(Number(angle) || 0) % 360;
  off = Math.min(off, 360 - off);
  if (cover === "narrow") return off <= 45 ? 1 : 0;
  if (cover === "regular" || cover === "full") return off <= 90 ? (cover === "full" ? 2 : 1) : 0;
  return 0;
}

// A target's defense as this seat may know it: null when its sheet is not in the view.
function defenseOf(projection, ident) {
  const s = state(projection);
  const sheet = (s.sheets || {})[ident];
  if (!sheet) return null;
  const c = config(projection);
  const byTier = { pc: c.defense_pc, notable: c.defense_notable, generic: c.defense_generic, bystander: c.defense_bystander };
  let ds = (byTier[sheet.tier] ?? 4) + (sheet.defense_bonus || 0) + (sheet.powers || []).reduce((n, p) => n + (p.defense_bonus || 0), 0);
  for (const g of Object.values(s.grapples || {})) {
    if (g.holder === ident || g.target === ident) ds = g.holder === ident && g.meatshield ? ds + 1 : c.grappled_ds ?? 0;
  }
  return ds;
}

function rollFacts(projection, ident) {
  const s = state(projection);
  const sheet = (s.sheets || {})[ident];
  const person = (s.people || {})[ident];
  return sheet && person && person.effort ? { sheet, person } : null;
}

function attackPreview(values, projection) {
  const facts = rollFacts(projection, values.character);
  if (!facts || !values.target) return null;
  const stat = values.stat || "brawn";
  const skills = values.opportunity ? { dice: 0, notes: [] } : skillDice(facts.sheet, facts.person, asList(values.skills));
  const mod = modifier(facts.sheet, facts.person, stat) + (Number(values.bonus) || 0);
  const target = (state(projection).people || {})[values.target];
  const ds = defenseOf(projection, values.target);
  const cover = coverBonus(values.cover, values.angle);
  const name = target ? target.name : values.target;
  const against = ds == null ? `${text(name)}'s defense is not shown to you` : `${text(name)}'s defense ${ds}${cover ? ` + ${cover} for cover` : ""}`;
  return html`<${CheckPreview} who=${facts.sheet.name} dice=${1 + skills.dice} mod=${mod} morale=${facts.person.morale || 0}
    tn=${ds == null ? null : ds + cover} against=${against} notes=${skills.notes} />`;
}

function checkPreview(values, projection) {
  const facts = rollFacts(projection, values.character);
  const stats = asList(values.stat);
  if (!facts || !stats.length || !stats.every((st) => STATS.includes(st))) return null;
  const skills = skillDice(facts.sheet, facts.person, asList(values.skills));
  const background = values.background && values.unhurried ? 1 : 0;
  const extra = Number(values.dice) || 0;
  const mod = stats.reduce((n, st) => n + modifier(facts.sheet, facts.person, st), 0) + (Number(values.bonus) || 0);
  const tn = Number(values.tn) || config(projection).default_tn || 4;
  return html`<${CheckPreview} who=${facts.sheet.name} dice=${1 + skills.dice + background + extra} mod=${mod}
    morale=${facts.person.morale || 0} tn=${values.dc ? null : tn} against=${values.dc ? `a lengthy check to a total of ${values.dc}` : ""} notes=${skills.notes} />`;
}

// A called check's prompt: the call's stats, its extra dice and TN.
function CalledCheck({ prompt, projection }) {
  const option = (prompt.options || [])[0];
  const payload = (option && option.payload) || {};
  const call = (state(projection).calls || {})[String(payload.call)];
  const facts = rollFacts(projection, payload.character);
  if (!call || !facts) return null;
  const mod = call.stats.reduce((n, st) => n + modifier(facts.sheet, facts.person, st), 0);
  return html`<${CheckPreview} who=${facts.sheet.name} dice=${1 + (call.dice || 0)} mod=${mod} morale=${facts.person.morale || 0}
    tn=${call.dc ? null : call.tn} against=${call.dc ? `a lengthy check to a total of ${call.dc}` : ""} />`;
}

// One answer to a hit: one die plus the stat, against the attack's total (ties hold, WD-CORE-008).
function ReactionRow({ label, stat, facts, total }) {
  const mod = modifier(facts.sheet, facts.person, stat);
  const cap = moraleCap(facts.person.morale || 0);
  const { odds } = useOdds(notation(1, mod, cap));
  const chance = odds ? atLeast(odds, total) : null;
  return html`<tr>
    <th scope="row">${label}</th>
    <td>${words(stat)} ${mod >= 0 ? "+" : "−"}${Math.abs(mod)}${cap != null ? `, capped at ${cap}` : ""}</td>
    <td>${chance == null ? "…" : html`<span class="meter" role="img" aria-label=${`${pct(chance)} to hold`}>
      <span class="meter-fill" style=${{ width: `${Math.round(chance * 100)}%` }}></span></span> <span class="wd-chance">${pct(chance)}</span>`}</td>
  </tr>`;
}

function Reaction({ prompt, projection }) {
  const ctx = prompt.context || {};
  const option = (prompt.options || [])[0];
  const facts = rollFacts(projection, option && option.payload && option.payload.character);
  const total = Number(ctx.attack_total);
  if (!facts || !Number.isFinite(total)) return null;
  const grab = !(prompt.options || []).some((o) => o.value === "block");
  return html`<table class="sacrifice wd-reaction">
    <caption>Each answer, for 1 Focus: the chance to meet ${total} (a ${text(ctx.tier)} ${text(ctx.damage)} hit)</caption>
    <thead><tr><th scope="col">Answer</th><th scope="col">Roll</th><th scope="col">Holds</th></tr></thead>
    <tbody>
      <${ReactionRow} label="dodge" stat="athletics" facts=${facts} total=${total} />
      ${grab ? null : html`<${ReactionRow} label="block" stat="brawn" facts=${facts} total=${total} />`}
      <tr><th scope="row">take</th><td>no roll</td><td>the hit lands</td></tr>
    </tbody>
  </table>`;
}

// -- the tracker -------------------------------------------------------------------------

// "S 2/3 F 1/2 R 3/3" from the panel: dots left and the pool's maximum today.
function effortCell(cell) {
  const out = {};
  for (const m of text(cell).matchAll(/([SFR]) (\d+)\/(\d+)/g)) out[m[1]] = { left: Number(m[2]), max: Number(m[3]) };
  return out;
}

function EffortDots({ person, cell }) {
  const known = effortCell(cell);
  if (!Object.keys(known).length) return html`<p class="wd-none">${cell === "?" ? "effort: not shown" : "no effort (not a PC or notable)"}</p>`;
  const effort = person.effort || {};
  return html`<div class="wd-effort">
    ${POOLS.map(([key, name, letter]) => {
      const pool = known[letter];
      if (!pool) return null;
      const bonus = (effort.bonus || {})[key] || 0;
      const tired = (effort.exhausted || {})[key] || 0;
      const spent = Math.max(0, pool.max + bonus - pool.left);
      const said = `${name}: ${pool.left} of ${pool.max + bonus} left${spent ? `, ${spent} spent` : ""}${tired ? `, ${tired} exhausted` : ""}`;
      return html`<p class="wd-pool" data-pool=${key}>
        <span class="wd-pool-name">${name}</span>
        <span class="wd-dots" role="img" aria-label=${said} title=${said}>
          ${Array.from({ length: pool.left }, () => html`<span class="dot on"></span>`)}
          ${Array.from({ length: spent }, () => html`<span class="dot spent"></span>`)}
          ${Array.from({ length: tired }, () => html`<span class="dot exhausted"></span>`)}
        </span></p>`;
    })}
  </div>`;
}

// The effects still tied to a wound (conditions naming it) and the wound's own marks.
function woundWords(w, conditions) {
  const bits = [];
  if (w.armor) bits.push("in an armor slot");
  if (w.temporary) bits.push("temporary");
  if (w.fades_on_rest) bits.push("fades at the next rest");
  if (w.scarring) bits.push("scarring");
  for (const c of conditions) if (typeof c === "object" && c.wound && c.wound === w.id) bits.push(conditionWords(c));
  return bits;
}

function conditionWords(c) {
  if (typeof c !== "object") return words(c);
  return `${words(c.name)}${c.part ? ` (${words(c.part)})` : ""}`;
}

function WoundBox({ w, conditions, armorSlot = false }) {
  if (!w) {
    const empty = armorSlot ? "an empty armor slot" : "an empty slot";
    return html`<span class=${`wd-slot empty ${armorSlot ? "armor" : ""}`} role="img" aria-label=${empty} title=${empty}
      >${armorSlot ? html`<span class="wd-dmg">armor</span>` : null}</span>`;
  }
  const tier = TIER_WORD[w.tier] || text(w.tier);
  const marks = woundWords(w, conditions);
  const said = `a ${tier}${w.damage ? ` ${w.damage}` : ""} wound${marks.length ? `: ${marks.join(", ")}` : ""}`;
  return html`<span class=${`wd-slot wound t-${tier} ${w.damage ? `d-${w.damage}` : ""} ${w.armor ? "armor" : ""} ${w.temporary ? "temp" : ""}`}
    role="img" aria-label=${said} title=${said}>
    <span class="wd-tier">${tier[0].toUpperCase()}</span><span class="wd-dmg">${text(w.damage || "")}</span>
  </span>`;
}

// Armor slots first, then body slots (WD-WOUND-002/004); a hidden NPC's slot count is not shown.
function WoundTrack({ person, conditions }) {
  const track = person.track;
  const wounds = track ? track.wounds : person.wounds || [];
  const listed = html`<ul class="wd-effects">
    ${wounds.flatMap((w) => {
      const marks = woundWords(w, conditions);
      return marks.length ? [html`<li>${TIER_WORD[w.tier] || w.tier} ${text(w.damage || "")}: ${marks.join(", ")}</li>`] : [];
    })}
  </ul>`;
  if (!track) {
    return html`<div class="wd-wounds"><span class="wd-track" role="group" aria-label="Wounds">
      ${wounds.map((w) => html`<${WoundBox} w=${w} conditions=${conditions} />`)}
      <span class="wd-slot unknown" role="img" aria-label="slots not shown" title="slots not shown">?</span></span></div>`;
  }
  const armored = wounds.filter((w) => w.armor);
  const body = wounds.filter((w) => !w.armor);
  return html`<div class="wd-wounds">
    <span class="wd-track" role="group" aria-label=${`Wounds: ${wounds.length} of ${track.slots + track.armor} slots filled`}>
      ${Array.from({ length: track.armor }, (_, i) => html`<${WoundBox} w=${armored[i]} conditions=${conditions} armorSlot=${true} />`)}
      ${Array.from({ length: Math.max(track.slots, body.length) }, (_, i) => html`<${WoundBox} w=${body[i]} conditions=${conditions} />`)}
    </span>
    ${listed}
  </div>`;
}

// Morale on its scale (-4..+4, -5 under the variant floor): the step marked, caps below zero.
function MoraleScale({ step, floor }) {
  const steps = [];
  for (let k = floor; k <= 4; k += 1) steps.push(k);
  const cap = moraleCap(step);
  const said = `Morale ${MORALE[step] || step} (${step >= 0 ? "+" : ""}${step})${cap != null ? `, results capped at ${cap}` : ""}`;
  return html`<p class="wd-morale" role="img" aria-label=${said} title=${said}>
    <span class="wd-morale-name">${MORALE[step] || step} (${step >= 0 ? "+" : ""}${step})</span>
    <span class="wd-scale">${steps.map((k) => html`<span class=${`wd-step ${k < 0 ? "low" : k > 0 ? "high" : "zero"} ${k === step ? "here" : ""}`}>${k > 0 ? `+${k}` : k}</span>`)}</span>
    ${cap != null ? html`<span class="wd-cap">cap ${cap}</span>` : null}
  </p>`;
}

// The tracker panel's row for each name, so a fighter's effort cell can be read beside the view.
function rowsByName(panel) {
  const col = Object.fromEntries(panel.columns.map((c, i) => [c, i]));
  const rows = new Map();
  for (const r of panel.rows) {
    const name = r[col.name];
    if (!rows.has(name)) rows.set(name, []);
    rows.get(name).push(r);
  }
  return { col, rows };
}

function Fighter({ person, rank, current, row, col, floor, turn }) {
  const conditions = person.conditions || [];
  const veiled = !person.track;
  return html`<li class=${`wd-fighter ${current ? "current" : ""} ${veiled ? "veiled" : ""}`} aria-current=${current ? "true" : undefined} data-character=${person.id}>
    <header>
      ${rank != null ? html`<span class="wd-rank" title=${`acts ${rank}${rank === 1 ? "st" : rank === 2 ? "nd" : rank === 3 ? "rd" : "th"} in the order`}>${rank}</span>` : null}
      <strong class="wd-name">${text(person.name)}</strong>
      <span class="chip">${text(person.tier)}</span>
      ${person.hidden ? html`<span class="chip wd-hidden" title="Players see only a name, a tier, wounds and statuses">hidden from players</span>` : null}
      <span class=${`chip wd-standing s-${text(person.standing || (person.track || {}).standing)}`}>${words(person.standing || (person.track || {}).standing)}</span>
      ${current && turn ? html`<span class="wd-acting">acting: ${turn.actions} action${turn.actions === 1 ? "" : "s"} left${turn.quick_used ? ", quick action used" : ""}</span>` : null}
    </header>
    <${WoundTrack} person=${person} conditions=${conditions} />
    <${EffortDots} person=${person} cell=${row ? row[col.effort] : "?"} />
    <p class="chips wd-statuses" aria-label="Statuses">${conditions.length
      ? conditions.map((c) => html`<span class="chip wd-status">${conditionWords(c)}</span>`)
      : html`<span class="wd-none">no statuses</span>`}</p>
    ${veiled || person.morale == null ? html`<p class="wd-none">morale: not shown</p>` : html`<${MoraleScale} step=${person.morale} floor=${floor} />`}
  </li>`;
}

function Tracker({ panel, projection }) {
  const s = state(projection);
  const people = s.people || {};
  const fight = s.fight;
  const order = fight ? fight.order.order : [];
  const rank = Object.fromEntries(order.map((id, i) => [id, i + 1]));
  const current = fight && fight.turn ? fight.turn.actor : null;
  const turn = fight ? fight.turn : null;
  const { col, rows } = rowsByName(panel);
  const floor = config(projection).morale_floor ?? -4;
  const list = Object.values(people).sort((a, b) => (rank[a.id] ?? 999) - (rank[b.id] ?? 999));
  const perTurn = config(projection).actions_per_turn || 2;
  const actor = current ? people[current] : null;
  return html`<section class="card wd-tracker" aria-label="Weaverdice tracker">
    <h3>${panel.title}</h3>
    ${fight
      ? html`<p class="turn wd-now">Round ${fight.order.round}: <strong>${text(actor ? actor.name : current || "nobody")}</strong>${turn
          ? html` acts, <span class="wd-actions" role="img" aria-label=${`${turn.actions} of ${perTurn} actions left`}>${Array.from(
              { length: perTurn },
              (_, i) => html`<span class=${`pip ${i < turn.actions ? "on" : ""}`}></span>`,
            )}</span> ${turn.actions} action${turn.actions === 1 ? "" : "s"} left.`
          : null}</p>`
      : html`<p class="note">No fight under way: the characters at the table.</p>`}
    <ol class="wd-order">
      ${list.map((p) => {
        const row = (rows.get(p.name) || []).shift();
        return html`<${Fighter} key=${p.id} person=${p} rank=${rank[p.id]} current=${p.id === current} row=${row} col=${col} floor=${floor} turn=${turn} />`;
      })}
    </ol>
    <details class="wd-plain"><summary>The tracker as a table</summary><${PanelTable} panel=${panel} /></details>
  </section>`;
}

// Each sheet this seat may see, folded: stats, skills (learning ones marked), backgrounds, gear notes.
function Sheets({ projection }) {
  const sheets = Object.values(state(projection).sheets || {});
  if (!sheets.length) return null;
  return html`<section class="card sheets wd-sheets" aria-label="Character sheets">
    <h3>Character sheets</h3>
    ${sheets.map((sh) => html`<details class="sheet" data-character=${sh.id}>
      <summary><strong>${text(sh.name)}</strong> <span class="for">(${text(sh.tier)})</span></summary>
      <dl>
        <dt>stats</dt><dd>${STATS.map((st) => html`<span class="chip">${st} ${(sh.stats || {})[st] ?? 3}</span>`)}</dd>
        ${(sh.skills || []).length
          ? html`<dt>skills</dt><dd>${sh.skills.map((k) => html`<span class="chip">${text(k.name)}${k.learning ? " (learning)" : ""}</span>`)}</dd>`
          : null}
        ${(sh.backgrounds || []).length ? html`<dt>backgrounds</dt><dd>${sh.backgrounds.map((b) => html`<span class="chip">${text(b)}</span>`)}</dd>` : null}
        ${sh.armor ? html`<dt>armor</dt><dd>${text(sh.armor)}</dd>` : null}
        ${(sh.powers || []).length ? html`<dt>powers</dt><dd>${sh.powers.map((pw) => html`<span class="chip">${text(pw.name)}</span>`)}</dd>` : null}
        ${sh.special ? html`<dt>special</dt><dd>${text(sh.special)}</dd>` : null}
      </dl>
      <${SheetCampaign} ident=${sh.id} projection=${projection} />
    </details>`)}
  </section>`;
}

export const touch = {
  more(projection) {
    return html`<${Sheets} projection=${projection} />`;
  },
  panel(panel, projection) {
    const board = campaignPanel(panel, projection);
    if (board) return board;
    if (panel.title !== "Weaverdice tracker" || !panel.columns.includes("effort")) return null;
    return html`<${Tracker} panel=${panel} projection=${projection} />`;
  },
  prompt(prompt, projection) {
    if (prompt.kind === "check") return html`<${CalledCheck} prompt=${prompt} projection=${projection} />`;
    if (prompt.kind === "reaction") return html`<${Reaction} prompt=${prompt} projection=${projection} />`;
    return null;
  },
  form(command, values, projection) {
    if (command === "attack") return attackPreview(values, projection);
    if (command === "check" || command === "call_check") return checkPreview(values, projection);
    if (command === "surveil" || command === "research") return intelPreview(command, values, projection);
    return null;
  },
  // Words a form field takes: the acting character's skills and backgrounds, the people at the table, the stats.
  suggest(name, values, projection) {
    const s = state(projection);
    const sheet = (s.sheets || {})[values.character];
    if (name === "skills") return sheet ? (sheet.skills || []).map((k) => k.name) : [];
    if (name === "background") return sheet ? sheet.backgrounds || [] : [];
    if (name === "stat") return STATS;
    if (["target", "targets", "patient", "trigger"].includes(name)) return Object.keys(s.people || {}).filter((id) => id !== values.character);
    // a fight's lists of people (who rolls initiative, who spends Focus on speed or Tactics, one side)
    if (["characters", "edges", "tactics_edges", "side"].includes(name)) return Object.keys(s.people || {});
    return [];
  },
};
