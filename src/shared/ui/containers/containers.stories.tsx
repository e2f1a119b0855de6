import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, within } from 'storybook/test';
import { MAX_CONTAINER_RADIUS_PX } from '../../../../brands/schema';
import { clippedText, maxCornerRadius } from '../../../../.storybook/layout-checks';
import { Button } from '../button/button';
import { DataTable, type DataColumn } from '../data-table/data-table';
import { Dialog } from '../dialog/dialog';
import { ErrorState } from '../error-state/error-state';
import { FormAlert } from '../form-alert/form-alert';
import { Money } from '../money/money';

/**
 * The containers of the design system in one brand each: a table, an error box, a form alert and
 * an open dialog, all rounded with `--radius-container` (at most 24px, brands/schema.ts). Buttons
 * use `--radius-control` and may be pills (brand 6). The play function measures every line of text
 * and fails when a corner or a box cuts into it.
 */
type Payment = { id: number; reference: string; counterparty: string; amount: string; currency: string };
const rows: Payment[] = [
  { id: 1, reference: 'WWW-2026-000417', counterparty: 'Wolfgang Weber Werkstätten GmbH', amount: '-12500.75', currency: 'EUR' },
  { id: 2, reference: 'MMM-2026-000418', counterparty: 'Mateus Monteiro Marketing Lda', amount: '98765432.1', currency: 'USD' },
  { id: 3, reference: 'WQW-2026-000419', counterparty: 'Wren & Quill', amount: '0.12345678', currency: 'RON' },
];
const columns: DataColumn<Payment>[] = [
  { id: 'reference', title: 'Wire reference', isRowHeader: true, render: (p) => p.reference },
  { id: 'counterparty', title: 'Counterparty', render: (p) => p.counterparty },
  { id: 'amount', title: 'Amount', align: 'end', render: (p) => <Money amount={p.amount} currency={p.currency} /> },
];
const errorTitle = 'Statements could not be loaded';
const alertText = 'Too many attempts. Wait a minute and try again; what you entered is kept.';

function Containers() {
  return (
    <div style={{ display: 'grid', gap: '1.5rem', maxWidth: '48rem' }}>
      <DataTable label="Payments" columns={columns} rows={rows} empty={null} />
      <ErrorState title={errorTitle} message="Wait a moment and try again. Nothing was changed." onRetry={fn()} />
      <FormAlert>{alertText}</FormAlert>
      <Dialog
        isOpen
        onClose={fn()}
        title="Wire 12,500.75 EUR to Wolfgang Weber"
        footer={
          <>
            <Button variant="secondary">Cancel</Button>
            <Button>Send payment</Button>
          </>
        }
      >
        Wolfgang Weber Werkstätten GmbH receives the money within one working day. Wire reference WWW-2026-000417.
      </Dialog>
    </div>
  );
}

const meta: Meta<typeof Containers> = {
  title: 'Foundations/Containers',
  component: Containers,
  // One story per brand (its play function must measure that brand), so the test runner's
  // re-render in every brand would only repeat the same brand; addon-a11y runs axe in each story.
  tags: ['no-brand-matrix'],
  play: async ({ canvasElement }) => {
    const dialog = await screen.findByRole('dialog');
    const table = canvasElement.querySelector('table');
    const wrap = table?.parentElement;
    if (!table || !wrap) throw new Error('no table');
    const containers: [string, Element][] = [
      ['table', wrap],
      ['error box', within(canvasElement).getByText(errorTitle).parentElement!],
      ['form alert', within(canvasElement).getByText(alertText)],
      ['dialog', dialog],
    ];
    for (const [name, container] of containers) {
      await expect(maxCornerRadius(container), `${name} radius`).toBeLessThanOrEqual(MAX_CONTAINER_RADIUS_PX);
      await expect(clippedText(container), `${name} text`).toEqual([]);
    }
    // The letters nearest the table's rounded corners: first and last header cells.
    const headers = table.querySelectorAll('thead th');
    await expect(headers.length).toBe(columns.length);
    for (const header of [headers[0]!, headers[headers.length - 1]!]) {
      await expect(clippedText(wrap, header), header.textContent ?? '').toEqual([]);
    }
    // The check can fail: with a pill radius on the table (brand 6's old token) the corner text is cut.
    const holder = wrap.parentElement as HTMLElement;
    holder.style.setProperty('--radius-container', '999px');
    try {
      await expect(clippedText(wrap, headers[0]!).length).toBeGreaterThan(0);
    } finally {
      holder.style.removeProperty('--radius-container');
    }
  },
};
export default meta;
type Story = StoryObj<typeof Containers>;

export const NorthbridgePay: Story = { name: 'brand1 Northbridge Pay', globals: { brand: 'brand1' } };
export const Lumenvale: Story = { name: 'brand2 Lumenvale', globals: { brand: 'brand2' } };
export const CorvelFinance: Story = { name: 'brand3 Corvel Finance', globals: { brand: 'brand3' } };
export const TidewellMoney: Story = { name: 'brand4 Tidewell Money', globals: { brand: 'brand4' } };
export const KestrelWallet: Story = { name: 'brand5 Kestrel Wallet', globals: { brand: 'brand5' } };
export const AlderpointPay: Story = { name: 'brand6 Alderpoint Pay (pill buttons)', globals: { brand: 'brand6' } };
