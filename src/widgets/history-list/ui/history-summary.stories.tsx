import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoCryptoSummary, demoHistorySummary } from '../../../../.storybook/fixtures';
import { HistorySummaryView } from './history-summary';

/** The figure a term stands for in the summary's list. */
const figure = (canvasElement: HTMLElement, term: string) => {
  const dd = within(canvasElement).getByText(term, { selector: 'dt' }).nextElementSibling;
  if (!(dd instanceof HTMLElement) || dd.tagName !== 'DD') throw new Error(`No figure for ${term}`);
  return dd;
};

/** One account's summary over the filter's dates: balances, debit and credit, and the counts. */
const meta: Meta<typeof HistorySummaryView> = {
  title: 'Widgets/HistorySummary',
  component: HistorySummaryView,
  decorators: [withAppServices, withRouter],
  args: { summary: demoHistorySummary },
};
export default meta;
type Story = StoryObj<typeof HistorySummaryView>;

/** A USD account: money with the dollar sign and cents; debit marked negative. */
export const Usd: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Summary' })).toBeInTheDocument();
    await expect(figure(canvasElement, 'Beginning balance')).toHaveTextContent('$2,100.25');
    await expect(figure(canvasElement, 'Total debit')).toHaveTextContent('-$1,649.50');
    await expect(figure(canvasElement, 'Total credit')).toHaveTextContent('$2,000.00');
    await expect(figure(canvasElement, 'Ending balance')).toHaveTextContent('$2,450.75');
    await expect(figure(canvasElement, 'Processing')).toHaveTextContent('2');
    await expect(figure(canvasElement, 'Rejected')).toHaveTextContent('1');
  },
};

/** A USDT account: crypto amounts keep all their decimals (up to 8), at least 2. */
export const Crypto: Story = {
  args: { summary: demoCryptoSummary },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('region', { name: 'Summary' })).toBeInTheDocument();
    await expect(figure(canvasElement, 'Beginning balance')).toHaveTextContent('USDT 100.00000001');
    await expect(figure(canvasElement, 'Total debit')).toHaveTextContent('-USDT 0.12345678');
    await expect(figure(canvasElement, 'Total credit')).toHaveTextContent('USDT 150.2469');
    await expect(figure(canvasElement, 'Ending balance')).toHaveTextContent('USDT 250.12345678');
    await expect(figure(canvasElement, 'Processing')).toHaveTextContent('0');
    await expect(figure(canvasElement, 'Rejected')).toHaveTextContent('0');
  },
};
