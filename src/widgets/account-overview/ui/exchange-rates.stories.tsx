import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ExchangeRate } from '@/entities/account';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { ExchangeRatesView } from './exchange-rates';

/** Both directions of every pair, as defaultExchangeRates answers; the view keeps one per pair of held currencies. */
const rates: ExchangeRate[] = [
  { fromCurrencyCode: 'USD', toCurrencyCode: 'EUR', rate: '0.92145' },
  { fromCurrencyCode: 'EUR', toCurrencyCode: 'USD', rate: '1.08525' },
  { fromCurrencyCode: 'USD', toCurrencyCode: 'RON', rate: '4.5812' },
  { fromCurrencyCode: 'RON', toCurrencyCode: 'USD', rate: '0.21828' },
  { fromCurrencyCode: 'EUR', toCurrencyCode: 'RON', rate: '4.9731' },
  { fromCurrencyCode: 'RON', toCurrencyCode: 'EUR', rate: '0.20108' },
  { fromCurrencyCode: 'USD', toCurrencyCode: 'GBP', rate: '0.78912' },
];

const query = (over: Parameters<typeof fakeQuery<ExchangeRate[]>>[0] = {}) => fakeQuery<ExchangeRate[]>(over);

const meta: Meta<typeof ExchangeRatesView> = {
  title: 'Widgets/ExchangeRates',
  component: ExchangeRatesView,
  args: { currencies: ['USD', 'EUR', 'RON'] },
};
export default meta;
type Story = StoryObj<typeof ExchangeRatesView>;

export const Loading: Story = {
  args: { query: query({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Exchange rates' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  },
};

export const Error: Story = {
  args: { query: query({ isError: true, error: new globalThis.Error('Network down') }) },
  play: async ({ canvasElement, args }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('Could not load the exchange rates');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.query.refetch).toHaveBeenCalledTimes(1);
  },
};

/** One line per pair of held currencies, in the order the customer holds them; GBP is not held. */
export const Filled: Story = {
  args: { query: query({ data: rates }) },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual(['1 USD = 0.92145 EUR', '1 USD = 4.5812 RON', '1 EUR = 4.9731 RON']);
    await expect(within(canvasElement).getByText(/Indicative rates/)).toBeInTheDocument();
  },
};

/** No rate between the held currencies: the section is left out altogether. */
export const NoPairHeld: Story = {
  args: { query: query({ data: rates }), currencies: ['USD', 'CAD'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('heading', { name: 'Exchange rates' })).toBeNull();
    await expect(within(canvasElement).queryByRole('list')).toBeNull();
  },
};
