import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { AcceptedAgreement } from '@/entities/security';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { LegalInfoPage, LegalInfoView } from './legal-info-page';

const agreements: AcceptedAgreement[] = [
  { id: 'tos-2026-06', name: 'Terms of service (June 2026)', acceptedAt: '2026-06-14T09:30:00Z' },
  { id: 'card-2025-11', name: 'Prepaid card agreement', acceptedAt: '2025-11-02T16:05:00Z' },
];

/**
 * /legal signed in: the brand's terms and privacy links, then the accepted agreements read from
 * the query cache (seeded, no network). Loading, failure and the downloads take their query and
 * the download injected (LegalInfoView).
 */
const meta: Meta<typeof LegalInfoPage> = {
  title: 'Pages/Legal information',
  component: LegalInfoPage,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'padded', queryData: [[['security', 'legal-info'], agreements]] },
};
export default meta;
type Story = StoryObj<typeof LegalInfoPage>;

/** The brand's documents and two agreements, each with its accepted date and a Download button named for it. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/legal/brand1-tos');
    const privacy = canvas.getByRole('link', { name: /Privacy policy/ });
    await expect(privacy).toHaveAttribute('href', 'https://northbridgepay.example/legal/privacy');
    await expect(privacy).toHaveAttribute('target', '_blank');
    const list = canvas.getByRole('list', { name: 'Your agreements' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('Terms of service (June 2026)');
    await expect(items[0]!.querySelector('time')).toHaveAttribute('dateTime', '2026-06-14T09:30:00Z');
    await expect(items[0]).toHaveTextContent('Accepted on Jun 14, 2026');
    await expect(within(items[1]!).getByRole('button', { name: 'Download Prepaid card agreement' })).toBeInTheDocument();
  },
};

/** Nothing accepted yet: said so; the brand's documents are still there. */
export const Empty: Story = {
  parameters: { queryData: [[['security', 'legal-info'], []]] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No accepted agreements')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Terms of service' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /^Download/ })).toBeNull();
  },
};

/** The agreements still loading: the brand's documents at once, the list's progress. */
export const Loading: Story = {
  render: () => <LegalInfoView query={fakeQuery({ isPending: true })} download={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Terms of service' })).toBeInTheDocument();
    await expect(canvas.queryByRole('list', { name: 'Your agreements' })).toBeNull();
  },
};

const failed = fakeQuery<readonly AcceptedAgreement[]>({ isError: true, error: new globalThis.Error('Network down') });

/** The agreements could not be read: what happened and "Try again". */
export const Error: Story = {
  render: () => <LegalInfoView query={failed} download={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your agreements could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(failed.refetch).toHaveBeenCalledTimes(1);
  },
};

/** A download's tries: the first fails and says so next to its button (the other agreement untouched); the next is busy until done. */
let attempt = 0;
let finish: (() => void) | null = null;
const download = fn(async (_agreement: AcceptedAgreement) => {
  attempt += 1;
  if (attempt === 1) throw new globalThis.Error('Network down');
  await new Promise<void>((resolve) => (finish = resolve));
});

export const DownloadFailsThenRetried: Story = {
  render: () => <LegalInfoView query={fakeQuery({ data: agreements })} download={download} />,
  play: async ({ canvasElement }) => {
    attempt = 0;
    download.mockClear();
    const canvas = within(canvasElement);
    const items = within(await canvas.findByRole('list', { name: 'Your agreements' })).getAllByRole('listitem');
    const button = within(items[1]!).getByRole('button', { name: 'Download Prepaid card agreement' });
    await userEvent.click(button);
    const alert = await within(items[1]!).findByRole('alert');
    await expect(alert).toHaveTextContent('The agreement could not be downloaded. Please try again.');
    await expect(within(items[0]!).queryByRole('alert')).toBeNull();
    await expect(download).toHaveBeenCalledWith(agreements[1]);
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(within(items[1]!).queryByRole('alert')).toBeNull();
    await userEvent.click(button); // ignored while it works
    await expect(download).toHaveBeenCalledTimes(2);
    finish?.();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    await expect(within(items[1]!).queryByRole('alert')).toBeNull();
  },
};

/** A phone-wide column (320 px). */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }}>
    <Story />
  </div>
);

/** At 320 px, a long agreement title and a failed download: they wrap under each other, nothing overflows or is cut off. */
export const Narrow: Story = {
  decorators: [narrow],
  render: () => (
    <LegalInfoView
      query={fakeQuery({ data: [{ id: 'pt-1', name: 'Contrato-quadro de prestação de serviços de pagamento e de emissão de moeda eletrónica', acceptedAt: '2026-06-14T09:30:00Z' }] })}
      download={() => Promise.reject(new globalThis.Error('Network down'))}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Your agreements' });
    await userEvent.click(within(list).getByRole('button', { name: /^Download/ }));
    const alert = await within(list).findByRole('alert');
    // The visible text: the title, its date and the failure (the button's hidden part names it for screen readers).
    await expect(clippedText(list, list.querySelector('li > div')!)).toEqual([]);
    await expect(clippedText(list, alert)).toEqual([]);
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
    const root = canvasElement.firstElementChild as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};
