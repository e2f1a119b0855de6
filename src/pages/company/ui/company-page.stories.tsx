import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, waitFor, within } from 'storybook/test';
import type { Business } from '@/entities/company-file';
import { withAppServices, withDictionaries, withRouter } from '../../../../.storybook/decorators';
import { companyFileFetch, companyFileService, demoBusiness, demoCurrencies } from '../../../../.storybook/company-file-fixtures';
import { withFetch } from '../../../../.storybook/fake-fetch';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { CompanyView, type CompanyViewProps } from './company-page';

/**
 * /company and /company-documents (issue 53): the company's file by section, its read injected
 * (loading, failed, filled); the sections' own reads and writes (document types, statements,
 * financial details) answered by the fake company service.
 */
const TODAY = '2026-11-30';

/** A company with something of every kind to do: a registration fact missing, its registration documents refused, no additional ones, an address without a proof. */
const needsAction: Business = {
  ...demoBusiness,
  registrationDate: null,
  addresses: [
    { addressId: 601, address1: 'Friedrichstraße 12', city: 'Berlin', postalCode: '10117', countryCode: 'DE', addressStatus: 1, uploadedDocuments: [{ id: 60010, statusId: 2, documentTypeId: 70 }] },
    { addressId: 602, address1: 'Hafenstraße 3', city: 'Hamburg', postalCode: '20359', countryCode: 'DE', addressStatus: 0, uploadedDocuments: [] },
  ],
  corporateDocuments: [
    { id: 60001, statusId: 2, documentTypeId: 40 },
    { id: 60002, statusId: 26, documentTypeId: 41, rejectReason: 'The document is not readable' },
  ],
  corporateDocumentStatus: 3,
  additionalDocuments: [],
  additionalDocumentStatus: 0,
  sourceOfWealthDocuments: {
    '60100': { id: 60100, documentTypeId: 110, statusId: 2, created: '2025-12-10T09:00:00Z', createdName: 'Maria Keller', expiration: '2026-12-10' },
    '60101': { id: 60101, documentTypeId: 111, statusId: 2, created: '2024-03-01T09:00:00Z', createdName: 'Maria Keller', expiration: '2025-03-01' },
    '60102': { id: 60102, documentTypeId: 113, statusId: 0, created: '2026-11-20T09:00:00Z', createdName: 'Jonas Brandt', expiration: null },
  },
};

/** Everything in order. */
const inOrder: Business = {
  ...demoBusiness,
  addresses: [needsAction.addresses[0]!],
  corporateDocuments: [{ id: 60001, statusId: 2, documentTypeId: 40 }],
  additionalDocuments: [{ id: 60003, statusId: 0, documentTypeId: 100 }],
  additionalDocumentStatus: 1,
};

/** The story once the router drew it (its page heading on screen). */
async function rendered(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 1 });
  return canvas;
}

const owner: CompanyViewProps['viewer'] = { isBusiness: true, balanceInfo: null, adultOptions: true, sourceOfWealth: true, countryCode: 'DE' };

const meta: Meta<typeof CompanyView> = {
  title: 'Pages/Company',
  component: CompanyView,
  decorators: [withRouter, withAppServices, withDictionaries({ currencies: demoCurrencies })],
  parameters: { layout: 'padded' },
  args: { section: 'documents', viewer: owner, query: fakeQuery({ data: needsAction }), today: TODAY },
  beforeEach: () => {
    companyFileService.reset({ business: needsAction });
    return withFetch(companyFileFetch)();
  },
};
export default meta;
type Story = StoryObj<typeof CompanyView>;

/** The file still being read: the title and the section menu, the progress. */
export const Loading: Story = {
  args: { query: fakeQuery({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Documents' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Documents' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  },
};

/** The file could not be read: said, with Try again. */
export const Failed: Story = {
  args: { query: fakeQuery({ isError: true, error: new Error('down') }) },
  play: async ({ canvasElement }) => {
    const alert = (await rendered(canvasElement)).getByRole('alert');
    await expect(alert).toHaveTextContent("The company's file could not be loaded");
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** What is needed, in order, each with its fix; the sets with their statuses; the addresses with their proofs. */
export const DocumentsNeedingAction: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    const needed = canvas.getByRole('region', { name: 'What is needed' });
    const items = within(needed).getAllByRole('listitem');
    await expect(items).toHaveLength(4);
    await expect(items[0]).toHaveTextContent('Some registration facts are missing (Registration date).');
    await expect(items[1]).toHaveTextContent("The company's registration documents were refused: send new ones.");
    await expect(items[2]).toHaveTextContent("Send the company's additional documents");
    await expect(items[3]).toHaveTextContent('Send a proof of the business address Hafenstraße 3, Hamburg, 20359, DE.');
    await expect(within(items[3]!).getByRole('button', { name: 'Send a proof of this address' })).toBeInTheDocument();
    const registration = canvas.getByRole('region', { name: 'Registration documents' });
    await expect(within(registration).getByText('Refused', { selector: '[data-set-status]' })).toBeInTheDocument();
    await expect(await within(registration).findByText('Articles of association')).toBeInTheDocument();
    await expect(within(registration).getByText('Reason: The document is not readable')).toBeInTheDocument();
    await expect(within(canvas.getByRole('region', { name: 'Additional documents' })).getByText('No documents sent yet.')).toBeInTheDocument();
  },
};

/** Nothing to do: said as a status. */
export const DocumentsInOrder: Story = {
  args: { query: fakeQuery({ data: inOrder }) },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent("Nothing is needed now: the company's documents are in order.");
    await expect(within(canvas.getByRole('region', { name: 'Additional documents' })).getByText('Under review', { selector: '[data-set-status]' })).toBeInTheDocument();
  },
};

/** /company-documents: the documents alone, no section menu (a user without balance-info access). */
export const DocumentsOnly: Story = {
  args: { documentsOnly: true, viewer: { ...owner, balanceInfo: 0 } },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Company documents' })).toBeInTheDocument();
    await expect(canvas.queryByRole('navigation', { name: 'Company' })).toBeNull();
    await expect(canvas.getByRole('region', { name: 'What is needed' })).toBeInTheDocument();
  },
};

/** The registration and contact facts, read only; a fact not on file says so. */
export const Information: Story = {
  args: { section: 'information' },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Business information' })).toBeInTheDocument();
    await expect(canvas.getByText('HRB 123456')).toBeInTheDocument();
    const date = canvas.getByText('Registration date').closest('div');
    await expect(date).toHaveTextContent('Not on file');
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

/** The source of wealth, newest first: in review, expiring soon (highlighted), expired; a new one not asked for while one is valid. */
export const SourceOfWealth: Story = {
  args: { section: 'source-of-wealth' },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    const region = canvas.getByRole('region', { name: 'Source of wealth documents' });
    const items = within(region).getAllByRole('listitem');
    await expect(items.map((item) => item.getAttribute('data-standing'))).toEqual(['inReview', 'expiringSoon', 'expired']);
    await expect(items[1]).toHaveTextContent('Expires soon: send a new one');
    await expect(items[1]).toHaveTextContent('Sent by Maria Keller on');
    await expect(items[0]).toHaveTextContent('Does not expire');
    await expect(within(region).queryByText('The company needs a current source of wealth document.')).toBeNull();
    await expect(within(region).getByRole('button', { name: 'Send a source of wealth document' })).toBeInTheDocument();
  },
};

/** No source of wealth yet: asked for. */
export const SourceOfWealthEmpty: Story = {
  args: { section: 'source-of-wealth', query: fakeQuery({ data: { ...needsAction, sourceOfWealthDocuments: {} } }) },
  play: async ({ canvasElement }) => {
    const region = (await rendered(canvasElement)).getByRole('region', { name: 'Source of wealth documents' });
    await expect(within(region).getByText('No source of wealth documents yet.')).toBeInTheDocument();
    await expect(within(region).getByText('The company needs a current source of wealth document.')).toBeInTheDocument();
  },
};

/** A brand with adult-industry options: the resolution and the three adult-industry statements. */
export const Declarations: Story = {
  args: { section: 'declarations' },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('button', { name: 'Sign' })).toHaveLength(4));
    await expect(canvas.getAllByRole('heading', { level: 2 })).toHaveLength(4);
  },
};

/** A brand without adult-industry options, the source of wealth off: the resolution alone, and no source-of-wealth section in the menu. */
export const DeclarationsWithoutAdultOptions: Story = {
  args: { section: 'declarations', viewer: { ...owner, adultOptions: false, sourceOfWealth: false } },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(await canvas.findAllByRole('button', { name: 'Sign' })).toHaveLength(1);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Board resolution' })).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Source of wealth' })).toBeNull();
  },
};

/** The financial details and due diligence of a reader (no full access): read, not changed. */
export const FinancialDetailsReadOnly: Story = {
  args: { section: 'financial-details', viewer: { ...owner, balanceInfo: 1 } },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(await canvas.findByText('Only users with full access can change the due diligence answers.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull();
  },
};

const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }} data-testid="column">
    <Story />
  </div>
);

/** Long Russian at 320 px: nothing clipped, nothing wider than the column (the menu wraps, the actions stack). */
export const NarrowRussian: Story = {
  globals: { locale: 'ru' },
  decorators: [narrow],
  play: async ({ canvasElement }) => {
    const column = (await rendered(canvasElement)).getByTestId('column');
    await within(column).findAllByRole('listitem');
    await expect(clippedText(column)).toEqual([]);
    await expect(column.scrollWidth).toBeLessThanOrEqual(column.clientWidth);
  },
};

/** The information at 320 px in Russian: the facts stack under their names. */
export const NarrowRussianInformation: Story = {
  args: { section: 'information' },
  globals: { locale: 'ru' },
  decorators: [narrow],
  play: async ({ canvasElement }) => {
    const column = (await rendered(canvasElement)).getByTestId('column');
    await expect(clippedText(column)).toEqual([]);
    await expect(column.scrollWidth).toBeLessThanOrEqual(column.clientWidth);
  },
};
