import { createFormMachine } from '../shared/form.machine';
import { dueDiligenceFormErrors, financialDetailErrors, representativeAddressErrors, signatureErrors } from './company-file-messages';

/**
 * The company file's forms (issue 53), each the form statechart with its rule
 * (./company-file-messages.ts), ended by a successful submit (`final`): the section reads the file
 * again and starts a new form from what the service kept. Each submit carries its requestId, so the
 * same values sent again after a lost reply or a 500 change the file once.
 */

/** financialDetailUpdate: sources of funds, purposes, estimated monthly deposits, currencies, industry. */
export const financialDetailFormMachine = createFormMachine('financialDetailForm', financialDetailErrors, { final: true });

/** dueDiligenceUpdate: the business additional questions' answers. */
export const dueDiligenceFormMachine = createFormMachine('dueDiligenceForm', dueDiligenceFormErrors, { final: true });

/** resolutionSend, declarationSend, prohibitedEscortStatementSend: the signer's full name and the statement accepted. */
export const declarationSignFormMachine = createFormMachine('declarationSignForm', signatureErrors, { final: true });

/** businessRepresentativeAddressCreate: the signed-in representative's address and its proof (type and file checked before sending). */
export const representativeAddressFormMachine = createFormMachine('representativeAddressForm', representativeAddressErrors, { final: true });
