// Per-system touches: optional drawings a ruleset's screen adds on top of the generic
// table (a pool builder, conflict cards). A ruleset without one plays with the
// generic page alone; each touch only reads the projection the seat was sent.
import { rwyn } from "./rwyn.js";
import { capes } from "./capes.js";
import { weaverdice } from "./weaverdice.js";

const TOUCHES = { rwyn, capes, weaverdice };

export function touchFor(ruleset) {
  return TOUCHES[ruleset] || null;
}
