import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AnyStateNode } from 'xstate';
import { MachineDiagram } from './machine-diagram';
import { shortestPathTo, statechartGraph } from '../src/shared/dev';
import { machineRegistry, type MachineName } from '../machines/registry';

/**
 * The "Machines" section: every statechart in machines/registry.ts drawn from its definition.
 * A new machine appears by adding one entry to the registry and one story below (export name: the
 * registry key in PascalCase); tests/unit/machine-registry.test.ts fails until both exist.
 * Stories are explicit exports because Storybook's indexer reads them statically.
 */
type Args = { name: MachineName };

/** Every state node of the definition (the root included), depth first, as `machineId.path`. */
function definedStates(node: AnyStateNode): string[] {
  const own = [node.machine.id, ...node.path].join('.');
  return [own, ...Object.values(node.states).flatMap((child) => definedStates(child as AnyStateNode))];
}

/** Every transition candidate of the definition (eventless ones included), as the model-based tests count them. */
function definedTransitions(node: AnyStateNode): number {
  const own = [...node.transitions.values()].reduce((n, candidates) => n + candidates.length, 0) + (node.always?.length ?? 0);
  return own + Object.values(node.states).reduce((n, child) => n + definedTransitions(child as AnyStateNode), 0);
}

const meta: Meta<Args> = {
  title: 'Machines',
  render: ({ name }) => <MachineDiagram {...machineRegistry[name]} />,
  argTypes: { name: { control: 'select', options: Object.keys(machineRegistry) } },
  parameters: { layout: 'fullscreen' },
  // The diagram draws in fixed colours, not brand tokens: axe runs once, not in all six brands.
  tags: ['no-brand-matrix'],
};
export default meta;

type Story = StoryObj<Args>;

/** Asserts the diagram shows the machine's id, its description and every state node of its definition. */
const play: Story['play'] = async ({ canvasElement, args }) => {
  const { machine, description } = machineRegistry[args.name];
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('heading', { level: 2, name: `Machine: ${machine.id}` })).toBeVisible();
  await expect(canvas.getByText(description)).toBeVisible();
  // Every state of the definition is drawn, once, in document order (a broken diagram fails here).
  const expected = definedStates(machine.root);
  const drawn = canvas.getAllByRole('region', { name: /^state / }).map((r) => r.getAttribute('aria-label')?.slice('state '.length));
  await expect(expected.length).toBeGreaterThan(0);
  await expect(expected.filter((s) => !drawn.includes(s))).toEqual([]); // states not drawn
  await expect(drawn.filter((s) => !s || !expected.includes(s))).toEqual([]); // drawn states not in the definition
  await expect(drawn).toEqual(expected); // each once, nested as defined
  // The drawing (ELK's layout): a box per state node and an arrow per transition of the definition.
  const diagram = await canvas.findByRole('group', { name: `Statechart diagram of ${machine.id}` }, { timeout: 15_000 });
  await expect([...diagram.querySelectorAll('[data-state]')].map((el) => el.getAttribute('data-state'))).toEqual(expected);
  await expect(diagram.querySelectorAll('[data-transition]').length).toBe(definedTransitions(machine.root));
};

export const AppStart: Story = { args: { name: 'appStart' }, play };
export const AppState: Story = { args: { name: 'appState' }, play };
export const NavigationMenu: Story = { args: { name: 'navigationMenu' }, play };
export const Disclosure: Story = { args: { name: 'disclosure' }, play };
/** The login chart, and a path replayed: the shortest way through the definition to a state two steps or more away, step by step. */
export const Login: Story = {
  args: { name: 'login' },
  play: async (context) => {
    await play(context);
    const { machine } = machineRegistry.login;
    const graph = statechartGraph(machine);
    const target = graph.vertices.find((v) => (shortestPathTo(graph, v.id)?.steps.length ?? 0) >= 2)!;
    const path = shortestPathTo(graph, target.id)!;
    const canvas = within(context.canvasElement);
    const diagram = canvas.getByRole('group', { name: 'Statechart diagram of login' });
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Path to' }), target.id);
    // The path's own status (the live run below has another).
    const pathStatus = () => within(canvas.getByRole('group', { name: 'Path to a state' })).getByRole('status');
    await expect(pathStatus()).toHaveTextContent(`Start (${path.steps.length} steps to ${target.id})`);
    for (const [i, step] of path.steps.entries()) {
      await userEvent.click(canvas.getByRole('button', { name: 'Next step' }));
      await expect(pathStatus()).toHaveTextContent(`Step ${i + 1} of ${path.steps.length}: ${step.edge.event}`);
      await expect(diagram.querySelector('[data-transition][data-active]')?.getAttribute('data-transition')).toBe(step.edge.id);
    }
    // At the end the chosen state is highlighted, and the way on is closed.
    await expect([...diagram.querySelectorAll('[data-state][data-active]')].map((el) => el.getAttribute('data-state'))).toContain(target.id);
    await expect(canvas.getByRole('button', { name: 'Next step' })).toBeDisabled();
    // Screens next to states: the one-time code state links to the story that shows its screen.
    await userEvent.click(diagram.querySelector('[data-state="login.enteringOtp"]')!);
    await expect(canvas.getByRole('link', { name: 'See the screen of enteringOtp' })).toHaveAttribute('href', './?path=/story/features-login-states--one-time-code');
    await playLiveLogin(context.canvasElement, diagram);
    // Focus follows into view: every state reached from the keyboard is panned inside the frame
    // (one larger than the frame shows its top-left corner, where its name is).
    const inside = (start: number, end: number, from: number, to: number) => start >= from && (end <= to || end - start > to - from);
    for (const state of [...diagram.querySelectorAll<SVGGElement>('[data-state]')].slice(1)) {
      state.focus();
      await waitFor(() => {
        // Both read now: focusing may scroll the page itself.
        const frame = diagram.getBoundingClientRect();
        const box = state.querySelector('rect')!.getBoundingClientRect();
        return expect({ state: state.dataset.state, x: inside(box.left, box.right, frame.left, frame.right), y: inside(box.top, box.bottom, frame.top, frame.bottom) }).toEqual({ state: state.dataset.state, x: true, y: true });
      });
    }
  },
};

/** The states and the arrow the diagram highlights (the path replay's step, or the live run's state). */
const highlighted = (diagram: Element) => ({
  states: [...diagram.querySelectorAll('[data-state][data-active]')].map((el) => el.getAttribute('data-state')),
  transition: diagram.querySelector('[data-transition][data-active]')?.getAttribute('data-transition') ?? null,
});

/** Types JSON into a field (userEvent.type reads braces as key names). */
async function typeJson(field: HTMLElement, json: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(json);
}

/**
 * The login run live: started from its panel, an event sent with its sample payload and with one
 * typed, the PKCE promise resolved, the login call rejected then resolved; the state announced, drawn
 * on the diagram with the arrow taken, and the context following; stopped, the diagram is as drawn.
 */
async function playLiveLogin(canvasElement: HTMLElement, diagram: Element) {
  const canvas = within(canvasElement);
  // The path replay draws over the live run: put it away first.
  await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Path to' }), '');
  await expect(highlighted(diagram)).toEqual({ states: [], transition: null });
  const live = within(canvas.getByRole('region', { name: 'Run it live' }));
  const status = live.getByRole('status');
  const contextShown = () => live.getByLabelText('Context of login');
  await expect(status).toHaveTextContent('Not running');
  await userEvent.click(live.getByRole('button', { name: 'Start the live run' }));
  await expect(status).toHaveTextContent('login is in editing');
  await expect(highlighted(diagram).states).toEqual(['login', 'login.editing']);

  await userEvent.click(live.getByRole('button', { name: 'Send CHANGE' }));
  await expect(contextShown()).toHaveTextContent('"username": "ana@example.com"');
  await typeJson(live.getByRole('textbox', { name: 'Payload of CHANGE (JSON)' }), '{ "field": "password", "value": "secret" }');
  await userEvent.click(live.getByRole('button', { name: 'Send CHANGE' }));
  await expect(contextShown()).toHaveTextContent('"password": "secret"');
  await userEvent.click(live.getByRole('button', { name: 'Send SUBMIT' }));
  await expect(status).toHaveTextContent('login is in preparing');
  await expect(highlighted(diagram)).toEqual({ states: ['login', 'login.preparing'], transition: 'login.editing --SUBMIT[0]--> login.preparing' });

  await expect(live.getByText('waiting: createPkce')).toBeVisible();
  await userEvent.click(live.getByRole('button', { name: 'Resolve createPkce' }));
  await expect(status).toHaveTextContent('login is in submitting');
  await expect(contextShown()).toHaveTextContent('"challenge": "ccc');
  await expect(highlighted(diagram).transition).toBe('login.preparing --xstate.done.actor.createPkce[0]--> login.submitting');

  // Refused with the failure the app's login call throws: back to the form, saying why.
  await typeJson(live.getByRole('textbox', { name: 'Error of login (JSON)' }), '{ "kind": "failed", "message": { "text": "Invalid credentials" } }');
  await userEvent.click(live.getByRole('button', { name: 'Reject login' }));
  await expect(status).toHaveTextContent('login is in editing');
  await expect(contextShown()).toHaveTextContent('"error": { "text": "Invalid credentials" }');
  await userEvent.click(live.getByRole('button', { name: 'Send CHANGE' }));
  await userEvent.click(live.getByRole('button', { name: 'Send SUBMIT' }));
  await userEvent.click(live.getByRole('button', { name: 'Resolve createPkce' }));
  // The sample reply asks for a one-time code.
  await userEvent.click(live.getByRole('button', { name: 'Resolve login' }));
  await expect(status).toHaveTextContent('login is in enteringOtp');
  await expect(highlighted(diagram).states).toEqual(['login', 'login.enteringOtp']);
  await expect(contextShown()).toHaveTextContent('"authFlow": "otp"');
  await expect(live.getByRole('button', { name: 'Send SUBMIT_CODE' })).toBeVisible();

  await userEvent.click(live.getByRole('button', { name: 'Stop' }));
  await expect(status).toHaveTextContent('Not running');
  await expect(highlighted(diagram)).toEqual({ states: [], transition: null });
}
/** The session chart, and a live run through its timers: signed in, the token refreshed when due, the idle warning after 13 minutes. */
export const Session: Story = {
  args: { name: 'session' },
  play: async (context) => {
    await play(context);
    const canvas = within(context.canvasElement);
    const diagram = canvas.getByRole('group', { name: 'Statechart diagram of session' });
    const live = within(canvas.getByRole('region', { name: 'Run it live' }));
    const status = live.getByRole('status');
    await userEvent.click(live.getByRole('button', { name: 'Start the live run' }));
    await expect(status).toHaveTextContent('session is in signedOut');
    await userEvent.click(live.getByRole('button', { name: 'Send SIGNED_IN' }));
    await expect(status).toHaveTextContent('session is in signedIn.token.valid, signedIn.customer.loading, signedIn.idle.active');
    await expect(live.getByText('Simulated time: 0 ms since the start.')).toBeVisible();
    // The refresh comes due 10 s before the token's 5 minutes end: the time moved on to it, the call waits.
    await userEvent.click(live.getByRole('button', { name: 'Advance 4.8 min to after refreshDue (session.signedIn.token.valid)' }));
    await expect(status).toHaveTextContent('signedIn.token.refreshing');
    await expect(live.getByText('Simulated time: 4.8 min since the start.')).toBeVisible();
    await userEvent.click(live.getByRole('button', { name: 'Resolve refresh' }));
    await expect(status).toHaveTextContent('signedIn.token.valid');
    await expect(live.getByLabelText('Context of session')).toHaveTextContent('"accessToken": "at-2"');
    // Quiet until 13 minutes: the warning, drawn with the timer's arrow.
    await userEvent.click(live.getByRole('button', { name: /^Advance .* to after idleWarning/ }));
    await expect(status).toHaveTextContent('signedIn.idle.warning');
    await expect(highlighted(diagram).states).toContain('session.signedIn.idle.warning');
    await expect(highlighted(diagram).transition).toBe('session.signedIn.idle.active --xstate.after.idleWarning.session.signedIn.idle.active[0]--> session.signedIn.idle.warning');
    await expect(live.getByText('Simulated time: 13 min since the start.')).toBeVisible();
  },
};
export const Notifications: Story = { args: { name: 'notifications' }, play };
export const NotificationGrace: Story = { args: { name: 'notificationGrace' }, play };
export const NotificationTimer: Story = { args: { name: 'notificationTimer' }, play };
export const LoginRequest: Story = { args: { name: 'loginRequest' }, play };
export const Oauth: Story = { name: 'OAuth', args: { name: 'oauth' }, play };
export const MobileBridge: Story = { args: { name: 'mobileBridge' }, play };
export const Activation: Story = { args: { name: 'activation' }, play };
export const Popup: Story = { args: { name: 'popup' }, play };
export const DeviceForm: Story = { args: { name: 'deviceForm' }, play };
export const StoreLinksForm: Story = { args: { name: 'storeLinksForm' }, play };
export const Selection: Story = { args: { name: 'selection' }, play };
export const AddCurrency: Story = { args: { name: 'addCurrency' }, play };
export const Wallet: Story = { args: { name: 'wallet' }, play };
export const Announcement: Story = { args: { name: 'announcement' }, play };
export const CardActions: Story = { args: { name: 'cardActions' }, play };
export const ChangePinForm: Story = { args: { name: 'changePinForm' }, play };
export const BinLookup: Story = { args: { name: 'binLookup' }, play };
export const RenameForm: Story = { args: { name: 'renameForm' }, play };
export const ReissueForm: Story = { args: { name: 'reissueForm' }, play };
export const ActivationForm: Story = { args: { name: 'activationForm' }, play };
export const ConfirmCardForm: Story = { args: { name: 'confirmCardForm' }, play };
export const ApplyForm: Story = { args: { name: 'applyForm' }, play };
export const HistoryFilter: Story = { args: { name: 'historyFilter' }, play };
export const BatchFilter: Story = { args: { name: 'batchFilter' }, play };
export const Export: Story = { args: { name: 'export' }, play };
export const Task: Story = { args: { name: 'task' }, play };
export const LinkCheck: Story = { args: { name: 'linkCheck' }, play };
export const CountryPreselect: Story = { args: { name: 'countryPreselect' }, play };
export const Approval: Story = { args: { name: 'approval' }, play };
export const OwnTransfer: Story = { args: { name: 'ownTransfer' }, play };
export const P2pTransfer: Story = { name: 'P2P transfer', args: { name: 'p2pTransfer' }, play };
export const ExternalTransfer: Story = { args: { name: 'externalTransfer' }, play };
export const Lookup: Story = { args: { name: 'lookup' }, play };
export const MassFile: Story = { args: { name: 'massFile' }, play };
export const GlobalPayBatch: Story = { args: { name: 'globalPayBatch' }, play };
export const GlobalPayTable: Story = { args: { name: 'globalPayTable' }, play };
export const BusinessWizard: Story = { args: { name: 'businessWizard' }, play };
export const PersonalRegistration: Story = { args: { name: 'personalRegistration' }, play };
export const AccountRecovery: Story = { args: { name: 'accountRecovery' }, play };
export const AccountActivation: Story = { args: { name: 'accountActivation' }, play };
export const VerificationStatus: Story = { args: { name: 'verificationStatus' }, play };
export const PhoneVerification: Story = { args: { name: 'phoneVerification' }, play };
export const DocumentUpload: Story = { args: { name: 'documentUpload' }, play };
export const AddressEdit: Story = { args: { name: 'addressEdit' }, play };
export const TaxIdForm: Story = { args: { name: 'taxIdForm' }, play };
export const UsernameChangeForm: Story = { args: { name: 'usernameChangeForm' }, play };
export const PersonalCertification: Story = { args: { name: 'personalCertification' }, play };
export const UsFormUpload: Story = { args: { name: 'usFormUpload' }, play };
export const BusinessCertification: Story = { args: { name: 'businessCertification' }, play };
export const IdentityVerification: Story = { args: { name: 'identityVerification' }, play };
export const Kyc: Story = { name: 'KYC', args: { name: 'kyc' }, play };
export const ProfileUpdate: Story = { args: { name: 'profileUpdate' }, play };
export const GlobalPayPaymentForm: Story = { args: { name: 'globalPayPaymentForm' }, play };
export const GlobalPayRenameForm: Story = { args: { name: 'globalPayRenameForm' }, play };
export const GlobalPayResendForm: Story = { args: { name: 'globalPayResendForm' }, play };
export const Receive: Story = { args: { name: 'receive' }, play };
export const ReceiveForm: Story = { args: { name: 'receiveForm' }, play };
export const ActingCustomer: Story = { args: { name: 'actingCustomer' }, play };
export const RequestDecision: Story = { args: { name: 'requestDecision' }, play };
export const PreapprovedFilter: Story = { args: { name: 'preapprovedFilter' }, play };
export const PreapprovedCancel: Story = { args: { name: 'preapprovedCancel' }, play };
export const MassP2p: Story = { name: 'Mass P2P', args: { name: 'massP2p' }, play };
export const SendExportForm: Story = { args: { name: 'sendExportForm' }, play };
export const Reauthentication: Story = { args: { name: 'reauthentication' }, play };
export const TwoStepMode: Story = { args: { name: 'twoStepMode' }, play };
export const PasswordChange: Story = { args: { name: 'passwordChange' }, play };
export const LinkDevice: Story = { args: { name: 'linkDevice' }, play };
export const IpList: Story = { args: { name: 'ipList' }, play };
export const IpAddForm: Story = { args: { name: 'ipAddForm' }, play };
export const BlacklistAddForm: Story = { args: { name: 'blacklistAddForm' }, play };
export const ConfirmedChange: Story = { args: { name: 'confirmedChange' }, play };
export const NotificationToggle: Story = { args: { name: 'notificationToggle' }, play };
export const LoginHistoryFilter: Story = { args: { name: 'loginHistoryFilter' }, play };
export const Invoices: Story = { args: { name: 'invoices' }, play };
export const InvoicePay: Story = { args: { name: 'invoicePay' }, play };
export const InvoiceCreateForm: Story = { args: { name: 'invoiceCreateForm' }, play };
export const InvoiceRejectForm: Story = { args: { name: 'invoiceRejectForm' }, play };
export const FundingInvoiceForm: Story = { args: { name: 'fundingInvoiceForm' }, play };
export const InvoiceFilter: Story = { args: { name: 'invoiceFilter' }, play };
export const AdminCustomerFilter: Story = { args: { name: 'adminCustomerFilter' }, play };
export const AdminDocumentAssign: Story = { args: { name: 'adminDocumentAssign' }, play };
export const FinancialDetailForm: Story = { args: { name: 'financialDetailForm' }, play };
export const DueDiligenceForm: Story = { args: { name: 'dueDiligenceForm' }, play };
export const DeclarationSignForm: Story = { args: { name: 'declarationSignForm' }, play };
export const RepresentativeAddressForm: Story = { args: { name: 'representativeAddressForm' }, play };
export const PermissionChange: Story = { args: { name: 'permissionChange' }, play };
export const CompanyEmails: Story = { args: { name: 'companyEmails' }, play };
export const Representative: Story = { args: { name: 'representative' }, play };
export const SecretReveal: Story = { args: { name: 'secretReveal' }, play };
export const LogoUpload: Story = { args: { name: 'logoUpload' }, play };
export const ButtonEdit: Story = { args: { name: 'buttonEdit' }, play };
export const IpnSettingsForm: Story = { args: { name: 'ipnSettingsForm' }, play };
export const PbnSettingsForm: Story = { args: { name: 'pbnSettingsForm' }, play };
export const IdentityCheck: Story = { args: { name: 'identityCheck' }, play };
export const IdentityFilter: Story = { args: { name: 'identityFilter' }, play };
export const WebhookEdit: Story = { args: { name: 'webhookEdit' }, play };
export const ApiKeyEdit: Story = { args: { name: 'apiKeyEdit' }, play };
export const AllowedIpEdit: Story = { args: { name: 'allowedIpEdit' }, play };
export const DeliveryResend: Story = { args: { name: 'deliveryResend' }, play };
export const WebhookPing: Story = { args: { name: 'webhookPing' }, play };
export const WebhookLogFilter: Story = { args: { name: 'webhookLogFilter' }, play };
export const ApiLogFilter: Story = { args: { name: 'apiLogFilter' }, play };
export const Contract: Story = { args: { name: 'contract' }, play };
export const ContractFilter: Story = { args: { name: 'contractFilter' }, play };
export const ContractCreate: Story = { args: { name: 'contractCreate' }, play };
export const ContractIdentification: Story = { args: { name: 'contractIdentification' }, play };
export const SupportDesk: Story = { args: { name: 'supportDesk' }, play };
export const SupportMessage: Story = { args: { name: 'supportMessage' }, play };
export const TicketRead: Story = { args: { name: 'ticketRead' }, play };
export const Wait: Story = { args: { name: 'wait' }, play };
export const UpdateCheck: Story = { args: { name: 'updateCheck' }, play };
export const AnalyticsConsent: Story = { args: { name: 'analyticsConsent' }, play };
