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

// One WebSocket to the table, reopened with ?since=<last version> when it drops.
export class Live {
  constructor({ tableId, book, onEntries, onState, onStatus }) {
    this.tableId = tableId;
    this.book = book;
    this.onEntries = onEntries;
    this.onState = onState;
    this.onStatus = onStatus;
    this.socket = null;
    this.delay = 250;
    this.closed = false;
    this.timer = null;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const id = encodeURIComponent(this.tableId);
    return `${scheme}//${location.host}/api/tables/${id}/ws?since=${this.book.streamed}`;
  }

  open() {
    if (this.closed) return;
    this.onStatus("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.onopen = () => {
      this.delay = 250;
      this.onStatus("live");
    };
    socket.onmessage = (event) => {
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
      else if (message.type === "state") this.onState(message);
      else if (message.type === "error" && message.ref == null) {
        // the database is down or busy: not a refusal, the socket closes with 1013 and comes back
        this.onStatus(message.error === "store_unavailable" ? "offline" : "refused", message.message);
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) return;
      // 4401/4403: the seat's link no longer opens the table, or another site asked; 1013 (try
      // again later: the database is down) and every other close keep reconnecting, backing off
      if (event.code === 4401 || event.code === 4403) {
        this.onStatus("refused", "This seat's invitation no longer opens the table.");
        return;
      }
      this.onStatus("offline");
      this.timer = setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }
}
