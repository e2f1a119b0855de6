import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useMemo } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { createActor } from 'xstate';
import { appStateMachine } from '@machines/app/app-state.machine';
import { SessionContext } from '@/entities/session';
import type { AccessInfo, CustomerInfo } from '@/shared/api';
import { AppStateContext } from '@/shared/model';
import { fakeSignedInSession, withAppServices, withRouter } from '../../../../.storybook/decorators';
import { NavigationMenuProvider } from '../model/navigation-menu';
import { AppNavigation, NavigationMenuButton } from './app-navigation';

type Load = 'ok' | 'pending' | 'failed';

/** The menu button (hidden by CSS on wide screens, so found by what it controls, not by its name). */
function menuButtonIn(canvas: HTMLElement): HTMLElement {
  const button = canvas.querySelector<HTMLElement>('button[aria-controls="app-navigation"]');
  if (!button) throw new Error('no menu button yet');
  return button;
}

/** A signed-in session (fake calls) whose customer and access info are the story's. */
function Harness({ customer, access, load = 'ok' }: { customer: Partial<CustomerInfo>; access: Partial<AccessInfo> | null; load?: Load }) {
  const session = useMemo(() => fakeSignedInSession({ customer, access: access ?? {}, load }), [customer, access, load]);
  const appState = useMemo(() => createActor(appStateMachine, { input: { width: 1280, height: 800, userAgent: '' } }).start(), []);
  return (
    <AppStateContext.Provider value={appState}>
      <SessionContext.Provider value={session}>
        <NavigationMenuProvider>
          <NavigationMenuButton />
          <AppNavigation />
        </NavigationMenuProvider>
      </SessionContext.Provider>
    </AppStateContext.Provider>
  );
}

const meta: Meta<typeof Harness> = {
  title: 'Widgets/AppNavigation',
  component: Harness,
  decorators: [withAppServices, withRouter],
  // The contracts' counts (brand 1's entry, issue 58): four still to be signed.
  parameters: { layout: 'fullscreen', queryData: [[['contract', 'stats'], { total: 17, requests: 4, pending: 3, active: 5, ended: 5, pay: 11, receive: 6 }]] },
};
export default meta;
type Story = StoryObj<typeof Harness>;

/** Filled: a personal customer sees every area that exists, no company line. */
export const Personal: Story = {
  args: { customer: { customerType: 0, firstName: 'Ana', lastName: 'Ruiz' }, access: null },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    await expect(within(nav).getByRole('link', { name: 'Security and devices' })).toHaveAttribute('href', '/setting');
    await expect(within(nav).queryByText('Acting for')).toBeNull();
  },
};

/** Brand 1 (the default brand of the plays): the contracts' entry with how many are still to be signed, said in words. */
export const ContractsEntry: Story = {
  args: { customer: { customerType: 2, businessName: 'Sunrise Studio 1 Ltd' }, access: null },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Main' });
    const entry = within(nav).getByRole('link', { name: /^Revenue split/ });
    await expect(entry).toHaveAttribute('href', '/revenue-split');
    await waitFor(() => expect(entry).toHaveAccessibleName('Revenue split (4 contracts to sign)'));
    await expect(entry).toHaveTextContent('Revenue split4');
  },
};

/** A company user without any merchant level has no contracts' entry (contracts follow the merchant right). */
export const ContractsEntryWithoutMerchantAccess: Story = {
  args: { customer: { customerType: 2, businessName: 'Sunrise Studio 1 Ltd' }, access: { customer: { name: 'Sunrise Studio 1 Ltd', id: 20 }, employee: { firstName: 'Nora', lastName: 'Weber' }, permissions: { balanceInfo: 1, transfers: 1, history: 1, merchant: 0 } } },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Merchant tools' })).toBeNull());
    await expect(within(nav).queryByRole('link', { name: /^Revenue split/ })).toBeNull();
  },
};

/** Filled: an authorised user of a company sees whom they act for and their own name. */
export const BusinessEmployee: Story = {
  args: {
    customer: { customerType: 2, firstName: 'Ana', lastName: 'Ruiz', businessName: 'Acme S.L.' },
    access: { customer: { name: 'Globex Trading International Limited', id: 20 }, employee: { firstName: 'Bogdan-Alexandru', lastName: 'Constantinescu' } },
  },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Main' });
    await expect(await within(nav).findByText('Globex Trading International Limited')).toBeInTheDocument();
    await expect(within(nav).getByText('Bogdan-Alexandru Constantinescu')).toBeInTheDocument();
    await expect(within(nav).getByText('Acting for')).toBeInTheDocument();
  },
};

/** Empty: no balance-info access leaves no area in the menu (only sign-out). */
export const WithoutBalanceInfo: Story = {
  args: { customer: { customerType: 2, businessName: 'Acme S.L.' }, access: { accessList: { balanceInfo: 0 } } },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Main' });
    await expect(within(nav).queryAllByRole('link')).toHaveLength(0);
  },
};

/** Loading: until the customer info is there, no navigation is drawn (nothing to filter by yet). */
export const WhileCustomerLoads: Story = {
  args: { customer: {}, access: null, load: 'pending' },
  play: async ({ canvasElement }) => {
    // The frame is drawn (the menu button, hidden on wide screens), the navigation is not.
    const menuButton = await waitFor(() => menuButtonIn(canvasElement));
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(within(canvasElement).queryByRole('navigation')).toBeNull();
  },
};

/** Error: the customer info failed; the page shows the error and retry, the navigation stays out. */
export const CustomerInfoFailed: Story = {
  args: { customer: {}, access: null, load: 'failed' },
  play: async ({ canvasElement }) => {
    await waitFor(() => menuButtonIn(canvasElement));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the failed load has settled
    await expect(within(canvasElement).queryByRole('navigation')).toBeNull();
  },
};
