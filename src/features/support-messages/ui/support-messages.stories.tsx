import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { operations as SupportOperations } from '@contract/support';
import { SupportDeskProvider, type ComposeSettings, type Conversation, type SupportContact, type SupportTicket, type TicketField, type TicketThread } from '@/entities/support-ticket';
import { withAppServices } from '../../../../.storybook/decorators';
import { jsonReply, pendingFetch, withFetch } from '../../../../.storybook/fake-fetch';
import { clippedText } from '../../../../.storybook/layout-checks';
import { narrowIn } from '../../../../.storybook/narrow';
import { SAMPLE_PDF_TEXT } from '../../../../.storybook/sample-files';
import { NewTicket } from './new-ticket';
import { TicketPreview } from './ticket-preview';
import { TicketView } from './ticket-view';

/**
 * The support tickets' feature (issue 60) on the real support desk statechart, its calls made
 * through the app's API client to a fake bank support service and help desk (helpdesk.yaml,
 * support.yaml): a ticket loading, failed, filled (an agent's answer with two attachments opened
 * whole), with more conversations than shown, the reply (refused empty, sent, an upload refused),
 * the new ticket's form with three departments and with one, the list's preview, and long Russian
 * at 320 px. Every request is recorded (`calls`), so the plays can check what was sent.
 */
type TokenReply = SupportOperations['supportToken']['responses'][200]['content']['application/json'];

const ME = 'ana.ruiz@example.com';
const DESK_ADDRESS = 'support@northbridgepay.example';
const CONTACT: SupportContact = { id: '4100000000000123', name: 'Ana Ruiz', email: ME };
const TOKEN: TokenReply = { token: 'support-token-1', expiresAt: '2026-03-02T10:05:00.000Z' };

const TICKET: SupportTicket = {
  id: '7000000000001',
  ticketNumber: '10417',
  subject: 'My card was declined abroad',
  status: 'Open',
  lastThread: { createdAt: '2026-03-02T09:15:00.000Z', to: ME },
  updatedAt: '2026-03-02T09:15:00.000Z',
  createdAt: '2026-03-01T16:40:00.000Z',
  statusId: 'open',
  departmentId: '1',
  cf: { cf_read_at: null },
};

const ANSWER_TEXT =
  'Hello Ana,\n\nyour card was held by the fraud check after a payment in Lisbon. We have released it: you can pay with it again.\n\nThe statement of the declined payment and the screenshot of the check are attached.\n\nElena Marsh, Northbridge Pay support';
const ANSWER: Conversation = {
  id: '9100000000002',
  author: { name: 'Elena Marsh', type: 'AGENT' },
  to: ME,
  createdAt: '2026-03-02T09:15:00.000Z',
  summary: 'Hello Ana, your card was held by the fraud check after a payment in Lisbon. We have released it: you can pay with it again.',
  attachmentCount: 2,
};
const QUESTION: Conversation = {
  id: '9100000000001',
  author: { name: 'Ana Ruiz', type: 'END_USER' },
  to: DESK_ADDRESS,
  createdAt: '2026-03-01T16:40:00.000Z',
  summary: 'My card was declined at a shop in Lisbon this afternoon, twice. Is it blocked?',
  attachmentCount: 0,
};
const attachmentOf = (ticketId: string, threadId: string, id: string, name: string, size: number) => ({ id, name, size, href: `/tickets/${ticketId}/threads/${threadId}/attachments/${id}/content` });
const ANSWER_THREAD: TicketThread = {
  id: ANSWER.id,
  author: ANSWER.author,
  to: ANSWER.to,
  createdAt: ANSWER.createdAt,
  content: ANSWER_TEXT,
  attachments: [attachmentOf(TICKET.id, ANSWER.id, '8100000000001', 'declined-payment-statement.pdf', 48213), attachmentOf(TICKET.id, ANSWER.id, '8100000000002', 'fraud-check.png', 120532)],
};

/** The help desk's fields of a new ticket, in its order (the app's own labels: Subject, Your question, Topic, phone). */
const FIELDS: TicketField[] = [
  { apiName: 'subject', displayLabel: 'Subject', type: 'Text', isMandatory: true, maxLength: 255, allowedValues: [] },
  { apiName: 'description', displayLabel: 'Description', type: 'Textarea', isMandatory: true, maxLength: 32000, allowedValues: [] },
  { apiName: 'category', displayLabel: 'Category', type: 'Picklist', isMandatory: true, maxLength: 120, allowedValues: ['Cards', 'Transfers', 'Account'] },
  { apiName: 'phone', displayLabel: 'Phone', type: 'Phone', isMandatory: false, maxLength: 30, allowedValues: [] },
];
const ATTACHMENTS: ComposeSettings['attachments'] = { maxCount: 5, maxSize: 10 * 1024 * 1024, types: ['application/pdf', 'image/jpeg', 'image/png', 'text/plain'] };
const THREE_DEPARTMENTS: ComposeSettings['departments'] = [
  { id: '1', name: 'Personal banking' },
  { id: '2', name: 'Business banking' },
  { id: '3', name: 'Cards' },
];

/** What the fake help desk answers (each part: a reply, never answered, or a 500). */
interface DeskFake {
  ticket?: SupportTicket | 'pending' | 'down';
  conversations?: Conversation[] | 'down';
  /** How many conversations the ticket has (more than returned: "The latest 3 of 130"). */
  count?: number;
  threads?: readonly TicketThread[];
  departments?: ComposeSettings['departments'];
  upload?: 'ok' | 'down';
}

/** One request the fake saw: its method, the path below the host, the query and the JSON body. */
interface Recorded {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}
let calls: Recorded[] = [];
const callsTo = (method: string, path: string | RegExp) => calls.filter((call) => call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path)));

const down = () => jsonReply({ message: 'Server is not available' }, 500);
const notFound = () => jsonReply({ message: 'Not found' }, 404);

async function bodyOf(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  if (!(request.headers.get('content-type') ?? '').includes('json')) return '(file)';
  const text = await request.clone().text();
  return text ? JSON.parse(text) : null;
}

/** The bank's support service (a support token) and the help desk, as helpdesk.yaml and support.yaml answer. */
function deskFetch(fake: DeskFake): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const { method } = request;
    const body = await bodyOf(request);
    calls.push({ method, path: url.pathname, search: url.searchParams, body });
    if (url.pathname.endsWith('/support/zoho/jwt') && method === 'GET') return jsonReply(TOKEN);
    const path = /\/helpdesk(\/.*)$/.exec(url.pathname)?.[1];
    if (!path) return notFound();
    const ticket = fake.ticket ?? TICKET;
    if (path === '/me' && method === 'POST') return jsonReply(CONTACT);
    if (path === '/ticketsFields' && method === 'GET') return jsonReply({ data: FIELDS });
    if (path === '/composetickets' && method === 'POST') return jsonReply({ departments: fake.departments ?? THREE_DEPARTMENTS, attachments: ATTACHMENTS } satisfies ComposeSettings);
    if (path === '/uploads' && method === 'POST') return fake.upload === 'down' ? down() : jsonReply({ id: '6100000000001', name: 'scan.pdf', size: SAMPLE_PDF_TEXT.length });
    if (path === '/tickets' && method === 'POST') {
      const made = body as { fields: Record<string, string>; departmentId?: string };
      return jsonReply({ ...TICKET, id: '7000000000009', ticketNumber: '10425', subject: made.fields.subject ?? '', departmentId: made.departmentId ?? '1', lastThread: { createdAt: '2026-03-03T08:00:00.000Z', to: DESK_ADDRESS } } satisfies SupportTicket);
    }
    const one = /^\/tickets\/(\d+)(\/.*)?$/.exec(path);
    if (!one || one[1] !== TICKET.id) return notFound();
    const rest = one[2] ?? '';
    if (rest === '' && method === 'GET') return ticket === 'pending' ? pendingFetch(request) : ticket === 'down' ? down() : jsonReply(ticket);
    if (rest === '' && method === 'PUT') {
      if (typeof ticket === 'string') return down();
      const readAt = (body as { cf: { cf_read_at: string } }).cf.cf_read_at;
      return jsonReply({ ...ticket, cf: { cf_read_at: readAt } } satisfies SupportTicket);
    }
    if (rest === '/conversations' && method === 'GET') {
      const all = fake.conversations ?? [ANSWER, QUESTION];
      if (all === 'down') return down();
      const limit = Number(url.searchParams.get('limit') ?? '100');
      return jsonReply({ data: all.slice(0, limit), count: fake.count ?? all.length });
    }
    if (rest === '/threads' && method === 'POST') {
      const reply = body as { content: string };
      return jsonReply({ id: '9100000000003', author: { name: CONTACT.name, type: 'END_USER' }, to: DESK_ADDRESS, createdAt: '2026-03-02T11:00:00.000Z', content: reply.content, attachments: [] } satisfies TicketThread);
    }
    const thread = /^\/threads\/(\d+)$/.exec(rest);
    if (thread && method === 'GET') {
      const found = (fake.threads ?? [ANSWER_THREAD]).find((one) => one.id === thread[1]);
      return found ? jsonReply(found) : notFound();
    }
    if (/^\/threads\/\d+\/attachments\/\d+\/content$/.test(rest) && method === 'GET') {
      return new Response(new Blob([SAMPLE_PDF_TEXT], { type: 'application/pdf' }), { headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="statement.pdf"' } });
    }
    return notFound();
  };
}

/**
 * An upload with its progress goes by XMLHttpRequest (the transport's fetchWithUploadProgress: fetch
 * cannot report what was sent), not through `apiRuntime.fetch`: while the story runs, the browser's
 * XMLHttpRequest hands the request to the same fake and gives back its answer.
 */
function withXhrThrough(fake: typeof fetch) {
  class FakeXhr {
    status = 0;
    statusText = '';
    response: Blob | null = null;
    responseType = '';
    readonly upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    #method = 'GET';
    #url = '';
    #headers = new Headers();
    #reply = new Headers();
    #controller = new AbortController();
    open(method: string, url: string) {
      this.#method = method;
      this.#url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.#headers.set(name, value);
    }
    getAllResponseHeaders() {
      const lines: string[] = [];
      this.#reply.forEach((value, name) => lines.push(`${name}: ${value}`));
      return lines.join('\r\n');
    }
    abort() {
      this.#controller.abort();
      this.onabort?.();
    }
    send(body: Blob | null) {
      const size = body?.size ?? 0;
      this.upload.onprogress?.({ lengthComputable: true, loaded: size, total: size });
      fake(new Request(this.#url, { method: this.#method, headers: this.#headers, body, signal: this.#controller.signal })).then(
        async (reply) => {
          this.status = reply.status;
          this.statusText = reply.statusText;
          this.#reply = reply.headers;
          this.response = await reply.blob();
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  }
  const real = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return () => {
    globalThis.XMLHttpRequest = real;
  };
}

/** The support desk statechart of the pages, its calls the services' (here the fake's). */
const withSupportDesk: Decorator = (Story) => (
  <SupportDeskProvider>
    <Story />
  </SupportDeskProvider>
);

const meta: Meta = {
  title: 'Features/Support messages',
  decorators: [withSupportDesk, withAppServices],
  // Seeded with nothing, but the same arrays on every render: one query client for the story in every brand.
  parameters: { layout: 'padded', queryData: [], queryErrors: [], desk: {} },
  beforeEach: ({ parameters }) => {
    calls = [];
    const fake = deskFetch((parameters.desk ?? {}) as DeskFake);
    const restoreXhr = withXhrThrough(fake);
    const restoreFetch = withFetch(fake)();
    return () => {
      restoreFetch();
      restoreXhr();
    };
  },
};
export default meta;
type Story = StoryObj;

const ticketView = () => <TicketView ticketId={TICKET.id} customerEmail={ME} />;
const TICKET_PATH = `/helpdesk/tickets/${TICKET.id}`;

/** The ticket is asked for and not answered yet: the loading indicator, nothing of the ticket. */
export const TicketLoading: Story = {
  render: ticketView,
  parameters: { desk: { ticket: 'pending' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', TICKET_PATH)).toHaveLength(1));
    await expect(canvas.queryByRole('heading')).toBeNull();
    await expect(callsTo('PUT', TICKET_PATH)).toHaveLength(0);
  },
};

/** The help desk answers 500: said with Try again, which reads the ticket again. */
export const TicketFailed: Story = {
  render: ticketView,
  parameters: { desk: { ticket: 'down' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(within(alert).getByRole('heading', { name: 'This ticket could not be loaded' })).toBeInTheDocument();
    await expect(alert).toHaveTextContent('Server is not available');
    await expect(callsTo('GET', TICKET_PATH)).toHaveLength(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo('GET', TICKET_PATH)).toHaveLength(2));
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await expect(callsTo('PUT', TICKET_PATH)).toHaveLength(0);
  },
};

/** An agent's answer to the customer (two attachments) above the customer's question; the answer opened whole; read once. */
export const TicketFilled: Story = {
  render: ticketView,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'My card was declined abroad' })).toBeInTheDocument();
    await expect(canvas.getByText('Ticket No. 10417')).toBeInTheDocument();
    // The conversations, newest first: the desk's answer (to the customer), then the customer's own.
    const [answer, question] = canvas.getAllByRole('article');
    await expect(canvas.getAllByRole('article')).toHaveLength(2);
    await expect(answer).toHaveTextContent('Elena Marsh');
    await expect(answer).toHaveTextContent('(an answer to you)');
    await expect(answer).toHaveTextContent(ANSWER.summary);
    await expect(question).toHaveTextContent('You');
    await expect(question).toHaveTextContent(QUESTION.summary);
    await expect(question).not.toHaveTextContent('(an answer to you)');
    await expect(within(question!).getByRole('button', { name: 'Show all' })).toBeInTheDocument();
    // Opened whole: the full text and its two files, asked for once.
    await userEvent.click(within(answer!).getByRole('button', { name: 'Show all, with 2 attachments' }));
    const files = await within(answer!).findByRole('list', { name: 'Attachments' });
    await expect(within(files).getAllByRole('button').map((button) => button.textContent)).toEqual(['declined-payment-statement.pdf', 'fraud-check.png']);
    await expect(within(answer!).getByText((_, element) => element?.tagName === 'P' && element.textContent === ANSWER_TEXT)).toBeInTheDocument();
    await expect(within(answer!).queryByRole('button', { name: /^Show all/ })).toBeNull();
    await expect(callsTo('GET', `${TICKET_PATH}/threads/${ANSWER.id}`)).toHaveLength(1);
    // The read-at field written once, with a time.
    await waitFor(() => expect(callsTo('PUT', TICKET_PATH)).toHaveLength(1));
    const [put] = callsTo('PUT', TICKET_PATH);
    await expect(put!.body).toEqual({ cf: { cf_read_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/) } });
    await expect(callsTo('GET', `${TICKET_PATH}/conversations`).map((call) => call.search.get('limit'))).toEqual(['100']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(callsTo('PUT', TICKET_PATH)).toHaveLength(1);
  },
};

/** 130 conversations, 3 returned: said how many of them are shown. */
export const TicketWithMoreConversations: Story = {
  render: ticketView,
  parameters: {
    desk: {
      conversations: [ANSWER, { ...QUESTION, id: '9100000000005', summary: 'I also have a question about the fees abroad.' }, QUESTION],
      count: 130,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The latest 3 of 130 messages.')).toBeInTheDocument();
    await expect(canvas.getAllByRole('article')).toHaveLength(3);
  },
};

/** The reply: refused when empty; sent with its text and a requestId; then empty again for the next one. */
export const ReplySent: Story = {
  render: ticketView,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await canvas.findByRole('form', { name: 'Your reply' });
    const message = within(form).getByRole('textbox', { name: 'Message' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send the reply' }));
    await expect(message).toHaveAccessibleDescription('Fill this in.');
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(callsTo('POST', `${TICKET_PATH}/threads`)).toHaveLength(0);

    await userEvent.type(message, 'Thank you. Could you also send the statement for March?');
    await expect(message).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the reply' }));
    await waitFor(() => expect(callsTo('POST', `${TICKET_PATH}/threads`)).toHaveLength(1));
    const [sent] = callsTo('POST', `${TICKET_PATH}/threads`);
    await expect(sent!.body).toEqual({ requestId: expect.stringMatching(/^.{8,64}$/), content: 'Thank you. Could you also send the statement for March?', uploadIds: [] });
    // Emptied for the next reply, and usable again.
    await waitFor(() => expect(message).toHaveValue(''));
    await waitFor(() => expect(message).toBeEnabled());
    await expect(message).not.toHaveAttribute('aria-invalid');
    await expect(within(form).queryByRole('alert')).toBeNull();
    // The conversation read again after the reply.
    await waitFor(() => expect(callsTo('GET', TICKET_PATH)).toHaveLength(2));
  },
};

/** The reply with a file the help desk refuses (500): nothing sent, the message kept, the file marked, the reason said. */
export const ReplyUploadFailed: Story = {
  render: ticketView,
  parameters: { desk: { upload: 'down' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await canvas.findByRole('form', { name: 'Your reply' });
    const message = within(form).getByRole('textbox', { name: 'Message' });
    await userEvent.type(message, 'The scan of the receipt is attached.');
    await userEvent.upload(within(form).getByLabelText('Attach files'), new File([SAMPLE_PDF_TEXT], 'scan.pdf', { type: 'application/pdf' }));
    const files = within(form).getByRole('list', { name: 'Attached files' });
    await expect(within(files).getByText('scan.pdf')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Send the reply' }));
    await expect(await within(files).findByText('Not uploaded: Server is not available')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Send the reply' })).not.toHaveAttribute('aria-busy'));
    await expect(message).toHaveValue('The scan of the receipt is attached.');
    // The form's one alert says nothing was sent; the file says why (the 500's own words).
    await expect(within(form).getByRole('alert')).toHaveTextContent('A file could not be uploaded, so nothing was sent. Your message is kept: send it again.');
    await expect(within(files).getByRole('button', { name: 'Remove scan.pdf' })).toBeEnabled();
    await expect(callsTo('POST', '/helpdesk/uploads')).toHaveLength(1);
    await expect(callsTo('POST', `${TICKET_PATH}/threads`)).toHaveLength(0);
  },
};

/** Files the rules refuse before any upload (empty, of a type not taken): each said by name in one alert; none attached, nothing uploaded. */
export const ReplyFilesRefused: Story = {
  render: ticketView,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await canvas.findByRole('form', { name: 'Your reply' });
    await userEvent.upload(within(form).getByLabelText('Attach files'), [new File([], 'empty.pdf', { type: 'application/pdf' }), new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' })], { applyAccept: false });
    const alert = await within(form).findByRole('alert');
    await expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['empty.pdf is empty.', 'setup.exe is not a PDF, JPEG, PNG or text file.']);
    await expect(within(form).queryByRole('list', { name: 'Attached files' })).toBeNull();
    await expect(callsTo('POST', '/helpdesk/uploads')).toHaveLength(0);
  },
};

/** More than one department: the customer chooses one; the desk's fields with the app's labels; all required ones said when empty. */
export const NewTicketThreeDepartments: StoryObj<typeof NewTicket> = {
  render: (args) => <NewTicket {...args} />,
  args: { onCreated: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const form = await canvas.findByRole('form', { name: 'New ticket' });
    const department = within(form).getByRole('combobox', { name: 'Department' });
    await expect(within(department).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose', 'Personal banking', 'Business banking', 'Cards']);
    const subject = within(form).getByRole('textbox', { name: 'Subject' });
    const question = within(form).getByRole('textbox', { name: 'Your question' });
    const topic = within(form).getByRole('combobox', { name: 'Topic' });
    const phone = within(form).getByRole('textbox', { name: 'Phone to call you back (optional)' });
    await expect(within(topic).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose', 'Cards', 'Transfers', 'Account']);
    // The department first, then the desk's fields in its order.
    const controls = Array.from(form.querySelectorAll<HTMLSelectElement | HTMLTextAreaElement | HTMLInputElement>('select, textarea, input:not([type="file"])'));
    await expect(controls).toEqual([department, subject, question, topic, phone]);
    await userEvent.click(within(form).getByRole('button', { name: 'Send to support' }));
    for (const field of [department, subject, question, topic]) {
      await expect(field).toHaveAccessibleDescription('Fill this in.');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(phone).not.toHaveAttribute('aria-invalid');
    await expect(callsTo('POST', '/helpdesk/tickets')).toHaveLength(0);
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

/** One department: no choice asked; the ticket goes to it, and the made ticket is handed on. */
export const NewTicketOneDepartment: StoryObj<typeof NewTicket> = {
  render: (args) => <NewTicket {...args} />,
  args: { onCreated: fn() },
  parameters: { desk: { departments: [{ id: '4', name: 'Support' }] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const form = await canvas.findByRole('form', { name: 'New ticket' });
    await expect(within(form).queryByRole('combobox', { name: 'Department' })).toBeNull();
    await expect(within(form).getAllByRole('combobox')).toHaveLength(1);
    await userEvent.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Card limit for travel');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Your question' }), 'Can I raise my card limit for a week abroad?');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Topic' }), 'Cards');
    await userEvent.click(within(form).getByRole('button', { name: 'Send to support' }));
    await waitFor(() => expect(args.onCreated).toHaveBeenCalledTimes(1));
    const [created] = callsTo('POST', '/helpdesk/tickets');
    await expect(created!.body).toEqual({
      requestId: expect.stringMatching(/^.{8,64}$/),
      fields: { subject: 'Card limit for travel', description: 'Can I raise my card limit for a week abroad?', category: 'Cards' },
      uploadIds: [],
      departmentId: '4',
    });
    await expect(args.onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: '7000000000009', ticketNumber: '10425', departmentId: '4' }));
  },
};

const ticketPreview = () => <TicketPreview ticketId={TICKET.id} customerEmail={ME} />;

/** The list's preview: the two latest messages (asked for with limit 2), who wrote each. */
export const PreviewFilled: Story = {
  render: ticketPreview,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = await canvas.findAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('Elena Marsh');
    await expect(items[0]).toHaveTextContent(ANSWER.summary);
    await expect(items[1]).toHaveTextContent('You');
    await expect(items[1]).toHaveTextContent(QUESTION.summary);
    await expect(callsTo('GET', `${TICKET_PATH}/conversations`).map((call) => call.search.get('limit'))).toEqual(['2']);
  },
};

/** The preview refused (500): said in place. */
export const PreviewFailed: Story = {
  render: ticketPreview,
  parameters: { desk: { conversations: 'down' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Said once (its query's error is already in words): the 500's own.
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Server is not available');
    await expect(canvas.queryByRole('listitem')).toBeNull();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await expect(callsTo('GET', `${TICKET_PATH}/conversations`).map((call) => call.search.get('limit'))).toEqual(['2']);
  },
};

const RU_ANSWER_TEXT =
  'Здравствуйте, Анна!\n\nВаша карта была временно заблокирована системой предотвращения мошенничества после оплаты в Лиссабоне. Мы сняли блокировку: картой снова можно расплачиваться.\n\nВыписка по отклонённому платежу и снимок экрана проверки приложены.';
const RU_ANSWER: Conversation = {
  ...ANSWER,
  author: { name: 'Елизавета Константинопольская-Широкова', type: 'AGENT' },
  summary: 'Здравствуйте, Анна! Ваша карта была временно заблокирована системой предотвращения мошенничества после оплаты в Лиссабоне.',
};
const RU_QUESTION: Conversation = { ...QUESTION, summary: 'Сегодня днём мою карту дважды отклонили в магазине в Лиссабоне. Она заблокирована? Международные платежи подключены.' };

/** 320 px, Russian, long texts from the help desk: the answer opened with its files; nothing cut off, nothing wider than the column. */
export const NarrowRussian: Story = {
  render: ticketView,
  parameters: {
    desk: {
      ticket: { ...TICKET, subject: 'Не поступил международный перевод на валютный счёт индивидуального предпринимателя' },
      conversations: [RU_ANSWER, RU_QUESTION],
      threads: [{ ...ANSWER_THREAD, author: RU_ANSWER.author, content: RU_ANSWER_TEXT, attachments: [attachmentOf(TICKET.id, ANSWER.id, '8100000000001', 'выписка-по-отклонённому-платежу.pdf', 48213), attachmentOf(TICKET.id, ANSWER.id, '8100000000002', 'проверка.png', 120532)] }],
    },
  },
  ...narrowIn('ru', async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 2 });
    await canvas.findByRole('textbox');
    const [answer] = canvas.getAllByRole('article');
    await userEvent.click(within(answer!).getAllByRole('button')[0]!);
    await within(answer!).findByRole('button', { name: 'проверка.png' });
    await expect(clippedText(canvasElement)).toEqual([]);
    for (const article of canvas.getAllByRole('article')) await expect(clippedText(article)).toEqual([]);
    await expect(clippedText(canvas.getByRole('form'))).toEqual([]);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  }),
};
