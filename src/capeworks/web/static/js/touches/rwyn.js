// Roll When You Need: the pool builder (ability dice beside the disaster dice the
// gap to the difficulty brings, RWYN-POOL-003/004, with the exact odds of the
// successes) and the sacrifice choice with the odds of each answer (RWYN-SAC-004).
// The engine decides every roll; these only show what a choice would mean.
import { html, text } from "../ui.js";
import { BlankDie } from "../dice.js";
import { OddsChart, useOdds } from "../odds.js";

function config(projection) {
  return projection.config || (projection.view && projection.view.config) || {};
}

function sizes(projection) {
  const c = config(projection);
  return { sides: c.die_size || 6, min: c.success_min || 5, cap: c.pool_cap || 10 };
}

function pct(p) {
  return `${(p * 100).toFixed(p < 0.1 && p > 0 ? 1 : 0)}%`;
}

// P(count >= at least) from the server's exact distribution of a success count.
function atLeast(odds, least) {
  return Object.entries(odds.probabilities || {})
    .filter(([k]) => Number(k) >= least)
    .reduce((sum, [, p]) => sum + p, 0);
}

// The pool a called check will roll: dice for the rating, disaster dice for the gap.
function PoolBuilder({ prompt, projection }) {
  const ctx = prompt.context || {};
  const c = config(projection);
  const view = projection.view || {};
  const chars = (view.state || view).characters || {};
  const who = chars[ctx.character];
  const rating = who && who.abilities ? who.abilities[ctx.ability] : undefined;
  const { sides, min, cap } = sizes(projection);
  const threshold = c.resolution_mode === "success_threshold";
  const difficulty = Number(ctx.difficulty);
  const dice = typeof rating === "number" ? Math.min(rating, cap) : null;
  const disasterOn = !threshold || c.threshold_disaster_dice;
  const disaster = dice != null && disasterOn && Number.isFinite(difficulty) ? Math.max(0, difficulty - rating) : 0;
  const need = threshold ? difficulty : 1;
  const { odds } = useOdds(dice ? `${dice}d${sides}t${min}` : "");
  if (dice == null) return null;
  return html`<div class="pool" aria-label="The pool">
    <p class="pool-dice">
      ${Array.from({ length: dice }, () => html`<${BlankDie} sides=${sides} label=${`${text(ctx.ability)} die`} />`)}
      ${disaster ? html`<span class="vs">+</span>` : null}
      ${Array.from({ length: disaster }, () => html`<${BlankDie} sides=${sides} tone="disaster" label="disaster die" />`)}
    </p>
    <p>${text(ctx.ability)} ${rating}: ${dice} ${dice === 1 ? "die" : "dice"} against difficulty ${difficulty};${" "}
      <strong>${disaster} disaster ${disaster === 1 ? "die" : "dice"}</strong>.
      ${odds ? html` Chance of success: <strong>${pct(atLeast(odds, need))}</strong>.` : null}</p>
    ${odds ? html`<${OddsChart} odds=${odds} caption="Successes you may roll" highlight=${(k) => Number(k) >= need} />` : null}
  </div>`;
}

// One sacrifice answer: the successes kept and the odds that no disaster die hits.
function SacrificeOption({ n, successes, disaster, projection }) {
  const { sides, min } = sizes(projection);
  const left = disaster - n;
  const { odds } = useOdds(left > 0 ? `${left}d${sides}t${min}` : "");
  const clean = left <= 0 ? 1 : odds ? atLeast(odds, 0) - atLeast(odds, 1) : null;
  return html`<tr>
    <th scope="row">${n}</th>
    <td>${successes - n}</td>
    <td>${left}</td>
    <td>${clean == null ? "…" : html`<span class="meter" role="img" aria-label=${`${pct(clean)} no complication`}>
      <span class="meter-fill" style=${{ width: `${Math.round(clean * 100)}%` }}></span></span> ${pct(clean)}`}</td>
  </tr>`;
}

function SacrificeOdds({ prompt, projection }) {
  const ctx = prompt.context || {};
  const most = Number(ctx.most || 0);
  const successes = Number(ctx.successes || 0);
  const disaster = Number(ctx.disaster || 0);
  return html`<table class="sacrifice">
    <caption>What each answer leaves you</caption>
    <thead><tr><th scope="col">Sacrifice</th><th scope="col">Successes kept</th><th scope="col">Disaster dice</th><th scope="col">No complication</th></tr></thead>
    <tbody>${Array.from({ length: most + 1 }, (_, n) => html`<${SacrificeOption} n=${n} successes=${successes} disaster=${disaster} projection=${projection} />`)}</tbody>
  </table>`;
}

// Commands whose form names a character, an ability and a difficulty: the pool they would roll.
const POOLED = new Set(["check", "defend", "call_check", "enemy_move"]);

function state(projection) {
  const view = projection.view || {};
  return view.state || view;
}

export const rwyn = {
  // Ability names: the character's own, else the table's list.
  suggest(name, values, projection) {
    if (name !== "ability") return [];
    const who = (state(projection).characters || {})[values.character];
    return who && who.abilities ? Object.keys(who.abilities) : config(projection).abilities || [];
  },
  form(command, values, projection) {
    if (!POOLED.has(command) || !values.character || !values.ability || !values.difficulty) return null;
    const context = { character: values.character, ability: values.ability, difficulty: values.difficulty };
    return html`<${PoolBuilder} prompt=${{ context }} projection=${projection} />`;
  },
  prompt(prompt, projection) {
    if (prompt.kind === "roll") return html`<${PoolBuilder} prompt=${prompt} projection=${projection} />`;
    if (prompt.kind === "sacrifice") return html`<${SacrificeOdds} prompt=${prompt} projection=${projection} />`;
    return null;
  },
  // Disaster dice are red; faces at or above the success number are hits.
  rollTone(roll, face, projection) {
    const { min } = sizes(projection);
    const disaster = /disaster/i.test(roll.purpose || "");
    return `${disaster ? "disaster" : ""} ${face >= min ? "hit" : ""}`.trim();
  },
};
