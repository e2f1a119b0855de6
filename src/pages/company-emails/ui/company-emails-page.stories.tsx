import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { SessionContext } from '@/entities/session';
import { fakeSignedInSession, withAppServices, withRouter } from '../../../../.storybook/decorators';
import { companyEmailsService, editorAnswer, confirmedEmail, primaryEmail, unconfirmedEmail, type CompanyEmailsService, type CompanyEmailsState } from '../../../../.storybook/company-people-fixtures';
import { withFetch } from '../../../../.storybook/fake-fetch';
import { clippedText } from '../../../../.storybook/layout-checks';
import { CompanyEmailsPage } from './company-emails-page';

/**
 * /company-emails (issue 54): the company's e-mails on the real statechart, the approval included,
 * against the fake company e-mail service (.storybook/company-people-fixtures.ts: what it holds is
 * read again after each change). `parameters.companyEmails` is what the service starts with;
 * `parameters.viewer` who is signed in: a user with full access (default) or one who reads only.
 */

type Viewer = 'fullAccess' | 'reader';

/** The access info of each viewer: full access (2) or read (1) by area. */
const ACCESS: Record<Viewer, unknown> = {
  fullAccess: { accessList: { balanceInfo: 2 }, accessRights: { balanceInfo: 2, transfers: 2, history: 2, merchant: 2 } },
  reader: { accessList: { balanceInfo: 1 }, accessRights: { balanceInfo: 1, transfers: 1, history: 1, merchant: 0 } },
};

/** Signed in as a user of Acme Media GmbH (fake session calls), with `parameters.viewer`'s access. */
const withViewer: Decorator = (Story, context) => {
  const viewer = (context.parameters.viewer ?? 'fullAccess') as Viewer;
  const session = useMemo(
    () => fakeSignedInSession({ customer: { customerType: 2, businessName: 'Acme Media GmbH', firstName: 'Maria', lastName: 'Keller' }, access: ACCESS[viewer] }),
    [viewer],
  );
  return (
    <SessionContext.Provider value={session}>
      <Story />
    </SessionContext.Provider>
  );
};

/** The fake service of the story running (made anew before each). */
let service: CompanyEmailsService = companyEmailsService();

const meta: Meta<typeof CompanyEmailsPage> = {
  title: 'Pages/Company e-mails',
  component: CompanyEmailsPage,
  decorators: [withViewer, withAppServices, withRouter],
  parameters: { layout: 'padded' },
  args: { notFound: <p>Page not found</p> },
  beforeEach: ({ parameters }) => {
    service = companyEmailsService((parameters.companyEmails ?? {}) as CompanyEmailsState);
    const editor = editorAnswer(parameters.viewer === 'reader' ? 1 : 2);
    return withFetch(async (input, init) => editor(input) ?? service.fetch(input, init))();
  },
};
export default meta;
type Story = StoryObj<typeof CompanyEmailsPage>;

/** The story once the page drew (its heading on screen: the session's customer is there). */
async function rendered(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 1 });
  return canvas;
}

/** The page once the list is on screen, and its e-mails (the list's items). */
async function listed(canvasElement: HTMLElement) {
  const canvas = await rendered(canvasElement);
  const list = await canvas.findByRole('list', { name: 'E-mail addresses' });
  return { canvas, items: within(list).getAllByRole('listitem') };
}

/** The list still being read: the title, its progress, nothing to press yet. */
export const Loading: Story = {
  parameters: { companyEmails: { reads: 'hold' } },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Company e-mails' })).toBeInTheDocument();
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('list', { name: 'E-mail addresses' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Add an e-mail' })).toBeNull();
  },
};

/** The list could not be read: said, with "Try again", which reads it again. */
export const LoadFailed: Story = {
  parameters: { companyEmails: { reads: 'fail' } },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent("The company's e-mails could not be loaded");
    service.reads = 'answer';
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('list', { name: 'E-mail addresses' })).toBeInTheDocument();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Only the primary: it is shown (nothing to do with it), and the empty state says how to add another. */
export const OnlyThePrimary: Story = {
  parameters: { companyEmails: { emails: [primaryEmail] } },
  play: async ({ canvasElement }) => {
    const { canvas, items } = await listed(canvasElement);
    await expect(items).toHaveLength(1);
    await expect(items[0]).toHaveTextContent('office@acme-media.examplePrimary');
    await expect(within(items[0]!).queryByRole('button')).toBeNull();
    await expect(canvas.getByText('No other e-mails yet')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add an e-mail' })).toHaveAttribute('aria-haspopup', 'dialog');
  },
};

/** Each state, with what a full-access user may do: the primary nothing; a confirmed one made primary or deleted; an unconfirmed one confirmed, sent a new code or deleted. */
export const FilledFullAccess: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, items } = await listed(canvasElement);
    await expect(items.map((item) => item.getAttribute('data-state'))).toEqual(['primary', 'confirmed', 'unconfirmed']);
    await expect(within(items[0]!).getByText('Primary')).toBeInTheDocument();
    await expect(within(items[0]!).queryByRole('button')).toBeNull();
    await expect(within(items[1]!).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Make primary: finance@acme-media.example', 'Delete finance@acme-media.example']);
    await expect(within(items[2]!).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Confirm billing@acme-media.example',
      'Send a new code to billing@acme-media.example',
      'Delete billing@acme-media.example',
    ]);
    await expect(within(items[2]!).getByText('Not confirmed')).toBeInTheDocument();
    await expect(within(items[2]!).getByText('Last code sent:', { exact: false }).querySelector('time')).toHaveAttribute('dateTime', unconfirmedEmail.codeSentAt);
    await expect(canvas.queryByText("Only users with full access can add or change the company's e-mails.")).toBeNull();
  },
};

/** A user who reads only: the same list, nothing to press, a line saying who changes it; the links to the company and to users and access. */
export const FilledReadOnly: Story = {
  parameters: { viewer: 'reader' },
  play: async ({ canvasElement }) => {
    const { canvas, items } = await listed(canvasElement);
    await expect(items).toHaveLength(3);
    await expect(canvas.queryAllByRole('button')).toEqual([]);
    await expect(canvas.getByText("Only users with full access can add or change the company's e-mails.")).toBeInTheDocument();
    const links = within(canvas.getByRole('navigation', { name: 'Company' }));
    await expect(links.getByRole('link', { name: 'Back to the company' })).toHaveAttribute('href', '/company');
    await expect(links.getByRole('link', { name: 'Users and access' })).toHaveAttribute('href', '/company-access');
  },
};

/** The add dialog refuses an address before any call: not an e-mail (002 s5), then one the company has (any case); the field keeps the focus. */
export const AddFieldError: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await listed(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add an e-mail' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an e-mail' }));
    const field = await dialog.findByRole('textbox', { name: 'E-mail address' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, 'billing@acme');
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await expect(await dialog.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.clear(field);
    await userEvent.type(field, 'Finance@Acme-Media.example');
    await userEvent.keyboard('{Enter}');
    await expect(await dialog.findByText('The company has this e-mail already.')).toBeInTheDocument();
    await expect(service.sentOf('companyEmailAdd')).toEqual([]);
  },
};

/** Adding sends the code at once: the code is asked next (what went where said); a short code is refused here, a wrong one by the service (its words), the right one confirms it. */
export const CodeEntry: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await listed(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add an e-mail' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an e-mail' }));
    await userEvent.type(await dialog.findByRole('textbox', { name: 'E-mail address' }), 'support@acme-media.example');
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    const code = within(await screen.findByRole('dialog', { name: 'Confirm the e-mail' }));
    await expect(code.getByRole('status')).toHaveTextContent('The e-mail was added. We sent a code to support@acme-media.example.');
    const field = await code.findByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(field).toHaveFocus());
    await expect(service.sentOf('companyEmailAdd')).toEqual([expect.objectContaining({ email: 'support@acme-media.example' })]);
    await userEvent.type(field, '12');
    await userEvent.click(code.getByRole('button', { name: 'Confirm' }));
    await expect(await code.findByText('Enter the 6-digit code from the e-mail.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '000000');
    await userEvent.click(code.getByRole('button', { name: 'Confirm' }));
    await expect(await code.findByRole('alert')).toHaveTextContent('The code is not correct');
    await userEvent.clear(field);
    await userEvent.type(field, '123 456');
    await userEvent.click(code.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByText('The e-mail is confirmed.')).toHaveAttribute('role', 'status');
    await expect(service.sentOf('companyEmailConfirm').at(-1)).toEqual(expect.objectContaining({ confirmationCode: '123456' }));
    const added = await canvas.findByText('support@acme-media.example');
    await waitFor(() => expect(added.closest('li')).toHaveAttribute('data-state', 'confirmed'));
  },
};

/** From the list: a new code for an unconfirmed e-mail, said in the code dialog it opens. */
export const NewCodeFromTheList: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await listed(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send a new code to billing@acme-media.example' }));
    const code = within(await screen.findByRole('dialog', { name: 'Confirm the e-mail' }));
    await waitFor(() => expect(code.getByRole('status')).toHaveTextContent('We sent a new code to billing@acme-media.example.'));
    await expect(service.sentOf('companyEmailConfirmRequest')).toEqual([expect.objectContaining({ emailId: unconfirmedEmail.id })]);
    await userEvent.click(code.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('status')).toHaveTextContent('We sent a new code.');
  },
};

/** Delete asks first; a failure says why and tries the same request again; once deleted the row goes and the list's heading takes the focus. */
export const DeleteWithRetry: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await listed(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete billing@acme-media.example' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete billing@acme-media.example?' }));
    service.refuse = { description: 'The service could not delete the e-mail now' };
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('The service could not delete the e-mail now');
    await userEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const deletes = service.sentOf('companyEmailDelete');
    await expect(deletes).toHaveLength(2);
    await expect(deletes[1]!.requestId).toBe(deletes[0]!.requestId);
    await expect(canvas.getByRole('status')).toHaveTextContent('The e-mail was deleted.');
    await waitFor(() => expect(canvas.queryByText('billing@acme-media.example')).toBeNull());
    await waitFor(() => expect(canvas.getByRole('heading', { level: 2, name: 'E-mail addresses' })).toHaveFocus());
  },
};

/** A new primary asks first, then goes through the approval: with another full-access user it waits for their approval, and the page says so. */
export const MakePrimarySentForApproval: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await listed(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `Make primary: ${confirmedEmail.email}` }));
    const question = within(await screen.findByRole('alertdialog', { name: `Make ${confirmedEmail.email} the primary e-mail?` }));
    await userEvent.click(question.getByRole('button', { name: 'Make primary' }));
    const result = within(await screen.findByRole('alertdialog', { name: 'Sent for approval' }));
    await expect(service.sentOf('companyEmailSetPrimary')).toEqual([expect.objectContaining({ emailId: confirmedEmail.id })]);
    await userEvent.click(result.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByRole('status')).toHaveTextContent('The new primary e-mail was sent for approval');
    await expect(canvas.getByText(confirmedEmail.email).closest('li')).toHaveAttribute('data-state', 'confirmed');
  },
};

/** The only full-access user with approval mode none: the new primary applies at once and the list shows it. */
export const MakePrimaryApplied: Story = {
  parameters: { companyEmails: { primary: 'applied' } },
  play: async ({ canvasElement }) => {
    const { canvas } = await listed(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `Make primary: ${confirmedEmail.email}` }));
    const question = within(await screen.findByRole('alertdialog', { name: `Make ${confirmedEmail.email} the primary e-mail?` }));
    await userEvent.click(question.getByRole('button', { name: 'Make primary' }));
    const result = within(await screen.findByRole('alertdialog', { name: 'Successfully submitted' }));
    await userEvent.click(result.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByRole('status')).toHaveTextContent('The primary e-mail was changed.');
    await waitFor(() => expect(canvas.getByText(confirmedEmail.email).closest('li')).toHaveAttribute('data-state', 'primary'));
  },
};

const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }} data-testid="column">
    <Story />
  </div>
);

const longAddress = 'abteilung.buchhaltung.und.rechnungswesen@acme-media-international.example';

/** Long Russian and a long address at 320 px: nothing clipped, nothing wider than the column (the buttons wrap). */
export const NarrowRussian: Story = {
  globals: { locale: 'ru' },
  decorators: [narrow],
  parameters: { companyEmails: { emails: [primaryEmail, { ...unconfirmedEmail, email: longAddress }] } },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await canvas.findByText(longAddress);
    const column = canvas.getByTestId('column');
    await expect(clippedText(column)).toEqual([]);
    await expect(column.scrollWidth).toBeLessThanOrEqual(column.clientWidth);
  },
};

/** The same in Portuguese, read only. */
export const NarrowPortugueseReadOnly: Story = {
  globals: { locale: 'pt' },
  decorators: [narrow],
  parameters: { viewer: 'reader', companyEmails: { emails: [primaryEmail, confirmedEmail, { ...unconfirmedEmail, email: longAddress }] } },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await canvas.findByText(longAddress);
    const column = canvas.getByTestId('column');
    await expect(clippedText(column)).toEqual([]);
    await expect(column.scrollWidth).toBeLessThanOrEqual(column.clientWidth);
  },
};
