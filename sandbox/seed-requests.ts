import type { DatabaseSync } from 'node:sqlite';
import type { BodyOf, Handler, HandlerContext, UploadedFile } from './handler-types.ts';
import type { TokenService } from './tokens.ts';
import type { Realtime } from './realtime.ts';
import { p2pHandlers } from './handlers/p2p.ts';
import { externalHandlers } from './handlers/external.ts';
import { massTransferHandlers } from './handlers/mass-transfer.ts';

/**
 * The seeded business transaction requests (sandbox/requests.ts): initiator@ submits, for the
 * company of business@ of the brand, a p2p of 25.00 USD to personal@, a SEPA wire of 120.00 EUR
 * and a mass wire file of two payments. They go through the real handlers (every check, the
 * same helper, the same processing rows), so their work is exactly what a submit stores and
 * approving one moves the money. Fixed times, so a fresh seed is always the same.
 */
interface Logins {
  company: string;
  initiator: string;
  payee: string;
}

const MASS_WIRE_FILE = [
  'beneficiaryName,beneficiaryAddress,countryCode,currencyCode,amount,iban',
  'Atelier Lumière SARL,"12 rue de Rivoli, 75004 Paris",FR,EUR,300.00,FR1420041010050500013M02606',
  'Estudio Norte SL,"Calle Mayor 5, 28013 Madrid",ES,EUR,450.00,ES9121000418450200051332',
].join('\n');

export function seedRequests(db: DatabaseSync, logins: Logins): void {
  const idOf = (login: string) => (db.prepare('SELECT id FROM customers WHERE login = ?').get(login) as { id: number } | undefined)?.id;
  const company = idOf(logins.company);
  const initiator = idOf(logins.initiator);
  if (company === undefined || initiator === undefined) return;
  const payment = (currency: string) =>
    (db.prepare('SELECT id FROM accounts WHERE customer_id = ? AND type = 1001 AND status_id <> 11 AND currency = ? ORDER BY id LIMIT 1').get(company, currency) as { id: number } | undefined)?.id;
  const usd = payment('USD');
  const eur = payment('EUR');
  if (usd === undefined || eur === undefined) return;

  /** A submit by initiator@ for the company at a fixed time; anything but a stored request is a sandbox bug. */
  const submit = <M extends 'p2pTransfer' | 'transferSubmit' | 'massTransfer'>(handler: Handler<M> | undefined, created: string, body: BodyOf<M>, files: Record<string, UploadedFile> = {}) => {
    const ctx: HandlerContext<M> = {
      db,
      // Not used by money-moving handlers.
      tokens: undefined as unknown as TokenService,
      realtime: undefined as unknown as Realtime,
      now: () => Date.parse(created),
      body: { fromCustomerId: company, ...body },
      files,
      params: {},
      query: new URLSearchParams(),
      headers: new Headers(),
      customerId: initiator,
    };
    const reply = handler?.(ctx);
    const answer = (reply && !(reply instanceof Promise) ? reply.body : undefined) as { responseCode?: string; transactionRequestId?: number } | undefined;
    if (answer?.responseCode !== '00' || answer.transactionRequestId === undefined) {
      throw new Error(`sandbox seed: ${String(body.requestId)} for ${logins.company} is not a request: ${JSON.stringify(answer)}`);
    }
  };

  submit(p2pHandlers.p2pTransfer, '2026-11-24T09:15:00Z', { method: 'p2pTransfer', requestId: 'seed-request-p2p', accountId: usd, toEmail: logins.payee, amount: '25.00', currency: 'USD' });
  submit(externalHandlers.transferSubmit, '2026-11-24T11:40:00Z', {
    method: 'transferSubmit',
    requestId: 'seed-request-wire',
    type: 'wire',
    accountId: eur,
    countryCode: 'DE',
    currencyCode: 'EUR',
    amount: '120.00',
    beneficiaryName: 'Klaus Becker',
    beneficiaryAddress: 'Friedrichstraße 10, 10117 Berlin',
    iban: 'DE89370400440532013000',
    extraParams: { purposeOfPayment: 'services' },
  });
  submit(
    massTransferHandlers.massTransfer,
    '2026-11-25T08:05:00Z',
    { method: 'wire', requestId: 'seed-request-mass-wire', accountId: eur, batchName: 'Suppliers November', onlySummary: false },
    { file: { name: 'suppliers-november.csv', type: 'text/csv', size: Buffer.byteLength(MASS_WIRE_FILE), bytes: new TextEncoder().encode(MASS_WIRE_FILE), text: MASS_WIRE_FILE } },
  );
}
