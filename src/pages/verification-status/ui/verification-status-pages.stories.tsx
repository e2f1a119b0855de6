import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useEffect, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { i18n } from '@lingui/core';
import { useRouterState } from '@tanstack/react-router';
import { createActor, fromPromise } from 'xstate';
import { verificationStatusMachine } from '@machines/verification/verification-status.machine';
import type { VerificationFacts } from '@machines/verification/verification.rules';
import { checkedFacts, factsFor } from '@machines/verification/verification.fixtures';
import { VerificationProvider, type VerificationActor } from '@/entities/verification';
import { STATUS_TEXTS } from '@/widgets/verification-banner';
import { withRouter } from '../../../../.storybook/decorators';
import { LimitedAccountPage, UnverifiedAccountPage } from './verification-status-pages';

const never = () => new Promise<never>(() => {});

/** The statechart's load when a story gives no facts: never answers unless the story says otherwise. */
const loadFacts = fn<() => Promise<VerificationFacts>>();

/** Where the memory router is (the unverified page sends a verified customer home). */
function Location() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return <p data-testid="location">{pathname}</p>;
}

interface PageStoryProps {
  page: 'unverified' | 'limited';
  /** The customer's facts, decided at once; without them the statechart loads (`loadFacts`). */
  facts?: VerificationFacts;
}

/** The real statechart: the given facts decide at once; without them it loads (`loadFacts`). */
const logic = verificationStatusMachine.provide({ actors: { loadFacts: fromPromise<VerificationFacts>(() => loadFacts()) } });

/** One of the two pages with the story's verification statechart (created and started once, stopped when the story goes). */
function PageStory({ page, facts }: PageStoryProps) {
  const [actor] = useState(() => {
    const created: VerificationActor = createActor(logic, { input: { facts: facts ?? null } });
    created.start();
    return created;
  });
  useEffect(() => () => actor.stop(), [actor]);
  return (
    <VerificationProvider actor={actor}>
      {page === 'unverified' ? <UnverifiedAccountPage /> : <LimitedAccountPage />}
      <Location />
    </VerificationProvider>
  );
}

/** /unverified-account and /limited-account (002 s2, s4): where the account stands and what is needed. */
const meta: Meta<typeof PageStory> = {
  title: 'Pages/VerificationStatus',
  component: PageStory,
  decorators: [withRouter],
  args: { page: 'unverified' },
  beforeEach: () => {
    loadFacts.mockReset();
    loadFacts.mockImplementation(never);
  },
};
export default meta;
type Story = StoryObj<typeof PageStory>;

/** The page's main heading, once the router has rendered it. */
const pageHeading = (canvasElement: HTMLElement, name: string) => within(canvasElement).findByRole('heading', { level: 1, name });

// ---- /unverified-account ----------------------------------------------------------------------

/** The facts are loading: the page says so, nothing else. */
export const Loading: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageHeading(canvasElement, 'Account verification');
    await expect(canvas.getByRole('progressbar', { name: 'Loading your verification status…' })).toBeInTheDocument();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('heading', { level: 2 })).toBeNull();
    await expect(loadFacts).toHaveBeenCalledTimes(1);
  },
};

/** The first load failed: said, with a retry that loads again. */
export const Failed: Story = {
  beforeEach: () => void loadFacts.mockImplementation(() => Promise.reject(new Error('offline'))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageHeading(canvasElement, 'Account verification');
    const alert = await canvas.findByRole('alert');
    await expect(within(alert).getByRole('heading', { name: 'Your verification status could not be loaded' })).toBeInTheDocument();
    await expect(alert).toHaveTextContent('Check your connection, then try again.');
    await expect(loadFacts).toHaveBeenCalledTimes(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(loadFacts).toHaveBeenCalledTimes(2));
    // Failed again: the page says so again.
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Your verification status could not be loaded');
  },
};

/** Unverified, no documents sent: the status, no list of actions. */
export const Unverified: Story = {
  args: { facts: factsFor.unverified },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageHeading(canvasElement, 'Account verification');
    await expect(canvas.getByRole('heading', { level: 2, name: i18n._(STATUS_TEXTS.unverified.title) })).toBeInTheDocument();
    await expect(canvas.getByText(i18n._(STATUS_TEXTS.unverified.body))).toBeInTheDocument();
    await expect(canvas.queryByRole('heading', { name: 'What is needed' })).toBeNull();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await expect(loadFacts).not.toHaveBeenCalled();
    await expect(canvas.getByTestId('location')).toHaveTextContent('/login');
  },
};

/** Required actions: the identity document was refused (with the reason) and the phone is unconfirmed. */
export const RequiredActions: Story = {
  args: {
    facts: checkedFacts({
      identity: { statusId: 26, uploadedDocuments: [{ statusId: 26 }], rejectReason: 'The photo is blurred.' },
      phones: [{ confirmed: false }],
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageHeading(canvasElement, 'Account verification');
    await expect(canvas.getByRole('heading', { level: 2, name: i18n._(STATUS_TEXTS.hasRequiredActions.title) })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 3, name: 'What is needed' })).toBeInTheDocument();
    const items = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Send a valid identity document.', 'Confirm your phone number.']);
    await expect(canvas.getByText('Identity document refused: The photo is blurred.')).toBeInTheDocument();
  },
};

/** Documents sent and under review. */
export const VerificationProcessing: Story = {
  args: { facts: factsFor.verificationProcessing },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageHeading(canvasElement, 'Account verification');
    await expect(canvas.getByRole('heading', { level: 2, name: i18n._(STATUS_TEXTS.verificationProcessing.title) })).toBeInTheDocument();
    await expect(canvas.getByText(i18n._(STATUS_TEXTS.verificationProcessing.body))).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByText(/Identity document refused/)).toBeNull();
  },
};

/** Everything is in: the last check. */
export const FinalReview: Story = {
  args: { facts: factsFor.finalReview },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageHeading(canvasElement, 'Account verification');
    await expect(canvas.getByRole('heading', { level: 2, name: i18n._(STATUS_TEXTS.finalReview.title) })).toBeInTheDocument();
    await expect(canvas.getByText(i18n._(STATUS_TEXTS.finalReview.body))).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** Verified: the page sends the customer home (the story's memory router follows, from /login to /home). */
export const Checked: Story = {
  args: { facts: factsFor.checked },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageHeading(canvasElement, 'Account verification');
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent('/home'));
  },
};

// ---- /limited-account -------------------------------------------------------------------------

/** Limited for two reasons (expired documents, an unpaid invoice), no document sent for either. */
export const Limited: Story = {
  args: {
    page: 'limited',
    facts: checkedFacts({
      limited: true,
      limitReasons: [
        { actionTypeId: 1, requirementDocuments: [{ uploadedDocuments: [] }] },
        { actionTypeId: 2, requirementDocuments: [{ uploadedDocuments: [] }] },
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageHeading(canvasElement, 'Limited account');
    await expect(canvas.getByText(i18n._(STATUS_TEXTS.limited.body))).toBeInTheDocument();
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Expired documents', 'Unpaid invoice']);
    const documents = canvas.getAllByText(/^A document:/);
    await expect(documents.map((d) => d.textContent)).toEqual(['A document: not sent yet', 'A document: not sent yet']);
    // An unpaid invoice: the received invoices still to pay, one link away (issue 51).
    await expect(canvas.getByRole('link', { name: 'Pay your unpaid invoices' })).toHaveAttribute('href', '/transfer/invoices?status=1');
    await expect(canvas.getByTestId('location')).toHaveTextContent('/login');
  },
};

/** Every limit document sent and under review. */
export const Processing: Story = {
  args: {
    page: 'limited',
    facts: checkedFacts({
      limited: true,
      limitReasons: [
        { actionTypeId: 1, requirementDocuments: [{ uploadedDocuments: [{ statusId: 41 }] }] },
        { actionTypeId: 2, requirementDocuments: [{ uploadedDocuments: [{ statusId: 0 }] }] },
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageHeading(canvasElement, 'Limited account');
    await expect(canvas.getByText(i18n._(STATUS_TEXTS.processing.body))).toBeInTheDocument();
    await expect(canvas.queryByText(i18n._(STATUS_TEXTS.limited.body))).toBeNull();
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Expired documents', 'Unpaid invoice']);
    const documents = canvas.getAllByText(/^A document:/);
    await expect(documents.map((d) => d.textContent)).toEqual(['A document: under review', 'A document: under review']);
  },
};

/** Not limited: said so, no reasons. */
export const NotLimited: Story = {
  args: { page: 'limited', facts: factsFor.checked },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageHeading(canvasElement, 'Limited account');
    await expect(canvas.getByText('Your account is not limited.')).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByRole('heading', { level: 2 })).toBeNull();
  },
};
