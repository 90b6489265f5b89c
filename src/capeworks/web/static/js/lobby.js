// The lobby: start a table of any registered system, name its seats, and hand out
// the invite links the server returns (once). The rules options are a form drawn
// from the system's own config schema.
import { html, render, useState, useEffect } from "./ui.js";
import { api } from "./api.js";
import { SchemaForm } from "./schema-form.js";

function defaultSeats(hasGm) {
  return hasGm
    ? [{ id: "gm", name: "Game master", role: "gm" }, { id: "p1", name: "Player one", role: "player" }, { id: "p2", name: "Player two", role: "player" }]
    : [{ id: "p1", name: "Player one", role: "player" }, { id: "p2", name: "Player two", role: "player" }, { id: "p3", name: "Player three", role: "player" }];
}

// The first of p1, p2, … no seat has: counting the seats repeated one after a removal ("p3 is
// already taken" from the server, for a seat the lobby named itself).
function freeId(seats) {
  const taken = new Set(seats.map((s) => s.id));
  let n = 1;
  while (taken.has(`p${n}`)) n += 1;
  return `p${n}`;
}

function SeatRows({ seats, setSeats, hasGm }) {
  const change = (i, key, value) => setSeats(seats.map((s, j) => (j === i ? { ...s, [key]: value } : s)));
  return html`<fieldset class="seats-editor"><legend>Seats</legend>
    <table><thead><tr><th scope="col">Id (short, no spaces)</th><th scope="col">Name</th><th scope="col">Role</th><th scope="col"><span class="sr">Remove</span></th></tr></thead>
    <tbody>${seats.map((s, i) => html`<tr>
      <td><input aria-label=${`Seat ${i + 1} id`} value=${s.id} pattern="[A-Za-z0-9_.\\-]+" maxlength="64" required onInput=${(e) => change(i, "id", e.currentTarget.value)} /></td>
      <td><input aria-label=${`Seat ${i + 1} name`} value=${s.name} maxlength="80" required onInput=${(e) => change(i, "name", e.currentTarget.value)} /></td>
      <td><select aria-label=${`Seat ${i + 1} role`} value=${s.role} onChange=${(e) => change(i, "role", e.currentTarget.value)}>
        <option value="player">player</option>${hasGm ? html`<option value="gm">GM</option>` : null}</select></td>
      <td><button type="button" class="small" aria-label=${`Remove seat ${i + 1}`} onClick=${() => setSeats(seats.filter((_, j) => j !== i))}>remove</button></td>
    </tr>`)}</tbody></table>
    <button type="button" class="small" onClick=${() => setSeats([...seats, { id: freeId(seats), name: "", role: "player" }])}>Add a seat</button>
  </fieldset>`;
}

function Created({ table }) {
  const origin = location.origin;
  return html`<section class="card created" aria-labelledby="created-title">
    <h2 id="created-title">The table is ready</h2>
    <p>Send each person their own link: it is their seat's key, shown only this once.</p>
    <ul class="invites">${table.seats.map((s) => {
      const link = new URL(s.invite, origin).href;
      return html`<li><strong><bdi>${s.name}</bdi></strong>${s.role === "gm" ? " (GM)" : ""}:${" "}
        <a href=${link} target="_blank" rel="noopener noreferrer" data-seat=${s.id}>${link}</a></li>`;
    })}</ul>
  </section>`;
}

// Bring back a table from a downloaded file (the GM's; at Capes, any seat's): a new table, new links.
function ImportTable({ done, operator }) {
  const [problem, setProblem] = useState("");
  async function chosen(event) {
    const file = event.currentTarget.files && event.currentTarget.files[0];
    if (!file) return;
    let document;
    try {
      document = JSON.parse(await file.text());
    } catch {
      setProblem("That file is not a table download: it is not JSON.");
      return;
    }
    try {
      done(await api.importTable(document, operator));
      setProblem("");
    } catch (e) {
      setProblem(e.message);
    }
  }
  return html`<section class="card import" aria-labelledby="import-title">
    <h2 id="import-title">Or bring back a table</h2>
    <label for="import-file">A downloaded table (a .json file, from its GM, or at Capes from any seat); it comes back as a new table with new links</label>
    <input id="import-file" type="file" accept=".json,application/json" onChange=${chosen} />
    ${problem ? html`<p class="error" role="alert">${problem}</p>` : null}
  </section>`;
}

function Lobby() {
  const [systems, setSystems] = useState(null);
  const [problem, setProblem] = useState("");
  const [name, setName] = useState("");
  const [title, setTitle] = useState("");
  const [seats, setSeats] = useState([]);
  const [dice, setDice] = useState("everyone");
  const [created, setCreated] = useState(null);
  const [busy, setBusy] = useState(false);
  // asked for only when the server says starting a table needs its operator's token
  const [operator, setOperator] = useState(null);

  useEffect(() => {
    api.rulesets().then((list) => {
      setSystems(list);
      if (list.length) pick(list[0]);
    }, (e) => setProblem(e.message));
  }, []);

  function pick(system) {
    setName(system.name);
    setSeats(defaultSeats(system.has_gm));
  }

  async function start(config) {
    setBusy(true);
    try {
      setCreated(await api.createTable({ ruleset: name, title, config, seats, settings: { physical_dice: dice } }, operator || ""));
      setProblem("");
    } catch (e) {
      if (e.status === 401 && operator === null) setOperator("");
      setProblem(e.message);
    } finally {
      setBusy(false);
    }
  }

  if (!systems) return html`<main id="main"><h1>capeworks</h1><p class="loading">${problem || "Loading the systems…"}</p></main>`;
  const system = systems.find((s) => s.name === name);
  const before = html`
    ${operator !== null
      ? html`<div class="field"><label for="creation-token">This server's creation token (ask its operator)</label>
          <input id="creation-token" type="password" autocomplete="off" value=${operator} onInput=${(e) => setOperator(e.currentTarget.value)} /></div>`
      : null}
    <div class="field"><label for="table-title">Table title</label>
      <input id="table-title" value=${title} maxlength="120" placeholder="Friday night heroes" onInput=${(e) => setTitle(e.currentTarget.value)} /></div>
    <${SeatRows} seats=${seats} setSeats=${setSeats} hasGm=${system && system.has_gm} />
    <div class="field"><label for="physical-dice">Who may type in dice rolled at the table</label>
      <select id="physical-dice" value=${dice} onChange=${(e) => setDice(e.currentTarget.value)}>
        <option value="nobody">nobody: the table rolls</option><option value="gm">the GM</option><option value="everyone">everyone</option>
      </select></div>`;
  return html`<main id="main" class="lobby">
    <h1>capeworks: start a table</h1>
    <div class="field"><label for="system">System</label>
      <select id="system" value=${name} onChange=${(e) => pick(systems.find((s) => s.name === e.currentTarget.value))}>
        ${systems.map((s) => html`<option value=${s.name}>${s.title}</option>`)}
      </select></div>
    ${system
      ? html`<${SchemaForm} key=${system.name} schema=${system.config_schema || {}} fixed=${{}} idBase="config" busy=${busy} groups=${true}
          submitLabel="Start the table" fieldsLabel="Rules options (left blank: the book's)" before=${before} onSubmit=${start} />`
      : null}
    ${problem ? html`<p class="error" role="alert">${problem}</p>` : null}
    ${created ? html`<${Created} table=${created} />` : null}
    <${ImportTable} done=${setCreated} operator=${operator || ""} />
  </main>`;
}

const root = document.getElementById("app");
root.textContent = "";
render(html`<${Lobby} />`, root);
