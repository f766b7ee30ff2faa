/**
 * What a `SchemaRegistry` holds, what it answers while recording, and the
 * replay of a recording on another registry: watch mode takes an operation
 * built before over, with the components it made, when the registry gives
 * the same answers now (the same types assumed).
 *
 * @module
 */

import type { Json } from "./schema_json.ts";

/** What a registry holds: the components registered so far. */
export interface RegistryState {
  /** Schema name per identity (what the schema stands for). */
  readonly names: Map<string, string>;
  /** Names given. */
  readonly taken: Set<string>;
  /** Schema per name. */
  readonly schemas: Map<string, Json>;
}

/**
 * What a registry answered while recording: a component already known, or
 * one it made (its schema filled in once made).
 */
export type RegistryEvent =
  | { readonly made: false; readonly identity: string; readonly name: string }
  | {
    readonly made: true;
    readonly identity: string;
    readonly preferred: string;
    readonly name: string;
    json?: Json;
  };

/**
 * Registers in `state` what `events` made, if `state` gives every answer the
 * recording got (the same name for each component it knew, the same free
 * name for each it made); else changes nothing and returns false.
 */
export function replayEvents(
  events: readonly RegistryEvent[],
  state: RegistryState,
): boolean {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const event of events) {
    const known = names.get(event.identity) ?? state.names.get(event.identity);
    if (!event.made) {
      if (known !== event.name) return false;
      continue;
    }
    if (known !== undefined) return false;
    let name = event.preferred;
    for (let n = 2; state.taken.has(name) || taken.has(name); n++) {
      name = `${event.preferred}_${n}`;
    }
    if (name !== event.name) return false;
    names.set(event.identity, name);
    taken.add(name);
  }
  for (const event of events) {
    if (!event.made) continue;
    state.names.set(event.identity, event.name);
    state.taken.add(event.name);
    state.schemas.set(event.name, event.json!);
  }
  return true;
}
