// Section 2b of `npm run bench`: how many API round trips /home waits for in series before its first
// account row (issue 48: "the refresh, then every start-up read together" is 2). A reload of /home
// in a signed-in tab records every fetch's start and end; `seriesDepth` walks the chain.

/**
 * The number of API calls in series up to and including the first call named `target`: a call's
 * depth is 1 plus the largest depth among the calls that had finished before it started (0 before
 * any). Null when `target` was never asked. `calls`: { name, start, end } in one clock, in any order.
 */
export function seriesDepth(calls, target) {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const depth = new Map();
  for (const call of sorted) {
    let before = 0;
    for (const other of sorted) {
      if (other === call || other.end === null || other.end > call.start) continue;
      before = Math.max(before, depth.get(other) ?? 0);
    }
    depth.set(call, before + 1);
  }
  const first = sorted.find((c) => c.name === target);
  return first ? depth.get(first) : null;
}

/** The chain itself, for the report: the names of the calls in series before `target` (the deepest path). */
export function seriesChain(calls, target) {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const chainOf = new Map();
  for (const call of sorted) {
    let best = [];
    for (const other of sorted) {
      if (other === call || other.end === null || other.end > call.start) continue;
      const chain = chainOf.get(other) ?? [];
      if (chain.length > best.length) best = chain;
    }
    chainOf.set(call, [...best, call.name]);
  }
  const first = sorted.find((c) => c.name === target);
  return first ? chainOf.get(first) : null;
}

/** A call's name: the main service's `?method=`, else the address's last two path segments (`auth/refresh`). */
export function callName(url) {
  const address = new URL(url);
  return address.searchParams.get('method') ?? address.pathname.split('/').filter(Boolean).slice(-2).join('/');
}

/** The API calls a reload of `url` in `page` (signed in) makes until `ready` resolves. */
export async function homeCalls(page, url, ready) {
  const calls = new Map();
  const t0 = Date.now();
  // Only the new page's calls (from when its document commits): a call the page before still had on
  // its way is not part of this load.
  let loading = false;
  const onCommit = (frame) => {
    if (frame === page.mainFrame()) loading = true;
  };
  const onRequest = (request) => {
    if (!loading || !['fetch', 'xhr'].includes(request.resourceType()) || request.method() === 'OPTIONS') return;
    calls.set(request, { name: callName(request.url()), start: Date.now() - t0, end: null });
  };
  const onDone = (request) => {
    const call = calls.get(request);
    if (call) call.end = Date.now() - t0;
  };
  page.on('framenavigated', onCommit);
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    await page.goto(url);
    await ready(page);
  } finally {
    page.off('framenavigated', onCommit);
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
  return [...calls.values()];
}
