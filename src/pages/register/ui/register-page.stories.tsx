import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, waitFor, within } from 'storybook/test';
import { withAppServices, withAppStart, withRouter } from '../../../../.storybook/decorators';
import { apiRuntime, configureApi } from '@/shared/api';
import { RegisterPage, RegisterPersonalPage } from './register-page';

/** /register: how to open an account (the personal account is the one choice). */
const meta: Meta<typeof RegisterPage> = {
  title: 'Pages/Register',
  component: RegisterPage,
  decorators: [withAppServices, withAppStart, withRouter],
};
export default meta;
type Story = StoryObj<typeof RegisterPage>;

export const Choice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: /^Open an account with / })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: /^A personal account/ })).toHaveAttribute('href', '/register/personal');
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(document.title).toMatch(/^Open an account/));
  },
};

/**
 * A call that never answers (until it is cancelled). The page's reference lists use the page's own
 * query cache, so they cannot be seeded (`queryData`): their calls are held at the API's fetch.
 */
const pendingFetch: typeof fetch = (input) =>
  new Promise((_, reject) => {
    const signal = input instanceof Request ? input.signal : undefined;
    signal?.addEventListener('abort', () => reject(signal.reason));
  });

/** /register/personal while its reference lists (sources of funds, agreements) load: the preloader. */
export const PersonalLoading: StoryObj<typeof RegisterPersonalPage> = {
  render: () => <RegisterPersonalPage />,
  beforeEach: () => {
    const { fetch } = apiRuntime;
    configureApi({ fetch: pendingFetch });
    return () => configureApi({ fetch });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Open a personal account' })).toBeInTheDocument();
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Open my account' })).toBeNull();
  },
};
