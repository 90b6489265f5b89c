// The one place the vendored view library is imported: Preact with htm templates.
// Text placed in a template is always a text node or a property, never parsed as
// HTML, so user text is escaped by construction: no script here parses a string as markup.
import { h, render, Fragment } from "../vendor/preact.module.js";
import { useState, useEffect, useRef, useMemo, useCallback } from "../vendor/preact-hooks.module.js";
import htm from "../vendor/htm.module.js";

export const html = htm.bind(h);
export { h, render, Fragment, useState, useEffect, useRef, useMemo, useCallback };

// Explicit bidi embeddings, overrides and isolates (U+202A-E, U+2066-9): user text never
// steers the direction of the words around it (a right-to-left override in a name would
// reverse the rest of a log line). Names are also drawn in <bdi>, so a right-to-left name
// keeps its own order without moving its neighbours.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

// A seat's display name from the projection's seats, falling back to the id.
export function seatName(seats, id) {
  if (id == null) return "the table";
  const seat = (seats || []).find((s) => s.id === id);
  return text(seat ? seat.name : String(id));
}

// Cells and labels are data: coerce anything to a plain string for a text node.
export function text(value) {
  if (value == null) return "";
  if (typeof value === "string") return value.replace(BIDI_CONTROLS, "");
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value).replace(BIDI_CONTROLS, "");
}

// A person's or character's name as text isolated from the words around it.
export function Name({ children }) {
  return html`<bdi>${text(children)}</bdi>`;
}

// What an id in a command's fixed fields stands for: a seat's name, or the name of the
// character (or other named thing) of that id in the seat's view; else the id itself.
export function idWords(value, projection) {
  if (typeof value !== "string" || !projection) return text(value);
  const seat = (projection.seats || []).find((s) => s.id === value);
  if (seat) return text(seat.name);
  const view = projection.view || {};
  const state = view.state || view;
  for (const found of Object.values(state || {})) {
    if (!found || typeof found !== "object" || Array.isArray(found)) continue;
    const item = found[value];
    if (!item || typeof item !== "object") continue;
    const name = item.name || (item.sheet && item.sheet.name) || (item.character && item.character.name);
    if (typeof name === "string" && name) return text(name);
  }
  return text(value);
}
