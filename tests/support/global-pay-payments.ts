import type { GlobalPayPaymentInput, GlobalPayPaymentMethod } from '@machines/batches/global-pay-rules';
import type { GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';

/** A German recipient's methods (bank transfer, card, wallet), those named forbidden. */
export const deMethods = (...forbidden: string[]): GlobalPayPaymentMethod[] => ['bankTransfer', 'card', 'wallet'].map((name) => ({ name, forbidden: forbidden.includes(name) }));

/** The global pay table tests' payment: 100.00 EUR to Anna Schmidt in Germany, the sender paying the fee. */
export const paymentInput = (over: Partial<GlobalPayPaymentInput> = {}): GlobalPayPaymentInput => ({
  amount: '100.00',
  currency: 'EUR',
  description: '',
  beneficiaryType: 'individual',
  beneficiaryName: 'Anna Schmidt',
  beneficiaryEmail: 'anna@example.com',
  beneficiaryCountryCode: 'DE',
  feeShare: 'sender',
  paymentMethods: deMethods(),
  ...over,
});

/** The same payment as a draft batch holds it, with its id. */
export const paymentFact = (id: number, over: Partial<GlobalPayPaymentFact> = {}): GlobalPayPaymentFact => ({ ...paymentInput(), id, status: 'draft', fee: '1.00', ...over });
