// The seats card: invite another seat, give a seat a new link (its old one stops working at
// once, and its open pages close), and download the whole table. The GM's; at a table without a
// GM (Capes), every seat's for inviting and its first seat's for new links, as the server allows;
// the download wherever the projection says the seat may (`may_export`: the GM, or any seat where
// the rule set keeps nothing from anyone, as at Capes). A player at a GM's table sees who sits
// where (as the header does: nothing more) and whom to ask for a link. Every seat may take a new
// link for itself, to sit down in another browser (docs/web.md: "every seat its own").
// New links for others are shown once, here, to send on; one's own, on the page this one becomes.
import { html, text, useState } from "./ui.js";
import { api, ApiError } from "./api.js";

function Link({ issued }) {
  const link = new URL(issued.invite, location.origin).href;
  return html`<p class="issued" role="status">New link for <strong>${text(issued.name)}</strong>:${" "}
    <a href=${link} target="_blank" rel="noopener noreferrer" data-seat=${issued.id}>${link}</a></p>`;
}

// What this seat may do with seats and links (docs/web.md, "Replacing a link"): "gm"; at a table
// without a GM, "first" (the seat that made it: invite, and replace any link) or "seated"
// (invite); "player" at a GM's table (its own link only: the GM seats people and replaces links).
export function seatsCardRole(projection) {
  const seats = projection.seats || [];
  if (projection.me.role === "gm") return "gm";
  if (seats.some((s) => s.role === "gm")) return "player";
  return seats.length && seats[0].id === projection.me.id ? "first" : "seated";
}

// A new link for one's own seat: asked first, as this page stops acting for the seat at once.
// ``onOwnLink`` gets the new link (the page then shows it in place of the table).
function MoveSeat({ tableId, me, busy, run, onOwnLink }) {
  async function move() {
    if (!window.confirm(MOVE_QUESTION)) return;
    await run(async () => {
      const issued = await api.revoke(tableId, me.id);
      onOwnLink({ ...issued, name: me.name });
      return issued;
    }, me.name);
  }
  return html`<details class="move-seat">
    <summary>Sit down in another browser</summary>
    <p class="hint">A new link for your own seat: your old one stops working, and this page stops acting for you at once. Open the new link in the browser you move to (or here again).</p>
    <button type="button" class="small" disabled=${busy} onClick=${move}>A new link for me</button>
  </details>`;
}

const MOVE_QUESTION =
  "Take a new link for your seat? This page stops acting for you at once; the new link, shown next, " +
  "seats whichever browser opens it.";

export function SeatsCard({ tableId, projection, onOwnLink }) {
  const [issued, setIssued] = useState(null);
  const [problem, setProblem] = useState("");
  const [seat, setSeat] = useState({ id: "", name: "", role: "player" });
  const [busy, setBusy] = useState(false);

  // Ask for a link; show it with the name of the person it is for.
  async function run(work, name) {
    setBusy(true);
    try {
      setIssued({ ...(await work()), name });
      setProblem("");
      return true;
    } catch (e) {
      setProblem(e.message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function invite(event) {
    event.preventDefault();
    const named = { ...seat };
    if (await run(() => api.addSeat(tableId, named), named.name)) setSeat({ id: "", name: "", role: "player" });
  }

  // The export is read before anything is saved: a refusal is said here (or, a 401, by the page
  // saying the link was replaced), never saved as if it were the table.
  async function download() {
    setBusy(true);
    try {
      const url = URL.createObjectURL(await api.exportTable(tableId));
      const save = document.createElement("a");
      save.href = url;
      save.download = `table-${tableId}.json`;
      document.body.append(save);
      save.click();
      save.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setProblem("");
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 401)) setProblem(e.message);
    } finally {
      setBusy(false);
    }
  }

  const me = projection.me;
  const seats = projection.seats || [];
  const others = seats.filter((s) => s.id !== me.id);
  const isGm = me.role === "gm";
  const role = seatsCardRole(projection);
  const move = html`<${MoveSeat} tableId=${tableId} me=${me} busy=${busy} run=${run} onOwnLink=${onOwnLink} />`;
  if (role === "player") {
    // a player at a GM's table: who sits where, and whom to ask; the GM holds every other link
    const gm = seats.find((s) => s.role === "gm");
    return html`<section class="card seats-card" aria-labelledby="seats-title">
      <h2 id="seats-title">Seats and links</h2>
      <ul class="seat-list">
        ${seats.map((s) => html`<li><bdi>${text(s.name)}</bdi>${s.role === "gm" ? " (GM)" : ""}${s.id === me.id ? " (you)" : ""}</li>`)}
      </ul>
      <p class="hint">A lost link, or a seat for someone new: ask <bdi>${text(gm.name)}</bdi>, the GM.</p>
      ${move}
      ${problem ? html`<p class="error" role="alert">${problem}</p>` : null}
    </section>`;
  }
  // who may replace another seat's link: the GM; at a table without one, its first seat
  const replaces = isGm || role === "first";
  return html`<section class="card seats-card" aria-labelledby="seats-title">
    <h2 id="seats-title">Seats and links</h2>
    ${replaces
      ? html`<ul class="seat-list">
          ${others.map((s) => html`<li><bdi>${text(s.name)}</bdi>${s.role === "gm" ? " (GM)" : ""}${" "}
            <button type="button" class="small" disabled=${busy} aria-label=${`New link for ${s.name}`}
              onClick=${() => run(() => api.revoke(tableId, s.id), s.name)}>new link</button></li>`)}
        </ul>
        <p class="hint">A new link stops the old one at once.</p>`
      : html`<p class="hint">A lost or leaked link is replaced by ${text((projection.seats || [])[0].name)}, who made the table.</p>`}
    <details>
      <summary>Invite another seat</summary>
      <form class="schema-form" onSubmit=${invite}>
        <div class="field"><label for="new-seat-id">Id (short, no spaces)</label>
          <input id="new-seat-id" value=${seat.id} required maxlength="64" pattern="[A-Za-z0-9_.\\-]+"
            onInput=${(e) => setSeat({ ...seat, id: e.currentTarget.value })} /></div>
        <div class="field"><label for="new-seat-name">Name</label>
          <input id="new-seat-name" value=${seat.name} required maxlength="80"
            onInput=${(e) => setSeat({ ...seat, name: e.currentTarget.value })} /></div>
        <button type="submit" disabled=${busy}>Invite</button>
      </form>
    </details>
    ${move}
    ${problem ? html`<p class="error" role="alert">${problem}</p>` : null}
    ${issued ? html`<${Link} issued=${issued} />` : null}
    ${projection.may_export
      ? html`<p><button type="button" class="small" disabled=${busy} onClick=${download}>Download the whole table${isGm ? " (secrets included)" : ""}</button></p>`
      : null}
  </section>`;
}
