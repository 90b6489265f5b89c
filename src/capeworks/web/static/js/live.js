// Following a table live: the log as a list without gaps or repeats, kept in step
// over the WebSocket, resuming from the last version seen after any disconnect
// (docs/web.md, "WebSocket"). Entries are keyed by seq, so a message that arrives
// twice (a REST answer and the stream, or a resume) is folded in once.

export const REVERTED = "table.reverted";

export class LogBook {
  constructor() {
    this.entries = [];
    this.seqs = new Set();
    this.version = 0;
    // The version the stream has delivered everything up to: where a reconnect resumes.
    // (A REST answer may carry a later version while the stream still owes earlier
    // entries of other seats, so it never moves this mark.)
    this.streamed = 0;
  }

  // Fold in entries up to ``version``; answers whether anything changed and whether
  // an undo arrived (then the caller re-reads which entries are undone from REST,
  // which always reports ``undone`` as of now).
  add(entries, version) {
    let changed = false;
    let reverted = false;
    for (const entry of entries || []) {
      if (this.seqs.has(entry.seq)) continue;
      this.seqs.add(entry.seq);
      this.entries.push(entry);
      changed = true;
      if (entry.type === REVERTED) reverted = true;
    }
    if (changed) this.entries.sort((a, b) => a.seq - b.seq);
    if (typeof version === "number" && version > this.version) {
      this.version = version;
      changed = true;
    }
    return { changed, reverted };
  }

  // Replace the undone marks with the server's (after a revert).
  markUndone(fresh) {
    const undone = new Map(fresh.map((e) => [e.seq, e.undone]));
    for (const e of this.entries) if (undone.has(e.seq)) e.undone = undone.get(e.seq);
  }
}

// How long to wait before reconnect attempt ``n`` (0 = the first after a drop): at once, since
// most drops are a blip (a proxy, a sleeping laptop's wifi); then 0.25, 0.5, 1 and at most
// 2 seconds, so a restarted server is found within about two seconds of being back.
export const RETRY_MS = [0, 250, 500, 1000, 2000];
export function retryDelay(n) {
  return RETRY_MS[Math.min(n, RETRY_MS.length - 1)];
}

// Apply an ``update`` message's changes to the state the socket last gave (server/delta.py):
// each is [path, value] (set; an empty path replaces the whole state) or [path] (remove a key).
// The containers along a changed path are copied, so what did not change keeps its identity
// and the old state is left as it was.
export function applyChanges(state, changes) {
  const root = [state];
  const copied = new Set();
  for (const change of changes) {
    const path = change[0];
    let holder = root;
    let key = 0;
    for (const step of path) {
      let node = holder[key];
      if (!copied.has(node)) {
        node = Array.isArray(node) ? node.slice() : { ...node };
        holder[key] = node;
        copied.add(node);
      }
      holder = node;
      key = step;
    }
    if (change.length > 1) holder[key] = change[1];
    else delete holder[key];
  }
  return root[0];
}

// One WebSocket to the table, reopened with ?since=<last version> when it drops. It asks for
// ``update`` messages (?delta=1): after the backlog's whole state, each change comes as one
// message of new entries and what changed in this seat's projection.
export class Live {
  constructor({ tableId, book, onEntries, onState, onStatus }) {
    this.tableId = tableId;
    this.book = book;
    this.onEntries = onEntries;
    this.onState = onState;
    this.onStatus = onStatus;
    this.socket = null;
    this.attempt = 0;
    this.closed = false;
    this.timer = null;
    // the browser says the network is back: try now rather than at the next back-off step
    this.online = () => {
      if (this.socket || this.closed || this.timer == null) return;
      clearTimeout(this.timer);
      this.timer = null;
      this.open();
    };
    window.addEventListener("online", this.online);
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const id = encodeURIComponent(this.tableId);
    return `${scheme}//${location.host}/api/tables/${id}/ws?delta=1&since=${this.book.streamed}`;
  }

  open() {
    this.timer = null;
    if (this.closed) return;
    this.onStatus("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    // the state this socket's updates change: none until its backlog's whole state has come
    let state = null;
    socket.onopen = () => this.onStatus("live");
    socket.onmessage = (event) => {
      // the server answered (its backlog comes first): the back-off starts afresh. A socket that
      // opens and drops at once (a proxy) keeps backing off instead of retrying in a tight loop.
      this.attempt = 0;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "entries") {
        this.onEntries(message.entries, message.version);
        if (message.version > this.book.streamed) this.book.streamed = message.version;
      }
      else if (message.type === "state") {
        state = message;
        this.onState(message);
      }
      else if (message.type === "update") {
        this.onEntries(message.entries, message.version);
        if (message.version > this.book.streamed) this.book.streamed = message.version;
        if (state) {
          state = applyChanges(state, message.changes);
          this.onState(state);
        }
      }
      else if (message.type === "error" && message.ref == null) {
        // the database is down or busy: not a refusal, the socket closes with 1013 and comes back
        this.onStatus(message.error === "store_unavailable" ? "offline" : "refused", message.message);
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) return;
      // 4401: the seat's link was replaced (its token no longer opens the table); 4403: another
      // site asked; 1013 (try again later: the database is down) and every other close keep
      // reconnecting, backing off
      if (event.code === 4401) {
        this.onStatus("replaced");
        return;
      }
      if (event.code === 4403) {
        this.onStatus("refused", "This seat's invitation no longer opens the table.");
        return;
      }
      this.onStatus("offline");
      this.timer = setTimeout(() => this.open(), retryDelay(this.attempt));
      this.attempt += 1;
    };
  }

  close() {
    this.closed = true;
    window.removeEventListener("online", this.online);
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }
}
