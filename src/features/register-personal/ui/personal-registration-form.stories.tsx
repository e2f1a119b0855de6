import { useEffect, useState } from 'react';
import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { useSelector } from '@xstate/react';
import { createActor, fromPromise } from 'xstate';
import { SANDBOX_CAPTCHA_TOKEN } from '@machines/registration/captcha';
import { personalRegistrationMachine } from '@machines/registration/personal-registration.machine';
import { EMAIL_STATE, type EmailState } from '@machines/registration/registration.rules';
import { SandboxCaptcha } from '@/shared/ui';
import { clippedText } from '../../../../.storybook/layout-checks';
import { PersonalRegistrationForm, type PersonalRegistrationActor } from './personal-registration-form';

const never = () => new Promise<never>(() => {});

/** The personal types brand 1 offers, in its order. */
const types = ['webmasters', 'freelancers', 'webcamModels', 'developers', 'independentContractors', 'others'];
const countries = [
  { code: 'RO', name: 'Romania' },
  { code: 'DE', name: 'Germany' },
  { code: 'PT', name: 'Portugal' },
];
const sources = [
  { id: 'salary', name: 'Salary' },
  { id: 'business', name: 'Business income' },
  { id: 'savings', name: 'Savings' },
];
const agreements = [
  { id: 'terms', name: 'Terms and conditions', url: '/legal/terms' },
  { id: 'privacy', name: 'Privacy policy', url: '/legal/privacy' },
];

const email = 'ana.popescu@example.com';
/** Every field filled and right, both agreements accepted (the captcha is the person's to tick). */
const filled: Record<string, string> = {
  registrationType: 'freelancers',
  firstName: 'Ana',
  lastName: 'Popescu',
  birthday: '1990-04-12',
  email,
  phone: '+40 721 555 010',
  countryCode: 'RO',
  city: 'Cluj-Napoca',
  street: 'Strada Memorandumului 21',
  postalCode: '400114',
  taxId: '',
  sourceOfFunds: 'salary',
  password: 'river7stone',
  passwordRepeat: 'river7stone',
  'agreement.terms': 'true',
  'agreement.privacy': 'true',
};

/** The form's calls: `checkEmail` answers what the story needs (free unless told); `createAccount` never answers unless told. */
const checkEmail = fn<(input: { email: string }) => Promise<EmailState>>();
const createAccount = fn<(input: { values: Record<string, string>; captcha: string; requestId: string; brand: string | undefined }) => Promise<void>>();

/** The real statechart with the fake calls, the e-mail checked at once (no pause). */
const logic = personalRegistrationMachine.provide({
  actors: {
    checkEmail: fromPromise<EmailState, { email: string }>(({ input }) => checkEmail(input)),
    createAccount: fromPromise<void, { values: Record<string, string>; captcha: string; requestId: string; brand: string | undefined }>(({ input }) => createAccount(input)),
  },
  delays: { emailPause: 0 },
});

/** The story's statechart, started once (with the story's events) and stopped when the story goes (a running check or submit would outlive it). */
function useStoryActor(start?: (actor: PersonalRegistrationActor) => void): PersonalRegistrationActor {
  const [actor] = useState(() => {
    const created: PersonalRegistrationActor = createActor(logic, { input: { today: '2026-03-20', agreements: agreements.map((a) => a.id), brand: 'brand1' } });
    created.start();
    start?.(created);
    return created;
  });
  useEffect(() => () => actor.stop(), [actor]);
  return actor;
}

interface FormStoryProps {
  onDone: () => void;
  start?: (actor: PersonalRegistrationActor) => void;
}

/** The form as /register/personal shows it: the sandbox captcha, ticked into the statechart and locked while busy. */
function FormStory({ onDone, start }: FormStoryProps) {
  const actor = useStoryActor(start);
  const token = useSelector(actor, (s) => s.context.captcha);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <PersonalRegistrationForm
      actor={actor}
      types={types}
      countries={countries}
      sources={sources}
      agreements={agreements}
      captcha={<SandboxCaptcha token={token} onToken={(next) => actor.send({ type: 'CAPTCHA', token: next })} isDisabled={busy} />}
      onDone={onDone}
    />
  );
}

const fill = (values: Record<string, string>) => (actor: PersonalRegistrationActor) => {
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'CHANGE', field, value });
};

/** /register/personal's form (002 s2, s3): the person, the e-mail's live state, the password, the agreements, the captcha. */
const meta: Meta<typeof FormStory> = {
  title: 'Features/PersonalRegistrationForm',
  component: FormStory,
  args: { onDone: fn() },
  beforeEach: () => {
    checkEmail.mockReset();
    checkEmail.mockImplementation(async () => EMAIL_STATE.free);
    createAccount.mockReset();
    createAccount.mockImplementation(never);
  },
};
export default meta;
type Story = StoryObj<typeof FormStory>;

const openButton = (canvasElement: HTMLElement) => within(canvasElement).getByRole('button', { name: 'Open my account' });

/** Filled, the e-mail checked and free: tick the captcha and submit. */
const submitFilled = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await expect(await canvas.findByText('This e-mail is free.')).toBeInTheDocument();
  await userEvent.click(canvas.getByRole('checkbox', { name: 'I am not a robot' }));
  await expect(canvas.getByRole('checkbox', { name: 'I am not a robot' })).toBeChecked();
  const button = openButton(canvasElement);
  await userEvent.click(button);
  return button;
};

/** Nothing typed: no error shows before submit. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const type = canvas.getByRole('combobox', { name: 'I am a' });
    await expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Webmaster', 'Freelancer', 'Webcam model', 'Developer', 'Independent contractor', 'Other']);
    await expect(canvas.getByRole('link', { name: 'Read: Terms and conditions' })).toHaveAttribute('href', '/legal/terms');
    await expect(canvas.queryByText('Required.')).toBeNull();
    await expect(canvas.getByRole('checkbox', { name: 'I am not a robot' })).not.toBeChecked();
    await expect(openButton(canvasElement)).toBeEnabled();
    await expect(checkEmail).not.toHaveBeenCalled();
  },
};

/** Every value typed; the e-mail was checked and is free. */
export const Filled: Story = {
  args: { start: fill(filled) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This e-mail is free.')).toBeInTheDocument();
    await expect(checkEmail).toHaveBeenCalledWith({ email });
    await expect(canvas.getByRole('combobox', { name: 'I am a' })).toHaveValue('freelancers');
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
    await expect(canvas.getByRole('combobox', { name: 'Country' })).toHaveValue('RO');
    await expect(canvas.getByRole('checkbox', { name: 'I accept: Privacy policy' })).toBeChecked();
    await expect(canvas.queryByText('Required.')).toBeNull();
  },
};

/** Submit on the empty form: every error shows, nothing is sent, and the focus goes to the first field with a problem. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(openButton(canvasElement));
    // The 13 required fields (the tax id is optional) and both agreements.
    await expect(await canvas.findAllByText('Required.')).toHaveLength(13);
    await expect(canvas.getAllByText('Accept this to open an account.')).toHaveLength(2);
    const type = canvas.getByRole('combobox', { name: 'I am a' });
    await expect(type).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(type).toHaveFocus());
    await expect(createAccount).not.toHaveBeenCalled();
  },
};

/** The e-mail has an account: said at once, before any submit. */
export const EmailTaken: Story = {
  args: { start: fill({ email }) },
  beforeEach: () => void checkEmail.mockImplementation(async () => EMAIL_STATE.exists),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('An account with this e-mail exists. Sign in instead.')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.queryByText('Required.')).toBeNull();
  },
};

/** The e-mail is a company employee's: their own activation, not a new account. */
export const EmailEmployee: Story = {
  args: { start: fill({ email }) },
  beforeEach: () => void checkEmail.mockImplementation(async () => EMAIL_STATE.employee),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText("This e-mail belongs to a company's employee. Activate your account from the e-mail your company sent."),
    ).toBeInTheDocument();
  },
};

/** The check could not tell: said under the field; it is asked again when the e-mail changes. */
export const CheckFailed: Story = {
  args: { start: fill({ email }) },
  beforeEach: () => void checkEmail.mockImplementation(() => Promise.reject(new Error('offline'))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The e-mail could not be checked. It is checked again when you change it.')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).not.toHaveAttribute('aria-invalid');
  },
};

/** Create account under way: the button is busy and the fields are locked. */
export const Submitting: Story = {
  args: { start: fill(filled) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await submitFilled(canvasElement);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(within(button).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'First name' })).toBeDisabled();
    await expect(canvas.getByRole('checkbox', { name: 'I am not a robot' })).toBeDisabled();
    await waitFor(() => expect(createAccount).toHaveBeenCalledTimes(1));
    await expect(createAccount.mock.calls[0]?.[0]).toMatchObject({ captcha: SANDBOX_CAPTCHA_TOKEN, brand: 'brand1', values: { email, firstName: 'Ana' } });
  },
};

/** Create account refused: the service's text shows, everything typed stays, the captcha is used up (unticked). */
export const Failed: Story = {
  args: { start: fill(filled) },
  beforeEach: () => void createAccount.mockImplementation(() => Promise.reject({ message: { text: 'Server is not available' } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await submitFilled(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Server is not available');
    await expect(canvas.getByRole('textbox', { name: 'First name' })).toHaveValue('Ana');
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
    await expect(canvas.getByRole('checkbox', { name: 'I am not a robot' })).not.toBeChecked();
    await expect(openButton(canvasElement)).not.toHaveAttribute('aria-busy');
  },
};

/** The account is created: the popup says where the activation e-mail went; "Go to sign in" leaves. */
export const Completed: Story = {
  args: { start: fill(filled) },
  beforeEach: () => void createAccount.mockImplementation(async () => undefined),
  play: async ({ canvasElement, args }) => {
    await submitFilled(canvasElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Registration completed' });
    await expect(dialog).toHaveTextContent(`We sent an activation e-mail to ${email}.`);
    await expect(args.onDone).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to sign in' }));
    await expect(args.onDone).toHaveBeenCalledTimes(1);
  },
};

/** A phone-wide column. */
const narrow: Decorator = (Story) => (
  <div style={{ maxWidth: '20rem' }}>
    <Story />
  </div>
);

/** In Russian (the longest labels and errors), on a phone-wide column, after a submit on the empty form: no text is cut off. */
export const LongRussian: Story = {
  globals: { locale: 'ru' },
  decorators: [narrow],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Открыть счёт' }));
    await expect(canvas.getAllByText('Это нужно принять, чтобы открыть счёт.')).toHaveLength(2);
    const form = canvasElement.querySelector('form');
    if (!form) throw new Error('no form');
    await expect(clippedText(form)).toEqual([]);
    await expect(form.scrollWidth).toBeLessThanOrEqual(form.clientWidth);
  },
};
