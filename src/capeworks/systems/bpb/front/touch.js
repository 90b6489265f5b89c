// Bulletproof Blues' touch: the tracker panel as an order-of-play strip with Endurance meters.
// It draws only: every number comes from the server's panels and previews (the rules live in Python).
import { html, text, seatName } from "/static/js/ui.js";

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

function state(projection) {
  const view = projection.view || {};
  return view.state || view;
}

// Whose turn it is in a fight, on the pages the turn prompt (prompts.py) is not already drawn on: it is
// drawn for its seat and, in "Waiting on", the GM's; a player looking on reads only the seat's name, and
// while a hit waits for its answer there is no turn prompt. This card names the character and the round.
function TurnCard({ projection }) {
  const s = state(projection);
  const fight = s.fight;
  const actor = fight && fight.turn && fight.turn.actor;
  const who = actor && (s.characters || {})[actor];
  if (!who || (projection.prompts || []).some((p) => p.kind === "turn")) return null;
  const me = projection.me;
  const mine = who.owner ? who.owner === me.id : me.role === "gm";
  const round = fight.order && fight.order.round ? `Round ${fight.order.round}: ` : "";
  return html`<section class="card bpb-turn-card" role="status" aria-live="polite">
    <p><strong>${round}${text(who.name)}'s turn</strong>${mine
      ? html` — yours: pick from what you may do below (End the turn when done).`
      : html` — ${who.owner ? html`<bdi>${seatName(projection.seats, who.owner)}</bdi>` : "the GM"} acts.`}</p>
  </section>`;
}

// The characters this seat's projection holds, as suggestions: the id the rules take, the name as words.
// With the GM's sides named, those on ``except``'s own side come last: an attack's first suggestion is a
// foe, an ally stays one the player may pick (the rules bar no target; the menu offers foes first too).
function characters(projection, except) {
  const s = state(projection);
  const sides = (s.fight && s.fight.sides) || {};
  const mine = except ? sides[except] : undefined;
  const ally = (id) => (mine !== undefined && sides[id] === mine ? 1 : 0);
  return Object.entries(s.characters || {})
    .filter(([id]) => id !== except)
    .sort(([a], [b]) => ally(a) - ally(b))
    .map(([id, c]) => ({ value: id, label: text((c && c.name) || id) }));
}

// The attributes of some characters, each once, in their sheets' order.
function attributes(who) {
  return [...new Set(who.flatMap((c) => Object.keys((c && c.attributes) || {})))].map(text);
}

const CHARACTER_LISTS = new Set(["aware_first", "unaware", "airborne", "sides"]);

export const touch = {
  // the turn prompt's own card says how a turn ends
  prompt(prompt) {
    return prompt.kind === "turn" ? html`<p class="bpb-turn-end">End the turn when done.</p>` : null;
  },
  // an attack's target and its attacker are characters: offered by name, sent by id
  suggest(name, values, projection) {
    if (name === "target") return characters(projection, values.attacker || values.character);
    if (name === "attacker") return characters(projection, null);
    // a fight's lists of characters (who is aware first, who unaware, who flies) and a competition's
    // sides: ticked by name, so the GM need not know that "Agent Adler" is "agent-a" to the rules
    if (CHARACTER_LISTS.has(name)) return characters(projection, null);
    // a called task's attribute and skill are the roller's (any character's, for a competition), its
    // opponent another character, and the opponent's attribute theirs
    const all = state(projection).characters || {};
    if (name === "attribute") return attributes(values.character ? [all[values.character]] : Object.values(all));
    if (name === "against") return characters(projection, values.character);
    if (name === "against_attribute") return values.against ? attributes([all[values.against]]) : [];
    if (name === "skill") return values.character && all[values.character] ? (all[values.character].expertise || []).map(text) : [];
    // the powers of the one who uses them (an attack's, a switch's)
    if (name === "power") {
      const who = (state(projection).characters || {})[values.attacker || values.character];
      return who ? (who.powers || []).map((p) => text(p.name)) : [];
    }
    return [];
  },
  extra(projection) {
    return html`<${TurnCard} projection=${projection} />`;
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
