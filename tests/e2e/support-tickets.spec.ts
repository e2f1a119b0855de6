import type { Page } from '@playwright/test';
import { expect, SANDBOX, test, translate } from './fixtures';
import { tabTo } from './support/keyboard';

/**
 * Support tickets (issue 60) against the sandbox's own support service and help desk:
 * - brand 1, English: the navigation's badge after the post-login wait, the list by display status
 *   with its counts, two pages of 20, a preview of the two latest messages, an attachment
 *   downloaded, a new answer opened (read-at written: new clears), an unknown `?ticketNumber=` said;
 * - brand 4, Russian: a ticket made with an attachment (a file of another type refused by name; a
 *   500 on upload keeps everything; a reply lost after the ticket was made: sent again, one ticket),
 *   the agent's answer shows as new and opening clears it, a reply by keyboard only, sent once;
 * - brand 3, Spanish: a 401 renews the support token once and sends the call again; a second 401 is
 *   said and tried again, so is an empty reply; a 429 stops the desk (another filter sends nothing) until Try again.
 */

/** The help desk calls the page makes (the sandbox serves the help desk under /helpdesk/). */
function deskCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/helpdesk/') || url.pathname.startsWith('/support/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

const ticketLinks = (page: Page) => page.getByRole('list', { name: /^(Tickets|Обращения|Solicitudes)$/ }).getByRole('link');

/** A small PDF the help desk takes (its type by name and media type). */
const PDF = { name: 'card-photo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n') };

test.describe('support tickets (issue 60)', () => {
  // The browser logs the failed resources these tests cause on purpose: the injected 500, 401 and 429, the lost reply.
  test.use({ allowConsoleErrors: [/status of (401 \(Unauthorized\)|429 \(Too Many Requests\)|500 \(Internal Server Error\)|504 \(Gateway Timeout\))/] });

  test('brand 1, English: the badge, counts and filters, two pages, a preview, a new answer read clears it; an unknown number said', async ({ page, sandbox, signInViaApi, shell }) => {
    test.setTimeout(60_000);
    const user = 'support@brand1.test';
    await sandbox.resetSignIn(user);
    const calls = deskCalls(page);
    await signInViaApi(user);
    const entry = shell.navigation.getByRole('link', { name: /^Messages/ });
    // The badge after the post-login wait (5 s), said in words: five new answers (the seed's sixth,
    // exactly 14 days old when seeded, is past the 2-week window seconds later: the table test has the edge).
    await expect(entry).toHaveAccessibleName('Messages (5 new answers)', { timeout: 10_000 });
    await entry.click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole('region', { name: 'Your support agent' })).toContainText('Your support agent:');
    const tabs = page.getByRole('navigation', { name: 'Tickets by status' });
    await expect(tabs.getByRole('link', { name: 'All 28' })).toHaveAttribute('aria-current', 'page');
    await expect(ticketLinks(page)).toHaveCount(20);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(ticketLinks(page)).toHaveCount(8);
    await tabs.getByRole('link', { name: 'New 5' }).click();
    await expect(page).toHaveURL(/status=new$/);
    await expect(ticketLinks(page)).toHaveCount(5);
    // One tab is the current one (All's empty address is not taken as a part of New's).
    await expect(tabs.locator('[aria-current="page"]')).toHaveText(['New 5']);
    // A preview: the two latest messages of the first new ticket, asked for when opened.
    const first = page.getByRole('list', { name: 'Tickets' }).getByRole('listitem').first();
    await first.getByRole('button', { name: /^Latest messages/ }).click();
    await expect(first.getByRole('listitem')).toHaveCount(2);
    expect(calls.filter((call) => /conversations$/.test(call))).toHaveLength(1);
    // Opening a new answer (10421, the agent's statement) marks it read: the counts and the badge follow.
    await ticketLinks(page).filter({ hasText: 'No. 10421' }).click();
    await expect(page).toHaveURL(/ticketNumber=10421$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Statement for March' })).toBeVisible();
    const thread = page.getByRole('article').first(); // the newest: the agent's answer
    await thread.getByRole('button', { name: 'Show all, with 1 attachment' }).click();
    const download = page.waitForEvent('download');
    await thread.getByRole('button', { name: /\.pdf$/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await expect.poll(() => calls.filter((call) => call.startsWith('PUT /helpdesk/tickets/')).length).toBe(1);
    await expect(entry).toHaveAccessibleName('Messages (4 new answers)');
    await page.getByRole('link', { name: 'All tickets' }).click();
    await expect(tabs.getByRole('link', { name: 'New 4' })).toBeVisible();
    await expect(ticketLinks(page).filter({ hasText: 'No. 10421' })).toContainText('Open');
    // A link to a ticket that is not theirs: the list, and the notice.
    await page.goto('/messages?ticketNumber=99999');
    await expect(page.getByRole('status').filter({ hasText: 'There is no ticket No. 99999 among yours.' })).toBeVisible();
    await expect(ticketLinks(page)).toHaveCount(20);
  });

  test('brand 4, Russian: a ticket made with an attachment through a failed upload and a lost reply (once); the agent answers, it is new, opening clears it; a reply by keyboard only', async ({ page, request, sandbox, signInViaApi, fault }) => {
    test.setTimeout(90_000);
    const user = 'support@brand4.test';
    const ru = (text: string) => translate('ru', text);
    await sandbox.resetSignIn(user);
    const calls = deskCalls(page);
    await signInViaApi(user, { lang: 'ru' });
    await page.getByRole('navigation', { name: ru('Main') }).getByRole('link', { name: new RegExp(`^${ru('Messages')}`) }).click();
    await page.getByRole('link', { name: ru('New ticket') }).click();
    await expect(page).toHaveURL(/new=1$/);
    const form = page.getByRole('form', { name: ru('New ticket') });
    // Nothing is sent while a field is wrong; a file of a type the desk does not take is said by name.
    await form.getByRole('button', { name: ru('Send to support') }).click();
    await expect(form.getByText(ru('Fill this in.')).first()).toBeVisible();
    await form.getByLabel(ru('Department')).selectOption({ label: 'Cards' });
    await form.getByLabel(ru('Subject'), { exact: true }).fill('Карта заблокирована');
    await form.getByLabel(ru('Your question')).fill('Моя карта заблокирована после покупки. Фото карты во вложении.');
    const files = form.getByLabel(ru('Attach files'));
    await files.setInputFiles([{ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
    await expect(form.getByRole('alert')).toHaveText(ru('{name} is not a PDF, JPEG, PNG or text file.').replace('{name}', 'setup.exe'));
    await files.setInputFiles([PDF]);
    // The upload fails: nothing is sent, everything kept, the file marked.
    await fault({ match: 'helpdesk:helpdeskUpload', kind: '500', times: 1 });
    await form.getByRole('button', { name: ru('Send to support') }).click();
    await expect(form.getByText(ru('Not uploaded'))).toBeVisible();
    await expect(form.getByLabel(ru('Subject'), { exact: true })).toHaveValue('Карта заблокирована');
    expect(calls.filter((call) => call === 'POST /helpdesk/tickets')).toHaveLength(0);
    // Sent again, the ticket is made but its reply is lost (a gateway gives up: 504): sent once more, the same one (requestId).
    await fault({ match: 'helpdesk:helpdeskTicketCreate', kind: 'timeoutAfter', times: 1 });

    await form.getByRole('button', { name: ru('Send to support') }).click();
    await expect.poll(() => calls.filter((call) => call === 'POST /helpdesk/tickets').length).toBe(1);
    await expect(form.getByRole('button', { name: ru('Send to support') })).toBeEnabled();
    await form.getByRole('button', { name: ru('Send to support') }).click();
    await expect(page).toHaveURL(/ticketNumber=\d+$/);
    const number = new URL(page.url()).searchParams.get('ticketNumber')!;
    const collected = async () =>
      ((await (await request.get(`${SANDBOX}/__sandbox/analytics?scope=${encodeURIComponent(test.info().testId)}`)).json()) as { events: { event: string; props: Record<string, unknown> }[] }).events.filter((entry) => entry.event.startsWith('Support'));
    await expect.poll(async () => (await collected()).map((entry) => entry.event)).toContain('Support ticket create');
    await expect(page.getByRole('heading', { level: 2, name: 'Карта заблокирована' })).toBeVisible();
    expect(calls.filter((call) => call === 'POST /helpdesk/uploads')).toHaveLength(2);
    await page.getByRole('link', { name: ru('All tickets') }).click();
    await expect(page.getByRole('navigation', { name: ru('Tickets by status') }).getByRole('link', { name: `${ru('All')} 29` })).toBeVisible();
    // The agent answers: the ticket reads as new until it is opened.
    await sandbox.supportReply(user, number, 'Мы разблокировали вашу карту.', true);
    await page.reload();
    const row = ticketLinks(page).filter({ hasText: number });
    await expect(row).toContainText(ru('New'));
    const marks = () => calls.filter((call) => call.startsWith('PUT /helpdesk/tickets/')).length;
    const marked = marks();
    await row.click();
    await expect(page.getByRole('article').first()).toContainText('Мы разблокировали вашу карту.');
    await expect.poll(marks).toBe(marked + 1);
    // A reply by keyboard only: it is sent once, the form emptied for the next one, the conversation read again.
    const message = page.getByRole('textbox', { name: ru('Message') });
    await tabTo(page, message);
    await page.keyboard.type('Спасибо, карта снова работает.');
    await tabTo(page, page.getByRole('button', { name: ru('Send the reply') }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('article').first()).toContainText('Спасибо, карта снова работает.');
    await expect(message).toHaveValue('');
    expect(calls.filter((call) => /^POST \/helpdesk\/tickets\/[^/]+\/threads$/.test(call))).toHaveLength(1);
    await page.getByRole('link', { name: ru('All tickets') }).click();
    await expect(ticketLinks(page).filter({ hasText: number })).toContainText(ru('Open'));
    // The support message center's events reached the collector, with counts only (no text, no number).
    await expect.poll(async () => (await collected()).map((entry) => entry.event)).toEqual(
      expect.arrayContaining(['Support message center show', 'Support ticket create', 'Support ticket open', 'Support ticket reply']),
    );
    const events = await collected();
    expect(events.find((entry) => entry.event === 'Support ticket create')!.props).toEqual({ attachments: 1 });
    expect(events.find((entry) => entry.event === 'Support ticket reply')!.props).toEqual({ attachments: 0 });
    expect(JSON.stringify(events)).not.toMatch(new RegExp(`Карта|${number}`));
    // Page views (issue 61) by the route's template: the query (a ticket's number, new=1) is never part of it.
    const pages = ((await (await request.get(`${SANDBOX}/__sandbox/analytics?scope=${encodeURIComponent(test.info().testId)}`)).json()) as { events: { event: string; props: { page?: string } }[] }).events
      .filter((entry) => entry.event === 'Page view')
      .map((entry) => entry.props.page);
    expect(pages).toContain('/messages');
    expect(pages.every((one) => one !== undefined && !/\d|\?/.test(one))).toBe(true);
  });

  test('brand 3, Spanish: an expired support token renewed once (a second 401 said, then tried again); a 429 stops the desk until Try again', async ({ page, sandbox, signInViaApi, fault }) => {
    test.setTimeout(60_000);
    const user = 'support@brand3.test';
    const es = (text: string) => translate('es', text);
    await sandbox.resetSignIn(user);
    const calls = deskCalls(page);
    const count = (call: string) => calls.filter((one) => one === call).length;
    await signInViaApi(user, { lang: 'es' });
    // The list's call meets a 401 once: the support token is renewed (zoho/jwt again) and the call sent once more.
    await fault({ match: 'helpdesk:helpdeskTickets', kind: '401', times: 1 });
    await page.getByRole('navigation', { name: es('Main') }).getByRole('link', { name: new RegExp(`^${es('Messages')}`) }).click();
    await expect(ticketLinks(page)).toHaveCount(20);
    expect(count('GET /support/zoho/jwt')).toBe(2);
    expect(count('GET /helpdesk/tickets')).toBe(2);
    // A 429 on the next page: the desk stops; another filter sends nothing until Try again.
    await fault({ match: 'helpdesk:helpdeskTickets', kind: '429', times: 1 });
    await page.getByRole('link', { name: es('Next page') }).click();
    await expect(page.getByText(es('The help desk is receiving too many requests. Wait a moment, then try again.'))).toBeVisible();
    const listed = count('GET /helpdesk/tickets');
    await page.getByRole('navigation', { name: es('Tickets by status') }).getByRole('link', { name: new RegExp(`^${es('Closed')}`) }).click();
    await expect(page).toHaveURL(/status=closed/);
    await expect(page.getByText(es('The help desk is receiving too many requests. Wait a moment, then try again.'))).toBeVisible();
    expect(count('GET /helpdesk/tickets')).toBe(listed);
    await page.getByRole('button', { name: es('Try again') }).click();
    await expect(ticketLinks(page)).toHaveCount(9);
    // A ticket whose read meets a 401 twice: renewed once, then said; tried again, it opens.
    await fault({ match: 'helpdesk:helpdeskTicket', kind: '401', times: 2 });
    await ticketLinks(page).first().click();
    await expect(page.getByText(es('Your support session could not be renewed. Please try again.'))).toBeVisible();
    // An empty reply on the conversation: said in words, and tried again.
    await fault({ match: 'helpdesk:helpdeskConversations', kind: 'empty', times: 1 });
    await page.getByRole('button', { name: es('Try again') }).click();
    await expect(page.getByText(es('The server sent an empty reply. Please try again later.'))).toBeVisible();
    await page.getByRole('button', { name: es('Try again') }).click();
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: es('Conversation') })).toBeVisible();
  });

  test('brand 2: links in an agent’s answer are checked before they open: an unsafe one blocked, a safe one opened in a new tab without referrer', async ({ page, context, sandbox, signInViaApi }) => {
    const user = 'support@brand2.test';
    await sandbox.resetSignIn(user);
    await sandbox.supportReply(user, 10415, 'The form is at https://docs.example/forms/w8. Ignore https://malware.example/win, it is not ours.');
    // The safe address is answered here (no network): what the new tab asked, and with which referrer.
    const opened: { url: string; referer: string | undefined }[] = [];
    await context.route('https://docs.example/**', (route) => {
      opened.push({ url: route.request().url(), referer: route.request().headers().referer });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Forms</title>' });
    });
    const checks: string[] = [];
    page.on('request', (request) => void (new URL(request.url()).pathname === '/service/check-urls' && checks.push(request.postData() ?? '')));
    await signInViaApi(user);
    await page.goto('/messages?ticketNumber=10415');
    const thread = page.getByRole('article').first(); // the newest: the agent's answer
    await thread.getByRole('button', { name: /^Show all/ }).click();
    await thread.getByRole('button', { name: /^https:\/\/malware\.example\/win/ }).click();
    const blocked = page.getByRole('alertdialog', { name: 'This link was blocked' });
    await expect(blocked).toContainText('https://malware.example/win');
    await blocked.getByRole('button', { name: 'Close' }).last().click();
    await expect(blocked).toBeHidden();
    const tab = context.waitForEvent('page');
    await thread.getByRole('button', { name: /^https:\/\/docs\.example\/forms\/w8/ }).click();
    await expect(await tab).toHaveURL('https://docs.example/forms/w8');
    expect(opened).toEqual([{ url: 'https://docs.example/forms/w8', referer: undefined }]);
    expect(checks.map((body) => JSON.parse(body))).toEqual([{ urls: ['https://malware.example/win'] }, { urls: ['https://docs.example/forms/w8'] }]);
  });
});
