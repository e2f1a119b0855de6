import { createFormMachine } from '../shared/form.machine';
import { ipnSettingsErrors, pbnSettingsErrors } from './merchant-messages';

/**
 * The merchant area's settings forms (issue 55), each the form statechart with its rule
 * (./merchant-messages.ts), ended by a successful save (`final`): the page reads the settings
 * again and starts a new form from what the service kept. Each save carries its requestId, so the
 * same values sent again after a lost reply or a 500 are saved once. The secret is issued by the
 * secretReveal statechart, not by these forms.
 */

/** ipnSettingsUpdate: notifyUrl, notifyStatusId, statusId. */
export const ipnSettingsFormMachine = createFormMachine('ipnSettingsForm', ipnSettingsErrors, { final: true });

/** pbnSettingsUpdate: statusId. */
export const pbnSettingsFormMachine = createFormMachine('pbnSettingsForm', pbnSettingsErrors, { final: true });
