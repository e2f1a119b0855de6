import type { Hono } from 'hono';
import type { Db } from './db.ts';

/**
 * The analytics collector of the sandbox environment (002 s9 "Analytics events"; the spec names no
 * provider, issue 61 chooses the production one): the app posts what it tracked, in batches, to
 * `POST /analytics/events` `{ events: [{ event, props, at }] }` (at most 50 a batch; a name of at
 * most 80 characters; props of at most 20 text, number or true/false values: nothing personal is
 * ever sent, src/shared/analytics). Kept in `analytics_events`; `GET /__sandbox/analytics?event=…&since=…`
 * lists them (oldest first, at most 500; `scope=` a test's own, by the X-Sandbox-Scope its page sent)
 * for tests and for whoever looks.
 */
export const ANALYTICS_BATCH_MAX = 50;

interface Reported {
  event: string;
  props: Record<string, string | number | boolean>;
  at: number;
}

function readBatch(body: unknown): Reported[] | null {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { events?: unknown }).events)) return null;
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
  return out;
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
    if (!batch) return c.json({ message: `events: 1 to ${ANALYTICS_BATCH_MAX}, each { event, props, at }` }, 400);
    const insert = deps.db.prepare('INSERT INTO analytics_events (received, at, event, props, scope) VALUES (?, ?, ?, ?, ?)');
    const received = deps.now();
    const scope = c.req.header('x-sandbox-scope') ?? null;
    for (const item of batch) insert.run(received, item.at, item.event, JSON.stringify(item.props), scope);
    return c.body(null, 204);
  });
  app.get('/__sandbox/analytics', (c) => {
    const event = c.req.query('event');
    const scope = c.req.query('scope');
    const since = Number(c.req.query('since') ?? '0') || 0;
    const filters = ['at >= ?', ...(event ? ['event = ?'] : []), ...(scope ? ['scope = ?'] : [])];
    const rows = deps.db
      .prepare(`SELECT at, event, props FROM analytics_events WHERE ${filters.join(' AND ')} ORDER BY at, id LIMIT 500`)
      .all(since, ...(event ? [event] : []), ...(scope ? [scope] : [])) as { at: number; event: string; props: string }[];
    return c.json({ events: rows.map((row) => ({ event: row.event, at: row.at, props: JSON.parse(row.props) as Record<string, unknown> })) });
  });
}
