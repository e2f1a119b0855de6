import { useEffect, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import { countryPaymentMethods, GLOBAL_PAY_COUNTRIES, paymentFee } from '@machines/batches/global-pay-rules';
import type { GlobalPayBatchFact, GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';

/**
 * Story data of the global pay stories (the editor, the table, the summary and the pages that show
 * them): one draft of four payments, the batch that holds it, and a generator of many valid
 * payments. Stories only: the app never imports this module.
 */

/** A call that never answers (a load or a save still under way). */
export const never = () => new Promise<never>(() => {});

/** A recipient's payment methods, the `forbidden` ones unticked. */
export const methods = (names: readonly string[], forbidden: readonly string[] = []) => names.map((name) => ({ name, forbidden: forbidden.includes(name) }));

/** A draft of four payments: EUR and USD, one whose recipient pays the fee, one with a method forbidden, one removed. */
export const draftPayments: readonly [GlobalPayPaymentFact, GlobalPayPaymentFact, GlobalPayPaymentFact, GlobalPayPaymentFact] = [
  {
    id: 101,
    amount: '1250.00',
    currency: 'EUR',
    description: 'Invoice 2026-031, March',
    beneficiaryType: 'individual',
    beneficiaryName: 'Anna Schmidt',
    beneficiaryEmail: 'anna.schmidt@example.com',
    beneficiaryCountryCode: 'DE',
    feeShare: 'sender',
    paymentMethods: methods(['bankTransfer', 'card', 'wallet']),
    status: 'draft',
    fee: '12.50',
  },
  {
    id: 102,
    amount: '480.00',
    currency: 'USD',
    description: 'Photography, March',
    beneficiaryType: 'business',
    beneficiaryName: 'Estúdio Sol Ltda',
    beneficiaryEmail: 'financeiro@estudiosol.example.com',
    beneficiaryCountryCode: 'BR',
    feeShare: 'recipient',
    paymentMethods: methods(['bankTransfer', 'card', 'instantPayment', 'wallet']),
    status: 'draft',
    fee: '4.80',
  },
  {
    id: 103,
    amount: '75.50',
    currency: 'USD',
    description: 'Translation, 3 pages',
    beneficiaryType: 'individual',
    beneficiaryName: 'Priya Nair',
    beneficiaryEmail: 'priya.nair@example.com',
    beneficiaryCountryCode: 'IN',
    feeShare: 'sender',
    paymentMethods: methods(['bankTransfer', 'instantPayment', 'wallet'], ['instantPayment']),
    status: 'draft',
    fee: '1.00',
  },
  {
    id: 104,
    amount: '300.00',
    currency: 'EUR',
    description: 'Travel costs',
    beneficiaryType: 'individual',
    beneficiaryName: 'Ioana Popescu',
    beneficiaryEmail: 'ioana.popescu@example.com',
    beneficiaryCountryCode: 'RO',
    feeShare: 'sender',
    paymentMethods: methods(['bankTransfer', 'card', 'wallet']),
    status: 'removed',
    fee: '3.00',
  },
];

/** Batch 41, "Contractors, March", from account 1001, holding `payments`; sent on 21 March unless it is a draft. */
export const draftBatch = (payments: readonly GlobalPayPaymentFact[] = draftPayments, status: GlobalPayBatchFact['status'] = 'draft'): GlobalPayBatchFact => ({
  batchId: 41,
  batchName: 'Contractors, March',
  accountId: 1001,
  currencyCode: 'USD',
  status,
  created: '2026-03-20T10:00:00Z',
  ...(status === 'draft' ? {} : { submitted: '2026-03-21T09:15:00Z' }),
  payments,
});

const FIRST_NAMES = ['Anna', 'Bruno', 'Chen', 'Dara', 'Elif', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonas', 'Kofi', 'Lucia', 'Mateo', 'Nadia', 'Oskar', 'Priya'];
const LAST_NAMES = ['Schmidt', 'Costa', 'Wang', 'Okafor', 'Yilmaz', 'Haddad', 'Lund', 'Tanaka', 'Moreau', 'Berg', 'Mensah', 'Rossi', 'Silva', 'Kowalski', 'Novak'];
const CURRENCIES = ['EUR', 'USD', 'GBP', 'PLN', 'RON', 'CHF', 'CAD'] as const;
const COUNTRIES = Object.keys(GLOBAL_PAY_COUNTRIES);
const WORK = ['Consulting', 'Design work', 'Translation', 'Support shifts', 'Photography', 'Field visits', 'Research'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * `count` valid draft payments, the same every time (ids from 1001): names, countries and the
 * seven currencies vary; every e-mail is different (no two payments repeat); every 20th payment's
 * description is "Bonus N" (the Nth bonus, so 500 of 10,000 mention a bonus and nothing else
 * does); every 7th is paid by the recipient.
 */
export function manyPayments(count: number): GlobalPayPaymentFact[] {
  return Array.from({ length: count }, (_, i): GlobalPayPaymentFact => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
    const country = COUNTRIES[(i * 7) % COUNTRIES.length]!;
    const cents = 1_000 + ((i * 7_919) % 4_999_000);
    const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const bonus = (i + 1) % 20 === 0;
    return {
      id: 1_001 + i,
      amount,
      currency: CURRENCIES[i % CURRENCIES.length]!,
      description: bonus ? `Bonus ${(i + 1) / 20}` : `${WORK[i % WORK.length]!}, ${MONTHS[i % MONTHS.length]!}`,
      beneficiaryType: i % 9 === 0 ? 'business' : 'individual',
      beneficiaryName: `${first} ${last}`,
      beneficiaryEmail: `${first}.${last}.${i + 1}@example.com`.toLowerCase(),
      beneficiaryCountryCode: country,
      feeShare: i % 7 === 6 ? 'recipient' : 'sender',
      paymentMethods: methods(countryPaymentMethods(country)),
      status: 'draft',
      fee: paymentFee(amount),
    };
  });
}

/** The story's statechart, started once and stopped when the story goes (a running one would keep loading, saving or polling into the next story). */
export function useStoryActor<A extends AnyActorRef>(create: () => A): A {
  const [actor] = useState(() => {
    const created = create();
    created.start();
    return created;
  });
  useEffect(() => () => actor.stop(), [actor]);
  return actor;
}
