import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useEffect, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromPromise } from 'xstate';
import type { Dictionaries } from '@machines/app/app-start.machine';
import { verificationStatusMachine } from '@machines/verification/verification-status.machine';
import type { VerificationFacts } from '@machines/verification/verification.rules';
import { checkedFacts, factsFor } from '@machines/verification/verification.fixtures';
import { addressesQuery, documentsQuery, documentTypesQuery, emailsQuery, identityQuery, profileQuery, VerificationProvider, type VerificationActor } from '@/entities/verification';
import type { MainReply, MainSchemas } from '@/shared/api';
import { LANGUAGES } from '@/shared/config';
import { withAppServices, withDictionaries, withRouter } from '../../../../.storybook/decorators';
import { pendingFetch, withFetch } from '../../../../.storybook/fake-fetch';
import { ProfilePage } from './profile-page';

type Address = MainSchemas['CustomerAddress'];
type Email = MainSchemas['ProfileEmail'];
type SentDocument = MainSchemas['CustomerDocument'];
type Categories = NonNullable<MainReply<'documentTypes'>['customerDocumentCategories']>;

/** What the profile's six reads answer (the query keys of `@/entities/verification`). */
interface ProfileData {
  identity: MainReply<'identityGet'>;
  addresses: Address[];
  profile: MainReply<'profileInquiry'>;
  emails: Email[];
  documents: SentDocument[];
}

const never = () => new Promise<never>(() => {});

// ---- the API's fetch: never answered, or a 500 (for what is not seeded) ------------------------------

/** The call that is never answered until it is cancelled. */
/** Every call answered with a 500 (the service is down). */
const failingFetch = fn<typeof fetch>(
  async () =>
    new Response(
      JSON.stringify({
        responseCode: 'UE',
        responseDescription: 'Internal error',
      }),
      { status: 500, headers: { 'Content-Type': 'application/json' } },
    ),
);

// ---- the countries of the start-up's dictionaries ---------------------------------------------------

const countries: Dictionaries['countries'] = [
  { code: 'DE', name: 'Germany' },
  { code: 'PT', name: 'Portugal' },
  { code: 'RO', name: 'Romania' },
  { code: 'ES', name: 'Spain' },
];
/** The countries above, from a start-up actor without network. */
const withCountries = withDictionaries({ countries });

// ---- the data (as the sandbox's checked customer: sandbox/handlers/verification.ts) -----------------

/** The documentTypes reply's categories (numeric string ids, as the service sends them). */
const categories: Categories = [
  {
    id: '1',
    name: 'Proof of identity',
    customerDocumentTypes: [
      { id: '1', name: 'Passport' },
      { id: '4', name: 'National identity card' },
      { id: '5', name: 'Driving licence' },
      { id: '88', name: 'Internal passport' },
    ],
  },
  {
    id: '2',
    name: 'Proof of address',
    customerDocumentTypes: [
      { id: '20', name: 'Utility bill (at most 3 months old)' },
      { id: '21', name: 'Bank statement (at most 3 months old)' },
    ],
  },
];

/** Every read seeded; the document types in every language the toolbar may switch to. */
const seed = (data: ProfileData): [readonly unknown[], unknown][] => [
  [identityQuery().queryKey, data.identity],
  [addressesQuery().queryKey, data.addresses],
  [profileQuery().queryKey, data.profile],
  [emailsQuery().queryKey, data.emails],
  [documentsQuery().queryKey, data.documents],
  ...LANGUAGES.map((language): [readonly unknown[], unknown] => [documentTypesQuery(language).queryKey, categories]),
];

const bucharest: Address = {
  addressId: 501,
  address1: 'Strada Lipscani 12',
  address2: null,
  city: 'Bucharest',
  postalCode: '030031',
  countryCode: 'RO',
  stateCode: null,
  stateName: null,
  addressStatus: 1,
  confirmed: true,
  uploadedDocuments: [
    {
      id: 9002,
      statusId: 2,
      documentTypeId: 20,
      issuedDate: '2025-11-02',
      expiresDate: null,
      rejectReason: null,
    },
  ],
  isDocumentOutOfDate: false,
  isCardDocumentRequired: false,
  isDocumentRequired: false,
};

const primaryEmail: Email = {
  id: 801,
  email: 'ana@example.com',
  status: 'Primary',
  usernameChangeRequest: null,
};
const phone = {
  id: 701,
  status: 'Primary',
  phoneCountryCode: '40',
  phone: '721555010',
  phoneType: 2,
  confirmed: true,
};

/** A checked customer: passport accepted, one confirmed address with its proof accepted, a confirmed phone, a tax id, two documents sent. */
const verifiedData: ProfileData = {
  identity: {
    responseCode: '00',
    identity: {
      type: 'Passport',
      typeId: 1,
      number: 'RO1234567',
      issuedDate: '2023-05-02',
      expiresDate: '2033-05-01',
      status: 2,
      rejectReason: null,
      uploadedDocuments: [
        {
          id: 9001,
          statusId: 2,
          documentTypeId: 1,
          issuedDate: '2023-05-02',
          expiresDate: '2033-05-01',
          rejectReason: null,
        },
      ],
    },
    videoIdentityStatus: null,
    proofOfResidenceStatus: 'notRequired',
  },
  addresses: [bucharest],
  profile: {
    responseCode: '00',
    phones: [phone],
    emails: [primaryEmail],
    taxId: '1850312123456',
    residenceCountryCode: 'RO',
    duplicateDocuments: { required: false, uploadedDocuments: [] },
  },
  emails: [primaryEmail],
  documents: [
    {
      id: 9002,
      statusId: 2,
      documentTypeId: 20,
      categoryId: 2,
      issuedDate: '2025-11-02',
      expiresDate: null,
      rejectReason: null,
      createdDate: '2025-11-20T09:12:00Z',
    },
    {
      id: 9001,
      statusId: 2,
      documentTypeId: 1,
      categoryId: 1,
      issuedDate: '2023-05-02',
      expiresDate: '2033-05-01',
      rejectReason: null,
      createdDate: '2025-11-18T15:40:00Z',
    },
  ],
};

/** A new customer (the sandbox's newCustomer case): no identity document, an address waiting for its proof, an unconfirmed phone, nothing sent. */
const newCustomerData: ProfileData = {
  identity: {
    responseCode: '00',
    identity: {
      type: null,
      typeId: null,
      number: null,
      issuedDate: null,
      expiresDate: null,
      status: null,
      rejectReason: null,
      uploadedDocuments: [],
    },
    videoIdentityStatus: null,
    proofOfResidenceStatus: 'notRequired',
  },
  addresses: [
    {
      ...bucharest,
      addressStatus: 0,
      isDocumentRequired: true,
      uploadedDocuments: [],
    },
  ],
  profile: {
    responseCode: '00',
    phones: [{ ...phone, confirmed: false }],
    emails: [primaryEmail],
    taxId: null,
    residenceCountryCode: 'RO',
    duplicateDocuments: { required: false, uploadedDocuments: [] },
  },
  emails: [primaryEmail],
  documents: [],
};

const identityRefusal = 'The photo is not readable';
const nameRefusal = 'The name on the bill is not yours';
const newEmail: Email = {
  id: 802,
  email: 'ana.popescu@example.org',
  status: null,
  usernameChangeRequest: 'active',
};

/**
 * A card goes to an address whose proof is out of date, and the new proof was refused (the name does
 * not match); a second address to confirm; the identity card refused; a change of sign-in e-mail waiting.
 */
const cardAndMismatchData: ProfileData = {
  identity: {
    responseCode: '00',
    identity: {
      type: null,
      typeId: 4,
      number: '051234567',
      issuedDate: '2021-03-10',
      expiresDate: '2031-03-09',
      status: 26,
      rejectReason: identityRefusal,
      uploadedDocuments: [
        {
          id: 9011,
          statusId: 26,
          documentTypeId: 4,
          issuedDate: '2021-03-10',
          expiresDate: '2031-03-09',
          rejectReason: identityRefusal,
        },
      ],
    },
    videoIdentityStatus: null,
    proofOfResidenceStatus: 'notRequired',
  },
  addresses: [
    {
      ...bucharest,
      addressStatus: 4,
      isCardDocumentRequired: true,
      isDocumentOutOfDate: true,
      uploadedDocuments: [
        {
          id: 9002,
          statusId: 38,
          documentTypeId: 20,
          issuedDate: '2024-01-15',
          expiresDate: null,
          rejectReason: null,
        },
        {
          id: 9012,
          statusId: 64,
          documentTypeId: 21,
          issuedDate: '2025-12-01',
          expiresDate: null,
          rejectReason: nameRefusal,
        },
      ],
    },
    {
      addressId: 502,
      address1: 'Rua Augusta 10',
      address2: '3.º esquerdo',
      city: 'Lisboa',
      postalCode: '1100-053',
      countryCode: 'PT',
      stateCode: null,
      stateName: null,
      addressStatus: 1,
      confirmed: false,
      uploadedDocuments: [
        {
          id: 9003,
          statusId: 2,
          documentTypeId: 20,
          issuedDate: '2025-06-01',
          expiresDate: null,
          rejectReason: null,
        },
      ],
      isDocumentOutOfDate: false,
      isCardDocumentRequired: false,
      isDocumentRequired: false,
    },
  ],
  profile: {
    responseCode: '00',
    phones: [phone],
    emails: [primaryEmail, newEmail],
    taxId: '1850312123456',
    residenceCountryCode: 'RO',
    duplicateDocuments: { required: false, uploadedDocuments: [] },
  },
  emails: [primaryEmail, newEmail],
  documents: [
    {
      id: 9012,
      statusId: 64,
      documentTypeId: 21,
      categoryId: 2,
      issuedDate: '2025-12-01',
      expiresDate: null,
      rejectReason: nameRefusal,
      createdDate: '2025-12-03T10:00:00Z',
    },
    {
      id: 9011,
      statusId: 26,
      documentTypeId: 4,
      categoryId: 1,
      issuedDate: '2021-03-10',
      expiresDate: '2031-03-09',
      rejectReason: identityRefusal,
      createdDate: '2025-12-02T08:30:00Z',
    },
    {
      id: 9003,
      statusId: 2,
      documentTypeId: 20,
      categoryId: 2,
      issuedDate: '2025-06-01',
      expiresDate: null,
      rejectReason: null,
      createdDate: '2025-06-03T12:00:00Z',
    },
    {
      id: 9002,
      statusId: 38,
      documentTypeId: 20,
      categoryId: 2,
      issuedDate: '2024-01-15',
      expiresDate: null,
      rejectReason: null,
      createdDate: '2024-01-20T12:00:00Z',
    },
  ],
};

// ---- the verification statechart ------------------------------------------------------------------

/** The statechart's load when a story gives no facts: never answers unless the story says otherwise. */
const loadFacts = fn<() => Promise<VerificationFacts>>();

/** The page with the story's verification statechart (created and started once, stopped when the story goes). */
function ProfileStory({ facts }: { facts?: VerificationFacts }) {
  const [actor] = useState(() => {
    // Given facts decide at once, and a REFRESH (the tab shown again) reads the same ones.
    const logic = verificationStatusMachine.provide({
      actors: {
        loadFacts: fromPromise<VerificationFacts>(() => (facts ? Promise.resolve(facts) : loadFacts())),
      },
    });
    const created: VerificationActor = createActor(logic, {
      input: { facts: facts ?? null },
    });
    created.start();
    return created;
  });
  useEffect(() => () => actor.stop(), [actor]);
  return (
    <VerificationProvider actor={actor}>
      <ProfilePage />
    </VerificationProvider>
  );
}

/** /profile (002 s2, s3): the verification status and everything it rests on, read from seeded queries (no network). */
const meta: Meta<typeof ProfileStory> = {
  title: 'Pages/Profile',
  component: ProfileStory,
  decorators: [withRouter, withCountries, withAppServices],
  beforeEach: () => {
    loadFacts.mockReset();
    loadFacts.mockImplementation(never);
    // Whatever is not seeded waits (nothing goes to the network).
    return withFetch(pendingFetch)();
  },
};
export default meta;
type Story = StoryObj<typeof ProfileStory>;

/** The page's parts, each a region named by its heading. */
const SECTIONS = ['Identity', 'Addresses', 'E-mail', 'Phone', 'Tax residence', 'Documents sent'] as const;
const region = (canvasElement: HTMLElement, name: string) => within(canvasElement).findByRole('region', { name });

/** A checked customer: everything accepted, nothing asked. */
export const Verified: Story = {
  args: { facts: factsFor.checked },
  parameters: { queryData: seed(verifiedData) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();

    const status = within(await region(canvasElement, 'Verification'));
    await expect(status.getByText('Your account is verified')).toBeInTheDocument();
    await expect(status.getByText('Nothing is needed from you.')).toBeInTheDocument();
    await expect(status.queryByRole('list', { name: 'What is needed' })).toBeNull();

    // The four FATCA/CRS statuses, and the way to the self-certification.
    const taxRegion = await region(canvasElement, 'Tax residence');
    const statuses = taxRegion.querySelector('[data-certification-statuses]');
    if (!statuses) throw new Error('no certification statuses');
    await expect([...statuses.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Tax self-certification', 'Form W-9', 'Form W-8BEN', 'Certificate of loss of US nationality']);
    await expect(within(taxRegion).getByRole('link', { name: 'Review your tax self-certification' })).toHaveAttribute('href', '/self-certification');

    const identity = within(await region(canvasElement, 'Identity'));
    await expect(identity.getByText('Passport')).toBeInTheDocument();
    await expect(identity.getByText('RO1234567')).toBeInTheDocument();
    await expect(identity.getByText('Accepted')).toBeInTheDocument();
    await expect(identity.getAllByText('Not required')).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: 'Send an identity document' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Send a proof of residence' })).toBeNull();

    const addresses = within(await region(canvasElement, 'Addresses'));
    const address = within(addresses.getByRole('listitem', { name: 'Strada Lipscani 12' }));
    await expect(address.getByText('Confirmed')).toBeInTheDocument();
    await expect(address.getByRole('list', { name: 'Proofs sent' })).toHaveTextContent('Proof of address: Accepted');
    await expect(address.getByRole('button', { name: 'Replace' })).toBeInTheDocument();
    await expect(address.queryByRole('button', { name: 'Delete' })).toBeNull();
    await expect(address.queryByRole('button', { name: 'Send a proof of this address' })).toBeNull();
    await expect(addresses.getByRole('button', { name: 'Add an address' })).toBeInTheDocument();

    const emails = within(await region(canvasElement, 'E-mail'));
    await expect(emails.getByText('ana@example.com')).toBeInTheDocument();
    await expect(emails.getByText(/you sign in with this address/)).toBeInTheDocument();
    await expect(
      emails.getByRole('textbox', {
        name: 'New e-mail address to sign in with',
      }),
    ).toHaveValue('');
    await expect(emails.queryByRole('button', { name: 'Withdraw the request' })).toBeNull();

    const phones = within(await region(canvasElement, 'Phone'));
    const phone = within(phones.getByRole('listitem', { name: '+40 721555010' }));
    await expect(phone.getByText('Confirmed')).toBeInTheDocument();
    await expect(phone.queryByRole('button', { name: 'Confirm this phone' })).toBeNull();
    await expect(phone.getByRole('button', { name: 'Change' })).toBeInTheDocument();

    const tax = within(await region(canvasElement, 'Tax residence'));
    await expect(tax.getByText('Romania')).toBeInTheDocument();
    await expect(tax.getByRole('textbox', { name: 'Tax id' })).toHaveValue('1850312123456');

    const documents = within(await region(canvasElement, 'Documents sent'));
    const rows = documents.getAllByRole('listitem');
    await expect(rows).toHaveLength(2);
    await expect(within(rows[0]!).getByText('Utility bill (at most 3 months old)')).toBeInTheDocument();
    await expect(within(rows[0]!).getByText('Accepted')).toBeInTheDocument();
    await expect(within(rows[1]!).getByText('Passport')).toBeInTheDocument();
    await expect(within(rows[1]!).getByText('Accepted')).toBeInTheDocument();

    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A new customer: no identity document, an address waiting for its proof, an unconfirmed phone, nothing sent, no tax id. */
export const NewCustomer: Story = {
  args: {
    facts: checkedFacts({
      unverified: true,
      identity: { statusId: null, uploadedDocuments: [] },
      addresses: [
        {
          addressStatus: 0,
          confirmed: true,
          isDocumentRequired: true,
          uploadedDocuments: [],
        },
      ],
      phones: [{ confirmed: false }],
    }),
  },
  parameters: { queryData: seed(newCustomerData) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const status = within(await region(canvasElement, 'Verification'));
    await expect(status.getByText('Some details need your attention')).toBeInTheDocument();
    const needed = within(status.getByRole('list', { name: 'What is needed' }));
    await expect(needed.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Send a valid identity document.', 'Confirm your phone number.']);

    const identity = within(await region(canvasElement, 'Identity'));
    await expect(identity.getByText('None yet')).toBeInTheDocument();
    await expect(identity.getByText('Not sent yet')).toBeInTheDocument();
    await expect(identity.queryByText('Number')).toBeNull();
    await expect(identity.getByRole('button', { name: 'Send an identity document' })).toBeInTheDocument();

    const addresses = within(await region(canvasElement, 'Addresses'));
    const address = within(addresses.getByRole('listitem', { name: 'Strada Lipscani 12' }));
    await expect(address.getByText('Waiting for a proof')).toBeInTheDocument();
    await expect(address.getByRole('button', { name: 'Send a proof of this address' })).toBeInTheDocument();
    await expect(address.queryByRole('list', { name: 'Proofs sent' })).toBeNull();
    await expect(address.queryByRole('button', { name: 'Delete' })).toBeNull();

    const phone = within(
      within(await region(canvasElement, 'Phone')).getByRole('listitem', {
        name: '+40 721555010',
      }),
    );
    await expect(phone.getByText('Not confirmed yet')).toBeInTheDocument();
    await expect(phone.getByRole('button', { name: 'Confirm this phone' })).toBeInTheDocument();

    const tax = within(await region(canvasElement, 'Tax residence'));
    await expect(tax.getByRole('textbox', { name: 'Tax id' })).toHaveValue('');

    const documents = within(await region(canvasElement, 'Documents sent'));
    await expect(documents.getByText('You have not sent any document yet.')).toBeInTheDocument();
    await expect(documents.queryByRole('list')).toBeNull();

    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

/**
 * A card goes to an address whose proof is out of date and whose new proof was refused (the name does
 * not match), a second address to confirm, the identity card refused, a change of sign-in e-mail waiting.
 */
export const CardAndMismatch: Story = {
  args: {
    facts: checkedFacts({
      identity: {
        statusId: 26,
        uploadedDocuments: [{ statusId: 26 }],
        rejectReason: identityRefusal,
      },
      addresses: [
        {
          addressStatus: 4,
          confirmed: true,
          isCardDocumentRequired: true,
          isDocumentOutOfDate: true,
          uploadedDocuments: [{ statusId: 38 }, { statusId: 64 }],
        },
        {
          addressStatus: 1,
          confirmed: false,
          uploadedDocuments: [{ statusId: 2 }],
        },
      ],
    }),
  },
  parameters: { queryData: seed(cardAndMismatchData) },
  play: async ({ canvasElement }) => {
    const status = within(await region(canvasElement, 'Verification'));
    await expect(status.getByText('Some details need your attention')).toBeInTheDocument();
    const needed = within(status.getByRole('list', { name: 'What is needed' }));
    await expect(needed.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Add or confirm your address.', 'Send a valid identity document.']);

    // The type's name comes from the document types (typeId 4), the refusal's reason as sent.
    const identity = within(await region(canvasElement, 'Identity'));
    await expect(identity.getByText('National identity card')).toBeInTheDocument();
    await expect(identity.getByText('Refused')).toBeInTheDocument();
    await expect(identity.getByText(identityRefusal)).toBeInTheDocument();
    await expect(identity.getByRole('button', { name: 'Send an identity document' })).toBeInTheDocument();

    const addresses = within(await region(canvasElement, 'Addresses'));
    const card = within(addresses.getByRole('listitem', { name: 'Strada Lipscani 12' }));
    await expect(card.getByText('The name on the proof does not match yours')).toBeInTheDocument();
    await expect(card.getByText('The proof of this address is out of date. Please send a recent one.')).toBeInTheDocument();
    await expect(card.getByText('A card is sent to this address: please send a proof of it.')).toBeInTheDocument();
    const proofs = within(card.getByRole('list', { name: 'Proofs sent' })).getAllByRole('listitem');
    await expect(proofs.map((item) => item.textContent)).toEqual(['Proof of address: Expires soon: send a new one', `Proof of address: Refused — ${nameRefusal}`]);
    await expect(card.getByRole('button', { name: 'Send a proof of this address' })).toBeInTheDocument();
    await expect(card.getByRole('button', { name: 'Replace' })).toBeInTheDocument();
    await expect(card.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await expect(card.queryByRole('button', { name: 'I still live here' })).toBeNull();

    const lisbon = within(addresses.getByRole('listitem', { name: 'Rua Augusta 10' }));
    await expect(lisbon.getByText('Portugal')).toBeInTheDocument();
    await expect(lisbon.getByText('Please confirm you still live here.')).toBeInTheDocument();
    await expect(lisbon.getByRole('button', { name: 'I still live here' })).toBeInTheDocument();
    await expect(lisbon.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await expect(lisbon.queryByRole('button', { name: 'Send a proof of this address' })).toBeNull();

    const emails = within(await region(canvasElement, 'E-mail'));
    await expect(emails.getByText('ana.popescu@example.org')).toBeInTheDocument();
    await expect(emails.getByText(/Waiting for you to open the link we sent to this address/)).toBeInTheDocument();
    await expect(emails.getByRole('button', { name: 'Withdraw the request' })).toBeInTheDocument();
    await expect(
      emails.queryByRole('textbox', {
        name: 'New e-mail address to sign in with',
      }),
    ).toBeNull();

    const documents = within(await region(canvasElement, 'Documents sent'));
    await expect(documents.getAllByRole('listitem')).toHaveLength(4);
    await expect(documents.getAllByText('Refused')).toHaveLength(2);
    await expect(documents.getByText(nameRefusal)).toBeInTheDocument();
    await expect(documents.getByText(identityRefusal)).toBeInTheDocument();
    await expect(documents.getByText('Bank statement (at most 3 months old)')).toBeInTheDocument();
  },
};

/** Nothing read yet (the calls never answer): each part shows its progress bar. */
export const Loading: Story = {
  parameters: { queryData: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    for (const name of SECTIONS) {
      const part = within(await region(canvasElement, name));
      await expect(part.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    }
    await expect(canvas.getAllByRole('progressbar', { name: 'Loading' })).toHaveLength(SECTIONS.length);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

/** Every call fails with a 500: each part says what could not be loaded, with Try again (which reads again). */
export const Failed: Story = {
  parameters: { queryData: [] },
  beforeEach: () => {
    failingFetch.mockClear();
    loadFacts.mockImplementation(() => Promise.reject(new Error('offline')));
    return withFetch(failingFetch)();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const titles: Record<(typeof SECTIONS)[number], string> = {
      Identity: 'Your identity document could not be loaded',
      Addresses: 'Your addresses could not be loaded',
      'E-mail': 'Your e-mail addresses could not be loaded',
      Phone: 'Your phones could not be loaded',
      'Tax residence': 'Your tax details could not be loaded',
      'Documents sent': 'Your documents could not be loaded',
    };
    for (const name of SECTIONS) {
      const part = within(await region(canvasElement, name));
      const alert = within(await part.findByRole('alert'));
      await expect(alert.getByRole('heading', { name: titles[name] })).toBeInTheDocument();
      await expect(alert.getByText('Server is not available')).toBeInTheDocument();
      await expect(alert.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    }
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Add an address' })).toBeNull();

    // Try again reads the addresses again (and they fail again).
    const addresses = within(await region(canvasElement, 'Addresses'));
    const calls = failingFetch.mock.calls.length;
    await userEvent.click(addresses.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(failingFetch.mock.calls.length).toBeGreaterThan(calls));
    await expect(
      await addresses.findByRole('heading', {
        name: 'Your addresses could not be loaded',
      }),
    ).toBeInTheDocument();
  },
};
