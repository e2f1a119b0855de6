/**
 * A statechart's context as readable JSON, whatever it holds: JSON.stringify alone throws on a
 * BigInt or a circle, and says nothing (or `{}`) for a Map, a Set, a function or an actor ref, all
 * of which contexts keep (spawned timers, parsed files, lookups by id). Used by the live run's
 * panel; pure, so it is unit-tested without a page.
 */

/** Whether a value is a running actor (an ActorRef): shown by its id, never walked into (its system is huge and circular). */
function isActorRef(value: object): value is { id: string; sessionId: string } {
  return 'sessionId' in value && 'send' in value && typeof (value as { send: unknown }).send === 'function';
}

/**
 * The value with everything JSON cannot say replaced by what it is. `path` holds the objects
 * being walked (its ancestors): a value met again among them is a circle; met elsewhere, it is
 * only shared and written out again.
 */
function toPlain(value: unknown, path: object[]): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (value === undefined) return '[undefined]';
  if (value === null || typeof value !== 'object') return value;
  if (path.includes(value)) return '[circular]';
  if (isActorRef(value)) return `[actor ${value.id}]`;
  const inner = [...path, value];
  if (value instanceof Map) return { '[Map]': [...value.entries()].map(([k, v]) => [toPlain(k, inner), toPlain(v, inner)]) };
  if (value instanceof Set) return { '[Set]': [...value].map((v) => toPlain(v, inner)) };
  if (value instanceof Error) return { '[Error]': value.message, name: value.name };
  if (Array.isArray(value)) return value.map((v) => toPlain(v, inner));
  // Dates, Big.js amounts and the like say how they read.
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    const json: unknown = toJSON.call(value);
    if (json !== value) return toPlain(json, inner);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlain(v, inner)]));
}

/** Pretty JSON (two-space indent) of any value; never throws. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(toPlain(value, []), null, 2) ?? String(value);
}

/** JSON typed by the developer (an event's payload, an actor's output): the value, or why it is not JSON. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
