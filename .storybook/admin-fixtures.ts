import { fn } from 'storybook/test';
import { createActor, fromPromise } from 'xstate';
import { actingCustomerMachine } from '@machines/business/acting-customer.machine';
import type { ActingChoice } from '@machines/business/acting-customer.logic';
import type { UiMessage } from '@machines/shared/ui-message';
import type { AccessibleCustomer, AdminDocument } from '@/entities/admin';
import { jsonReply, methodOf } from './fake-fetch';

/**
 * The admin overview in stories (issue 52): the customers an admin administers, the admin documents
 * on a customer's file, a fake service that answers the company calls from what it holds (so a
 * change is read again), and an acting-customer statechart with fake calls.
 */

/** Customers of every kind, with long names and e-mails among them (the layout must hold). */
export const demoAdminCustomers: AccessibleCustomer[] = [
  { id: 10, name: 'Acme S.L.', username: 'business@brand1.test', customerType: 2 },
  { id: 11, name: 'Ana Ruiz', username: 'personal@brand1.test', customerType: 0 },
  { id: 12, name: 'Companhia de Transportes Marítimos e Fluviais do Vale do Paraíba Lda.', username: 'contabilidade.transportes.maritimos@vale-do-paraiba.example.com.br', customerType: 2 },
  { id: 13, name: 'Harbour Freight Ltd', username: 'company-b@brand1.test', customerType: 1 },
  { id: 14, name: 'Общество с ограниченной ответственностью «Северная торговая компания»', username: 'buh@severnaya-torgovaya.example.ru', customerType: 2 },
];

export const demoAdminDocuments: AdminDocument[] = [
  {
    id: 40002,
    name: 'Signed service agreement',
    fileName: 'service-agreement-signed.pdf',
    mimeType: 'application/pdf',
    size: 284_310,
    assignedAt: '2026-11-20T09:30:00Z',
    assignedBy: 'admin@brand1.test',
    url: '/files/admindoc00000002',
  },
  {
    id: 40001,
    name: 'Certificate of incorporation',
    fileName: 'certificate-of-incorporation.pdf',
    mimeType: 'application/pdf',
    size: 1_204_556,
    assignedAt: '2026-10-02T14:05:00Z',
    assignedBy: null,
    url: '/files/admindoc00000001',
  },
];

/** A document named at its longest (120 characters) with a long file name. */
export const longAdminDocument: AdminDocument = {
  id: 40003,
  name: 'Договор на расчетно-кассовое обслуживание с приложениями и дополнительными соглашениями, подписанный обеими сторонами 2026',
  fileName: 'dogovor-na-raschetno-kassovoe-obsluzhivanie-s-prilozheniyami-podpisannyj.pdf',
  mimeType: 'application/pdf',
  size: 9_876_543,
  assignedAt: '2026-11-25T16:45:00Z',
  assignedBy: 'suporte.administracao.clientes@brand1.test',
  url: '/files/admindoc00000003',
};

/** What an assign sent: the JSON part and the file's name, type and size. */
export interface SentAssign {
  data: { name?: string; requestId?: string };
  file: { name: string; type: string; size: number } | null;
}

/** The customer whose file holds the demo documents (Acme S.L.); every other file starts empty. */
export const DEMO_DOCUMENTS_CUSTOMER = 10;

/** The fake company service: what it holds now, what it was sent, and how the next assign is answered. */
export const adminService = {
  customers: [...demoAdminCustomers],
  /** Each customer's file (by the customer the call acts for). */
  files: new Map<number, AdminDocument[]>([[DEMO_DOCUMENTS_CUSTOMER, [...demoAdminDocuments]]]),
  assigns: [] as SentAssign[],
  removes: [] as { documentId?: number; requestId?: string }[],
  /** The next assign's refusal (a VF on the file, as the service words it), or null to keep it. */
  refuseAssign: null as { param: string; description: string } | null,
  reset(over: { customers?: AccessibleCustomer[]; documents?: AdminDocument[] } = {}) {
    this.customers = [...(over.customers ?? demoAdminCustomers)];
    this.files = new Map([[DEMO_DOCUMENTS_CUSTOMER, [...(over.documents ?? demoAdminDocuments)]]]);
    this.assigns = [];
    this.removes = [];
    this.refuseAssign = null;
  },
};

/** The JSON part of a request (its body, or a multipart request's `data` part) and its file. */
async function readRequest(input: RequestInfo | URL): Promise<{ body: Record<string, unknown>; file: File | null }> {
  if (!(input instanceof Request)) return { body: {}, file: null };
  if ((input.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    const form = await input.formData();
    const data = form.get('data');
    const file = form.get('file');
    return { body: data instanceof Blob ? (JSON.parse(await data.text()) as Record<string, unknown>) : {}, file: file instanceof File ? file : null };
  }
  const text = await input.text();
  return { body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, file: null };
}

/** adminCustomerList, adminDocumentList, adminDocumentAssign and adminDocumentRemove from what `adminService` holds; anything else is not there. */
export const adminServiceFetch: typeof fetch = async (input) => {
  const method = methodOf(input);
  const { body, file } = await readRequest(input);
  // The customer the call acts for (the app names it: X-Customer-Id, the API layer's fromCustomerId).
  const acting = Number((input instanceof Request ? input.headers.get('X-Customer-Id') : null) ?? DEMO_DOCUMENTS_CUSTOMER);
  const documents = adminService.files.get(acting) ?? [];
  switch (method) {
    case 'adminCustomerList': {
      const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
      const found = adminService.customers.filter((c) => !search || c.name.toLowerCase().includes(search) || (c.username ?? '').toLowerCase().includes(search));
      const size = Number(body.pageSize ?? 20);
      const page = Number(body.pageNumber ?? 1);
      return jsonReply({ responseCode: '00', total: found.length, customers: found.slice((page - 1) * size, page * size) });
    }
    case 'adminDocumentList':
      return jsonReply({ responseCode: '00', documents });
    case 'adminDocumentAssign': {
      adminService.assigns.push({ data: body as SentAssign['data'], file: file && { name: file.name, type: file.type, size: file.size } });
      const refusal = adminService.refuseAssign;
      if (refusal) return jsonReply({ responseCode: 'VF', validationErrors: [refusal], responseDescription: refusal.description });
      const document: AdminDocument = {
        id: 40100 + adminService.assigns.length,
        name: String(body.name ?? ''),
        fileName: file?.name ?? 'document.pdf',
        mimeType: file?.type === 'image/png' ? 'image/png' : file?.type === 'image/jpeg' ? 'image/jpeg' : 'application/pdf',
        size: file?.size ?? 0,
        assignedAt: '2026-11-30T10:00:00Z',
        assignedBy: 'admin@brand1.test',
        url: `/files/admindoc${String(adminService.assigns.length).padStart(8, '0')}`,
      };
      adminService.files.set(acting, [document, ...documents]);
      return jsonReply({ responseCode: '00', document });
    }
    case 'adminDocumentRemove':
      adminService.removes.push(body as { documentId?: number; requestId?: string });
      adminService.files.set(
        acting,
        documents.filter((document) => document.id !== Number(body.documentId)),
      );
      return jsonReply({ responseCode: '00' });
    default:
      return jsonReply({ responseCode: 'UE', responseDescription: 'Not in this story' }, 500);
  }
};

/** The acting-customer statechart's switch, answered: at once, never, or refused with the service's words. */
export type FakeSwitch = 'ok' | 'hang' | { refused: string };

/**
 * A running acting-customer statechart (machines/business/acting-customer.machine.ts) acting for
 * `current`, whose list is `choices` and whose switch is answered as `switching` says. Made inside
 * a story's render (an actor is not an arg). `chosen` records each switch that went through.
 */
export function fakeActingActor({ current, choices, switching = 'ok' }: { current: number | null; choices: readonly ActingChoice[]; switching?: FakeSwitch }) {
  return createActor(
    actingCustomerMachine.provide({
      actors: {
        loadChoices: fromPromise<readonly ActingChoice[]>(async () => choices),
        loadAccess: fromPromise<unknown, { customerId: number }>(async ({ input }) => {
          if (switching === 'hang') return new Promise<never>(() => {});
          if (typeof switching === 'object') throw { text: switching.refused } satisfies UiMessage;
          return { customer: { id: input.customerId } };
        }),
      },
      actions: { chosen: (_, params) => actingChosen(params.customerId) },
    }),
    { input: { current } },
  ).start();
}

/** Each customer a fake acting statechart switched to. */
export const actingChosen = fn<(customerId: number) => void>();

/** The acting statechart's list: the administered customers, as userAccessList names them. */
export const demoActingChoices: ActingChoice[] = demoAdminCustomers.map(({ id, name, username }) => ({ id, name, username }));
