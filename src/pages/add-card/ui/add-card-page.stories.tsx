import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ExternalCard } from '@/entities/card';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { ExternalCardsView } from './add-card-page';

const query = (over: Parameters<typeof fakeQuery<ExternalCard[]>>[0] = {}) => fakeQuery<ExternalCard[]>(over);

/** As the service lists them: numbers of 16 characters or more come masked. */
const cards: ExternalCard[] = [
  { cardId: 71, cardNumber: '424242••••••4242', cardBrand: 'VISA', cardExpiryMonth: 8, cardExpiryYear: 2028, cardHolderName: 'ANA RUIZ', confirmed: true },
  { cardId: 72, cardNumber: '555555••••••4444', cardBrand: 'MASTERCARD', cardExpiryMonth: 2, cardExpiryYear: 2027, cardHolderName: 'ANA RUIZ', confirmed: false },
  { cardId: 73, cardNumber: '6011000991', confirmed: false },
];

/** The customer's cards at other banks (/add-card) with their query injected: loading, error, empty and filled. */
const meta: Meta<typeof ExternalCardsView> = {
  title: 'Pages/Cards/AddCard',
  component: ExternalCardsView,
  decorators: [withAppServices, withRouter],
};
export default meta;
type Story = StoryObj<typeof ExternalCardsView>;

export const Loading: Story = {
  args: { query: query({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('listitem')).toBeNull();
  },
};

export const Error: Story = {
  args: { query: query({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your cards could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.query.refetch).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { query: query({ data: [] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No cards yet')).toBeInTheDocument();
    await expect(canvas.getByText('Cards you add appear here.')).toBeInTheDocument();
  },
};

/** Masked numbers grouped in fours; a confirmed card says so, the others link to their confirmation. */
export const Filled: Story = {
  args: { query: query({ data: cards }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = await canvas.findAllByRole('listitem');
    await expect(items).toHaveLength(3);
    const [visa, mastercard, short] = items as [HTMLElement, HTMLElement, HTMLElement];
    await expect(within(visa).getByText('4242 42•• •••• 4242')).toBeInTheDocument();
    await expect(visa).toHaveTextContent('VISA · expires 08/28');
    await expect(within(visa).getByText('Confirmed')).toBeInTheDocument();
    await expect(within(visa).queryByRole('link')).toBeNull();
    await expect(within(mastercard).getAllByText('5555 55•• •••• 4444')[0]).toBeInTheDocument();
    // Each link names its card (the number is read out, not shown twice).
    const confirm = within(mastercard).getByRole('link', { name: 'Confirm this card 5555 55•• •••• 4444' });
    await expect(confirm.getAttribute('href')).toMatch(/^\/confirm-card\/72\?back=/);
    // A number shorter than 16 characters is shown as typed (grouped for reading).
    await expect(within(short).getAllByText('6011 0009 91')[0]).toBeInTheDocument();
    await expect(within(short).getByRole('link', { name: 'Confirm this card 6011 0009 91' })).toBeInTheDocument();
  },
};
