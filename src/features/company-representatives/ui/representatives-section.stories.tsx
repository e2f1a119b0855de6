import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { apiRuntime, configureApi, mainMethodRules } from '@/shared/api';
import { Button, Dialog } from '@/shared/ui';
import { withAppServices, withDictionaries, withRouter } from '../../../../.storybook/decorators';
import { demoCountries } from '../../../../.storybook/company-file-fixtures';
import { anaPop, demoCompanyUsers, mihaiStan, nordwindHolding, representativesService, type RepresentativesService } from '../../../../.storybook/company-people-fixtures';
import { withFetch } from '../../../../.storybook/fake-fetch';
import { clippedText } from '../../../../.storybook/layout-checks';
import { RepresentativesSection, type RepresentativeAddressDialogSlotProps } from './representatives-section';

/**
 * The company's representatives (issue 54) on the real statechart and the app's calls, answered by
 * a fake representatives service (no network): the four lists read on their own (loading, failed,
 * empty, filled: several roles, a person needing action, a company shareholder, the owner and you),
 * a representative added in a dialog (checked first, refused by the service, kept), a delete asked
 * first (forced for admins, failed and tried again), and another person's address through the
 * address dialog the page hands in (a stand-in here: the address feature has its own stories).
 */
let service: RepresentativesService = representativesService();

/** The address feature's dialog stands here (the page hands in features/representative-address's). */
function AddressDialogStandIn({ representativeId, representativeName, onClose, onSaved }: RepresentativeAddressDialogSlotProps) {
  return (
    <Dialog isOpen onClose={onClose} title={`Add ${representativeName}'s address`}>
      <p>The address dialog of the address feature, for representative no. {representativeId}.</p>
      <Button
        onPress={() => {
          service.giveAddress(representativeId);
          onSaved?.();
          onClose();
        }}
      >
        Save address
      </Button>
    </Dialog>
  );
}
const addressDialog = { Lazy: AddressDialogStandIn, preload: () => undefined };

const meta: Meta<typeof RepresentativesSection> = {
  title: 'Features/Company representatives',
  component: RepresentativesSection,
  decorators: [withRouter, withAppServices, withDictionaries({ countries: demoCountries })],
  parameters: { layout: 'padded' },
  args: { canManage: true, deleteMode: 'delete', addressDialog },
  beforeEach: () => {
    service = representativesService();
    // The app's per-method rules (main.tsx): businessRepresentativeAdd's share, phone and birthday go as typed text.
    const { methodRules } = apiRuntime;
    configureApi({ methodRules: mainMethodRules });
    const restoreFetch = withFetch((input, init) => service.fetch(input, init))();
    return () => {
      restoreFetch();
      configureApi({ methodRules });
    };
  },
};
export default meta;
type Story = StoryObj<typeof RepresentativesSection>;

const HEADING = "The company's representatives";
const slow = { timeout: 5000 };

/** The section once drawn (its heading), and its lists by their headings. */
async function rendered(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 2, name: HEADING });
  const list = (name: string) => within(canvas.getByRole('region', { name }));
  return { canvas, list };
}

/** The lists once read: Mihai Stan on the shareholders list. */
async function filled(canvasElement: HTMLElement) {
  const view = await rendered(canvasElement);
  await view.list('Shareholders').findByRole('heading', { level: 4, name: 'Mihai Stan' }, slow);
  // Each list is its own read: all of them answered.
  await waitFor(() => expect(view.canvas.queryAllByRole('progressbar')).toHaveLength(0), slow);
  return view;
}

/** A row of a list by the person's name. */
const row = (list: ReturnType<typeof within>, name: string) => list.getByRole('heading', { level: 4, name }).closest('li') as HTMLElement;

/** Every list still being read: the heading, each list's progress, nobody yet. */
export const Loading: Story = {
  beforeEach: () => {
    service.reads = 'hold';
  },
  play: async ({ canvasElement }) => {
    const { canvas } = await rendered(canvasElement);
    await expect(await canvas.findAllByRole('progressbar', { name: 'Loading' })).toHaveLength(4);
    await expect(canvas.queryAllByRole('heading', { level: 4 })).toHaveLength(0);
  },
};

/** The service is down: each list says so with Try again; the service back, the list is read. */
export const Error: Story = {
  beforeEach: () => {
    service.reads = 'fail';
  },
  play: async ({ canvasElement }) => {
    const { canvas, list } = await rendered(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('alert')).toHaveLength(4));
    const alert = list('Shareholders').getByRole('alert');
    await expect(alert).toHaveTextContent('The shareholders could not be loaded');
    await expect(alert).toHaveTextContent('Server is not available');
    await expect(list('Users').getByRole('alert')).toHaveTextContent('The users could not be loaded');
    service.reads = 'answer';
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await list('Shareholders').findByRole('heading', { level: 4, name: 'Nordwind Holding GmbH' })).toBeInTheDocument();
    await expect(list('Directors').getByRole('alert')).toBeInTheDocument();
  },
};

/** No representatives yet: each list says so; the users list has the owner. */
export const Empty: Story = {
  beforeEach: () => {
    service = representativesService({ people: [], users: [demoCompanyUsers[0]!] });
  },
  play: async ({ canvasElement }) => {
    const { canvas, list } = await rendered(canvasElement);
    await waitFor(() => expect(canvas.queryAllByRole('progressbar')).toHaveLength(0), slow);
    await expect(list('Shareholders').getByText('No shareholders yet')).toBeInTheDocument();
    await expect(list('Ultimate beneficial owners').getByText('No ultimate beneficial owners yet')).toBeInTheDocument();
    await expect(list('Directors').getByText('No directors yet')).toBeInTheDocument();
    const owner = row(list('Users'), 'Maria Keller');
    await expect(within(owner).getByText('Owner')).toBeInTheDocument();
    await expect(within(owner).queryByRole('link')).toBeNull();
  },
};

/**
 * Filled, for a full-access user: a person with several roles in each of their lists with the same
 * badges; what needs action; a company shareholder by its name and share; the owner and you;
 * Delete and Add address named with the person; a user and a person with documents not deleted here.
 */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, list } = await filled(canvasElement);
    const shareholders = list('Shareholders');
    const directors = list('Directors');
    for (const rows of [row(shareholders, 'Mihai Stan'), row(directors, 'Mihai Stan')]) {
      await expect(within(within(rows).getByRole('list', { name: 'Roles' })).getAllByRole('listitem').map((badge) => badge.textContent)).toEqual(['Director', 'Shareholder']);
      await expect(rows).toHaveTextContent('Needs action: address document and identity document');
      await expect(rows).toHaveTextContent('+40 721 555 010');
      await expect(rows).toHaveTextContent('No address yet');
    }
    const mihai = row(shareholders, 'Mihai Stan');
    await expect(mihai).toHaveTextContent('35.5%');
    await expect(within(row(directors, 'Mihai Stan')).queryByText('35.5%')).toBeNull();
    await expect(within(mihai).getByRole('button', { name: 'Delete Mihai Stan' })).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(within(mihai).getByRole('button', { name: 'Add address for Mihai Stan' })).toBeInTheDocument();

    const nordwind = row(shareholders, 'Nordwind Holding GmbH');
    await expect(nordwind).toHaveTextContent('40%');
    await expect(within(nordwind).getByText('Company')).toBeInTheDocument();
    await expect(within(nordwind).queryByRole('button', { name: /Add address/ })).toBeNull();

    const ana = row(list('Ultimate beneficial owners'), 'Ana Pop');
    await expect(ana).toHaveTextContent('Needs action: identity document and control document');
    await expect(ana).toHaveTextContent('Rua Augusta 27, 1100-048 Lisboa, Portugal');
    await expect(within(ana).getByText('Under review')).toBeInTheDocument();
    await expect(within(ana).queryByRole('button', { name: 'Delete Ana Pop' })).toBeNull();
    await expect(ana).toHaveTextContent('Ana Pop has documents on file: only a platform administrator can delete them, documents and all.');

    const jonas = row(directors, 'Jonas Brandt');
    await expect(within(jonas).getByText('You')).toBeInTheDocument();
    await expect(within(jonas).queryByRole('button', { name: /Delete/ })).toBeNull();
    await expect(within(jonas).getByRole('link', { name: 'Users and access' })).toHaveAttribute('href', '/company-access');

    const users = list('Users');
    await expect(within(row(users, 'Maria Keller')).getByText('Owner')).toBeInTheDocument();
    await expect(within(row(users, 'Jonas Brandt')).getByText('You')).toBeInTheDocument();
    const elena = row(users, 'Elena Popescu');
    await expect(within(elena).getByText('Not activated yet')).toBeInTheDocument();
    await expect(within(elena).getByText('Authorised user')).toBeInTheDocument();
    await expect(within(elena).getByRole('link', { name: 'Users and access' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add a representative' })).toBeInTheDocument();
  },
};

/** A reader: the same lists, nothing to add or delete, no "remove access" notes. */
export const ReadOnly: Story = {
  args: { canManage: false, deleteMode: null },
  play: async ({ canvasElement }) => {
    const { canvas, list } = await filled(canvasElement);
    await expect(row(list('Shareholders'), 'Mihai Stan')).toHaveTextContent('Needs action');
    await expect(canvas.queryAllByRole('button')).toHaveLength(0);
    await expect(canvas.queryAllByRole('link')).toHaveLength(0);
  },
};

/** Deleted after the question: sent once (not forced), the person gone from every list, said, the focus on the heading. */
export const Delete: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, list } = await filled(canvasElement);
    await userEvent.click(canvas.getAllByRole('button', { name: 'Delete Mihai Stan' })[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Mihai Stan?' }, slow);
    await expect(dialog).toHaveTextContent("Mihai Stan is removed from the company's representatives.");
    await expect(dialog).not.toHaveTextContent('forced');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), slow);
    await waitFor(() => expect(canvas.queryByRole('heading', { level: 4, name: 'Mihai Stan' })).toBeNull());
    const sent = service.sentOf('businessRepresentativeDelete');
    await expect(sent).toEqual([expect.objectContaining({ representativeId: 11, requestId: expect.any(String) })]);
    await expect(sent[0]).not.toHaveProperty('force');
    await expect(canvas.getByRole('status')).toHaveTextContent('The representative is deleted.');
    await expect(list('Directors').getByRole('heading', { level: 4, name: 'Jonas Brandt' })).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('heading', { level: 2, name: HEADING })).toHaveFocus());
  },
};

/** Cancelled: nothing sent, the focus back on the button. */
export const DeleteCancelled: Story = {
  play: async ({ canvasElement }) => {
    const { list } = await filled(canvasElement);
    const button = within(row(list('Shareholders'), 'Nordwind Holding GmbH')).getByRole('button', { name: 'Delete Nordwind Holding GmbH' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Nordwind Holding GmbH?' }, slow);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    await expect(service.sentOf('businessRepresentativeDelete')).toEqual([]);
  },
};

/** The delete fails: why, and Try again sends the same request, which deletes. */
export const DeleteFailed: Story = {
  beforeEach: () => {
    service.failDeletes = 1;
  },
  play: async ({ canvasElement }) => {
    const { list } = await filled(canvasElement);
    await userEvent.click(within(row(list('Shareholders'), 'Nordwind Holding GmbH')).getByRole('button', { name: 'Delete Nordwind Holding GmbH' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Nordwind Holding GmbH?' }, slow);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('Server is not available');
    const again = within(dialog).getByRole('button', { name: 'Try again' });
    await expect(again).toHaveFocus();
    await userEvent.click(again);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), slow);
    const [first, second] = service.sentOf('businessRepresentativeDelete');
    await expect(second?.requestId).toBe(first?.requestId);
    await waitFor(() => expect(list('Shareholders').queryByRole('heading', { level: 4, name: 'Nordwind Holding GmbH' })).toBeNull());
  },
};

/** A platform admin: a forced delete, said to remove the documents too, offered for a person with documents; a user still not. */
export const ForceMode: Story = {
  args: { canManage: false, deleteMode: 'force' },
  play: async ({ canvasElement }) => {
    const { canvas, list } = await filled(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Add a representative' })).toBeNull();
    await expect(within(row(list('Directors'), 'Jonas Brandt')).queryByRole('button', { name: /Delete/ })).toBeNull();
    await userEvent.click(within(row(list('Ultimate beneficial owners'), 'Ana Pop')).getByRole('button', { name: 'Delete Ana Pop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Ana Pop?' }, slow);
    await expect(dialog).toHaveTextContent("This is a forced delete: Ana Pop is removed from the company's representatives together with their documents.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete with documents' }));
    await waitFor(() => expect(canvas.queryByRole('heading', { level: 4, name: 'Ana Pop' })).toBeNull(), slow);
    await expect(service.sentOf('businessRepresentativeDelete')).toEqual([expect.objectContaining({ representativeId: anaPop.id, force: true, requestId: expect.any(String) })]);
  },
};

/** The add dialog opened (its code loaded on demand). */
async function openAdd(canvasElement: HTMLElement) {
  const { canvas } = await filled(canvasElement);
  await userEvent.click(canvas.getByRole('button', { name: 'Add a representative' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a representative' }, slow);
  const d = within(dialog);
  return {
    canvas,
    d,
    firstName: d.getByRole('textbox', { name: /First name/ }),
    lastName: d.getByRole('textbox', { name: /Last name/ }),
    birthday: d.getByLabelText(/Date of birth/),
    email: d.getByRole('textbox', { name: /E-mail/ }),
    phone: d.getByRole('textbox', { name: /Phone/ }),
    submit: d.getByRole('button', { name: 'Add representative' }),
  };
}

/**
 * Submitted empty: each field says what it needs, the roles too, the focus on the first name, nothing
 * sent; then an e-mail the company has, and a share that would take the shareholders past 100 %.
 */
export const AddWithFieldErrors: Story = {
  play: async ({ canvasElement }) => {
    const form = await openAdd(canvasElement);
    await expect(form.d.getByRole('radio', { name: 'A person' })).toBeChecked();
    await expect(form.d.queryByRole('textbox', { name: /Share/ })).toBeNull();
    await userEvent.click(form.submit);
    await expect(await form.d.findByText('Enter the first name.')).toBeInTheDocument();
    await expect(form.d.getByText('Enter the last name.')).toBeInTheDocument();
    await expect(form.d.getByText('Enter the date of birth.')).toBeInTheDocument();
    await expect(form.d.getByText('Enter an e-mail address.')).toBeInTheDocument();
    await expect(form.d.getByText('Choose at least one role.')).toBeInTheDocument();
    await expect(form.firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(form.phone).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(form.firstName).toHaveFocus());

    await userEvent.type(form.firstName, 'Radu');
    await userEvent.type(form.lastName, 'Ionescu');
    await userEvent.type(form.birthday, '1988-09-30');
    await userEvent.type(form.email, 'ANA.POP@example.com');
    await userEvent.click(form.d.getByRole('checkbox', { name: 'Shareholder' }));
    const share = form.d.getByRole('textbox', { name: /Share/ });
    await expect(share).toHaveAccessibleDescription('The other shareholders hold 90% together.');
    await userEvent.type(share, '10.5');
    await userEvent.click(form.submit);
    await waitFor(() => expect(form.email).toHaveAccessibleDescription('The company has this e-mail already.'));
    await expect(share).toHaveAccessibleDescription(/The shareholders would hold more than 100 % together\./);
    await expect(form.d.queryByText('Choose at least one role.')).toBeNull();
    await waitFor(() => expect(form.email).toHaveFocus());
    await expect(form.firstName).toHaveValue('Radu');
    await expect(service.sentOf('businessRepresentativeAdd')).toEqual([]);
  },
};

/**
 * A person added: sent once with their roles as position ids; said; "Add Radu Ionescu's address"
 * opens the address dialog for them, and once it is kept their row shows the address.
 */
export const AddPerson: Story = {
  play: async ({ canvasElement }) => {
    const form = await openAdd(canvasElement);
    await userEvent.type(form.firstName, 'Radu');
    await userEvent.type(form.lastName, 'Ionescu');
    await userEvent.type(form.birthday, '1988-09-30');
    await userEvent.type(form.email, 'radu.ionescu@example.com');
    await userEvent.click(form.d.getByRole('checkbox', { name: 'Director' }));
    await userEvent.click(form.d.getByRole('checkbox', { name: 'Shareholder' }));
    await userEvent.type(form.d.getByRole('textbox', { name: /Share/ }), '10');
    await userEvent.click(form.submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    await expect(service.sentOf('businessRepresentativeAdd')).toEqual([
      expect.objectContaining({ kind: 'person', firstName: 'Radu', lastName: 'Ionescu', birthday: '1988-09-30', email: 'radu.ionescu@example.com', positionIds: [2, 6], share: '10', requestId: expect.any(String) }),
    ]);
    const { canvas, list } = await rendered(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent("Radu Ionescu is added to the company's representatives.");
    await expect(await list('Directors').findByRole('heading', { level: 4, name: 'Radu Ionescu' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: "Add Radu Ionescu's address" }));
    const dialog = await screen.findByRole('dialog', { name: "Add Radu Ionescu's address" }, slow);
    await expect(dialog).toHaveTextContent('for representative no. 21');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(row(list('Directors'), 'Radu Ionescu')).toHaveTextContent('Rua Augusta 27'), slow);
    await expect(canvas.queryByRole('button', { name: "Add Radu Ionescu's address" })).toBeNull();
  },
};

/**
 * A company refused by the service (its words at the field, the focus there, what was typed kept);
 * sent again unchanged it is the same attempt (the same requestId) and is added.
 */
export const AddCompanyRefused: Story = {
  beforeEach: () => {
    service.refuse = { param: 'companyName', description: 'A company with this name holds shares already' };
  },
  play: async ({ canvasElement }) => {
    const form = await openAdd(canvasElement);
    await userEvent.click(form.d.getByRole('radio', { name: 'A company that holds shares' }));
    await expect(form.d.queryByRole('textbox', { name: /First name/ })).toBeNull();
    const name = form.d.getByRole('textbox', { name: /Company name/ });
    await userEvent.type(name, 'Baltic Ventures OÜ');
    await userEvent.type(form.d.getByRole('textbox', { name: /Share/ }), '5');
    await userEvent.click(form.submit);
    await waitFor(() => expect(name).toHaveAccessibleDescription('A company with this name holds shares already'));
    await waitFor(() => expect(name).toHaveFocus());
    await expect(name).toHaveValue('Baltic Ventures OÜ');
    await userEvent.click(form.submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    const [first, second] = service.sentOf('businessRepresentativeAdd');
    await expect(second?.requestId).toBe(first?.requestId);
    await expect(second).toMatchObject({ kind: 'company', companyName: 'Baltic Ventures OÜ', positionIds: [9], share: '5' });
    await expect(second).not.toHaveProperty('firstName');
    const { canvas, list } = await rendered(canvasElement);
    await expect(await list('Shareholders').findByRole('heading', { level: 4, name: 'Baltic Ventures OÜ' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /Baltic Ventures OÜ's address/ })).toBeNull();
  },
};

/** While it is sent: the button shows progress, a second press sends nothing more, the dialog stays. */
export const AddSending: Story = {
  beforeEach: () => {
    service.hold = true;
  },
  play: async ({ canvasElement }) => {
    const form = await openAdd(canvasElement);
    await userEvent.click(form.d.getByRole('radio', { name: 'A company that holds shares' }));
    await userEvent.type(form.d.getByRole('textbox', { name: /Company name/ }), 'Baltic Ventures OÜ');
    await userEvent.type(form.d.getByRole('textbox', { name: /Share/ }), '5');
    await userEvent.click(form.submit);
    await waitFor(() => expect(form.submit).toHaveAttribute('aria-busy', 'true'));
    await userEvent.click(form.submit);
    await expect(form.d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(service.sentOf('businessRepresentativeAdd')).toHaveLength(1);
  },
};

/** A phone-wide column (320 px). */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }} data-testid="column">
    <Story />
  </div>
);

/** Long names, e-mails and addresses in a 320 px column: everything wraps, nothing is cut off or overflows. */
export const Narrow: Story = {
  decorators: [narrow],
  beforeEach: () => {
    service = representativesService({
      people: [
        { ...mihaiStan, firstName: 'Maria-Magdalena Alexandrina', lastName: 'Constantinescu-Vasilescu-Dumitrescu', email: 'maria-magdalena.constantinescu-vasilescu@exemplo-muito-longo.example' },
        { ...nordwindHolding, companyName: 'Sociedade de Investimentos Imobiliários e Participações Internacionais Lda.' },
        { ...anaPop, address: anaPop.address && { ...anaPop.address, address1: 'Avenida da República Portuguesa de Todos os Santos 1204, 3.º andar esquerdo' } },
      ],
    });
  },
  play: async ({ canvasElement }) => {
    const { canvas } = await rendered(canvasElement);
    await canvas.findAllByRole('heading', { level: 4, name: 'Maria-Magdalena Alexandrina Constantinescu-Vasilescu-Dumitrescu' }, slow);
    const column = canvas.getByTestId('column');
    await expect(clippedText(column)).toEqual([]);
    await expect(column.scrollWidth).toBeLessThanOrEqual(column.clientWidth);
  },
};
