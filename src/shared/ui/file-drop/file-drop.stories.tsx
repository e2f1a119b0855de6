import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FileCheckProgress, FileDrop } from './file-drop';

/** A CSV file chosen or dropped (mass files, global pay), and the check's progress with Cancel. */
const meta: Meta<typeof FileDrop> = {
  title: 'Design system/FileDrop',
  component: FileDrop,
  tags: ['autodocs'],
  args: { id: 'story-file', label: 'Choose the file, or drop it here', accept: '.csv,text/csv', onFile: fn() },
};
export default meta;
type Story = StoryObj<typeof FileDrop>;

/** Choosing a file hands it over, and the input is emptied so the same file can be chosen again. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText('Choose the file, or drop it here');
    const file = new File(['amount,currency\n'], 'payroll.csv', { type: 'text/csv' });
    await userEvent.upload(input, file);
    await expect(args.onFile).toHaveBeenCalledWith(file);
    await expect((input as HTMLInputElement).value).toBe('');
  },
};

/** The chosen file's name and what the screen adds. */
export const Chosen: Story = {
  args: { fileName: 'payroll-march.csv', children: <p>Choose the account: the file is checked then.</p> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('payroll-march.csv')).toBeInTheDocument();
  },
};

/** While a file is checked, another cannot be chosen. */
export const Disabled: Story = {
  args: { isDisabled: true, fileName: 'payroll-march.csv' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Choose the file, or drop it here')).toBeDisabled();
  },
};

/** The check's progress and Cancel. */
export const Progress: StoryObj<typeof FileCheckProgress> = {
  render: (args) => <FileCheckProgress {...args} />,
  args: { id: 'story-progress', label: 'Checking the file…', share: 0.4, cancelLabel: 'Cancel', onCancel: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Checking the file…')).toHaveAttribute('value', '40');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};
