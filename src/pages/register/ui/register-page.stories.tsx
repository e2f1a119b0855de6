import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, waitFor, within } from 'storybook/test';
import { withAppServices, withAppStart, withRouter } from '../../../../.storybook/decorators';
import { pendingFetch, withFetch } from '../../../../.storybook/fake-fetch';
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
 * /register/personal while its reference lists (sources of funds, agreements) load: the preloader.
 * The page's reference lists use the page's own query cache, so they cannot be seeded
 * (`queryData`): their calls are held at the API's fetch, never answered.
 */
export const PersonalLoading: StoryObj<typeof RegisterPersonalPage> = {
  render: () => <RegisterPersonalPage />,
  beforeEach: withFetch(pendingFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Open a personal account' })).toBeInTheDocument();
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Open my account' })).toBeNull();
  },
};
