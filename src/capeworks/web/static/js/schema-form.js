// A form for a command from its payload model's JSON schema (pydantic's), for the
// fields the legal command has not fixed already. This is what lets a new ruleset
// be played without front-end code: every command comes with its own schema.
import { html, text, useState, idWords } from "./ui.js";

// Resolve a local $ref and unwrap "X or null" into X with ``nullable``.
export function fieldSchema(root, schema) {
  let s = schema || {};
  let nullable = false;
  if (s.$ref && s.$ref.startsWith("#/$defs/")) {
    const name = s.$ref.slice("#/$defs/".length);
    // the field is named by its own title (or its name), never by the shared type's title
    // and explained by its own description, never by the shared type's docstring
    s = { ...(root.$defs || {})[name], ...s, $ref: undefined, title: s.title, description: s.description };
  }
  if (Array.isArray(s.anyOf)) {
    const rest = s.anyOf.filter((a) => a.type !== "null");
    nullable = rest.length < s.anyOf.length;
    if (rest.length === 1) {
      const inner = fieldSchema(root, rest[0]);
      s = { ...inner.schema, title: s.title || inner.schema.title, default: s.default, description: s.description, examples: s.examples || inner.schema.examples,
        value_words: s.value_words || inner.schema.value_words };
      nullable = nullable || inner.nullable;
    }
  }
  return { schema: s, nullable };
}

function kindOf(s, item) {
  if (Array.isArray(s.enum)) return "enum";
  if (s.type === "boolean") return "boolean";
  if (s.type === "integer" || s.type === "number") return "number";
  if (s.type === "array" && item && item.properties) return "records";
  // a set of a closed list's values (the downtime actions a bonus slot may take): each one ticked
  if (s.type === "array" && item && Array.isArray(item.enum)) return "picks";
  if (s.type === "array") return "list";
  if (s.type === "object") return "map";
  return "text";
}

// Words for a field: its title, else its name with spaces.
export function fieldLabel(name, s) {
  if (s.title) return s.title;
  const words = name.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// Words for one of a choice's values: the ruleset's own (its schema's value_words), else the value.
function valueWords(s, v) {
  const words = s.value_words && s.value_words[text(v)];
  return words || text(v);
}

function initial(kind, s) {
  const d = s.default;
  if (kind === "boolean") return d === true;
  if (d == null) return "";
  if (kind === "list" || kind === "picks") return Array.isArray(d) ? d.join("\n") : "";
  if (kind === "map" || kind === "records") return "";
  return String(d);
}

// The fields still to fill: every property not fixed, in the model's order. With ``groups``, a block
// of options that is a model of its own (Weaverdice's campaign rules) is drawn as its own fields, each
// with its title and description, named "block.field" (``nested`` puts them back in their block).
export function openFields(schema, fixed, groups = false) {
  const required = new Set(schema.required || []);
  return Object.entries(schema.properties || {})
    .filter(([name]) => !(name in (fixed || {})))
    .flatMap(([name, raw]) => {
      const { schema: s, nullable } = fieldSchema(schema, raw);
      if (groups && s.type === "object" && s.properties) {
        const block = { properties: s.properties, required: s.required, $defs: schema.$defs };
        const group = { name, label: fieldLabel(name, s), about: s.description || "" };
        return openFields(block, {}, true).map((f) => ({ ...f, name: `${name}.${f.name}`, group: f.group || group }));
      }
      // a list of objects (a combatant's weapons): each item's own fields, typed one per line
      const item = s.type === "array" && s.items ? fieldSchema(schema, s.items).schema : null;
      // a closed list's values ticked is the lobby's (its options are sets); a command's list may
      // repeat a value (a grapple's actions bought twice), so it is typed a line each
      const found = kindOf(s, item);
      const kind = found === "picks" && !groups ? "list" : found;
      // a field the ruleset marks GM-only (``gm_field``) reaches only the GM's form: said so there
      const gmOnly = !!(raw && raw.gm_only);
      // values of a player's field only the GM may choose (``gm_field(gm_values=...)``): a player's
      // schema has them out of its choices already; the GM's says which they are
      const gmValues = raw && Array.isArray(raw.gm_values) ? raw.gm_values.map(String) : [];
      const kept = kind === "records" || kind === "picks" ? item : null;
      return [{ name, s, kind, item: kept, required: required.has(name) && !nullable, gmOnly, gmValues }];
    });
}

// A payload whose "block.field" names go back into their blocks ({"campaign": {"downtime_slots": 2}}).
export function nested(payload) {
  const out = {};
  for (const [name, value] of Object.entries(payload)) {
    const at = name.indexOf(".");
    if (at < 0) {
      out[name] = value;
      continue;
    }
    const block = name.slice(0, at);
    out[block] = { ...(out[block] || {}), ...nested({ [name.slice(at + 1)]: value }) };
  }
  return out;
}

// The fields of one item of a list of objects, each with its kind (nested lists are typed as JSON).
function itemFields(item) {
  const required = new Set(item.required || []);
  return Object.entries(item.properties || {}).map(([name, raw]) => {
    const s = fieldSchema({ $defs: {} }, raw).schema;
    return { name, s, kind: kindOf(s, null), required: required.has(name) };
  });
}

// How to type a list of objects: one a line as "field: value" pairs, e.g.
// "name: staff, attribute: Agility, skill: Guns, damage: 0" (each item field with its default).
export function recordsHint(item) {
  const pairs = itemFields(item).map((f) => {
    const d = f.s.default;
    const shown = d != null && typeof d !== "object" ? String(d) : f.kind === "number" ? "0" : f.kind === "boolean" ? "false" : "…";
    return `${f.name}: ${shown}`;
  });
  return pairs.join(", ");
}

// JSON as typed, or null when it is not JSON.
function parsedJson(words) {
  try {
    return JSON.parse(words);
  } catch (e) {
    return null;
  }
}

// One line of a list of objects: a JSON object, or "field: value" pairs split by commas.
function readRecord(line, fields, label) {
  if (line.startsWith("{")) {
    const one = parsedJson(line);
    return one && typeof one === "object" && !Array.isArray(one)
      ? [one, ""]
      : [null, `A ${label} line that starts with { must be a JSON object.`];
  }
  const byName = new Map();
  for (const f of fields) {
    byName.set(f.name.toLowerCase(), f);
    byName.set(fieldLabel(f.name, f.s).toLowerCase(), f);
    byName.set(f.name.replace(/_/g, " ").toLowerCase(), f);
  }
  const known = fields.map((f) => f.name).join(", ");
  const out = {};
  for (const pair of line.split(/[,;]/)) {
    if (!pair.trim()) continue;
    const at = pair.indexOf(":");
    if (at < 1) return [null, `Write each ${label} line as field: value pairs split by commas (${known}).`];
    const key = pair.slice(0, at).trim().toLowerCase();
    const f = byName.get(key);
    if (!f) return [null, `${label} has no field "${pair.slice(0, at).trim()}": its fields are ${known}.`];
    const raw = pair.slice(at + 1).trim();
    if (f.kind === "number") {
      const n = Number(raw);
      if (raw === "" || !Number.isFinite(n)) return [null, `${label}: ${f.name} must be a number.`];
      out[f.name] = n;
    } else if (f.kind === "boolean") {
      const word = raw.toLowerCase();
      if (!["true", "false", "yes", "no"].includes(word)) return [null, `${label}: ${f.name} is yes or no.`];
      out[f.name] = word === "true" || word === "yes";
    } else {
      out[f.name] = raw;
    }
  }
  const missing = fields.filter((f) => f.required && !(f.name in out)).map((f) => f.name);
  if (missing.length) return [null, `Each ${label} line needs ${missing.join(", ")}.`];
  return [out, ""];
}

// A list of objects as typed: a JSON list, or one object a line (JSON or "field: value" pairs).
function readRecords(typed, item, label) {
  if (typed.startsWith("[")) {
    const all = parsedJson(typed);
    return Array.isArray(all) ? [all, ""] : [null, `${label} that starts with [ must be a JSON list.`];
  }
  const fields = itemFields(item);
  const out = [];
  for (const line of typed.split("\n")) {
    if (!line.trim()) continue;
    const [one, problem] = readRecord(line.trim(), fields, label);
    if (!one) return [null, problem];
    out.push(one);
  }
  return [out, ""];
}

// Turn what was typed into the payload's values; returns [payload, problem].
export function collect(fields, values, lenient = false) {
  const payload = {};
  for (const f of fields) {
    if (lenient) {
      const [one] = collect([{ ...f, required: false }], values);
      if (one) Object.assign(payload, one);
      continue;
    }
    const raw = values[f.name];
    const label = fieldLabel(f.name, f.s);
    if (f.kind === "boolean") {
      payload[f.name] = !!raw;
      continue;
    }
    const typed = typeof raw === "string" ? raw.trim() : raw;
    if (typed === "" || typed == null) {
      if (f.required) return [null, `Fill in ${label}.`];
      continue;
    }
    if (f.kind === "number") {
      const n = Number(typed);
      if (!Number.isFinite(n) || (f.s.type === "integer" && !Number.isInteger(n)))
        return [null, `${label} must be a whole number.`];
      payload[f.name] = n;
    } else if (f.kind === "records") {
      const [items, problem] = readRecords(typed, f.item, label);
      if (!items) return [null, problem];
      payload[f.name] = items;
    } else if (f.kind === "list" || f.kind === "picks") {
      payload[f.name] = typed.split(/\n|,/).map((x) => x.trim()).filter(Boolean);
      if ((f.s.items || {}).type === "integer") payload[f.name] = payload[f.name].map(Number);
    } else if (f.kind === "map") {
      // each value typed as the map's values are: a number (a trait's rating), words (a side's name),
      // or a list split by semicolons
      const values = mapValues(f.s);
      const wanted = `Write each ${label} line as a name, a colon and ${values.words}.`;
      const out = {};
      for (const line of typed.split(/\n|,/)) {
        if (!line.trim()) continue;
        const at = values.kind === "number" ? line.lastIndexOf(":") : line.indexOf(":");
        const raw = line.slice(at + 1).trim();
        if (at < 1 || raw === "") return [null, wanted];
        let value = raw;
        if (values.kind === "number") {
          value = Number(raw);
          if (!Number.isFinite(value)) return [null, wanted];
        } else if (values.kind === "list") {
          value = raw.split(";").map((x) => x.trim()).filter(Boolean);
        }
        out[line.slice(0, at).trim()] = value;
      }
      payload[f.name] = out;
    } else {
      payload[f.name] = typed;
    }
  }
  return [payload, ""];
}

// What a map's values are, and how a form asks for one (older schemas give no value type: numbers).
function mapValues(s) {
  const v = s.additionalProperties && typeof s.additionalProperties === "object" ? s.additionalProperties : {};
  if (v.type === "string" || Array.isArray(v.enum)) return { kind: "text", words: "a value", hint: "name: value" };
  if (v.type === "array") return { kind: "list", words: "values split by semicolons", hint: "name: a; b" };
  return { kind: "number", words: "a number", hint: "name: number" };
}

// Names a field might take its value from: ids of the view's collection of the
// same name (``character`` -> the keys of ``characters``; a list ``characters`` -> the
// same), or the seats for owners. A collection is of records (a character's sheet): a map of
// words by id is none (Capes' ``names``, each player's name, offered the players' ids for a new
// character's name).
function suggestionsFor(name, context, kind) {
  // a number is never a seat or a collection's key: no such suggestions for it
  if (kind !== "text" && kind !== "list") return [];
  const view = (context && context.view) || {};
  const state = view.state || view;
  const seats = (context && context.seats) || [];
  if (name === "owner" || name === "seat") return seats.map((s) => s.id);
  for (const key of kind === "list" ? [name] : [`${name}s`, `${name}es`]) {
    const found = state[key];
    const records = found && typeof found === "object" && !Array.isArray(found) &&
      Object.values(found).every((v) => v && typeof v === "object");
    if (records) return Object.keys(found);
  }
  return [];
}

// The field's suggestions, each once: a value, or {value, label} when its words differ from it
// (an Inspiration's die; an id's name, "jade" -> "Jade Tiger", so a list of ids reads as people).
function suggestionList(f, context, extraOptions) {
  const seen = new Map();
  // the schema's own examples (a ruleset's sample names) come first
  const examples = f.kind === "text" && Array.isArray(f.s.examples) ? f.s.examples : [];
  for (const o of [...examples, ...suggestionsFor(f.name, context, f.kind), ...extraOptions]) {
    const option = o && typeof o === "object" ? { value: text(o.value), label: text(o.label) } : { value: text(o), label: "" };
    if (!option.label) {
      const name = idWords(option.value, context);
      if (name !== option.value) option.label = name;
    }
    if (!seen.has(option.value)) seen.set(option.value, option);
  }
  return [...seen.values()];
}

function Field({ f, value, set, idBase, context, extraOptions = [] }) {
  const id = `${idBase}-${f.name.replace(/\./g, "-")}`;
  const label = fieldLabel(f.name, f.s);
  // the schema's own explanation of the field, read with it by screen readers; a list of objects
  // also says how to type one
  const aboutText = [f.s.description || "", f.kind === "records" ? `One a line, as “${recordsHint(f.item)}” (or JSON).` : ""]
    .filter(Boolean)
    .join(" ");
  const about = aboutText ? `${id}-about` : undefined;
  let input;
  if (f.kind === "boolean") {
    input = html`<input id=${id} type="checkbox" checked=${!!value} aria-describedby=${about}
      onChange=${(e) => set(e.currentTarget.checked)} />`;
  } else if (f.kind === "enum") {
    const fallback = f.s.default != null ? `(default: ${valueWords(f.s, f.s.default)})` : "(default)";
    input = html`<select id=${id} value=${value} aria-describedby=${about} onChange=${(e) => set(e.currentTarget.value)}>
      ${f.s.default != null
        ? null
        : f.required
          ? // nothing chosen yet, and said so: the browser showed the first choice as picked while the
            // form held none, and "Fill in Track." answered a choice that looked made
            html`<option value="" disabled>pick one</option>`
          : html`<option value="">${fallback}</option>`}
      ${f.s.enum.map((v) => html`<option value=${text(v)}>${valueWords(f.s, v)}${(f.gmValues || []).includes(String(v)) ? " (GM only)" : ""}</option>`)}
    </select>`;
  } else if (f.kind === "picks") {
    // a closed list's values, each by its words (the ruleset's value_words), ticked on or off
    const lines = String(value || "").split(/\n|,/).map((x) => x.trim()).filter(Boolean);
    const toggle = (v, on) => set((on ? [...lines.filter((x) => x !== v), v] : lines.filter((x) => x !== v)).join("\n"));
    const words = { ...f.item, value_words: f.s.value_words || f.item.value_words };
    input = html`<fieldset class="picks" id=${id} aria-describedby=${about}><legend class="sr">Pick ${label}</legend>
      ${f.item.enum.map((v) => html`<label class="pick"><input type="checkbox" value=${text(v)} checked=${lines.includes(text(v))}
        onChange=${(e) => toggle(text(v), e.currentTarget.checked)} />${" "}${valueWords(words, v)}</label>`)}
    </fieldset>`;
  } else if (f.kind === "records") {
    // one object a line: the placeholder shows every field of one with its default
    input = html`<textarea id=${id} rows="3" spellcheck="false" placeholder=${recordsHint(f.item)} value=${value}
      aria-describedby=${about} onInput=${(e) => set(e.currentTarget.value)}></textarea>`;
  } else if (f.kind === "list" || f.kind === "map") {
    const placeholder = f.kind === "list" ? "one per line" : `${mapValues(f.s).hint}, one per line`;
    const box = html`<textarea id=${id} rows="3" placeholder=${placeholder} value=${value} aria-describedby=${about}
      onInput=${(e) => set(e.currentTarget.value)}></textarea>`;
    // a list's likely values (a fight's combatants as targets) to tick, each written into the box as
    // its own line: a player need not know that "Madame Viper" is "viper" to the rules
    const options = f.kind === "list" ? suggestionList(f, context, extraOptions) : [];
    const lines = String(value || "").split(/\n|,/).map((x) => x.trim()).filter(Boolean);
    const toggle = (v, on) => set((on ? [...lines.filter((x) => x !== v), v] : lines.filter((x) => x !== v)).join("\n"));
    input = options.length
      ? html`<fieldset class="picks" aria-describedby=${about}><legend class="sr">Pick ${label}</legend>
          ${options.map((o) => html`<label class="pick"><input type="checkbox" value=${o.value} checked=${lines.includes(o.value)}
            onChange=${(e) => toggle(o.value, e.currentTarget.checked)} />${" "}<bdi>${o.label || idWords(o.value, context)}</bdi></label>`)}
        </fieldset>${box}`
      : box;
  } else if (f.kind === "text" && (f.s.maxLength || 0) > 2000) {
    // room for a pasted document (a sheet as JSON or YAML): several lines, kept as typed
    input = html`<textarea id=${id} rows="8" maxlength=${f.s.maxLength} spellcheck="false" value=${value}
      onInput=${(e) => set(e.currentTarget.value)}></textarea>`;
  } else {
    const options = suggestionList(f, context, extraOptions);
    const listId = options.length ? `${id}-options` : undefined;
    input = html`<input id=${id} type=${f.kind === "number" ? "number" : "text"} value=${value}
        min=${f.s.minimum} max=${f.s.maximum} maxlength=${f.s.maxLength} list=${listId} aria-describedby=${about}
        required=${f.required} autocomplete="off" onInput=${(e) => set(e.currentTarget.value)} />
      ${options.length
        ? html`<datalist id=${listId}>${options.map((o) => html`<option value=${o.value} label=${o.label || undefined} />`)}</datalist>`
        : null}`;
  }
  return html`<div class=${`field ${f.kind}`}>
    <label for=${f.kind === "picks" ? undefined : id}>${label}${f.required ? html`<span class="req" aria-hidden="true"> *</span>` : null}${f.gmOnly
      ? html` <span class="gm-only" title="Players' forms do not show this field">(GM only)</span>`
      : null}</label>
    ${input}
    ${about ? html`<p class="about" id=${about}>${text(aboutText)}</p>` : null}
  </div>`;
}

// The payload less the fields left as the form drew them (at their schema's default): a field not
// sent takes the rules' own default, which may hang on another field, where one sent is a choice
// made. A Workshop sample brings its own sheet (the goons: six unnamed mooks of Health 5) and a
// Weaverdice weapon its stat, damage and range, each only for the fields not given: sent at the
// form's defaults, they were a named goon of Health 10 and a pistol swung in melee with Brawn.
export function changedOnly(payload, fields, values) {
  const left = new Set(fields.filter((f) => !f.required && values[f.name] === initial(f.kind, f.s)).map((f) => f.name));
  return Object.fromEntries(Object.entries(payload).filter(([name]) => !left.has(name)));
}

// The form: fixed fields as plain words, open fields as inputs, one submit.
export function SchemaForm({
  schema, fixed, idBase, submitLabel, onSubmit, context, extra = null, before = null, fieldsLabel = "", busy = false,
  preview = null, suggest = null, groups = false,
}) {
  const fields = openFields(schema, fixed, groups);
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((f) => [f.name, initial(f.kind, f.s)])));
  const [problem, setProblem] = useState("");

  function submit(event) {
    event.preventDefault();
    const [payload, issue] = collect(fields, values);
    setProblem(issue);
    if (!payload) return;
    // A form that was accepted starts afresh; a refused one keeps what was typed.
    Promise.resolve(onSubmit({ ...(fixed || {}), ...nested(changedOnly(payload, fields, values)) })).then((accepted) => {
      if (accepted) setValues(Object.fromEntries(fields.map((f) => [f.name, initial(f.kind, f.s)])));
    });
  }

  const shownFixed = Object.entries(fixed || {});
  const typed = () => ({ ...(fixed || {}), ...collect(fields.filter((f) => f.kind !== "boolean"), values, true)[0] });
  const one = (f) => html`<${Field} f=${f} value=${values[f.name]} idBase=${idBase} context=${context}
      extraOptions=${suggest ? suggest(f.name, typed()) || [] : []}
      set=${(v) => setValues({ ...values, [f.name]: v })} />`;
  // a block's fields together under its title and description (the campaign rules)
  const inputs = [];
  for (const f of fields) {
    const last = inputs[inputs.length - 1];
    if (!f.group) inputs.push(one(f));
    else if (last && last.group === f.group.name) last.fields.push(f);
    else inputs.push({ group: f.group.name, head: f.group, fields: [f] });
  }
  const drawn = inputs.map((x) => x.group
    ? html`<fieldset class="options-group"><legend>${x.head.label}</legend>
        ${x.head.about ? html`<p class="about">${x.head.about}</p>` : null}${x.fields.map(one)}</fieldset>`
    : x);
  return html`<form class="schema-form" onSubmit=${submit}>
    ${shownFixed.length
      ? html`<p class="fixed">${shownFixed.map(([k, v]) => html`<span class="chip">${k.replace(/_/g, " ")}: <bdi>${idWords(v, context)}</bdi></span>`)}</p>`
      : null}
    ${before}
    ${fieldsLabel && fields.length
      ? html`<details class="options-fields"><summary>${fieldsLabel}</summary>${drawn}</details>`
      : drawn}
    ${extra}
    ${preview ? preview(typed()) : null}
    ${problem ? html`<p class="error" role="alert">${problem}</p>` : null}
    <button type="submit" disabled=${busy}>${submitLabel || "Send"}</button>
  </form>`;
}
