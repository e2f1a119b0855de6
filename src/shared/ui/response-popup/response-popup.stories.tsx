import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within, screen } from 'storybook/test';
import { ResponsePopup } from './response-popup';

const meta: Meta<typeof ResponsePopup> = {
  title: 'Design system/ResponsePopup',
  component: ResponsePopup,
  tags: ['autodocs'],
  args: { isOpen: true, status: 'success', message: 'Your transfer was sent.', onClose: fn() },
};
export default meta;
type Story = StoryObj<typeof ResponsePopup>;

export const Success: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByText('Your transfer was sent.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};
export const FailureWithGoHome: Story = {
  args: { status: 'failure', message: 'Server is not available', onGoHome: fn() },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to home' }));
    await expect(args.onGoHome).toHaveBeenCalled();
  },
};
export const ServerTextIsText: Story = {
  args: { status: 'failure', message: '<b>not bold</b> & <script>alert(1)</script>' },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog.querySelector('b, script')).toBeNull();
    await expect(within(dialog).getByText(/<b>not bold<\/b>/)).toBeInTheDocument();
  },
};
export const LongRussian: Story = {
  args: { status: 'failure', message: 'Недостаточно средств на счёте для выполнения этого перевода. Пополните счёт и попробуйте снова.' },
};
