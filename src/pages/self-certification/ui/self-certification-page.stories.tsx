import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { Loaded } from '@machines/certification/personal-certification.machine';
import { certifyLogicFor } from '@/features/certify-personal';
import { withAppServices, withDictionaries, withRouter } from '../../../../.storybook/decorators';
import { SelfCertificationPage, SelfCertificationSplashPage } from './self-certification-page';

const never = () => new Promise<never>(() => {});

/** The tax details never arrive (no network): the page as it opens. */
const loading = certifyLogicFor('en').provide({ actors: { load: fromPromise<Loaded>(never) } });

const countries = [
  { code: 'RO', name: 'Romania' },
  { code: 'US', name: 'United States' },
];

const meta: Meta<typeof SelfCertificationPage> = {
  title: 'Pages/Self certification',
  component: SelfCertificationPage,
  decorators: [withAppServices, withDictionaries({ countries })],
};
export default meta;
type Story = StoryObj<typeof SelfCertificationPage>;

const intro = 'Banks must know where you pay taxes (FATCA and CRS). Tell us your tax residences and tax ids.';

/** The start page when the certification is due: why, and the way in (a link drawn as a button, at least 24 px high). */
export const Splash: Story = {
  decorators: [withRouter],
  render: () => <SelfCertificationSplashPage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Tell us where you pay taxes' })).toBeInTheDocument();
    await expect(canvas.getByText(intro)).toBeInTheDocument();
    const start = canvas.getByRole('link', { name: 'Start the self-certification' });
    await expect(start).toHaveAttribute('href', '/self-certification');
    await expect(start.getBoundingClientRect().height).toBeGreaterThanOrEqual(24);
    await waitFor(() => expect(document.title).toMatch(/^Tell us where you pay taxes · /));
  },
};

/** The page while the tax details load. */
export const Loading: Story = {
  args: { logic: loading },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Tax self-certification' })).toBeInTheDocument();
    await expect(canvas.getByText(intro)).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading your tax details…' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Tax self-certification · /));
  },
};
