import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { Db } from './db.ts';

/**
 * The analytics collector of the sandbox environment (002 s9 "Analytics events"; the spec names no
 * provider, issue 61 chooses the production one): the app posts what it tracked, in batches, to
 * `POST /analytics/events` `{ anonymousId, events: [{ event, props, at }] }` (at most 50 a batch; a
 * name of at most 80 characters; props of at most 20 text, number or true/false values: nothing
 * personal is ever sent, src/shared/analytics; `anonymousId` the browser's random UUID, issue 61).
 * Kept in `analytics_events`; `GET /__sandbox/analytics?event=…&since=…` lists them as JSON (oldest
 * first, at most 500; `scope=` a test's own, by the X-Sandbox-Scope its page sent; `anonymousId=` one
 * browser's) for tests, and `GET /__sandbox/analytics/page` shows the latest 200 as a page for whoever looks.
 */
export const ANALYTICS_BATCH_MAX = 50;

interface Reported {
  event: string;
  props: Record<string, string | number | boolean>;
  at: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function readBatch(body: unknown): { anonymousId: string | null; events: Reported[] } | null {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { events?: unknown }).events)) return null;
  const { anonymousId = null } = body as { anonymousId?: unknown };
  if (anonymousId !== null && (typeof anonymousId !== 'string' || !UUID.test(anonymousId))) return null;
  const events = (body as { events: unknown[] }).events;
  if (events.length === 0 || events.length > ANALYTICS_BATCH_MAX) return null;
  const out: Reported[] = [];
  for (const item of events) {
    if (typeof item !== 'object' || item === null) return null;
    const { event, props = {}, at } = item as { event?: unknown; props?: unknown; at?: unknown };
    if (typeof event !== 'string' || event.trim() === '' || event.length > 80) return null;
    if (typeof at !== 'number' || !Number.isSafeInteger(at) || at <= 0) return null;
    if (typeof props !== 'object' || props === null || Array.isArray(props)) return null;
    const entries = Object.entries(props);
    if (entries.length > 20 || entries.some(([key, value]) => key.length > 40 || !['string', 'number', 'boolean'].includes(typeof value) || (typeof value === 'string' && value.length > 200))) return null;
    out.push({ event, props: props as Reported['props'], at });
  }
  return { anonymousId, events: out };
}

export function analyticsRoutes(app: Hono, deps: { db: Db; now: () => number }): void {
  app.post('/analytics/events', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ message: 'Request body is not JSON' }, 400);
    }
    const batch = readBatch(body);
    if (!batch) return c.json({ message: `anonymousId: a UUID if given; events: 1 to ${ANALYTICS_BATCH_MAX}, each { event, props, at }` }, 400);
    const insert = deps.db.prepare('INSERT INTO analytics_events (received, at, event, props, scope, anonymous_id) VALUES (?, ?, ?, ?, ?, ?)');
    const received = deps.now();
    const scope = c.req.header('x-sandbox-scope') ?? null;
    for (const item of batch.events) insert.run(received, item.at, item.event, JSON.stringify(item.props), scope, batch.anonymousId);
    return c.body(null, 204);
  });
  app.get('/__sandbox/analytics', (c) => {
    const rows = listed(deps.db, c, 500, 'ORDER BY at, id');
    return c.json({ events: rows.map((row) => ({ event: row.event, at: row.at, props: JSON.parse(row.props) as Record<string, unknown>, anonymousId: row.anonymous_id })) });
  });
  // What arrived, as a page (newest first): the same filters in the address.
  app.get('/__sandbox/analytics/page', (c) => {
    const rows = listed(deps.db, c, 200, 'ORDER BY at DESC, id DESC');
    const cell = (text: string) => `<td>${escapeHtml(text)}</td>`;
    const body = rows
      .map((row) => `<tr>${cell(new Date(row.at).toISOString())}${cell(row.event)}${cell(row.props === '{}' ? '' : row.props)}${cell(row.anonymous_id ?? '')}${cell(row.scope ?? '')}</tr>`)
      .join('');
    c.header('Content-Security-Policy', `default-src 'none'; style-src 'sha256-${PAGE_STYLE_HASH}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`);
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox: analytics received</title><style>${PAGE_STYLE}</style></head><body>` +
        `<h1>Analytics received</h1><p>The latest ${rows.length} events (at most 200), newest first. Filter: <code>?event=</code>, <code>?scope=</code>, <code>?anonymousId=</code>, <code>?since=</code> (ms).</p>` +
        `<form method="get"><label>Event <input name="event" value="${escapeHtml(c.req.query('event') ?? '')}"></label> <button type="submit">Show</button></form>` +
        `<table><caption>Events</caption><thead><tr><th scope="col">At</th><th scope="col">Event</th><th scope="col">Properties</th><th scope="col">Anonymous id</th><th scope="col">Test scope</th></tr></thead><tbody>${body}</tbody></table></body></html>`,
    );
  });
}

const PAGE_STYLE = 'body{font-family:system-ui,sans-serif;margin:1rem;line-height:1.4}table{border-collapse:collapse;font-size:.875rem}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}';
const PAGE_STYLE_HASH = createHash('sha256').update(PAGE_STYLE).digest('base64');
const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

interface Row {
  at: number;
  event: string;
  props: string;
  scope: string | null;
  anonymous_id: string | null;
}

/** The events the address's filters ask for: `event`, `scope`, `anonymousId`, `since` (ms). */
function listed(db: Db, c: Context, limit: number, order: string): Row[] {
  const filters: [string, string | number][] = [['at >= ?', Number(c.req.query('since') ?? '0') || 0]];
  for (const [query, column] of [['event', 'event'], ['scope', 'scope'], ['anonymousId', 'anonymous_id']] as const) {
    const value = c.req.query(query);
    if (value) filters.push([`${column} = ?`, value]);
  }
  return db
    .prepare(`SELECT at, event, props, scope, anonymous_id FROM analytics_events WHERE ${filters.map(([sql]) => sql).join(' AND ')} ${order} LIMIT ${limit}`)
    .all(...filters.map(([, value]) => value)) as unknown as Row[];
}
