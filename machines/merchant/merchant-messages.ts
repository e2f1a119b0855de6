import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FormErrors, FormValues } from '../shared/form.machine';
import type { UiMessage } from '../shared/ui-message';
import { notifyUrlProblem, NOTIFY_COMPLETED, NOTIFY_EVERY_STATUS, STATUS_OFF, STATUS_ON, type ButtonField, type ButtonProblem, type LogoFileProblem, type NameProblem, type UrlProblem } from './merchant.rules';

/** The merchant area's problems in words (issue 55), each rule's outcome by field. */
export const merchantMessages = {
  nameRequired: msg`Enter a name.`,
  nameTooLong: msg`Use at most 100 characters.`,
  itemNameRequired: msg`Enter the item's name.`,
  itemNameTooLong: msg`Use at most 127 characters.`,
  urlRequired: msg`Enter the address notifications are sent to.`,
  urlInvalid: msg`Enter a full web address, for example https://shop.example/ipn.`,
  urlNotHttps: msg`Use an address that starts with https://.`,
  urlTooLong: msg`Use at most 255 characters.`,
  urlCredentials: msg`Leave the user name and password out of the address.`,
  logoRequired: msg`Choose an image.`,
  logoEmpty: msg`This file is empty. Choose another image.`,
  logoType: msg`Choose a PNG or JPEG image.`,
  logoTooLarge: msg`Choose an image of at most 1 MB.`,
  logoNotImage: msg`This file is not a PNG or JPEG image, whatever its name says. Choose another.`,
  logoUnreadable: msg`This file could not be read. Choose it again.`,
  amountRequired: msg`Enter the amount.`,
  amountInvalid: msg`Enter an amount above 0, with at most the currency's decimals.`,
  currency: msg`Choose a currency you hold an open account in.`,
  buttonType: msg`Choose the kind of button.`,
  logo: msg`Choose one of your logos, or none.`,
  statusRequired: msg`Choose whether notifications are on or off.`,
  notifyStatusRequired: msg`Choose which payments are notified.`,
  logoNotSaved: msg`The logo was not saved.`,
  buttonNotSaved: msg`The button was not saved.`,
} satisfies Record<string, MessageDescriptor>;

const m = merchantMessages;
const d = (descriptor: MessageDescriptor): UiMessage => ({ descriptor });

export const nameMessage = (problem: NameProblem, max: 100 | 127 = 100): UiMessage =>
  d(problem === 'required' ? (max === 127 ? m.itemNameRequired : m.nameRequired) : max === 127 ? m.itemNameTooLong : m.nameTooLong);

const URL_MESSAGES: Record<UrlProblem, MessageDescriptor> = {
  required: m.urlRequired,
  invalid: m.urlInvalid,
  notHttps: m.urlNotHttps,
  tooLong: m.urlTooLong,
  credentials: m.urlCredentials,
};
export const urlMessage = (problem: UrlProblem): UiMessage => d(URL_MESSAGES[problem]);

const LOGO_MESSAGES: Record<LogoFileProblem, MessageDescriptor> = { required: m.logoRequired, empty: m.logoEmpty, type: m.logoType, tooLarge: m.logoTooLarge };
export const logoFileMessage = (problem: LogoFileProblem): UiMessage => d(LOGO_MESSAGES[problem]);

/** A button's problem in words, by its field (the name rules of the item say "item"). */
export function buttonMessage(field: ButtonField, problem: ButtonProblem): UiMessage {
  if ((field === 'returnUrl' || field === 'cancelUrl') && problem in URL_MESSAGES) return urlMessage(problem as UrlProblem);
  switch (problem) {
    case 'required':
    case 'tooLong':
      return nameMessage(problem, field === 'itemName' ? 127 : 100);
    case 'invalid':
    case 'notHttps':
    case 'credentials':
      return urlMessage(problem);
    case 'amountRequired':
      return d(m.amountRequired);
    case 'amountInvalid':
      return d(m.amountInvalid);
    case 'currency':
      return d(m.currency);
    case 'buttonType':
      return d(m.buttonType);
    case 'logo':
      return d(m.logo);
  }
}

/** The address the sandbox may be called on over http (its own host), one a line: a fact the settings forms carry. */
export const INSECURE_HOSTS_FACT = '@insecureHosts';

const isStatus = (value: string | undefined) => value === String(STATUS_OFF) || value === String(STATUS_ON);

/**
 * The IPN settings form (ipnSettingsUpdate; 001 s3): on or off, which payments, the notify address
 * (required while on; https, or http only for a host of the `@insecureHosts` fact).
 */
export function ipnSettingsErrors(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  if (!isStatus(values.statusId)) errors.statusId = d(m.statusRequired);
  if (values.notifyStatusId !== String(NOTIFY_COMPLETED) && values.notifyStatusId !== String(NOTIFY_EVERY_STATUS)) errors.notifyStatusId = d(m.notifyStatusRequired);
  const hosts = (values[INSECURE_HOSTS_FACT] ?? '').split('\n').map((host) => host.trim()).filter(Boolean);
  const problem = notifyUrlProblem({ notifyUrl: values.notifyUrl ?? '', statusId: Number(values.statusId) }, hosts);
  if (problem) errors.notifyUrl = urlMessage(problem);
  return errors;
}

/** The PBN setting form (pbnSettingsUpdate; 001 s3): on or off. */
export function pbnSettingsErrors(values: FormValues): FormErrors {
  return isStatus(values.statusId) ? {} : { statusId: d(m.statusRequired) };
}
