import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { Loaded } from '@machines/certification/personal-certification.machine';
import { certifyLogicFor } from '@/features/certify-personal';
import { withAppServices, withDictionaries, withRouter } from '../../../../.storybook/decorators';
import type { BusinessLoaded } from '@machines/certification/business-certification.machine';
import { certifyBusinessLogicFor } from '@/features/certify-business';
import { BusinessSelfCertificationPage, BusinessSelfCertificationSplashPage, RepresentativeCertificationPage, SelfCertificationPage, SelfCertificationSplashPage } from './self-certification-page';

const never = () => new Promise<never>(() => {});

/** The tax details never arrive (no network): the page as it opens. */
const loading = certifyLogicFor('en').provide({ actors: { load: fromPromise<Loaded>(never) } });
const businessLoading = certifyBusinessLogicFor('en').provide({ actors: { load: fromPromise<BusinessLoaded>(never) } });

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

/** The company's start page when its certification is due: why, and the way in. */
export const BusinessSplash: Story = {
  decorators: [withRouter],
  render: () => <BusinessSelfCertificationSplashPage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Tell us where the company pays taxes' })).toBeInTheDocument();
    const start = canvas.getByRole('link', { name: 'Start the company’s self-certification' });
    await expect(start).toHaveAttribute('href', '/self-certification-business');
    await expect(start.getBoundingClientRect().height).toBeGreaterThanOrEqual(24);
    await waitFor(() => expect(document.title).toMatch(/^Tell us where the company pays taxes · /));
  },
};

/** The company's page while its tax details, shareholders and directors load. */
export const BusinessLoading: Story = {
  render: () => <BusinessSelfCertificationPage logic={businessLoading} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Company tax self-certification' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading the company’s tax details…' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Company tax self-certification · /));
  },
};

/** A representative's page through their link, while their certification loads. */
export const RepresentativeLoading: Story = {
  render: () => <RepresentativeCertificationPage logic={loading} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your tax self-certification' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading your tax details…' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Your tax self-certification · /));
  },
};
