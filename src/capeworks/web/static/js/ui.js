// The one place the vendored view library is imported: Preact with htm templates.
// Text placed in a template is always a text node or a property, never parsed as
// HTML, so user text is escaped by construction: no script here parses a string as markup.
import { h, render, Fragment } from "../vendor/preact.module.js";
import { useState, useEffect, useRef, useMemo, useCallback } from "../vendor/preact-hooks.module.js";
import htm from "../vendor/htm.module.js";

export const html = htm.bind(h);
export { h, render, Fragment, useState, useEffect, useRef, useMemo, useCallback };

// A seat's display name from the projection's seats, falling back to the id.
export function seatName(seats, id) {
  if (id == null) return "the table";
  const seat = (seats || []).find((s) => s.id === id);
  return seat ? seat.name : String(id);
}

// Cells and labels are data: coerce anything to a plain string for a text node.
export function text(value) {
  if (value == null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}
