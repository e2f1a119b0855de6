import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { ANALYTICS_BATCH_MAX } from '../../sandbox/analytics.ts';

/** The sandbox's analytics collector (002 s9; sandbox/analytics.ts): batches kept, read back by event and by test scope. */
let sb: Sandbox;
beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-analytics-')), 'db.sqlite') });
});
afterAll(() => sb.close());

const report = (body: unknown, scope?: string) =>
  fetch(`${sb.url}/analytics/events`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(scope ? { 'X-Sandbox-Scope': scope } : {}) }, body: JSON.stringify(body) });
const recorded = async (query: string) => ((await (await fetch(`${sb.url}/__sandbox/analytics?${query}`)).json()) as { events: { event: string; at: number; props: Record<string, unknown> }[] }).events;

describe('the analytics collector', () => {
  it('keeps a batch and lists it by event and by the scope that sent it, oldest first', async () => {
    const at = Date.now();
    expect((await report({ events: [{ event: 'Company select show', props: {}, at }, { event: 'Company select', props: {}, at: at + 1 }] }, 'test-a')).status).toBe(204);
    expect((await report({ events: [{ event: 'Company select', props: { step: 2, ok: true, kind: 'x' }, at: at + 2 }] }, 'test-b')).status).toBe(204);
    expect(await recorded('scope=test-a')).toEqual([
      { event: 'Company select show', at, props: {} },
      { event: 'Company select', at: at + 1, props: {} },
    ]);
    expect(await recorded(`event=Company%20select&since=${at}`)).toEqual([
      { event: 'Company select', at: at + 1, props: {} },
      { event: 'Company select', at: at + 2, props: { step: 2, ok: true, kind: 'x' } },
    ]);
    expect(await recorded(`since=${at + 2}`)).toHaveLength(1);
  });

  it.each([
    ['no events', { events: [] }],
    ['too many in one batch', { events: Array.from({ length: ANALYTICS_BATCH_MAX + 1 }, (_, i) => ({ event: 'Login Completed', props: {}, at: i + 1 })) }],
    ['not a list', { events: 'Login Completed' }],
    ['a blank name', { events: [{ event: ' ', props: {}, at: 1 }] }],
    ['a name over 80 characters', { events: [{ event: 'x'.repeat(81), props: {}, at: 1 }] }],
    ['no time', { events: [{ event: 'Login Completed', props: {} }] }],
    ['a property that is an object', { events: [{ event: 'Login Completed', props: { who: { id: 1 } }, at: 1 }] }],
    ['21 properties', { events: [{ event: 'Login Completed', props: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i])), at: 1 }] }],
  ])('refuses %s (400) and keeps nothing of it', async (_, body) => {
    const before = (await recorded('since=0')).length;
    expect((await report(body)).status).toBe(400);
    expect(await recorded('since=0')).toHaveLength(before);
  });

  it('takes exactly the largest batch', async () => {
    const scope = 'test-full';
    const events = Array.from({ length: ANALYTICS_BATCH_MAX }, (_, i) => ({ event: 'Login Completed', props: {}, at: 1_000 + i }));
    expect((await report({ events }, scope)).status).toBe(204);
    expect(await recorded(`scope=${scope}`)).toHaveLength(ANALYTICS_BATCH_MAX);
  });
});
