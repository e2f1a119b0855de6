import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { lookupMachine } from '@machines/shared/lookup.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import type { ReputationAnswer } from '@/entities/merchant';
import { clippedText } from '../../../../.storybook/layout-checks';
import { sampleReputationEntry } from '../../../../.storybook/merchant-fixtures';
import { narrowIn } from '../../../../.storybook/narrow';
import { ReputationLookup } from './reputation-lookup';

/**
 * /merchant/security/reputation (issue 56): the lookup statechart with a fake `lookUp` (settling
 * after 10 ms) that answers from a small table by the e-mail asked: `lookUps` records each e-mail
 * asked. An e-mail the table does not know has nothing reported.
 */
const RISKY = 'fraud.suspect@example.com';
const GOOD = 'good.payer@example.com';
const CAREFUL = 'careful.payer@example.com';
const UNKNOWN = 'x@example.com';

const ANSWERS: Record<string, ReputationAnswer> = {
  [RISKY]: {
    email: RISKY,
    entries: [
      sampleReputationEntry(1, RISKY, 'fraudReport', { amount: '120.00', currencyCode: 'EUR' }),
      sampleReputationEntry(2, RISKY, 'accountClosed'),
      sampleReputationEntry(3, RISKY, 'chargeback', { amount: '45.50', currencyCode: 'EUR' }),
    ],
    total: 3,
  },
  [GOOD]: {
    email: GOOD,
    entries: [sampleReputationEntry(4, GOOD, 'completedPayment', { amount: '24.90', currencyCode: 'EUR' }), sampleReputationEntry(5, GOOD, 'refundRequest'), sampleReputationEntry(6, GOOD, 'completedPayment', { amount: '150.00', currencyCode: 'RON' })],
    total: 140,
  },
  [CAREFUL]: {
    email: CAREFUL,
    entries: [sampleReputationEntry(7, CAREFUL, 'chargeback', { amount: '80.00', currencyCode: 'EUR' }), sampleReputationEntry(8, CAREFUL, 'completedPayment')],
    total: 2,
  },
};
const answer = async (query: unknown): Promise<ReputationAnswer> => ANSWERS[String(query)] ?? { email: String(query), entries: [], total: 0 };

const lookUps = fn<(query: unknown) => Promise<ReputationAnswer>>();
const logic = lookupMachine.provide({
  actors: { lookUp: fromPromise<unknown, { query: unknown }>(({ input }) => lookUps(input.query)) },
  delays: { settle: 10 },
});

const meta: Meta<typeof ReputationLookup> = {
  title: 'Features/Reputation',
  component: ReputationLookup,
  parameters: { layout: 'padded' },
  args: { logic },
  beforeEach: () => {
    lookUps.mockReset();
    lookUps.mockImplementation(answer);
  },
};
export default meta;
type Story = StoryObj<typeof ReputationLookup>;

const field = async (canvasElement: HTMLElement) => within(canvasElement).findByRole('textbox', { name: "The payer's e-mail" });

/** Longer than the lookup's pause (10 ms) many times over: a lookup that was to start has started. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 150));

/** Nothing typed: the field with when the look-up starts; no verdict, nothing asked. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Reputation' })).toBeInTheDocument();
    const email = await field(canvasElement);
    await expect(email).toHaveValue('');
    await expect(email).toHaveAccessibleDescription('The look-up starts when the e-mail is complete.');
    await expect(canvas.getByRole('search', { name: 'Reputation look-up' })).toBeInTheDocument();
    await pause();
    await expect(canvas.queryByRole('heading', { level: 2 })).toBeNull();
    await expect(canvas.queryByText('Looking it up…')).toBeNull();
    await expect(lookUps).not.toHaveBeenCalled();
  },
};

/** What is not yet a whole e-mail (no dot; five characters or fewer) is never asked, however long one waits. */
export const InvalidNotAsked: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await field(canvasElement);
    await userEvent.type(email, 'anna@example');
    await pause();
    await expect(lookUps).not.toHaveBeenCalled();
    await expect(canvas.queryByText('Looking it up…')).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, 'a@b.c');
    await pause();
    await expect(lookUps).not.toHaveBeenCalled();
    await expect(canvas.queryByRole('heading', { level: 2 })).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/**
 * A payer reported for fraud and a closed account: the e-mail asked trimmed; "High risk" with what
 * to do; each report with its day, amount and what it means, in a list named after the e-mail.
 */
export const Risky: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await field(canvasElement), `  ${RISKY}  `);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'High risk' })).toBeInTheDocument();
    await expect(lookUps).toHaveBeenLastCalledWith(RISKY);
    await expect(lookUps.mock.calls.every(([query]) => query === String(query).trim())).toBe(true);
    await expect(canvas.getByText('Fraud or a closed account was reported for this payer. Think twice before accepting their payment.')).toBeInTheDocument();
    await expect(canvas.getByText(`Reports about ${RISKY}: 3.`)).toBeInTheDocument();
    const list = within(canvas.getByRole('list', { name: `Reports about ${RISKY}` }));
    const items = list.getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('Fraud report');
    await expect(items[0]).toHaveTextContent('€120.00');
    await expect(items[0]).toHaveTextContent('A merchant reported this payer for fraud.');
    await expect(items[1]).toHaveTextContent('Account closed');
    await expect(items[1]).toHaveTextContent("A payment provider closed this payer's account.");
    await expect(items[2]).toHaveTextContent('Chargeback');
    await expect(items[2]).toHaveTextContent('€45.50');
    await expect(items[2]).toHaveTextContent('The payer disputed a payment with their bank and the money was taken back.');
  },
};

/** Payments that went through and a refund asked: "No warning signs"; more reported than read, so the newest are said to be shown. */
export const Good: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await field(canvasElement), GOOD);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'No warning signs' })).toBeInTheDocument();
    await expect(lookUps).toHaveBeenLastCalledWith(GOOD);
    await expect(canvas.getByText('Payments from this payer went through, and nothing against them was reported.')).toBeInTheDocument();
    await expect(canvas.getByText(`The newest 3 of 140 reports about ${GOOD}.`)).toBeInTheDocument();
    const list = within(canvas.getByRole('list', { name: `Reports about ${GOOD}` }));
    await expect(list.getAllByText('Payment completed')).toHaveLength(2);
    await expect(list.getByText('Refund asked')).toBeInTheDocument();
    await expect(list.getByText('The payer asked a merchant for a refund: a normal right, not a warning by itself.')).toBeInTheDocument();
    await expect(list.getAllByRole('listitem')[2]).toHaveTextContent('lei 150.00');
  },
};

/** A chargeback but no fraud: "Take care". */
export const Caution: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await field(canvasElement), CAREFUL);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Take care' })).toBeInTheDocument();
    await expect(canvas.getByText('A chargeback was reported. Consider asking for more before you ship or give access.')).toBeInTheDocument();
    await expect(canvas.getByRole('list', { name: `Reports about ${CAREFUL}` })).toBeInTheDocument();
  },
};

/** Nothing reported about the e-mail: said in one word and in a sentence naming it; no list. */
export const NothingReported: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await field(canvasElement), UNKNOWN);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Nothing reported' })).toBeInTheDocument();
    await expect(lookUps).toHaveBeenLastCalledWith(UNKNOWN);
    await expect(canvas.getByText('No payment provider has reported anything about this e-mail. That is neither good nor bad.')).toBeInTheDocument();
    await expect(canvas.getByText(`Nothing has been reported about ${UNKNOWN}.`)).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** The look-up under way: "Looking it up…" said as a status; no verdict yet. */
export const Looking: Story = {
  beforeEach: () => {
    lookUps.mockImplementation(() => new Promise<never>(() => {}));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await field(canvasElement), RISKY);
    // A whole e-mail is asked as it is typed: wait for the last one.
    await waitFor(() => expect(lookUps).toHaveBeenLastCalledWith(RISKY));
    const looking = await canvas.findByText('Looking it up…');
    await expect(looking).toHaveAttribute('role', 'status');
    await expect(canvas.queryByRole('heading', { level: 2 })).toBeNull();
  },
};

/** The look-up fails: the service's words with Try again, which asks the same e-mail again and shows the answer. */
export const Failed: Story = {
  beforeEach: () => {
    lookUps.mockImplementation(() => Promise.reject({ text: 'Server is not available' } satisfies UiMessage));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await field(canvasElement), RISKY);
    // A whole e-mail is asked as it is typed (each failing): wait for the last one's failure.
    await waitFor(() => expect(lookUps).toHaveBeenLastCalledWith(RISKY));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Server is not available');
    await expect(canvas.queryByRole('heading', { level: 2 })).toBeNull();
    const asked = lookUps.mock.calls.length;
    lookUps.mockImplementation(answer);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('heading', { level: 2, name: 'High risk' })).toBeInTheDocument();
    await expect(lookUps).toHaveBeenCalledTimes(asked + 1);
    await expect(lookUps).toHaveBeenLastCalledWith(RISKY);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A risky payer's reports shown: nothing cut off, nothing scrolling sideways. */
const layoutHolds = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const section = (await canvas.findByRole('heading', { level: 1 })).parentElement!;
  // The one field (found by role: its label is translated).
  await userEvent.type(await canvas.findByRole('textbox'), RISKY);
  await canvas.findByRole('heading', { level: 2 });
  await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
  await expect(clippedText(section)).toEqual([]);
  await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
};

/** In Portuguese on a 320 px column: nothing cut off, nothing scrolling sideways. */
export const NarrowPortuguese: Story = narrowIn('pt', ({ canvasElement }) => layoutHolds(canvasElement));

/** The same in Russian. */
export const NarrowRussian: Story = narrowIn('ru', ({ canvasElement }) => layoutHolds(canvasElement));
