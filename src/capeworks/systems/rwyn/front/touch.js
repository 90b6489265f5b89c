// Roll When You Need: the pool builder (ability dice beside the disaster dice the
// gap to the difficulty brings, with the chance of success) and the sacrifice choice
// with the odds of each answer (RWYN-SAC-004). The server's rules work out every
// number (POST /rulesets/rwyn/preview, answered by capeworks.systems.rwyn.front):
// this file only draws them, so no rule is written here a second time.
import { html, text, useEffect, useState } from "/static/js/ui.js";
import { api } from "/static/js/api.js";
import { BlankDie } from "/static/js/dice.js";
import { OddsChart, useOdds } from "/static/js/odds.js";

function config(projection) {
  return projection.config || (projection.view && projection.view.config) || {};
}

function pct(p) {
  return `${(p * 100).toFixed(p < 0.1 && p > 0 ? 1 : 0)}%`;
}

// The server's preview of `kind` with `args` at this table's config (null until it answers).
function usePreview(kind, args, projection) {
  const [answer, setAnswer] = useState(null);
  const key = args ? JSON.stringify([kind, args, config(projection)]) : "";
  useEffect(() => {
    let live = true;
    setAnswer(null);
    if (key) {
      api.preview("rwyn", { kind, config: config(projection), ...args }).then(
        (found) => live && setAnswer(found),
        () => live && setAnswer(null),
      );
    }
    return () => {
      live = false;
    };
  }, [key]);
  return answer;
}

// The pool a called check will roll: dice for the rating, disaster dice for the gap.
function PoolBuilder({ prompt, projection }) {
  const ctx = prompt.context || {};
  const view = projection.view || {};
  const chars = (view.state || view).characters || {};
  const who = chars[ctx.character];
  const rating = who && who.abilities ? who.abilities[ctx.ability] : undefined;
  const difficulty = Number(ctx.difficulty);
  const known = typeof rating === "number" && Number.isInteger(difficulty) && difficulty > 0;
  // the GM's quality dice and the time a call carries change the pool, so they change the odds too
  const extra = { bonus: Number(ctx.bonus) || 0, drawback: Number(ctx.drawback) || 0, time: Number(ctx.time) || 0 };
  const pool = usePreview("pool", known ? { rating, difficulty, ...extra } : null, projection);
  const { odds } = useOdds(pool ? pool.expression : "");
  if (!pool) return null;
  const { dice, disaster, need, sides } = pool;
  return html`<div class="pool" aria-label="The pool">
    <p class="pool-dice">
      ${Array.from({ length: dice }, () => html`<${BlankDie} sides=${sides} label=${`${text(ctx.ability)} die`} />`)}
      ${disaster ? html`<span class="vs">+</span>` : null}
      ${Array.from({ length: disaster }, () => html`<${BlankDie} sides=${sides} tone="disaster" label="disaster die" />`)}
    </p>
    <p>${text(ctx.ability)} ${rating}${extra.bonus ? ` +${extra.bonus} quality` : ""}: ${dice} ${dice === 1 ? "die" : "dice"}${pool.auto ? ` and ${pool.auto} automatic` : ""} against difficulty ${difficulty};${" "}
      <strong>${disaster} disaster ${disaster === 1 ? "die" : "dice"}</strong>.
      Chance of success: <strong>${pct(pool.success.p)}</strong>.</p>
    ${odds ? html`<${OddsChart} odds=${odds} caption="Successes you may roll" highlight=${(k) => Number(k) + pool.auto >= need} />` : null}
  </div>`;
}

// Each sacrifice answer: the successes kept and the odds that no disaster die hits.
function SacrificeOdds({ prompt, projection }) {
  const ctx = prompt.context || {};
  const args = { successes: Number(ctx.successes || 0), disaster: Number(ctx.disaster || 0) };
  const found = usePreview("sacrifice", args, projection);
  return html`<table class="sacrifice">
    <caption>What each answer leaves you</caption>
    <thead><tr><th scope="col">Sacrifice</th><th scope="col">Successes kept</th><th scope="col">Disaster dice</th><th scope="col">No complication</th></tr></thead>
    <tbody>${(found ? found.answers : []).map((a) => html`<tr>
      <th scope="row">${a.sacrifice}</th>
      <td>${a.kept}</td>
      <td>${a.disaster}</td>
      <td><span class="meter" role="img" aria-label=${`${pct(a.clean.p)} no complication`}>
        <span class="meter-fill" style=${{ width: `${Math.round(a.clean.p * 100)}%` }}></span></span> ${pct(a.clean.p)}</td>
    </tr>`)}</tbody>
  </table>`;
}

// Commands whose form names a character, an ability and a difficulty: the pool they would roll.
const POOLED = new Set(["check", "defend", "call_check", "enemy_move"]);

function state(projection) {
  const view = projection.view || {};
  return view.state || view;
}

export const touch = {
  // Ability names: the character's own, else the table's list.
  suggest(name, values, projection) {
    if (name !== "ability") return [];
    const who = (state(projection).characters || {})[values.character];
    return who && who.abilities ? Object.keys(who.abilities) : config(projection).abilities || [];
  },
  form(command, values, projection) {
    if (!POOLED.has(command) || !values.character || !values.ability || !values.difficulty) return null;
    // a quality's side the GM brings in adds the table's quality_die_bonus dice (RWYN-CRIT-002)
    const quality = config(projection).quality_die_bonus || 0;
    const context = {
      character: values.character,
      ability: values.ability,
      difficulty: values.difficulty,
      bonus: values.benefit ? quality : 0,
      drawback: values.drawback ? quality : 0,
      time: values.time || 0,
    };
    return html`<${PoolBuilder} prompt=${{ context }} projection=${projection} />`;
  },
  prompt(prompt, projection) {
    if (prompt.kind === "roll") return html`<${PoolBuilder} prompt=${prompt} projection=${projection} />`;
    if (prompt.kind === "sacrifice") return html`<${SacrificeOdds} prompt=${prompt} projection=${projection} />`;
    return null;
  },
  // Disaster dice are red; faces at or above the table's success number are hits.
  rollTone(roll, face, projection) {
    const min = config(projection).success_min;
    const disaster = /disaster/i.test(roll.purpose || "");
    return `${disaster ? "disaster" : ""} ${face >= min ? "hit" : ""}`.trim();
  },
};
