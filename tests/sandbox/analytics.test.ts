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
const recorded = async (query: string) =>
  ((await (await fetch(`${sb.url}/__sandbox/analytics?${query}`)).json()) as { events: { event: string; at: number; props: Record<string, unknown>; anonymousId?: string | null }[] }).events.map(({ anonymousId, ...rest }) =>
    anonymousId === null ? rest : { ...rest, anonymousId },
  );

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
    ['an anonymous id that is not a UUID', { anonymousId: 'customer-42', events: [{ event: 'Login Completed', props: {}, at: 1 }] }],
    ['an anonymous id in capitals', { anonymousId: '3F2B1C4D-0000-4000-8000-000000000001', events: [{ event: 'Login Completed', props: {}, at: 1 }] }],
    ['an anonymous id that is a number', { anonymousId: 42, events: [{ event: 'Login Completed', props: {}, at: 1 }] }],
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

  it('keeps the browser\'s anonymous id with each event of its batch, and lists one browser\'s events', async () => {
    const id = '3f2b1c4d-0000-4000-8000-00000000a1d2';
    expect((await report({ anonymousId: id, events: [{ event: 'Page view', props: { page: '/home' }, at: 5_000 }, { event: 'Login click', props: {}, at: 5_001 }] }, 'test-id')).status).toBe(204);
    expect(await recorded(`anonymousId=${id}`)).toEqual([
      { event: 'Page view', at: 5_000, props: { page: '/home' }, anonymousId: id },
      { event: 'Login click', at: 5_001, props: {}, anonymousId: id },
    ]);
  });

  it('shows what arrived as a page, newest first, its text as text, under a strict CSP', async () => {
    expect((await report({ events: [{ event: '<b>Odd</b>', props: { note: '<script>x</script>' }, at: 9_000 }, { event: 'Later', props: {}, at: 9_001 }] }, 'test-page')).status).toBe(204);
    const reply = await fetch(`${sb.url}/__sandbox/analytics/page?scope=test-page`);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expect(reply.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await reply.text();
    expect(html).not.toContain('<b>Odd</b>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;b&#62;Odd&#60;/b&#62;');
    expect(html.indexOf('Later')).toBeLessThan(html.indexOf('Odd'));
    expect(html).toContain('The latest 2 events');
  });
});
