// Per-system touches: optional drawings a ruleset's screen adds on top of the generic
// table (a pool builder, conflict cards). Each comes from the ruleset's own package
// (its `capeworks.web` entry point): the server lists them at /rulesets/touches.json
// and the page imports the one for its table. A ruleset without one plays with the
// generic page alone; each touch only reads the projection the seat was sent.
import { useEffect, useState } from "../ui.js";

let listed = null;
const loaded = {};

function touchList() {
  if (!listed) {
    listed = fetch("/rulesets/touches.json", { headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? r.json() : {}))
      .catch(() => ({}));
  }
  return listed;
}

// The touch of `ruleset`, or null when it has none (or it cannot be loaded).
export function loadTouch(ruleset) {
  if (!(ruleset in loaded)) {
    loaded[ruleset] = touchList().then(async (urls) => {
      if (!urls[ruleset]) return null;
      try {
        const module = await import(urls[ruleset]);
        return module.touch || null;
      } catch (e) {
        console.warn(`The ${ruleset} touch cannot be loaded: ${e.message}`);
        return null;
      }
    });
  }
  return loaded[ruleset];
}

// A hook: the touch of `ruleset` once it has loaded (null until then, or for none).
export function useTouch(ruleset) {
  const [touch, setTouch] = useState(null);
  useEffect(() => {
    let live = true;
    if (ruleset) loadTouch(ruleset).then((t) => live && setTouch(() => t));
    return () => {
      live = false;
    };
  }, [ruleset]);
  return touch;
}
