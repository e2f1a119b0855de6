import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CountrySelect } from './country-select';

const meta: Meta<typeof CountrySelect> = {
  title: 'Design system/CountrySelect',
  component: CountrySelect,
  tags: ['autodocs'],
  args: {
    label: 'Country of birth',
    countries: [
      { code: 'PT', name: 'Portugal' },
      { code: 'RO', name: 'Romania' },
      { code: 'UA', name: 'Ukraine' },
    ],
    value: '',
    errorMessage: null,
    onChange: fn(),
  },
};
export default meta;
type Story = StoryObj<typeof CountrySelect>;

/** Nothing chosen: the placeholder; a choice hands over the country's code. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const select = within(canvasElement).getByRole('combobox', { name: /Country of birth/ });
    await expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'Romania');
    await expect(args.onChange).toHaveBeenCalledWith('RO');
  },
};

/** A country chosen. */
export const Chosen: Story = {
  args: { value: 'UA' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: /Country of birth/ })).toHaveValue('UA');
  },
};

/** Refused: the message under it, the select marked invalid. */
export const Invalid: Story = {
  args: { errorMessage: 'Choose the country you were born in.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: /Country of birth/ })).toHaveAttribute('aria-invalid', 'true');
  },
};

/** No countries yet (the start-up's dictionaries still loading): only the placeholder. */
export const Empty: Story = {
  args: { countries: [] },
  play: async ({ canvasElement }) => {
    await expect(within(within(canvasElement).getByRole('combobox', { name: /Country of birth/ })).getAllByRole('option')).toHaveLength(1);
  },
};
