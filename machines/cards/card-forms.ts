import Big from 'big.js';
import { msg } from '@lingui/core/macro';
import { createFormMachine, type FormErrors, type FormValues } from '../shared/form.machine';
import { binOf, cardDigits, isObviousPin, passesLuhn } from './card.logic';
import { isPositiveAmount, normalizeAmount } from '../shared/amount';

/**
 * The forms of the cards area, each a `createFormMachine` with its pure rule (the same rule the
 * service applies; docs/decisions.md "Cards"). Forms a card action opens are `final`, so the
 * card-actions statechart moves on when they are submitted.
 */
export const cardFormMessages = {
  pinFormat: msg`The PIN is 4 digits.`,
  pinObvious: msg`Choose a PIN that is harder to guess (not four equal digits or a run like 1234).`,
  pinMismatch: msg`The two PINs are not the same.`,
  pinConfirm: msg`Confirm that your old PIN stops working.`,
  aliasRequired: msg`Give the card a name (up to 40 characters).`,
  shippingRequired: msg`Choose how the new card is shipped.`,
  feeAccountRequired: msg`Choose the account that pays the fee.`,
  lastFourDigits: msg`Type the last 4 digits printed on the card.`,
  cvv: msg`Type the 3 or 4 digit security code on the back of the card.`,
  paramRequired: msg`This field is required.`,
  cardNumber: msg`This card number is not valid.`,
  expiryFormat: msg`Choose the month and year printed on the card.`,
  expiryPast: msg`This card has expired.`,
  holderName: msg`Type the name printed on the card.`,
  verificationAmount: msg`Type the amount with its decimals, for example 1.37.`,
  offerRequired: msg`Choose a card.`,
  settlementRequired: msg`Choose the account the debit card spends from.`,
};

const d = (descriptor: (typeof cardFormMessages)[keyof typeof cardFormMessages]) => ({ descriptor });

export { normalizeAmount, isPositiveAmount };

/** Change PIN (001 s5: pin, pin repeat and confirm). `confirm` is "true" once ticked. */
export function validateChangePin(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  const pin = values.pin ?? '';
  if (!/^\d{4}$/.test(pin)) errors.pin = d(cardFormMessages.pinFormat);
  else if (isObviousPin(pin)) errors.pin = d(cardFormMessages.pinObvious);
  if ((values.pinRepeat ?? '') !== pin || !values.pinRepeat) errors.pinRepeat = d(cardFormMessages.pinMismatch);
  if (values.confirm !== 'true') errors.confirm = d(cardFormMessages.pinConfirm);
  return errors;
}
export const emptyChangePin = { pin: '', pinRepeat: '', confirm: '' };
export const changePinFormMachine = createFormMachine('changePin', validateChangePin, { final: true });

/** Rename (set alias: accountId, cardAliasName). */
export function validateRename(values: FormValues): FormErrors {
  const alias = (values.cardAliasName ?? '').trim();
  return alias.length >= 1 && alias.length <= 40 ? {} : { cardAliasName: d(cardFormMessages.aliasRequired) };
}
export const renameFormMachine = createFormMachine('renameCard', validateRename, { final: true });

/** Reissue (accountId, isExpressShipping): the shipping must be chosen. */
export function validateReissue(values: FormValues): FormErrors {
  return values.isExpressShipping === 'true' || values.isExpressShipping === 'false' ? {} : { isExpressShipping: d(cardFormMessages.shippingRequired) };
}
export const reissueFormMachine = createFormMachine('reissueCard', validateReissue, { final: true });

/** Activation parameters the client knows how to label and check; other names are only required. */
export const ACTIVATION_PARAM_RULES: Readonly<Record<string, { pattern: RegExp; message: keyof typeof cardFormMessages }>> = {
  lastFourDigits: { pattern: /^\d{4}$/, message: 'lastFourDigits' },
  cvv: { pattern: /^\d{3,4}$/, message: 'cvv' },
};
/** Values of the activation's extra parameters are kept as `param.<name>`. */
export const ACTIVATION_PARAM_PREFIX = 'param.';

/** Activation (accountId, extraParams, feeAccountId). */
export function validateActivation(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  if (!/^\d+$/.test(values.feeAccountId ?? '')) errors.feeAccountId = d(cardFormMessages.feeAccountRequired);
  for (const [key, value] of Object.entries(values)) {
    if (!key.startsWith(ACTIVATION_PARAM_PREFIX)) continue;
    const rule = ACTIVATION_PARAM_RULES[key.slice(ACTIVATION_PARAM_PREFIX.length)];
    const text = value.trim();
    if (rule && !rule.pattern.test(text)) errors[key] = d(cardFormMessages[rule.message]);
    else if (!rule && text === '') errors[key] = d(cardFormMessages.paramRequired);
  }
  return errors;
}
export const activationFormMachine = createFormMachine('activateCard', validateActivation, { final: true });

/** Add an external card (/add-card). `today` is the current month, so the rule stays pure. */
export function validateAddCard(values: FormValues, today: { month: number; year: number }): FormErrors {
  const errors: FormErrors = {};
  if (!passesLuhn(values.cardNumber ?? '') || binOf(values.cardNumber ?? '') === null) errors.cardNumber = d(cardFormMessages.cardNumber);
  const month = Number(values.cardExpiryMonth);
  const year = Number(values.cardExpiryYear);
  if (!(month >= 1 && month <= 12) || !(year >= 2000 && year <= 2100)) errors.cardExpiryMonth = d(cardFormMessages.expiryFormat);
  else if (year < today.year || (year === today.year && month < today.month)) errors.cardExpiryMonth = d(cardFormMessages.expiryPast);
  const holder = (values.cardHolderName ?? '').trim();
  if (holder.length < 2 || holder.length > 60) errors.cardHolderName = d(cardFormMessages.holderName);
  return errors;
}
export const emptyAddCard = { cardNumber: '', cardExpiryMonth: '', cardExpiryYear: '', cardHolderName: '' };
/** The add-card form, checking expiry against the month it was created in. */
export function createAddCardFormMachine(today: { month: number; year: number }) {
  return createFormMachine('addCard', (values) => validateAddCard(values, today));
}
/** What the add-card form sends: the digits only. */
export const addCardBody = (values: FormValues) => ({
  cardNumber: cardDigits(values.cardNumber ?? ''),
  cardExpiryMonth: Number(values.cardExpiryMonth),
  cardExpiryYear: Number(values.cardExpiryYear),
  cardHolderName: (values.cardHolderName ?? '').trim(),
});

/** Confirm an added card with the small amount charged to it. */
export function validateConfirmCard(values: FormValues): FormErrors {
  return isPositiveAmount(values.verificationAmount ?? '') ? {} : { verificationAmount: d(cardFormMessages.verificationAmount) };
}
export const confirmCardFormMachine = createFormMachine('confirmCard', validateConfirmCard);

/** Apply for a card: an offer, and for a debit card the settlement account. */
export function validateApply(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.offer) errors.offer = d(cardFormMessages.offerRequired);
  if (values.applyType === '2' && !/^\d+$/.test(values.settlementAccountId ?? '')) errors.settlementAccountId = d(cardFormMessages.settlementRequired);
  return errors;
}
export const applyFormMachine = createFormMachine('applyForCard', validateApply);
