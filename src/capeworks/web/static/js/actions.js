// What this seat may do: the prompts it must answer (buttons from their options, a
// box for its own words) and the menu of legal commands (a form from each command's
// schema for the fields not fixed). Both come from the projection, so any ruleset's
// prompts and commands appear here without code of its own.
import { html, text, useState, useEffect, seatName, idWords } from "./ui.js";
import { SchemaForm, openFields } from "./schema-form.js";

export function addressedToMe(prompt, me) {
  if (prompt.seat != null) return prompt.seat === me.id;
  return prompt.role === me.role;
}

// Moves that answer a prompt though it does not list them as options, because each names
// more than the prompt knows (a Capes claim names a Conflict and a side): this seat's legal
// commands named as the prompt's kind, with every field fixed. They are drawn on the prompt,
// never only as menu entries: what a prompt asks for must be on the prompt.
export function promptMoves(prompt, projection) {
  return (projection.legal || []).filter((l) => l.prompt == null && l.command === prompt.kind);
}

// The words field the options' command takes though no option fills it (RWYN's critical
// result names its place, person or circumstance; a Capes roll's narration): its schema entry.
function wordsField(prompt, schemas) {
  const options = prompt.options || [];
  if (!options.length || prompt.free || schemas.length !== 1 || !schemas[0]) return null;
  const schema = schemas[0];
  const field = (schema.properties || {}).text;
  if (!field || (schema.required || []).includes("text") || options.some((o) => "text" in (o.payload || {}))) return null;
  return field;
}

// The one command the prompt's options issue (none when they issue several, or engine ones).
function optionCommand(prompt) {
  const commands = [...new Set((prompt.options || []).map((o) => o.command))];
  return commands.length === 1 && !["undo", "refuse_undo", "answer"].includes(commands[0]) ? commands[0] : null;
}

// The rule a prompt follows, on demand: a new player needs the question, not the id.
function RuleId({ rule }) {
  return html`<details class="rule"><summary>Which rule?</summary><span>${rule}</span></details>`;
}

// One prompt for this seat: a button per option; a text box (or picks) for a free answer.
export function PromptCard({ prompt, send, busy, touch, projection, schemaOf = null }) {
  const [words, setWords] = useState("");
  const [picks, setPicks] = useState([]);
  const [note, setNote] = useState("");
  const [schema, setSchema] = useState(null);
  const command = optionCommand(prompt);
  useEffect(() => {
    if (command && schemaOf) schemaOf(command).then(setSchema, () => setSchema(null));
  }, [command]);
  const noteField = schema ? wordsField(prompt, [schema]) : null;
  // an option with words added is the option's command itself, with the words as its text
  const choose = (o) =>
    noteField && note.trim()
      ? send({ type: o.command, payload: { ...(o.payload || {}), text: note.trim() } }).then((ok) => ok && setNote(""))
      : answer({ option: o.value });
  const free = prompt.free;
  const many = free && free.many;
  const idBase = `prompt-${prompt.id.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  const answer = (payload) => send({ type: "answer", payload: { prompt: prompt.id, ...payload } });

  function sendWords(event) {
    event.preventDefault();
    if (many) {
      const typed = words.split(/\n|,/).map((w) => w.trim()).filter(Boolean);
      const chosen = [...picks, ...typed];
      if (chosen.length) answer({ option: chosen }).then((ok) => ok && (setWords(""), setPicks([])));
    } else if (words.trim()) {
      answer({ value: words.trim() }).then((ok) => ok && setWords(""));
    }
  }

  const extra = touch && touch.prompt ? touch.prompt(prompt, projection) : null;
  const moves = promptMoves(prompt, projection);
  const want = prompt.min_choices === prompt.max_choices ? `${prompt.min_choices}` : `${prompt.min_choices} to ${prompt.max_choices}`;
  return html`<article class="card prompt" aria-labelledby=${`${idBase}-q`} data-kind=${prompt.kind}>
    <h3 id=${`${idBase}-q`} dir="auto">${text(prompt.question || prompt.kind)}</h3>
    ${prompt.rule ? html`<${RuleId} rule=${prompt.rule} />` : null}
    ${extra}
    ${moves.length
      ? html`<div class="options moves" role="group" aria-label="Choices">
          ${moves.map(
            (m) => html`<button type="button" disabled=${busy} onClick=${() => send({ type: m.command, payload: { ...(m.fixed || {}) } })}
              >${(touch && touch.moveWords ? touch.moveWords(m, projection) : null) || m.label || m.command}</button>`,
          )}
        </div>`
      : null}
    ${prompt.options && prompt.options.length
      ? html`<div class="options" role="group" aria-label="Answers">
          ${prompt.options.map(
            (o) => html`<button type="button" class=${prompt.default === o.value ? "default" : ""} disabled=${busy}
              onClick=${() => choose(o)}>${o.label || o.value}</button>`,
          )}
        </div>`
      : null}
    ${noteField
      ? html`<div class="note-words">
          <label for=${`${idBase}-note`}>${noteField.description || "In your own words (optional)"}</label>
          <input id=${`${idBase}-note`} value=${note} maxlength=${noteField.maxLength} autocomplete="off"
            placeholder="optional; then pick an answer above" onInput=${(e) => setNote(e.currentTarget.value)} />
        </div>`
      : null}
    ${free
      ? html`<form class="free" onSubmit=${sendWords}>
          ${many && free.suggestions.length && !(prompt.options && prompt.options.length)
            ? html`<fieldset><legend>Pick ${want}</legend>
                ${free.suggestions.map((sug, i) => html`<label class="pick">
                  <input type="checkbox" checked=${picks.includes(sug)}
                    onChange=${(e) => setPicks(e.currentTarget.checked ? [...picks, sug] : picks.filter((p) => p !== sug))} />
                  ${sug}</label>`)}
              </fieldset>`
            : null}
          <label for=${`${idBase}-words`}>${free.hint || (many ? "Or in your own words (one per line)" : "In your own words")}</label>
          <div class="row">
            ${many
              ? html`<textarea id=${`${idBase}-words`} rows="2" value=${words} onInput=${(e) => setWords(e.currentTarget.value)}></textarea>`
              : html`<input id=${`${idBase}-words`} value=${words} autocomplete="off" list=${free.suggestions.length ? `${idBase}-sug` : undefined}
                  onInput=${(e) => setWords(e.currentTarget.value)} />`}
            <button type="submit" disabled=${busy}>Answer</button>
          </div>
          ${!many && free.suggestions.length
            ? html`<datalist id=${`${idBase}-sug`}>${free.suggestions.map((s) => html`<option value=${s} />`)}</datalist>`
            : null}
        </form>`
      : null}
    ${!free && !(prompt.options && prompt.options.length) && !moves.length
      ? html`<p class="hint">It is your move: pick from what you may do below.</p>`
      : null}
  </article>`;
}

// A prompt's addressee in words: a seat's name, or "the GM" for the role.
function who(seats, addressee) {
  const seat = (seats || []).find((s) => s.id === addressee);
  if (seat) return seat.name;
  return addressee === "gm" ? "the GM" : addressee;
}

// Prompts for this seat, then (for the GM) who else the table is waiting on.
export function Prompts({ projection, send, busy, touch, schemaOf = null }) {
  const me = projection.me;
  const mine = (projection.prompts || []).filter((p) => addressedToMe(p, me));
  const others = (projection.prompts || []).filter((p) => !addressedToMe(p, me));
  const waiting = (projection.waiting || []).filter((w) => w !== me.id && w !== me.role);
  return html`<section class="prompts" aria-labelledby="prompts-title" aria-live="polite">
    <h2 id="prompts-title">${mine.length ? "Your turn to decide" : "Nothing waits on you"}</h2>
    ${mine.map((p) => html`<${PromptCard} key=${p.id} prompt=${p} send=${send} busy=${busy} touch=${touch} projection=${projection} schemaOf=${schemaOf} />`)}
    ${others.length
      ? html`<ul class="waiting-on">${others.map((p) => html`<li>Waiting on <bdi>${p.seat != null ? seatName(projection.seats, p.seat) : "the GM"}</bdi>: ${text(p.question || p.kind)}</li>`)}</ul>`
      : waiting.length
        ? html`<p class="waiting-on">Waiting on ${waiting.map((w) => who(projection.seats, w)).join(", ")}.</p>`
        : null}
  </section>`;
}

// Words for one way of issuing a command: its fixed values, ids by their names ("Ada Lark", "1"); a flag
// by its field's name when set ("forced") and not at all when not, never "true" or "false".
function variantWords(fixed, projection) {
  return Object.entries(fixed || {})
    .filter(([, v]) => v !== false)
    .map(([k, v]) => (v === true ? k.replace(/_/g, " ") : idWords(v, projection)))
    .join(", ");
}

// One command of the menu, with each way it may be issued now (its fixed fields):
// a button when nothing is left to fill, else a form for the rest.
function MenuItem({ group, index, send, busy, schemaOf, projection, touch, onOpen = null }) {
  const [open, setOpen] = useState(false);
  const [which, setWhich] = useState(0);
  const [schema, setSchema] = useState(null);
  const [problem, setProblem] = useState("");
  const item = group[Math.min(which, group.length - 1)];
  useEffect(() => {
    if (!open || schema) return;
    schemaOf(item.command).then(setSchema, (e) => setProblem(e.message));
  }, [open]);
  const label = item.label || item.command.replace(/_/g, " ");
  const fixed = item.fixed || {};
  if (item.command === "undo") {
    const hasGm = (projection.seats || []).some((s) => s.role === "gm");
    const words =
      projection.me.role === "gm" ? "Undo the latest action" : hasGm ? "Ask the GM to undo my latest action" : "Take back my latest action";
    return html`<li><button type="button" class="undo" disabled=${busy} onClick=${() => send({ type: "undo", payload: {} })}>${words}</button></li>`;
  }
  const only = group.length === 1 ? variantWords(fixed, projection) : "";
  // Close the entry once its command was accepted; a refusal leaves it open to fix.
  const done = (sent) => sent.then((ok) => (ok && setOpen(false), ok));
  const pickId = `cmd-${index}-for`;
  return html`<li>
    <details open=${open} onToggle=${(e) => {
      setOpen(e.currentTarget.open);
      if (e.currentTarget.open && onOpen) onOpen();
    }}>
      <summary>${label}${only ? html` <span class="for">(${only})</span>` : null}</summary>
      ${group.length > 1
        ? html`<div class="field variant"><label for=${pickId}>For</label>
            <select id=${pickId} value=${String(which)} onChange=${(e) => setWhich(Number(e.currentTarget.value))}>
              ${group.map((g, i) => html`<option value=${String(i)}>${variantWords(g.fixed, projection) || "—"}</option>`)}
            </select></div>`
        : null}
      ${problem ? html`<p class="error">${problem}</p>` : null}
      ${schema
        ? openFields(schema, fixed).length === 0
          ? html`<button type="button" disabled=${busy} onClick=${() => done(send({ type: item.command, payload: { ...fixed } }))}>${label}</button>`
          : html`<${SchemaForm} key=${which} schema=${schema} fixed=${fixed} idBase=${`cmd-${index}`} submitLabel=${label}
              context=${projection} busy=${busy} onSubmit=${(payload) => done(send({ type: item.command, payload }))}
              preview=${touch && touch.form ? (values) => touch.form(item.command, values, projection) : null}
              suggest=${touch && touch.suggest ? (name, values) => touch.suggest(name, values, projection) : null} />`
        : open && !problem
          ? html`<p class="loading">Loading the form…</p>`
          : null}
    </details>
  </li>`;
}

// "What I may do now": the legal commands that are not answers to a prompt above,
// one entry per command (its ways grouped), in the ruleset's order.
// ``onOpen``: a menu entry was opened (the page clears a refusal of something else, so it is not
// read as this entry's).
export function ActionMenu({ projection, send, busy, schemaOf, touch, onOpen = null }) {
  const groups = new Map();
  const me = projection.me;
  const onPrompts = new Set(
    (projection.prompts || []).filter((p) => addressedToMe(p, me)).flatMap((p) => promptMoves(p, projection)),
  );
  for (const l of projection.legal || []) {
    if (l.prompt != null || onPrompts.has(l)) continue;
    const key = `${l.command}\u0000${l.label || ""}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(l);
  }
  const list = [...groups.entries()];
  return html`<section id="actions" class="card actions" aria-labelledby="actions-title" tabindex="-1">
    <h2 id="actions-title">What I may do now</h2>
    ${list.length ? null : html`<p class="hint">Nothing right now.</p>`}
    <ul class="menu">
      ${list.map(([key, group], i) => html`<${MenuItem} key=${key} group=${group} index=${i}
        send=${send} busy=${busy} schemaOf=${schemaOf} projection=${projection} touch=${touch} onOpen=${onOpen} />`)}
    </ul>
  </section>`;
}
