import { useEffect } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Link, useRouterState } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { secretRevealMachine } from '@machines/merchant/secret-reveal.machine';
import { withRouter } from '../../../../.storybook/decorators';
import { clippedText } from '../../../../.storybook/layout-checks';
import { narrowIn } from '../../../../.storybook/narrow';
import { Button } from '../button/button';
import { SecretRevealDialogs, type SecretRevealDialogsProps } from './secret-reveal-dialogs';

/**
 * The dialogs of a secret shown once, on the real secretReveal statechart with a fake call
 * (`regenerates` records each request and answers NEW_SECRET). The harness stands for a page: a
 * button that asks for a new secret (REGENERATE), a link elsewhere (leaving is asked first while
 * the secret is shown), and the address it is at; a play drives the statechart directly with the
 * running actor (`running`), as a page does when a save issues a secret (ISSUED).
 */
const ISSUED_SECRET = 'whsec_5Qm8Vt2Lx9Rb4Nz7Kc1Pd6Hw3Ys0Ja';
const NEW_SECRET = 'pk_live_8Xr3Lq6Tz1Nb9Vm4Kc7Pd2Hw5Ys0Ga';

const regenerates = fn<(input: { requestId: string; subject: number | null; choice: string | null }) => void>();
const logic = secretRevealMachine.provide({
  actors: {
    regenerate: fromPromise(async ({ input }) => {
      regenerates(input);
      return NEW_SECRET;
    }),
  },
});

type SecretActor = ActorRefFrom<typeof secretRevealMachine>;
/** The harness's running statechart, for the play functions. */
let running: SecretActor | null = null;

const TEXTS: SecretRevealDialogsProps['texts'] = {
  confirmTitle: 'Roll the key?',
  confirmText: "A new secret is made for this key's name. Choose how long the old secret keeps working.",
  confirmLabel: 'Roll the key',
  revealTitle: 'Your new API key',
  leaveText: 'It is not shown again. Without it your server cannot call the API.',
};
const CHOICES: NonNullable<SecretRevealDialogsProps['choices']> = {
  label: 'The old secret stops working',
  options: [
    { id: 'now', label: 'Now' },
    { id: '1h', label: 'In 1 hour' },
    { id: '24h', label: 'In 24 hours' },
    { id: '7d', label: 'In 7 days' },
  ],
  initial: '24h',
};

function SecretPage({ withChoices }: { withChoices: boolean }) {
  const actor = useActorRef(logic);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    running = actor;
    return () => {
      if (running === actor) running = null;
    };
  }, [actor]);
  return (
    <div style={{ display: 'grid', gap: '1rem', justifyItems: 'start' }}>
      <p>The page is at {pathname}</p>
      <Button variant="secondary" aria-haspopup="dialog" onPress={() => actor.send({ type: 'REGENERATE', subject: 7 })}>
        Roll the key Production
      </Button>
      <Link to="/">Go to the home page</Link>
      <SecretRevealDialogs actor={actor} texts={TEXTS} {...(withChoices ? { choices: CHOICES } : {})} />
    </div>
  );
}

const meta: Meta<typeof SecretPage> = {
  title: 'Design system/Secret reveal dialogs',
  component: SecretPage,
  decorators: [withRouter],
  parameters: { layout: 'padded' },
  args: { withChoices: true },
  beforeEach: () => {
    regenerates.mockClear();
  },
};
export default meta;
type Story = StoryObj<typeof SecretPage>;

/** The running statechart, once the page has started it. */
const started = async () => {
  await waitFor(() => expect(running).not.toBeNull());
  return running!;
};

const slow = { timeout: 5000 };

/** The clipboard as the browser gives it, replaced for one story by a fake that records what is written. */
let writes = fn<(text: string) => Promise<void>>();
const fakeClipboard = () => {
  const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  writes = fn(async (_text: string) => {});
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: writes } });
  return () => {
    if (own) Object.defineProperty(navigator, 'clipboard', own);
    else Reflect.deleteProperty(navigator, 'clipboard');
  };
};

/**
 * A secret the service issued with a save (ISSUED): shown in an alert dialog; Copy puts exactly it
 * on the clipboard and says so; closing it asks first ("Close without keeping the secret?", the
 * secret hidden meanwhile); "Back to the secret" shows it again, still copied.
 */
export const Issued: Story = {
  beforeEach: fakeClipboard,
  play: async () => {
    const actor = await started();
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    actor.send({ type: 'ISSUED', secret: ISSUED_SECRET });
    const reveal = await screen.findByRole('alertdialog', { name: 'Your new API key' }, slow);
    await expect(within(reveal).getByText(ISSUED_SECRET)).toBeInTheDocument();
    await expect(reveal).toHaveTextContent('Keep it somewhere safe now: it is not shown again.');
    await expect(within(reveal).getByRole('status')).toHaveTextContent(/^$/);
    await userEvent.click(within(reveal).getByRole('button', { name: 'Copy' }));
    await expect(await within(reveal).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expect(within(reveal).getByRole('status')).toHaveTextContent('Copied to the clipboard.');
    await expect(writes).toHaveBeenCalledTimes(1);
    await expect(writes).toHaveBeenCalledWith(ISSUED_SECRET);
    await expect(actor.getSnapshot().context.copied).toBe(true);
    // Closed with its own button: asked first, the secret out of sight.
    await userEvent.click(within(reveal).getByRole('button', { name: 'Close' }));
    const asked = await screen.findByRole('alertdialog', { name: 'Close without keeping the secret?' }, slow);
    await expect(asked).toHaveTextContent(TEXTS.leaveText);
    await expect(screen.queryByText(ISSUED_SECRET)).toBeNull();
    await expect(actor.getSnapshot().hasTag('confirmingLeave')).toBe(true);
    await userEvent.click(within(asked).getByRole('button', { name: 'Back to the secret' }));
    const again = await screen.findByRole('alertdialog', { name: 'Your new API key' }, slow);
    await expect(within(again).getByText(ISSUED_SECRET)).toBeInTheDocument();
    await expect(within(again).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expect(regenerates).not.toHaveBeenCalled();
  },
};

/** "I have kept it" closes it at once: the secret is gone from the page and from the statechart. */
export const KeptIt: Story = {
  play: async () => {
    const actor = await started();
    actor.send({ type: 'ISSUED', secret: ISSUED_SECRET });
    const reveal = await screen.findByRole('alertdialog', { name: 'Your new API key' }, slow);
    await userEvent.click(within(reveal).getByRole('button', { name: 'I have kept it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.queryByText(ISSUED_SECRET)).toBeNull();
    await expect(actor.getSnapshot().context.secret).toBeNull();
  },
};

/** Escape asks first too; "Close it" drops the secret without keeping it. */
export const ClosedWithoutKeeping: Story = {
  play: async () => {
    const actor = await started();
    actor.send({ type: 'ISSUED', secret: ISSUED_SECRET });
    await screen.findByRole('alertdialog', { name: 'Your new API key' }, slow);
    await userEvent.keyboard('{Escape}');
    const asked = await screen.findByRole('alertdialog', { name: 'Close without keeping the secret?' }, slow);
    await userEvent.click(within(asked).getByRole('button', { name: 'Close it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.queryByText(ISSUED_SECRET)).toBeNull();
    await expect(actor.getSnapshot().context.secret).toBeNull();
  },
};

/**
 * Leaving the page while the secret is shown asks first: "Back to the secret" keeps the page where
 * it was; "Close it" lets the navigation go on.
 */
export const LeavingThePage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const place = () => canvas.getByText(/^The page is at /).textContent;
    const leave = () => canvas.getByRole('link', { name: 'Go to the home page', hidden: true }).click();
    const actor = await started();
    await expect(place()).toBe('The page is at /login');
    actor.send({ type: 'ISSUED', secret: ISSUED_SECRET });
    await screen.findByRole('alertdialog', { name: 'Your new API key' }, slow);
    // The link is under the modal: followed as a link elsewhere on the page would be (the router's navigation).
    leave();
    const asked = await screen.findByRole('alertdialog', { name: 'Close without keeping the secret?' }, slow);
    await userEvent.click(within(asked).getByRole('button', { name: 'Back to the secret' }));
    await expect(within(await screen.findByRole('alertdialog', { name: 'Your new API key' }, slow)).getByText(ISSUED_SECRET)).toBeInTheDocument();
    await expect(place()).toBe('The page is at /login');
    leave();
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Close without keeping the secret?' }, slow)).getByRole('button', { name: 'Close it' }));
    await waitFor(() => expect(place()).toBe('The page is at /'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.queryByText(ISSUED_SECRET)).toBeNull();
    await expect(actor.getSnapshot().context.secret).toBeNull();
  },
};

/**
 * A new secret asked for: the question first, with how long the old one keeps working (24 hours
 * chosen first); Cancel sends nothing; "In 7 days" is sent with the subject; the secret answered is
 * shown.
 */
export const AskedFirst: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await started();
    const roll = canvas.getByRole('button', { name: 'Roll the key Production' });
    await userEvent.click(roll);
    const question = within(await screen.findByRole('alertdialog', { name: 'Roll the key?' }, slow));
    await userEvent.click(question.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(regenerates).not.toHaveBeenCalled();
    await userEvent.click(roll);
    const again = within(await screen.findByRole('alertdialog', { name: 'Roll the key?' }, slow));
    await expect(again.getByText(TEXTS.confirmText)).toBeInTheDocument();
    const choices = within(again.getByRole('radiogroup', { name: 'The old secret stops working' }));
    await expect(choices.getAllByRole('radio')).toHaveLength(4);
    await expect(choices.getByRole('radio', { name: 'In 24 hours' })).toBeChecked();
    await userEvent.click(choices.getByRole('radio', { name: 'In 7 days' }));
    await userEvent.click(again.getByRole('button', { name: 'Roll the key' }));
    const reveal = await screen.findByRole('alertdialog', { name: 'Your new API key' }, slow);
    await expect(within(reveal).getByText(NEW_SECRET)).toBeInTheDocument();
    await expect(regenerates).toHaveBeenCalledTimes(1);
    await expect(regenerates).toHaveBeenCalledWith({ subject: 7, choice: '7d', requestId: expect.any(String) });
  },
};

/** Without choices (a secret that stops working at once): the question has none, and none is sent. */
export const AskedWithoutChoices: Story = {
  args: { withChoices: false },
  play: async ({ canvasElement }) => {
    await started();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Roll the key Production' }));
    const question = within(await screen.findByRole('alertdialog', { name: 'Roll the key?' }, slow));
    await expect(question.queryByRole('radiogroup')).toBeNull();
    await userEvent.click(question.getByRole('button', { name: 'Roll the key' }));
    await screen.findByRole('alertdialog', { name: 'Your new API key' }, slow);
    await expect(regenerates).toHaveBeenCalledWith({ subject: 7, choice: null, requestId: expect.any(String) });
  },
};

/**
 * The page's body narrowed to 320 px for one story, and made the containing block of fixed boxes, so
 * the modal (portalled to the body, its overlay fixed to the viewport) is laid out in 320 px too.
 */
const narrowBody = () => {
  const { width, transform, minHeight } = document.body.style;
  Object.assign(document.body.style, { width: '320px', transform: 'translateZ(0)', minHeight: '100vh' });
  return () => {
    Object.assign(document.body.style, { width, transform, minHeight });
  };
};

/** The secret's dialog on a 320 px page in Russian: its texts, the secret and its buttons are not cut off. */
export const NarrowRussian: Story = {
  ...narrowIn('ru', async () => {
    const actor = await started();
    actor.send({ type: 'ISSUED', secret: ISSUED_SECRET });
    const reveal = await screen.findByRole('alertdialog', {}, slow);
    await expect(within(reveal).getByText(ISSUED_SECRET)).toBeInTheDocument();
    await expect(reveal.getBoundingClientRect().width).toBeLessThanOrEqual(320);
    await expect(clippedText(reveal)).toEqual([]);
    await expect(reveal.scrollWidth).toBeLessThanOrEqual(reveal.clientWidth);
  }),
  beforeEach: narrowBody,
};
