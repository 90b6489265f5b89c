// The live log: each entry in the seat's own words, its rolls drawn as dice (given
// dice marked), undone entries struck through, and for the GM an undo per action.
import { html, text, seatName, useEffect, useRef } from "./ui.js";

// Whether a line's words already say who acted: the actor's name, or "The GM" for the GM's seat.
function namesActor(words, who, actor, projection) {
  if (words.includes(who)) return true;
  const seat = (projection.seats || []).find((s) => s.id === actor);
  return !!seat && seat.role === "gm" && /^The GM\b/.test(words);
}
import { Roll } from "./dice.js";

// Who sees a hidden entry, in words for this seat: a player sees only what is between them
// and the GM; the GM's private exchanges with one player (an undo request) are not "GM only".
const PRIVATE = new Set(["table.undo_requested", "table.undo_refused"]);
function secrecy(entry, isGm, projection) {
  if (!isGm) return "only you and the GM";
  if (!PRIVATE.has(entry.type)) return "GM only";
  const other = entry.type === "table.undo_requested" ? entry.seat : null;
  return other != null ? `you and ${seatName(projection.seats, other)}` : "you and the player";
}

// The number beside each entry: the GM's log is the table's, numbered by seq; a player's is
// numbered 1, 2, 3… in its own order, so no gap says a hidden entry sits there.
export function entryNumbers(entries, isGm) {
  return new Map(entries.map((e, i) => [e.seq, isGm ? e.seq : i + 1]));
}

// A revert names the action by the table's number: for a player, say it by the number their own
// log shows, or as "an action" when that action was never theirs to see.
const LOGGED_AT = /the action logged at #(\d+)/;
function ownWords(entry, numbers, isGm) {
  const words = text(entry.text);
  if (isGm || entry.type !== "table.reverted") return words;
  return words.replace(LOGGED_AT, (_, seq) =>
    numbers.has(Number(seq)) ? `the action logged at #${numbers.get(Number(seq))}` : "an action",
  );
}

function Entry({ entry, number, numbers, projection, touch, onUndo, busy }) {
  const parts = entry.parts || {};
  const actor = parts.actor != null ? parts.actor : entry.seat;
  const isGm = projection.me.role === "gm";
  // The actor's name, unless the words already say who acted ("" names no seat: the rules speak).
  const who = actor ? seatName(projection.seats, actor) : "";
  const toneOf = touch && touch.rollTone ? (roll, face) => touch.rollTone(roll, face, projection) : null;
  const cls = `entry ${entry.undone ? "undone" : ""} ${parts.hidden ? "secret" : ""}`;
  return html`<li class=${cls} data-seq=${entry.seq} data-type=${entry.type}>
    <span class="seq" aria-hidden="true">#${number}</span>
    <div class="body">
      <p>
        ${who && !namesActor(text(entry.text), who, actor, projection)
          ? html`<span class="actor"><bdi>${who}</bdi>:</span> `
          : null}
        <span class="text" dir="auto">${ownWords(entry, numbers, isGm)}</span>
        ${parts.hidden ? html` <span class="badge secret-badge">${secrecy(entry, isGm, projection)}</span>` : null}
        ${entry.undone ? html` <span class="badge undone-badge">undone</span>` : null}
      </p>
      ${(parts.rolls || []).map((r) => html`<${Roll} roll=${r} toneOf=${toneOf} />`)}
    </div>
    ${isGm && onUndo && !entry.undone && entry.command_id > 0 && !entry.type.startsWith("table.") && entry.lastOfCommand
      ? html`<button type="button" class="small" disabled=${busy} onClick=${() => onUndo(entry.command_id)}
          aria-label=${`Undo action #${entry.seq}`}>undo</button>`
      : null}
  </li>`;
}

export function Log({ entries, projection, touch, onUndo, busy }) {
  const end = useRef(null);
  const count = entries.length;
  useEffect(() => {
    if (end.current) end.current.scrollTop = end.current.scrollHeight;
  }, [count]);
  // The engine undoes only the latest action still in effect: offer it there, on its last entry.
  let latest = 0;
  for (const e of entries) if (e.command_id > latest && !e.undone && !e.type.startsWith("table.")) latest = e.command_id;
  const last = new Map();
  for (const e of entries) if (e.command_id === latest) last.set(e.command_id, e.seq);
  const numbers = entryNumbers(entries, projection.me.role === "gm");
  return html`<section class="card log" aria-labelledby="log-title">
    <h2 id="log-title">Log</h2>
    <ol class="entries" ref=${end} aria-live="polite" aria-relevant="additions" tabindex="0">
      ${entries.map((e) => html`<${Entry} key=${e.seq} entry=${{ ...e, lastOfCommand: last.get(e.command_id) === e.seq }}
        number=${numbers.get(e.seq)} numbers=${numbers} projection=${projection} touch=${touch} onUndo=${onUndo} busy=${busy} />`)}
    </ol>
  </section>`;
}
