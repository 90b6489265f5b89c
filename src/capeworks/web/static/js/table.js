// The table page: one seat's view of one table, live. Loads the projection and the
// whole visible log over REST, then follows the WebSocket from that version on;
// commands go out over REST and their entries are folded in by seq (never twice).
import { html, render, text, useState, useEffect, useRef, useCallback } from "./ui.js";
import { api, fullLog, ApiError, onUnauthorized } from "./api.js";
import { LogBook, Live } from "./live.js";
import { Panels } from "./panels.js";
import { Prompts, ActionMenu } from "./actions.js";
import { Log } from "./log.js";
import { DiceBox } from "./odds.js";
import { useTouch } from "./touches/index.js";
import { SeatsCard, seatsCardRole } from "./seats.js";

const tableId = decodeURIComponent(location.pathname.replace(/^\/t\//, "").replace(/\/$/, ""));

// An invite link carries its token in the fragment (#join=...): read it, take it out of the
// address bar at once, and exchange it (once) for this browser's session cookie below.
const joinToken = new URLSearchParams(location.hash.replace(/^#/, "")).get("join");
if (location.hash) history.replaceState(null, "", location.pathname + location.search);
// A link for this same table pasted into this page changes only the fragment: sit down afresh.
window.addEventListener("hashchange", () => {
  if (/(^#|&)join=/.test(location.hash)) location.reload();
});

const NEED_LINK = "This page needs your seat's invitation link: open the link the table's creator sent you.";
const BAD_LINK = [
  "This invitation link does not open a table here.",
  "It may be mistyped or cut short, already used (each link seats one browser, once), or replaced by a newer link.",
  "Ask the person who runs the table (the GM; at a table without a GM, whoever made it) for a new link.",
];

// The seat's link was replaced while this page was open (the GM made a new one, or the link was
// opened in another browser): the page no longer acts for the seat, and says so instead of its buttons.
const REPLACED = {
  title: "This seat's link was replaced",
  lines: [
    "This page no longer holds its seat: a new link was made for it (by the GM, or by whoever runs a table without one), or its link was opened in another browser.",
    "Nothing you do here reaches the table now. To sit down again, open the new link.",
  ],
};

const LEAVE_QUESTION =
  "Leave this table? This browser forgets your seat, and sitting down again needs a new link " +
  "from the GM (at a table without a GM, from whoever made it).";

// One seat a table per browser (its session cookie): a link opened where the browser already sits
// at this table would move it to the link's seat, and the seat it held would need a new link (a
// GM testing a table in two tabs lost the GM's seat). Asked first; "no" keeps the seat and leaves
// the link unspent, for another browser.
async function keepsSeat() {
  let held;
  try {
    held = (await api.seated(tableId)).seat;
  } catch (e) {
    return false; // the table is not reachable: sit down with the link (its own error will say why)
  }
  if (!held) return false; // not seated here: sit down with the link
  return !window.confirm(
    `This browser already sits at this table as ${held.name}${held.role === "gm" ? " (GM)" : ""}. ` +
      `Sit down with this link instead? ${held.name}'s seat would then need a new link. ` +
      "To hold two seats at once, open this link in another browser or a private window.",
  );
}

// Tell this browser's other pages of the table which seat it holds now, and hear of a change
// (another seat sat down, or the browser left the table).
const seatNews = typeof BroadcastChannel === "function" ? new BroadcastChannel("capeworks-seat") : null;
function followSeat(me, onMoved, onLeft) {
  if (!seatNews) return;
  seatNews.onmessage = (event) => {
    const news = event.data || {};
    if (news.table !== tableId) return;
    if (news.left) onLeft();
    else if (news.seat && news.seat.id !== me.id) onMoved(news.seat);
  };
  seatNews.postMessage({ table: tableId, seat: { id: me.id, name: me.name } });
}

// May this seat type in dice it rolled itself (the table's physical_dice setting)?
function mayGiveDice(projection) {
  const who = ((projection.settings || {}).physical_dice || "nobody").toLowerCase();
  return who === "everyone" || (who === "gm" && projection.me.role === "gm");
}

// The dice typed in as their faces, or the first word that is no die's face (a 0, a letter).
function parseDice(words) {
  const typed = words.split(/[\s,]+/).filter(Boolean);
  const bad = typed.find((w) => !/^[0-9]+$/.test(w) || Number(w) < 1);
  return bad === undefined ? { faces: typed.map(Number) } : { bad };
}

function Status({ status, version }) {
  const words = { live: "live", connecting: "connecting…", offline: "reconnecting…", refused: "closed" }[status] || status;
  return html`<span class=${`status ${status}`} role="status" aria-live="polite">${words} · version ${version}</span>`;
}

function App() {
  const book = useRef(new LogBook());
  const [projection, setProjection] = useState(null);
  const [entries, setEntries] = useState([]);
  const [status, setStatus] = useState("connecting");
  const [fatal, setFatal] = useState(null);
  const [notice, setNotice] = useState({ kind: "", words: "" });
  const [busy, setBusy] = useState(false);
  // The table's version after this page's latest accepted action: until the projection shows it,
  // the buttons drawn from the state before it stay disabled (a second click on a prompt already
  // answered would only be refused).
  const [reached, setReached] = useState(0);
  const [dice, setDice] = useState("");
  const schemas = useRef(new Map());
  const live = useRef(null);

  const refreshUndone = useCallback(async () => {
    const fresh = await fullLog(tableId);
    book.current.markUndone(fresh.entries);
    book.current.add(fresh.entries, fresh.version);
    setEntries([...book.current.entries]);
  }, []);

  // The seat's link was replaced: its socket closed with 4401, or any call was answered 401 once
  // seated (a command, a form's schema, the seats card, a log page). One page says so, for all.
  const replaced = useCallback(() => {
    onUnauthorized(null);
    if (live.current) live.current.close();
    // the seat's own new link, taken here, stays on the page (its socket may close after it came)
    setFatal((now) => (now && now.link ? now : REPLACED));
  }, []);

  // This seat took a new link for itself (to sit down in another browser): the page stops acting
  // for it and shows the link, the one place it is ever shown.
  const ownLink = useCallback((issued) => {
    onUnauthorized(null);
    if (live.current) live.current.close();
    setFatal({
      title: "Your seat has a new link",
      lines: [
        "This page no longer acts for your seat, and your old link no longer works.",
        "Open this link in the browser you move to (or here, to sit down again). It seats one browser, once:",
      ],
      link: new URL(issued.invite, location.origin).href,
    });
  }, []);

  // Another tab of this browser sat down here as another seat: the cookie, and so every call this
  // page makes, is that seat's now. One page says so rather than act as the other seat.
  const moved = useCallback((other) => {
    onUnauthorized(null);
    if (live.current) live.current.close();
    setFatal({
      title: "This browser now sits here as another seat",
      lines: [
        `Another tab of this browser sat down at this table as ${other.name}; this page no longer acts for its seat.`,
        "A browser holds one seat at a table: to be two seats at once, open the other link in another browser or a private window.",
      ],
    });
  }, []);

  // This browser left the table (here, or in another of its tabs: the cookie is gone for all).
  const left = useCallback(() => {
    onUnauthorized(null);
    if (live.current) live.current.close();
    setFatal({
      title: "You have left the table",
      lines: ["This browser no longer holds your seat.", "To sit down again, ask for a new invitation link."],
    });
  }, []);

  const fold = useCallback((incoming, version) => {
    const { changed, reverted } = book.current.add(incoming, version);
    if (changed) setEntries([...book.current.entries]);
    if (reverted) refreshUndone().catch(() => {});
  }, []);

  useEffect(() => {
    let stop = false;
    (async () => {
      let joined = !joinToken;
      if (joinToken && (await keepsSeat())) joined = true;
      else if (joinToken) {
        try {
          await api.startSession(tableId, joinToken);
          joined = true;
        } catch (e) {
          if (!(e instanceof ApiError && e.status === 401)) throw e;
        }
      }
      let seated = false;
      try {
        const first = await api.table(tableId);
        seated = true;
        onUnauthorized(replaced);
        followSeat(first.me, moved, left);
        if (!joined) setNotice({ kind: "error", words: "That invitation link was already used or replaced; this browser is still seated here." });
        const log = await fullLog(tableId);
        if (stop) return;
        setProjection(first);
        fold(log.entries, log.version);
        book.current.streamed = log.version;
        document.title = `${first.title || "Table"} · ${first.me.name} · capeworks`;
        live.current = new Live({
          tableId,
          book: book.current,
          onEntries: fold,
          // never back to a state older than one a fresh read already showed
          onState: (state) => setProjection((now) => (now && now.version > state.version ? now : state)),
          onStatus: (s, words) => {
            if (s === "replaced") {
              replaced();
              return;
            }
            setStatus(s);
            if (words) setNotice({ kind: "error", words });
          },
        });
        live.current.open();
      } catch (e) {
        if (seated && e instanceof ApiError && e.status === 401) return; // replaced() has said so
        if (!(e instanceof ApiError && e.status === 401)) setFatal({ title: "The table cannot open", lines: [e.message] });
        else if (joined) setFatal({ title: "The table cannot open", lines: [NEED_LINK] });
        else setFatal({ title: "This invitation link does not work", lines: BAD_LINK });
      }
    })();
    return () => {
      stop = true;
      onUnauthorized(null);
      if (live.current) live.current.close();
    };
  }, []);

  // "Done." fades after a moment; errors stay until the next action.
  useEffect(() => {
    if (notice.kind !== "ok") return undefined;
    const timer = setTimeout(() => setNotice({ kind: "", words: "" }), 2500);
    return () => clearTimeout(timer);
  }, [notice]);

  const schemaOf = useCallback((type) => {
    if (!schemas.current.has(type)) {
      const p = api.schema(tableId, type);
      p.catch(() => schemas.current.delete(type));
      schemas.current.set(type, p);
    }
    return schemas.current.get(type);
  }, []);

  // Send one command; answers whether it was accepted (the caller clears its form).
  const send = useCallback(
    async (command) => {
      const body = { type: command.type, payload: command.payload || {} };
      if (dice.trim()) {
        const { faces, bad } = parseDice(dice);
        if (bad !== undefined) {
          setNotice({
            kind: "error",
            words: `"${bad}" is not what a die shows: type each die you rolled as its number (1 or more), separated by spaces, e.g. 6 5 2.`,
          });
          return false;
        }
        body.dice = faces;
      }
      setBusy(true);
      try {
        const answer = await api.command(tableId, body);
        fold(answer.entries, answer.version);
        setReached(answer.version);
        setDice("");
        setNotice({ kind: "ok", words: "Done." });
        if (status !== "live") setProjection(await api.table(tableId));
        return true;
      } catch (e) {
        // a 401 (the link was replaced before this page's socket heard of it) went to replaced()
        if (!(e instanceof ApiError && e.status === 401)) setNotice({ kind: "error", words: e.message });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [dice, status],
  );

  // The socket brings the state after an action at once; should it lag, the page reads it afresh.
  const behind = projection != null && projection.version < reached;
  useEffect(() => {
    if (!behind) return undefined;
    const timer = setTimeout(() => {
      api.table(tableId).then((fresh) => setProjection((now) => (now && now.version > fresh.version ? now : fresh)), () => {});
    }, 1500);
    return () => clearTimeout(timer);
  }, [behind, reached]);

  const touch = useTouch(projection ? projection.ruleset : null);
  // Leaving cannot be taken back from this page (the seat needs a new link), so it is asked first.
  const leave = async () => {
    if (!window.confirm(LEAVE_QUESTION)) return;
    try {
      await api.leave(tableId);
    } catch (e) {
      setNotice({ kind: "error", words: e.message });
      return;
    }
    if (seatNews) seatNews.postMessage({ table: tableId, left: true });
    left();
  };

  if (fatal)
    return html`<main id="main" class="fatal"><h1>${fatal.title}</h1>
      <div role="alert">${fatal.lines.map((line) => html`<p>${line}</p>`)}</div>
      ${fatal.link ? html`<p class="issued"><a href=${fatal.link} rel="noopener noreferrer">${fatal.link}</a></p>` : null}
      <p><a href="/">Start a table of your own</a></p></main>`;
  if (!projection) return html`<p class="loading">Sitting down at the table…</p>`;

  const me = projection.me;
  const undo = (commandId) => send({ type: "undo", payload: { command_id: commandId } });
  return html`<div class="table-page">
    <header class="top">
      <h1 dir="auto">${text(projection.title) || "Untitled table"}</h1>
      <p class="who">
        <span class="system">${text(projection.ruleset_title) || projection.ruleset}</span>
        <span class="me">You are <strong><bdi>${text(me.name)}</bdi></strong>${me.role === "gm" ? " (GM)" : ""}</span>
        <${Status} status=${status} version=${projection.version} />
        <button type="button" class="leave" onClick=${leave} title="Forget this seat in this browser (for a shared computer)">Leave this table</button>
      </p>
      <p class="seats">${(projection.seats || []).map((s) => html`<span class=${`seat ${s.id === me.id ? "mine" : ""}`}><bdi>${text(s.name)}</bdi>${s.role === "gm" ? " · GM" : ""}</span>`)}</p>
    </header>
    <div class=${`notice ${notice.kind}`} role=${notice.kind === "error" ? "alert" : "status"}>${notice.words}</div>
    <main id="main" class="layout">
      <div class="col play">
        <${Prompts} projection=${projection} send=${send} busy=${busy || behind} touch=${touch} schemaOf=${schemaOf} />
        ${touch && touch.extra ? touch.extra(projection) : null}
        <${ActionMenu} projection=${projection} send=${send} busy=${busy || behind} schemaOf=${schemaOf} touch=${touch}
          onOpen=${() => setNotice((n) => (n.kind === "error" ? { kind: "", words: "" } : n))} />
        ${mayGiveDice(projection)
          ? html`<section class="card own-dice">
              <label for="own-dice">Dice I rolled at the table (optional; used by my next action)</label>
              <input id="own-dice" value=${dice} placeholder="e.g. 6 5 2" autocomplete="off" onInput=${(e) => setDice(e.currentTarget.value)} />
            </section>`
          : null}
        <${DiceBox} />
        ${seatsCardRole(projection) ? html`<${SeatsCard} tableId=${tableId} projection=${projection} onOwnLink=${ownLink} />` : null}
      </div>
      <div class="col state">
        <${Panels} panels=${projection.panels} touch=${touch} projection=${projection} />
      </div>
      <div class="col story">
        <${Log} entries=${entries} projection=${projection} touch=${touch} onUndo=${me.role === "gm" ? undo : null} busy=${busy || behind} />
      </div>
    </main>
  </div>`;
}

const root = document.getElementById("app");
root.textContent = "";
render(html`<${App} />`, root);
