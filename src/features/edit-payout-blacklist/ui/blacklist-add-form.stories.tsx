import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { blacklistAddFormMachine } from '@machines/settings/blacklist-add.machine';
import type { FormFailure, FormValues } from '@machines/shared/form.machine';
import type { BlacklistUser } from '@/entities/security';
import { withAppServices } from '../../../../.storybook/decorators';
import { clippedText } from '../../../../.storybook/layout-checks';
import { BlacklistAddForm } from './blacklist-add-form';

const addSubmit = fn<(input: { values: FormValues; requestId?: string }) => Promise<BlacklistUser>>();
const onAdded = fn<(email: string) => void>();
const onCancel = fn<() => void>();

/** The real form statechart with the fake call. */
const logic = blacklistAddFormMachine.provide({ actors: { submit: fromPromise(({ input }) => addSubmit(input)) } });

/**
 * The "add to blacklist" popup's form (001 s2, s5), outside its popup: the e-mail and what to
 * block; the customer's own e-mail and those listed already are refused before sending.
 */
const meta: Meta<typeof BlacklistAddForm> = {
  title: 'Features/Edit payout blacklist/Add form',
  component: BlacklistAddForm,
  decorators: [withAppServices],
  args: { logic, own: ['ana@example.com'], listed: ['spam@example.com'], onAdded, onCancel },
  beforeEach: () => {
    addSubmit.mockReset();
    addSubmit.mockImplementation(async ({ values }) => ({ email: (values.email ?? '').trim().toLowerCase(), blockType: 'all' }));
    onAdded.mockReset();
    onCancel.mockReset();
  },
};
export default meta;
type Story = StoryObj<typeof BlacklistAddForm>;

const form = (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  return { canvas, email: canvas.getByRole('textbox', { name: 'E-mail' }), add: canvas.getByRole('button', { name: 'Add' }) };
};

/** Empty: the e-mail first (it takes focus), "All payouts" chosen. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, email } = form(canvasElement);
    await waitFor(() => expect(email).toHaveFocus());
    await expect(email).toHaveAttribute('type', 'email');
    await expect(canvas.getByRole('radiogroup', { name: 'What to block' })).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'All payouts' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Peer-to-peer transfers' })).not.toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Mass payouts' })).not.toBeChecked();
  },
};

/** Required, then not an e-mail (001 s5), then on the list already: each refused at the field, nothing sent. */
export const RefusedByTheRule: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, email, add } = form(canvasElement);
    await userEvent.click(add);
    await expect(await canvas.findByText('Enter an e-mail address.')).toBeInTheDocument();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(email, 'a@b.c');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await userEvent.click(add);
    await expect(await canvas.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, ' SPAM@example.com ');
    await userEvent.click(add);
    await expect(await canvas.findByText('This e-mail is on the black list already.')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveFocus());
    await expect(addSubmit).not.toHaveBeenCalled();
  },
};

/** The customer's own e-mail, in another case: refused before sending. */
export const OwnEmailRefused: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, email, add } = form(canvasElement);
    await userEvent.type(email, 'ANA@example.com');
    await userEvent.click(add);
    await expect(await canvas.findByText('You cannot block your own e-mail address.')).toBeInTheDocument();
    await expect(email).toHaveValue('ANA@example.com');
    await expect(addSubmit).not.toHaveBeenCalled();
  },
};

/** Sent with what to block; the caller hears the e-mail as the service kept it. */
export const Added: Story = {
  beforeEach: () => {
    addSubmit.mockImplementation(async ({ values }) => ({ email: (values.email ?? '').trim().toLowerCase(), blockType: 'mass' }));
  },
  play: async ({ canvasElement }) => {
    const { canvas, email, add } = form(canvasElement);
    await userEvent.type(email, 'Batch.Partner@example.com');
    await userEvent.click(canvas.getByRole('radio', { name: 'Mass payouts' }));
    await userEvent.click(add);
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith('batch.partner@example.com'));
    await expect(addSubmit).toHaveBeenCalledWith({ values: expect.objectContaining({ email: 'Batch.Partner@example.com', blockType: 'mass' }), requestId: expect.any(String) });
  },
};

/** The service refuses: its words at the field, what was typed and chosen kept; sending the same again reuses the requestId. */
export const RefusedByTheService: Story = {
  beforeEach: () => {
    addSubmit.mockImplementationOnce(() => Promise.reject({ fields: { email: { text: 'This customer cannot be blocked' } } } satisfies FormFailure));
  },
  play: async ({ canvasElement }) => {
    const { canvas, email, add } = form(canvasElement);
    await userEvent.type(email, 'boss@example.com');
    await userEvent.click(canvas.getByRole('radio', { name: 'Peer-to-peer transfers' }));
    await userEvent.click(add);
    await expect(await canvas.findByText('This customer cannot be blocked')).toBeInTheDocument();
    await expect(email).toHaveValue('boss@example.com');
    await expect(canvas.getByRole('radio', { name: 'Peer-to-peer transfers' })).toBeChecked();
    await expect(onAdded).not.toHaveBeenCalled();
    await userEvent.click(add);
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith('boss@example.com'));
    const [first, second] = addSubmit.mock.calls.map(([input]) => input.requestId);
    await expect(second).toBe(first);
  },
};

/** While it is sent: "Add" shows progress and a second press sends nothing more. */
export const Sending: Story = {
  beforeEach: () => {
    addSubmit.mockImplementation(() => new Promise<never>(() => {}));
  },
  play: async ({ canvasElement }) => {
    const { email, add } = form(canvasElement);
    await userEvent.type(email, 'fraud@example.com{Enter}');
    await expect(add).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(add);
    await expect(addSubmit).toHaveBeenCalledTimes(1);
  },
};

/** A phone-wide column (320 px). */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }} data-testid="column">
    <Story />
  </div>
);

/** In Portuguese on a 320 px column with an error shown: nothing is cut off or overflows. */
export const NarrowPortuguese: Story = {
  globals: { locale: 'pt' },
  decorators: [narrow],
  play: async ({ canvasElement }) => {
    const column = within(canvasElement).getByTestId('column');
    await userEvent.click(within(column).getAllByRole('button')[0]!);
    await waitFor(() => expect(column.querySelector('[aria-invalid="true"]')).not.toBeNull());
    await expect(clippedText(column)).toEqual([]);
    await expect(column.scrollWidth).toBeLessThanOrEqual(column.clientWidth);
  },
};
