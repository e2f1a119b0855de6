import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FilterActions } from './filter-actions';

/** A list filter's buttons in a form: Apply filters submits it; Clear filters only when there is something to clear. */
function Harness({ onSubmit, onClear }: { onSubmit: () => void; onClear: (() => void) | null }) {
  return (
    <form
      aria-label="Filters"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <FilterActions onClear={onClear} />
    </form>
  );
}

const meta: Meta<typeof Harness> = { title: 'Shared/FilterActions', component: Harness, parameters: { layout: 'padded' }, args: { onSubmit: fn(), onClear: fn() } };
export default meta;
type Story = StoryObj<typeof Harness>;

export const WithSomethingToClear: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(args.onClear).toHaveBeenCalledTimes(1);
  },
};

export const NothingToClear: Story = {
  args: { onClear: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Apply filters' })).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('button', { name: 'Clear filters' })).toBeNull();
  },
};
