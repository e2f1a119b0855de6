import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { onAnalytics, type AnalyticsEntry } from '@/shared/analytics';
import { configureApi } from '@/shared/api';
import { withAppServices } from '../../../../.storybook/decorators';
import { companyFileFetch, companyFileService, signedDeclaration } from '../../../../.storybook/company-file-fixtures';
import { downFetch, pendingFetch, withFetch } from '../../../../.storybook/fake-fetch';
import { clippedText } from '../../../../.storybook/layout-checks';
import { DeclarationCard } from './declaration-card';

/**
 * A statement the company signs (issue 53, /company/declarations) on the real form statechart and
 * the app's calls, answered by a fake company service (no network): read, signed (the name typed,
 * the statement accepted; checked before sending, refused by the service, sent once), read again,
 * and tracked as "Sign Declaration"; a user without full access only reads it.
 */
const meta: Meta<typeof DeclarationCard> = {
  title: 'Features/Sign declaration/Declaration card',
  component: DeclarationCard,
  decorators: [withAppServices],
  parameters: { layout: 'padded' },
  args: { kind: 'resolution', canChange: true },
  beforeEach: () => {
    companyFileService.reset();
    return withFetch(companyFileFetch)();
  },
};
export default meta;
type Story = StoryObj<typeof DeclarationCard>;

const AGREE = 'I have read this statement and agree to it';

const signForm = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const sign = await canvas.findByRole('button', { name: 'Sign' });
  return { canvas, sign, name: canvas.getByRole('textbox', { name: 'Full name' }), agree: canvas.getByRole('checkbox', { name: AGREE }) };
};

/** The statement still being read: its title and text, the progress, no form yet. */
export const Loading: Story = {
  beforeEach: withFetch(pendingFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Board resolution' })).toBeInTheDocument();
    await expect(canvas.getByText(/The board of directors of the company authorises opening and operating this account/)).toBeInTheDocument();
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Sign' })).toBeNull();
  },
};

/** The service is down: what happened and "Try again" (the service back: the form). */
export const Error: Story = {
  beforeEach: withFetch(downFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('This statement could not be loaded');
    await expect(alert).toHaveTextContent('Server is not available');
    configureApi({ fetch: companyFileFetch });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('button', { name: 'Sign' })).toBeInTheDocument();
  },
};

/** Not signed yet, for a user with full access: the signing form, empty. */
export const Unsigned: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, name, agree } = await signForm(canvasElement);
    await expect(canvas.getByRole('form', { name: 'Sign: Board resolution' })).toBeInTheDocument();
    await expect(name).toHaveValue('');
    await expect(name).toBeRequired();
    await expect(agree).not.toBeChecked();
  },
};

/** Signed: who signed and when (the date in the user's language); no form. */
export const Signed: Story = {
  beforeEach: () => void companyFileService.reset({ declarations: { resolution: signedDeclaration } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const line = await canvas.findByText(/^Signed by Maria Keller on$/);
    await expect(line.querySelector('time')).toHaveAttribute('dateTime', '2026-10-14T09:30:00Z');
    await expect(line).toHaveTextContent(/2026/);
    await expect(canvas.queryByRole('button', { name: 'Sign' })).toBeNull();
  },
};

/** Not signed, for a user without full access: said who signs it; no form. */
export const ReadOnly: Story = {
  args: { canChange: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Not signed yet. A user with full access signs it.')).toBeInTheDocument();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Sign' })).toBeNull();
  },
};

/** Signed, for a user without full access: the same line as for anyone. */
export const ReadOnlySigned: Story = {
  args: { kind: 'prohibitedEscortStatement', canChange: false },
  beforeEach: () => void companyFileService.reset({ declarations: { prohibitedEscortStatement: signedDeclaration } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Statement on escort services' })).toBeInTheDocument();
    await expect(await canvas.findByText(/^Signed by Maria Keller on$/)).toBeInTheDocument();
  },
};

/** The streaming platform's declaration, not signed: its own title and text. */
export const StreamingPlatform: Story = {
  args: { kind: 'streamingPlatform' },
  play: async ({ canvasElement }) => {
    const { canvas } = await signForm(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Streaming platform declaration' })).toBeInTheDocument();
    await expect(canvas.getByText(/verifies the age and identity of every broadcaster/)).toBeInTheDocument();
  },
};

/**
 * Nothing given and Sign pressed: the name and the acceptance each say what they need (the name
 * takes focus), nothing is sent; a one-letter name is too short.
 */
export const RefusedByTheRule: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, sign, name, agree } = await signForm(canvasElement);
    await userEvent.click(sign);
    await waitFor(() => expect(name).toHaveAccessibleDescription('Type your full name to sign.'));
    await expect(agree).toHaveAttribute('aria-invalid', 'true');
    await expect(agree).toHaveAccessibleDescription('Confirm that you have read the statement and agree to it.');
    await waitFor(() => expect(name).toHaveFocus());
    await userEvent.type(name, 'A');
    await userEvent.click(agree);
    await expect(canvas.queryByText('Confirm that you have read the statement and agree to it.')).toBeNull();
    await userEvent.click(sign);
    await waitFor(() => expect(name).toHaveAccessibleDescription('Type your full name: 2 to 120 characters.'));
    await expect(companyFileService.signatures).toEqual([]);
  },
};

/**
 * The service refuses the name: its words at the field (focus there) and in the form's alert, the
 * name and the acceptance kept; sent again unchanged it is the same attempt, and signed.
 */
export const RefusedByTheService: Story = {
  beforeEach: () => {
    companyFileService.refuse = { param: 'signedName', description: 'Type the name of a user of the company' };
  },
  play: async ({ canvasElement }) => {
    const { canvas, sign, name, agree } = await signForm(canvasElement);
    await userEvent.type(name, 'Someone Else');
    await userEvent.click(agree);
    await userEvent.click(sign);
    await waitFor(() => expect(name).toHaveAccessibleDescription('Type the name of a user of the company'));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Type the name of a user of the company');
    await waitFor(() => expect(name).toHaveFocus());
    await expect(name).toHaveValue('Someone Else');
    await expect(agree).toBeChecked();
    await userEvent.click(sign);
    await expect(await canvas.findByText(/^Signed by Someone Else on$/)).toBeInTheDocument();
    const [first, second] = companyFileService.signatures;
    await expect(second?.body.requestId).toBe(first?.body.requestId);
  },
};

/**
 * The studio declaration signed: sent once with the name as typed (trimmed) and the type, "Signed
 * by" takes the form's place and the focus, and "Sign Declaration" is tracked with the kind.
 */
export const SignedNow: Story = {
  args: { kind: 'studio' },
  play: async ({ canvasElement }) => {
    const events: AnalyticsEntry[] = [];
    const stop = onAnalytics((entry) => events.push(entry));
    try {
      const { canvas, sign, name, agree } = await signForm(canvasElement);
      await expect(canvas.getByRole('heading', { level: 2, name: 'Studio declaration' })).toBeInTheDocument();
      await userEvent.type(name, '  Ana Ruiz ');
      await userEvent.click(agree);
      await userEvent.click(sign);
      const line = await canvas.findByText(/^Signed by Ana Ruiz on$/);
      await waitFor(() => expect(line).toHaveFocus());
      await expect(canvas.queryByRole('button', { name: 'Sign' })).toBeNull();
      await expect(companyFileService.signatures).toHaveLength(1);
      await expect(companyFileService.signatures[0]).toMatchObject({
        kind: 'studio',
        body: { signedName: 'Ana Ruiz', accepted: true, declarationType: 'studio', requestId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/) },
      });
      await expect(events.filter((entry) => entry.event === 'Sign Declaration').map((entry) => entry.props)).toEqual([{ declaration: 'studio' }]);
    } finally {
      stop();
    }
  },
};

/** While it is sent: Sign shows progress and a second press sends nothing more. */
export const Sending: Story = {
  beforeEach: () => {
    companyFileService.hold = true;
  },
  play: async ({ canvasElement }) => {
    const { sign, name, agree } = await signForm(canvasElement);
    await userEvent.type(name, 'Ana Ruiz');
    await userEvent.click(agree);
    await userEvent.click(sign);
    await expect(sign).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(sign);
    await expect(companyFileService.signatures).toHaveLength(1);
  },
};

/** A phone-wide column (320 px). */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }} data-testid="column">
    <Story />
  </div>
);

/** The longest statement on a 320 px column with both errors shown: nothing is cut off or overflows. */
export const Narrow: Story = {
  args: { kind: 'studio' },
  decorators: [narrow],
  play: async ({ canvasElement }) => {
    const column = within(canvasElement).getByTestId('column');
    await userEvent.click(await within(column).findByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(column.querySelector('[aria-invalid="true"]')).not.toBeNull());
    await expect(clippedText(column)).toEqual([]);
    await expect(column.scrollWidth).toBeLessThanOrEqual(column.clientWidth);
  },
};
