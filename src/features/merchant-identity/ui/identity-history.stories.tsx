import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { IdentityVerification } from '@/entities/merchant';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { demoVerifications } from '../../../../.storybook/merchant-fixtures';
import { narrowIn } from '../../../../.storybook/narrow';
import { IdentityHistoryView, type IdentityChecksRead } from './identity-history';

/**
 * /merchant/security/verification/history (issue 56): the checks read (`args.read`, a check in
 * each status), the filters the address holds (`args.filters`) and `args.onFilters`, which records
 * the cleaned filters Apply and Clear put into the address.
 */
type Checks = { verifications: IdentityVerification[]; total: number };
const checksRead = (verifications: IdentityVerification[], total = verifications.length) => fakeQuery<Checks>({ data: { verifications, total } }) as IdentityChecksRead;

const meta: Meta<typeof IdentityHistoryView> = {
  title: 'Features/Verification history',
  component: IdentityHistoryView,
  parameters: { layout: 'padded' },
  args: { read: checksRead(demoVerifications), filters: {}, onFilters: fn() },
};
export default meta;
type Story = StoryObj<typeof IdentityHistoryView>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).findByRole('heading', { level: 1, name: 'Verification history' });

/** The list shown: no progress left, the heading there. */
const shown = async (canvasElement: HTMLElement) => {
  await heading(canvasElement);
  await waitFor(() => expect(within(canvasElement).queryByRole('progressbar')).toBeNull());
  return within(canvasElement);
};

const filterForm = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('form', { name: 'Filters' }));

/** The row of a check, by the person's name. */
const rowOf = (canvas: ReturnType<typeof within>, name: string) => canvas.getByText(name, { exact: true }).closest('li')!;

/** The checks being read: the filters and the progress, no list. */
export const Loading: Story = {
  args: { read: fakeQuery({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.getByRole('form', { name: 'Filters' })).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** The read failed: what happened and Try again, which reads again. */
export const Error: Story = {
  args: { read: fakeQuery({ isError: true, error: new globalThis.Error('down') }) },
  play: async ({ canvasElement, args }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The checks could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.read.refetch).toHaveBeenCalledTimes(1);
    await expect(within(canvasElement).queryByRole('list')).toBeNull();
  },
};

/** No check started yet (no filters): said so, with where to start one. */
export const Empty: Story = {
  args: { read: checksRead([]) },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('No checks yet')).toBeInTheDocument();
    await expect(canvas.getByText('Start a check from Identity verification.')).toBeInTheDocument();
    await expect(canvas.queryByText('No check matches these filters')).toBeNull();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** Filtered by a status no check has: said that nothing matches these filters, the status shown in its field. */
export const EmptyFiltered: Story = {
  args: { read: checksRead([]), filters: { status: 'declined' } },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('No check matches these filters')).toBeInTheDocument();
    await expect(canvas.getByText('Change or clear the filters.')).toBeInTheDocument();
    await expect(canvas.queryByText('No checks yet')).toBeNull();
    await expect(filterForm(canvasElement).getByRole('combobox', { name: 'Status' })).toHaveValue('declined');
  },
};

/** A check in each status: the person, the e-mail and country, the reference when there is one, the status and what it means, the fee and its account. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('Checks: 5')).toBeInTheDocument();
    const list = within(canvas.getByRole('list', { name: 'Verification history' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(5);
    const anna = rowOf(canvas, 'Anna Berg');
    await expect(anna).toHaveTextContent('anna.berg@example.com · DE · Your reference: ORDER-1042');
    await expect(anna).toHaveTextContent('Invited: The invitation was sent; the person has not started yet.');
    await expect(anna).toHaveTextContent('Fee €2.50 · Account No. 1101');
    const radu = rowOf(canvas, 'Radu Ionescu');
    await expect(radu).toHaveTextContent('In progress: The person started proving who they are.');
    await expect(radu).toHaveTextContent('Fee lei 12.50 · Account No. 1102');
    await expect(radu).not.toHaveTextContent('reference');
    const maria = rowOf(canvas, 'Maria Costa');
    await expect(within(maria).getByText('Approved', { exact: true })).toBeInTheDocument();
    await expect(maria).toHaveTextContent('Approved: The person proved who they are.');
    await expect(maria).toHaveTextContent('Your reference: CUST-77');
    await expect(rowOf(canvas, 'Jonas Weber')).toHaveTextContent('Declined: The documents or the selfie did not match: the identity was not confirmed.');
    await expect(rowOf(canvas, 'Elena Popa')).toHaveTextContent('Expired: The person did not finish within 14 days.');
    await expect(rowOf(canvas, 'Elena Popa')).toHaveTextContent('elena.popa@example.com · RO');
  },
};

/** More checks than read (one list holds the newest 1000): it says so, and how to see the others. */
export const CountFromTotal: Story = {
  args: { read: checksRead(demoVerifications.slice(0, 2), 1200) },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('The newest 2 of 1200 checks: narrow the filters to see the others.')).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
  },
};

/**
 * The filters: days out of order are refused at the last day (the focus there, nothing applied);
 * put right, Apply hands on only the values given, trimmed (an e-mail of spaces is dropped);
 * Clear empties every field and hands on no filter.
 */
export const Filters: Story = {
  play: async ({ canvasElement, args }) => {
    await shown(canvasElement);
    const form = filterForm(canvasElement);
    const status = form.getByRole('combobox', { name: 'Status' });
    await expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any status', 'Invited', 'In progress', 'Approved', 'Declined', 'Expired']);
    await userEvent.selectOptions(status, 'approved');
    await userEvent.type(form.getByRole('textbox', { name: 'E-mail contains' }), '   ');
    const from = form.getByLabelText('Started from');
    const to = form.getByLabelText('Started to');
    await userEvent.type(from, '2026-11-30');
    await userEvent.type(to, '2026-11-01');
    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    await expect(await form.findByText('The last day cannot be before the first.')).toBeInTheDocument();
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(to).toHaveFocus());
    await expect(args.onFilters).not.toHaveBeenCalled();
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-01');
    await userEvent.clear(to);
    await expect(form.queryByText('The last day cannot be before the first.')).toBeNull();
    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(args.onFilters).toHaveBeenCalledTimes(1));
    await expect(args.onFilters).toHaveBeenCalledWith({ status: 'approved', fromDate: '2026-11-01' });
    await userEvent.click(form.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(args.onFilters).toHaveBeenCalledTimes(2));
    await expect(args.onFilters).toHaveBeenLastCalledWith({});
    await expect(status).toHaveValue('');
    await expect(from).toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'E-mail contains' })).toHaveValue('');
  },
};

/** The filters the address holds are shown in their fields. */
export const FiltersFromAddress: Story = {
  args: { filters: { status: 'approved', email: 'berg', fromDate: '2026-11-01', toDate: '2026-11-30' } },
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
    const form = filterForm(canvasElement);
    await expect(form.getByRole('combobox', { name: 'Status' })).toHaveValue('approved');
    await expect(form.getByRole('textbox', { name: 'E-mail contains' })).toHaveValue('berg');
    await expect(form.getByLabelText('Started from')).toHaveValue('2026-11-01');
    await expect(form.getByLabelText('Started to')).toHaveValue('2026-11-30');
  },
};

const layoutHolds = async (canvasElement: HTMLElement) => {
  const section = (await within(canvasElement).findByRole('heading', { level: 1 })).parentElement!;
  await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(demoVerifications.length));
  await expect(clippedText(section)).toEqual([]);
  await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
};

/** In Portuguese on a 320 px column: nothing cut off, nothing scrolling sideways. */
export const NarrowPortuguese: Story = narrowIn('pt', ({ canvasElement }) => layoutHolds(canvasElement));

/** The same in Russian. */
export const NarrowRussian: Story = narrowIn('ru', ({ canvasElement }) => layoutHolds(canvasElement));
