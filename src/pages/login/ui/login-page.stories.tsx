import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, within } from 'storybook/test';
import { withAppStart, withRouter } from '../../../../.storybook/decorators';
import { PrerenderContext } from '@/shared/lib';
import { LoginPage } from './login-page';

/** The sign-in form before any request: validation happens in the statechart, offline. */
const meta: Meta<typeof LoginPage> = {
  title: 'Pages/Login',
  component: LoginPage,
  decorators: [withRouter, withAppStart],
};
export default meta;
type Story = StoryObj<typeof LoginPage>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toHaveTextContent(/\S/);
    await expect(canvas.getByLabelText('E-mail')).toHaveValue('');
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('E-mail'), 'ana@');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByText(/valid e-mail address/)).toBeInTheDocument();
    await expect(canvas.getByLabelText('E-mail')).toHaveValue('ana@');
    await expect(await canvas.findByText('Enter your password.')).toBeInTheDocument();
  },
};

/**
 * As the build prerenders it (issue 48): drawn before the app's code has arrived, the form can be
 * filled but its button waits for the app (nothing can send it the browser's way).
 */
export const Prerendered: Story = {
  decorators: [
    (Story) => (
      <PrerenderContext.Provider value={{ setTitle: () => {} }}>
        <Story />
      </PrerenderContext.Provider>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The sign-in is shared by the stories (as by /login and /scp): start from an empty field.
    const email = await canvas.findByLabelText('E-mail');
    await userEvent.clear(email);
    await userEvent.type(email, 'ana@example.com');
    await expect(email).toHaveValue('ana@example.com');
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  },
};
