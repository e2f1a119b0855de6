import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, within } from 'storybook/test';
import { i18n } from '@lingui/core';
import { useSelector } from '@xstate/react';
import { statusOf } from '@machines/verification/verification-status.machine';
import type { VerificationStatus } from '@machines/verification/verification.rules';
import { VerificationProvider } from '@/entities/verification';
import { clippedText } from '../../../../.storybook/layout-checks';
import { withRouter } from '../../../../.storybook/decorators';
import { VerificationBanner } from './verification-banner';
import { STATUS_TEXTS } from './verification-texts';
import { checkedFacts, factsFor, never, useVerificationStoryActor, type StoryFacts } from './verification.fixtures';

/**
 * The banner inside the provider of the story's statechart, in a slot that says where the
 * statechart is (`data-state`: its status, or `loading` / `failed`), so a play knows the decision
 * was made before it looks for a banner that should not be there.
 */
function BannerStory({ source }: { source: StoryFacts }) {
  const actor = useVerificationStoryActor(source);
  const state = useSelector(actor, (s) => statusOf(s) ?? (s.hasTag('loading') ? 'loading' : 'failed'));
  return (
    <VerificationProvider actor={actor}>
      <div data-testid="banner-slot" data-state={state}>
        <VerificationBanner />
      </div>
    </VerificationProvider>
  );
}

/** The warning banner of the signed-in pages (002 s4): what the status means and where it is resolved. */
const meta: Meta<typeof BannerStory> = {
  title: 'Widgets/VerificationBanner',
  component: BannerStory,
  decorators: [withRouter],
};
export default meta;
type Story = StoryObj<typeof BannerStory>;

/** The slot once the statechart is in `state`. */
const slotIn = async (canvasElement: HTMLElement, state: VerificationStatus | 'loading' | 'failed') => {
  const slot = await within(canvasElement).findByTestId('banner-slot');
  await expect(slot).toHaveAttribute('data-state', state);
  return slot;
};

/** A warning status: its banner, a region named by the status's own title, linking to `to` with `link`. */
const warning = (status: VerificationStatus, link: string, to: string): Story => ({
  args: { source: { facts: factsFor[status] } },
  play: async ({ canvasElement }) => {
    const slot = await slotIn(canvasElement, status);
    const banner = within(slot).getByRole('region', { name: i18n._(STATUS_TEXTS[status].title) });
    await expect(banner).toHaveAttribute('data-status', status);
    // The region is named by its title (the status's heading text).
    await expect(within(banner).getByText(i18n._(STATUS_TEXTS[status].title))).toHaveAttribute('id', banner.getAttribute('aria-labelledby'));
    await expect(banner).toHaveTextContent(i18n._(STATUS_TEXTS[status].body));
    await expect(within(banner).getByRole('link', { name: link })).toHaveAttribute('href', to);
    await expect(within(banner).getAllByRole('link')).toHaveLength(1);
  },
});

/** Limited (some reason not covered by documents): why, and what to send, on /limited-account. */
export const Limited: Story = warning('limited', 'See why and what to send', '/limited-account');

/** Limited for three reasons (two of one kind): each reason named once, in the banner (002 s4). */
export const LimitedWithReasons: Story = {
  args: {
    source: {
      facts: checkedFacts({
        limited: true,
        limitReasons: [
          { actionTypeId: 2, requirementDocuments: [{ uploadedDocuments: [] }] },
          { actionTypeId: 3, requirementDocuments: [] },
          { actionTypeId: 2, requirementDocuments: [{ uploadedDocuments: [] }] },
          { actionTypeId: 99, requirementDocuments: [] },
        ],
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const slot = await slotIn(canvasElement, 'limited');
    const reasons = within(slot).getByRole('list', { name: 'Why' });
    await expect(within(reasons).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Unpaid invoice', 'Sanctions screening']);
    await expect(within(reasons).getByRole('link', { name: 'Unpaid invoice' })).toHaveAttribute('href', '/transfer/invoices?status=1');
  },
};

/** Unverified, with no documents sent: what is needed, on /profile. */
export const Unverified: Story = warning('unverified', 'See what is needed', '/profile');

/** A required action (an unconfirmed phone). */
export const HasRequiredActions: Story = warning('hasRequiredActions', 'See what is needed', '/profile');

/** The documents are used by another account and none was sent again. */
export const DuplicateDocuments: Story = warning('duplicateDocuments', 'See what is needed', '/profile');

/** Documents sent again, still under review. */
export const DuplicateDocumentsUploaded: Story = warning('duplicateDocumentsUploaded', 'See what is needed', '/profile');

/** A card's delivery address needs a proof of address. */
export const SomeCardDocumentRequired: Story = warning('someCardDocumentRequired', 'See what is needed', '/profile');

/** Verified: no banner. */
export const Checked: Story = {
  args: { source: { facts: factsFor.checked } },
  play: async ({ canvasElement }) => {
    const slot = await slotIn(canvasElement, 'checked');
    await expect(slot).toBeEmptyDOMElement();
  },
};

/** Verification in progress (not a warning): no banner. */
export const VerificationProcessing: Story = {
  args: { source: { facts: factsFor.verificationProcessing } },
  play: async ({ canvasElement }) => {
    const slot = await slotIn(canvasElement, 'verificationProcessing');
    await expect(slot).toBeEmptyDOMElement();
  },
};

/** The facts are still loading: no banner. */
export const Loading: Story = {
  args: { source: { loadFacts: never } },
  play: async ({ canvasElement }) => {
    const slot = await slotIn(canvasElement, 'loading');
    await expect(slot).toBeEmptyDOMElement();
  },
};

/** A phone-wide column. */
const narrow: Decorator = (Story) => (
  <div style={{ maxWidth: '20rem' }}>
    <Story />
  </div>
);

/** In Russian, on a phone-wide column, limited (the longest texts): no text is cut off, nothing overflows. */
export const LongRussian: Story = {
  args: { source: { facts: factsFor.limited } },
  globals: { locale: 'ru' },
  decorators: [narrow],
  play: async ({ canvasElement }) => {
    await expect(document.documentElement).toHaveAttribute('lang', 'ru');
    const slot = await slotIn(canvasElement, 'limited');
    const banner = within(slot).getByRole('region', { name: i18n._(STATUS_TEXTS.limited.title) });
    await expect(within(banner).getByRole('link')).toHaveAttribute('href', '/limited-account');
    await expect(clippedText(banner)).toEqual([]);
    await expect(banner.scrollWidth).toBeLessThanOrEqual(banner.clientWidth);
    await expect(slot.scrollWidth).toBeLessThanOrEqual(slot.clientWidth);
  },
};
