// REST calls to the capeworks server (docs/web.md). The seat is the session cookie's
// (HttpOnly, so scripts never hold it); every error comes back as the server's
// one-sentence message so the page can show it as it is. Every call carries the
// X-Capeworks header: the server refuses cookie-carrying changes without it, which
// no other site's page can make a browser send.

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `The server answered ${status}.`);
    this.status = status;
    this.code = (body && body.error) || "error";
    this.field = (body && body.field) || null;
  }
}

// Who hears of a 401 first: the table page, once it holds its seat, turns any call answered 401
// (its seat's link was replaced, docs/web.md) into one page that says so; the caller still gets
// the error. Null on the lobby and while a table page is still sitting down.
let unauthorized = null;

// Route every later 401 to ``handler`` (null: no longer).
export function onUnauthorized(handler) {
  unauthorized = handler;
}

// Send one request; answers the response when it is ok, else throws its ApiError (a 401 heard
// by ``onUnauthorized`` first).
async function request(method, path, body, headers = {}) {
  const init = { method, credentials: "same-origin", headers: { Accept: "application/json", "X-Capeworks": "1", ...headers } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, { error: "offline", message: "The server cannot be reached; check the connection." });
  }
  if (!response.ok) {
    const error = new ApiError(response.status, await readJson(response));
    if (response.status === 401 && unauthorized) unauthorized(error);
    throw error;
  }
  return response;
}

async function readJson(response) {
  const type = response.headers.get("Content-Type") || "";
  return type.includes("json") ? response.json() : null;
}

async function call(method, path, body, headers = {}) {
  return readJson(await request(method, path, body, headers));
}

const enc = encodeURIComponent;

export const api = {
  rulesets: () => call("GET", "/api/rulesets"),
  // ``operator``: the server's creation token, when its operator set one (docs/web.md)
  createTable: (body, operator = "") => call("POST", "/api/tables", body, operator ? { "X-Creation-Token": operator } : {}),
  importTable: (document, operator = "") =>
    call("POST", "/api/tables/import", document, operator ? { "X-Creation-Token": operator } : {}),
  table: (id) => call("GET", `/api/tables/${enc(id)}`),
  log: (id, since, limit) => call("GET", `/api/tables/${enc(id)}/log?since=${since}&limit=${limit}`),
  command: (id, body) => call("POST", `/api/tables/${enc(id)}/commands`, body),
  schema: (id, type) => call("GET", `/api/tables/${enc(id)}/commands/${enc(type)}/schema`),
  addSeat: (id, seat) => call("POST", `/api/tables/${enc(id)}/seats`, seat),
  // does this browser's session cookie hold a seat here? {seated, seat: {id, name, role} | null}
  // (not seated is an answer, never a 401: a newcomer's console stays clean)
  seated: (id) => call("GET", `/api/tables/${enc(id)}/session`),
  startSession: (id, token) => call("POST", `/api/tables/${enc(id)}/session`, { token }),
  leave: (id) => call("POST", `/api/tables/${enc(id)}/leave`),
  revoke: (id, seat) => call("POST", `/api/tables/${enc(id)}/seats/${enc(seat)}/revoke`),
  // the export document as the server wrote it, to be saved as a file: read first, so a refusal
  // (a replaced link's 401) is never what gets saved
  exportTable: async (id) => (await request("GET", `/api/tables/${enc(id)}/export`)).blob(),
  // the likeliest ``outcomes`` outcomes of a wide distribution (the server summarises the rest)
  // and, when not all are listed, the shape of the middle 98% in ``bins`` runs (drawn instead)
  odds: (expr, outcomes = 61, bins = 40) =>
    call("GET", `/api/dice/odds?expr=${enc(expr)}&outcomes=${outcomes}&bins=${bins}`),
  roll: (expr) => call("GET", `/api/dice/roll?expr=${enc(expr)}`),
  // a ruleset's preview (its pool, the odds of each answer), worked out by its rules on the server
  preview: (ruleset, body) => call("POST", `/rulesets/${enc(ruleset)}/preview`, body),
};

// The whole visible log from version 0, page by page (the server caps a page).
export async function fullLog(id) {
  const entries = [];
  let since = 0;
  for (;;) {
    const page = await api.log(id, since, 1000);
    entries.push(...page.entries);
    if (page.entries.length < 1000) return { version: page.version, entries };
    since = page.entries[page.entries.length - 1].seq;
  }
}
