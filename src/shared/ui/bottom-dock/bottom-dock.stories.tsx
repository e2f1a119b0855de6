import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, waitFor, within } from 'storybook/test';
import { BottomDock } from './bottom-dock';

/**
 * The dock that holds the notices at the bottom of every page (the analytics banner, the offer to
 * reload). Its height becomes the page's bottom padding (`--bottom-dock-height` on <html>), so the
 * end of the page and whatever has the focus stay clear of it; empty, it takes no room.
 */
function Notice({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <section aria-label={label} style={{ pointerEvents: 'auto', width: 'min(100%, 44rem)', marginBottom: '0.75rem', padding: '0.75rem 1rem', border: '1px solid var(--color-border)', borderRadius: 'var(--radius-container)', background: 'var(--color-surface)', color: 'var(--color-text)' }}>
        <p style={{ margin: 0 }}>{text}</p>
      </section>
    </div>
  );
}

function Page({ notices }: { notices: { label: string; text: string }[] }) {
  return (
    <>
      <main>
        <h1>Page</h1>
        <p>The page's own content, above the dock.</p>
      </main>
      <BottomDock>
        {notices.map((n) => (
          <Notice key={n.label} {...n} />
        ))}
      </BottomDock>
    </>
  );
}

const meta: Meta<typeof Page> = { title: 'Shared/BottomDock', component: Page, parameters: { layout: 'fullscreen' } };
export default meta;
type Story = StoryObj<typeof Page>;

/** The page's bottom padding as the dock set it, in px (0 when unset). */
const padding = () => Number.parseFloat(document.documentElement.style.getPropertyValue('--bottom-dock-height') || '0');
const regions = (canvasElement: HTMLElement, ...names: string[]) => names.map((name) => within(canvasElement.ownerDocument.body).getByRole('region', { name }));

export const Empty: Story = {
  args: { notices: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Page' })).toBeVisible();
    await waitFor(() => expect(padding()).toBe(0));
  },
};

export const OneNotice: Story = {
  args: { notices: [{ label: 'App update', text: 'A new version of the app is available.' }] },
  play: async ({ canvasElement }) => {
    const [notice] = regions(canvasElement, 'App update');
    await expect(notice).toBeVisible();
    // The padding is the notice with the space kept below it.
    await waitFor(() => expect(padding()).toBeGreaterThanOrEqual(notice!.getBoundingClientRect().height));
  },
};

/** Two notices, the longer text as Russian and Portuguese make it, at any width (320 px too): stacked, never over each other. */
export const TwoNoticesStacked: Story = {
  args: {
    notices: [
      { label: 'Analytics', text: 'We count how the pages of this app are used, to make it better. We never collect names, amounts or account details. You can turn this off now or at any time.' },
      { label: 'App update', text: 'A new version of the app is available.' },
    ],
  },
  play: async ({ canvasElement }) => {
    const [analytics, update] = regions(canvasElement, 'Analytics', 'App update');
    await expect(analytics).toBeVisible();
    await expect(update).toBeVisible();
    await expect(update!.getBoundingClientRect().top).toBeGreaterThanOrEqual(analytics!.getBoundingClientRect().bottom);
    await waitFor(() => expect(padding()).toBeGreaterThanOrEqual(analytics!.getBoundingClientRect().height + update!.getBoundingClientRect().height));
  },
};
