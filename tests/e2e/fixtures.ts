import { test as base, expect } from '@playwright/test';

export const SANDBOX = 'http://127.0.0.1:8788';

/**
 * Every end-to-end test fails on a CSP violation, an uncaught page error or a console error
 * the test did not expect, so a broken header or a crashing component never passes silently.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[]; fault: (fault: Record<string, unknown>) => Promise<void> }>({
  allowConsoleErrors: [[], { option: true }],
  /**
   * Injects a sandbox fault that only this test's page receives (its requests carry
   * X-Sandbox-Scope), so tests running in parallel never see each other's faults.
   */
  fault: async ({ page, request }, use, testInfo) => {
    const scope = testInfo.testId;
    await page.setExtraHTTPHeaders({ 'X-Sandbox-Scope': scope });
    await use(async (fault) => {
      const res = await request.post(`${SANDBOX}/__sandbox/faults`, { data: { ...fault, scope } });
      expect(res.ok(), 'fault accepted').toBe(true);
    });
    await request.delete(`${SANDBOX}/__sandbox/faults?scope=${encodeURIComponent(scope)}`);
  },
  page: async ({ page, allowConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (/Content.Security.Policy/i.test(text)) problems.push(`CSP: ${text}`);
      else if (!allowConsoleErrors.some((re) => re.test(text))) problems.push(`console error: ${text}`);
    });
    await use(page);
    const reports = (await (await page.request.get('/__csp-reports')).json()) as string[];
    expect(reports, 'CSP violation reports').toEqual([]);
    expect(problems).toEqual([]);
  },
});

export { expect };
