import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { FormAlert } from './form-alert';

const meta: Meta<typeof FormAlert> = {
  title: 'Design system/FormAlert',
  component: FormAlert,
  args: { children: 'A device with this pairing code is already registered' },
};
export default meta;

export const ServerRefusal: StoryObj<typeof FormAlert> = {
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveAttribute('tabindex', '-1'); // a failed submit can move focus here
  },
};

export const LongRussian: StoryObj<typeof FormAlert> = {
  globals: { locale: 'ru' },
  args: { children: 'Слишком много попыток. Подождите минуту и попробуйте снова; введённые данные сохранены.' },
};
