import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, within } from 'storybook/test';
import { withAppStart, withRouter } from '../../../../.storybook/decorators';
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
