import type { AnyStateMachine } from 'xstate';
import { samples, sampleApprovalReply, sampleApprovalRequest, sampleCard, sampleOwnTransferFacts, SAMPLE_TODAY, type LiveSamples } from './live-samples';
import { factsFor } from './verification/verification.fixtures';
import { appStartMachine } from './app/app-start.machine';
import { appStateMachine } from './app/app-state.machine';
import { loginMachine } from './auth/login.machine';
import { sessionMachine } from './auth/session.machine';
import { notificationGraceMachine, notificationsMachine, notificationTimerMachine } from './app/notifications.machine';
import { popupMachine } from './app/popup.machine';
import { loginRequestMachine } from './auth/login-request.machine';
import { oauthMachine } from './auth/oauth.machine';
import { mobileBridgeMachine } from './app/mobile-bridge.machine';
import { activationMachine } from './auth/activation.machine';
import { deviceFormMachine } from './auth/device-form.machine';
import { storeLinksFormMachine } from './auth/store-links.logic';
import { navigationMenuMachine } from './app/navigation-menu.machine';
import { disclosureMachine } from './shared/disclosure.machine';
import { selectionMachine } from './shared/selection.machine';
import { addCurrencyMachine } from './accounts/add-currency.machine';
import { walletMachine } from './accounts/wallet.machine';
import { announcementMachine } from './accounts/announcement.machine';
import { cardActionsMachine } from './cards/card-actions.machine';
import { binLookupMachine } from './cards/bin-lookup.machine';
import { batchFilterMachine, historyFilterMachine } from './history/history-filter.machine';
import { exportMachine, sendExportFormMachine } from './history/export.machine';
import { taskMachine } from './shared/task.machine';
import { approvalMachine } from './transfers/approval.machine';
import { emptyOwnTransferValues, ownTransferMachine } from './transfers/own-transfer.machine';
import { emptyP2pValues, p2pTransferMachine } from './transfers/p2p-transfer.machine';
import { emptyExternalValues, externalTransferMachine } from './transfers/external-transfer.machine';
import { lookupMachine } from './shared/lookup.machine';
import { massFileMachine } from './transfers/mass-file.machine';
import { globalPayBatchMachine } from './batches/global-pay-batch.machine';
import { emptyGlobalPayPayment, emptyReceiveForm, globalPayPaymentFormMachine, globalPayRenameFormMachine, globalPayResendFormMachine, receiveFormMachine } from './batches/global-pay-forms.machine';
import { receiveMachine } from './batches/receive.machine';
import { globalPayTableMachine } from './batches/global-pay-table.machine';
import { businessWizardMachine } from './registration/business-wizard.machine';
import { personalRegistrationMachine } from './registration/personal-registration.machine';
import { accountRecoveryMachine } from './auth/account-recovery.machine';
import { accountActivationMachine } from './auth/account-activation.machine';
import { verificationStatusMachine } from './verification/verification-status.machine';
import { phoneVerificationMachine } from './verification/phone-verification.machine';
import { documentUploadMachine } from './verification/document-upload.machine';
import { addressEditMachine } from './verification/address-edit.machine';
import { taxIdFormMachine, usernameChangeFormMachine } from './verification/profile-forms';
import { personalCertificationMachine } from './certification/personal-certification.machine';
import { usFormUploadMachine } from './certification/us-form-upload.machine';
import { businessCertificationMachine } from './certification/business-certification.machine';
import { identityVerificationMachine } from './verification/identity-verification.machine';
import { kycMachine } from './verification/kyc.machine';
import { profileUpdateMachine } from './verification/profile-update.machine';
import { requestDecisionMachine } from './business/request-decision.machine';
import { actingCustomerMachine } from './business/acting-customer.machine';
import { preapprovedCancelMachine } from './transfers/preapproved-cancel.machine';
import { massP2pMachine } from './transfers/mass-p2p.machine';
import { preapprovedFilterMachine } from './transfers/preapproved-filter.machine';
import { reauthenticationMachine } from './settings/reauthentication.machine';
import { twoStepModeMachine } from './settings/two-step-mode.machine';
import { passwordChangeMachine } from './settings/password-change.machine';
import { linkDeviceMachine } from './settings/link-device.machine';
import { ipAddFormMachine, ipListMachine } from './settings/ip-list.machine';
import { blacklistAddFormMachine } from './settings/blacklist-add.machine';
import { notificationToggleMachine } from './settings/notification-toggle.machine';
import { confirmedChangeMachine } from './shared/confirmed-change.machine';
import { loginHistoryFilterMachine } from './settings/login-history-filter.machine';
import { fundingInvoiceFormMachine, invoiceCreateFormMachine, invoiceFilterMachine, invoiceRejectFormMachine } from './invoices/invoice-forms';
import { invoicePayMachine } from './invoices/invoice-pay.machine';
import { invoicesMachine } from './invoices/invoices.machine';
import { adminCustomerFilterMachine } from './company/admin-customer-filter.machine';
import { adminDocumentAssignMachine } from './company/admin-document-assign.machine';
import { declarationSignFormMachine, dueDiligenceFormMachine, financialDetailFormMachine, representativeAddressFormMachine } from './company/company-file-forms';
import { permissionChangeMachine } from './business/permission-change.machine';
import { companyEmailsMachine } from './business/company-emails.machine';
import { representativeMachine } from './business/representative.machine';
import { secretRevealMachine } from './merchant/secret-reveal.machine';
import { logoUploadMachine } from './merchant/logo-upload.machine';
import { buttonEditMachine } from './merchant/button-edit.machine';
import { ipnSettingsFormMachine, pbnSettingsFormMachine } from './merchant/merchant-forms';
import { identityCheckMachine } from './merchant/identity-check.machine';
import { identityFilterMachine } from './merchant/identity-filter';
import { allowedIpEditMachine, apiKeyEditMachine, apiLogFilterMachine, webhookEditMachine, webhookLogFilterMachine } from './public-api/public-api-forms';
import { deliveryResendMachine } from './public-api/delivery-resend.machine';
import { webhookPingMachine } from './public-api/webhook-ping.machine';
import { contractMachine } from './contracts/contract.machine';
import { contractFilterMachine } from './contracts/contract-search';
import { contractCreateMachine } from './contracts/contract-create.machine';
import { contractIdentificationMachine } from './contracts/contract-identification.machine';
import { supportDeskMachine } from './support/support-desk.machine';
import { supportMessageMachine } from './support/support-message.machine';
import { ticketReadMachine } from './support/ticket-read.machine';
import { linkCheckMachine } from './shared/link-check.machine';
import { countryPreselectMachine } from './shared/country-preselect.machine';
import { waitMachine } from './shared/wait.machine';
import { updateCheckMachine } from './app/update-check.machine';
import { analyticsConsentMachine } from './app/analytics-consent.machine';
import { activationFormMachine, applyFormMachine, changePinFormMachine, confirmCardFormMachine, reissueFormMachine, renameFormMachine } from './cards/card-forms';

/**
 * The live run in Storybook (src/shared/dev, "Run it live" in each machine's story) starts the
 * machine with `sampleInput` and prefills its events' payloads and its promises' outputs from
 * `sampleEvents` and `sampleOutputs` (./live-samples.ts; `samples()` checks them against the
 * machine). A machine whose context needs input needs a `sampleInput`: tests/unit/live-run.test.ts
 * starts every entry and fails while one cannot start.
 */
export interface MachineEntry extends LiveSamples {
  machine: AnyStateMachine;
  /** One sentence: what the machine is for, shown under its diagram. */
  description: string;
  /**
   * Where a machine drives a screen: each state (`machineId.path`) and the Storybook story that
   * shows it (its id), so a designer can walk the flow and see each screen beside its state.
   */
  screens?: Readonly<Record<string, string>>;
}

/**
 * Every machine, for Storybook's "Machines" section (and any tool that wants the list).
 * A machine added here also needs its story in machines.stories.tsx;
 * tests/unit/machine-registry.test.ts fails while either is missing.
 */
const entries = {
  appStart: {
    machine: appStartMachine,
    description: 'Start-up: translation catalog, then the shell; dictionaries and language switches in parallel.',
    ...samples(appStartMachine, { input: { brandId: 'brand1', language: 'en', offeredLanguages: ['en', 'es'] }, events: { CHANGE_LANGUAGE: { language: 'es' } }, outputs: { loadCatalog: undefined } }),
  },
  appState: {
    machine: appStateMachine,
    description: 'Viewport breakpoint, device info, on-screen keyboard and the preloader list.',
    ...samples(appStateMachine, { input: { width: 1280, height: 800, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' }, events: { RESIZED: { width: 375, height: 700 }, KEYBOARD: { visible: true }, LOAD_STARTED: { name: 'history' }, LOAD_FINISHED: { name: 'history' } } }),
  },
  disclosure: {
    machine: disclosureMachine,
    description: 'A button that shows and hides a panel (the language list): Escape, leaving it or a choice closes it.',
  },
  navigationMenu: {
    machine: navigationMenuMachine,
    description: 'The navigation menu on small screens: opens from the menu button, closes on Escape, a page choice or a wider window.',
  },
  login: {
    machine: loginMachine,
    description: 'Signing in: PKCE, the six auth flows, migration to push two-factor, terms, errors.',
    screens: {
      'login.editing': 'features-login-states--credentials',
      'login.exchanging': 'features-login-states--signing-in',
      'login.termsRequired': 'features-login-states--terms',
      'login.migrationSoft': 'features-login-states--migration-soft',
      'login.migrationStrict': 'features-login-states--migration-strict',
      'login.enteringOtp': 'features-login-states--one-time-code',
      'login.enteringSms': 'features-login-states--sms-code',
      'login.awaitingPush.waiting': 'features-login-states--push-waiting',
      'login.awaitingPush.requestingQr': 'features-login-states--push-qr-code',
      'login.verifyingDevice': 'features-login-states--verify-device',
      'login.approvalExpired': 'features-login-states--push-expired',
    },
    ...samples(loginMachine, { events: { CHANGE: { field: 'username', value: 'ana@example.com' }, PUSH_APPROVED: { code: 'approved-code' } }, outputs: { createPkce: { verifier: 'v'.repeat(43), challenge: 'c'.repeat(43) }, login: { authFlow: 'otp', code: 'c0de', tmpJwt: 'tmp' }, exchangeToken: { accessToken: 'at', refreshToken: 'rt' }, requestDeeplink: 'app://approve?x=1' } }),
  },
  session: {
    machine: sessionMachine,
    description: 'Session: refresh 10 s before expiry (single flight), 15-minute idle timeout with a warning, logout.',
    ...samples(sessionMachine, { events: { SIGNED_IN: { tokens: { accessToken: 'at-1', refreshToken: 'rt-1', lifetimeMs: 300_000 }, username: 'ana@example.com' }, TOKENS_REPLACED: { tokens: { accessToken: 'at-3', refreshToken: 'rt-3', lifetimeMs: 300_000 } }, LOGOUT: { stayOnPage: false } }, outputs: { refresh: { accessToken: 'at-2', refreshToken: 'rt-2', lifetimeMs: 300_000 }, loadCustomer: { customer: { kind: 'personal' }, term: null }, loadAccess: {} } }),
  },
  notifications: {
    machine: notificationsMachine,
    description: 'Notifications on screen: at most five, each removed after 10 seconds or when dismissed; a transaction result no popup claimed is held, then shown after its grace unless withdrawn.',
    ...samples(notificationsMachine, {
      events: {
        NOTIFY: { notification: { id: 'n-1', tone: 'info', title: 'Saved' } },
        DISMISS: { id: 'n-1' },
        EXPIRE: { id: 'n-1' },
        PAUSE: { id: 'n-1' },
        RESUME: { id: 'n-1' },
        HOLD: { notification: { id: 'n-2', tone: 'success', title: 'Successfully submitted', category: 'transaction' } },
        RELEASE: { id: 'n-2' },
        WITHDRAW: { id: 'n-2' },
        GRACE_OVER: { id: 'n-2' },
      },
    }),
  },
  loginRequest: {
    machine: loginRequestMachine,
    description: 'A sign-in on another device asks this session: approve or decline, dropped after 2 minutes.',
    ...samples(loginRequestMachine, { events: { REQUEST: { request: { key: 'k1', device: 'Chromium on Linux', location: 'Bucharest' } } } }),
  },
  oauth: {
    machine: oauthMachine,
    description: 'OAuth (SEI): confirm a partner, authorise, go to its redirect_uri; 404 to the root.',
    ...samples(oauthMachine, { input: { authorizationId: 'auth-1' } }),
  },
  mobileBridge: {
    machine: mobileBridgeMachine,
    description: 'Mobile-app wrapper mode: 100 ms start-up delay, then messages with the native app (device secret, logout).',
    ...samples(mobileBridgeMachine, { input: { enabled: true } }),
  },
  activation: {
    machine: activationMachine,
    description: 'Account activation from the e-mailed link: the code is sent once; success signs in, failure shows the reasons; opened while signed in, it is used only after the user signs out.',
    ...samples(activationMachine, { input: { action: 'activationBusiness', user: 'ana@example.com', code: '246810' }, outputs: { activate: { accessToken: 'at', refreshToken: 'rt' } } }),
  },
  popup: {
    machine: popupMachine,
    description: 'The one modal popup: response and error popups queued, "go to home", 3-second auto-close.',
    ...samples(popupMachine, { events: { SHOW: { popup: { kind: 'response', status: 'failure', reply: { message: 'No funds' } } } } }),
  },
  deviceForm: {
    machine: deviceFormMachine,
    description: 'A form (here: registering a device): values kept, validated before submit, no double submission.',
    ...samples(deviceFormMachine, { input: { values: { name: '', code: '', type: '' } }, events: { CHANGE: { name: 'name', value: 'Tablet' } } }),
  },
  storeLinksForm: {
    machine: storeLinksFormMachine,
    description: 'The same form statechart for "send the app links to my phone" (/scp-mobile).',
    ...samples(storeLinksFormMachine, { input: { values: { phoneNumber: '' } }, events: { CHANGE: { name: 'phoneNumber', value: '+40 712 345 678' } } }),
  },
  notificationGrace: {
    machine: notificationGraceMachine,
    description: 'A held notification’s grace (002 s4): a transaction result no approval popup has claimed waits 2 s (the `unclaimedGrace` delay) for one that starts watching, then it is shown.',
    ...samples(notificationGraceMachine, { input: { id: 'n-2' } }),
  },
  notificationTimer: {
    machine: notificationTimerMachine,
    description: 'One notification’s 10-second lifetime, paused while the user hovers or focuses it.',
    ...samples(notificationTimerMachine, { input: { id: 'n-1' } }),
  },
  selection: {
    machine: selectionMachine,
    description: 'Which one item of a list is open in a dialog (an announcement): none or one; another choice replaces it.',
    ...samples(selectionMachine, { events: { SELECT: { id: 1 } } }),
  },
  addCurrency: {
    machine: addCurrencyMachine,
    description: 'Adding a currency on home: the form statechart with its one rule (a currency is chosen).',
    ...samples(addCurrencyMachine, { input: { values: { currencyCode: '' } }, events: { CHANGE: { name: 'currencyCode', value: 'EUR' } } }),
  },
  wallet: {
    machine: walletMachine,
    description: 'A crypto account’s wallet: the cross-platform requirement first (the mobile app, or on), then the address; a failure can be retried.',
    ...samples(walletMachine, { input: { accountId: 7, currencyCode: 'USDT' }, outputs: { checkRequirement: false, createWallet: 'TQ3ZkxF8N3Tb7fFbHbXcS7rDa4PmkE1hvh' } }),
  },
  announcement: {
    machine: announcementMachine,
    description: 'One announcement opened: getting it marks it read; where it asks for a choice, accept or decline once, a failure kept with its reason.',
    ...samples(announcementMachine, { input: { id: 5 } }),
  },
  cardActions: {
    machine: cardActionsMachine,
    description: 'One card’s actions, guarded by its status: pause, unpause, block after a confirmation, show PIN briefly, change PIN, (block, PIN change and reissue confirmed through the approval statechart), rename, reissue and express shipping, activation (fee, parameters, then the PIN), load.',
    ...samples(cardActionsMachine, { input: { card: sampleCard } }),
  },
  changePinForm: {
    machine: changePinFormMachine,
    description: 'A form a larger statechart invokes (change PIN): the form statechart whose submitted state is final, so the card action ends.',
    ...samples(changePinFormMachine, { input: { values: { pin: '', pinRepeat: '', confirm: '' } }, events: { CHANGE: { name: 'pin', value: '4826' } } }),
  },
  renameForm: {
    machine: renameFormMachine,
    description: 'Renaming a card (set alias): 1 to 40 characters; ends the card action when saved.',
    ...samples(renameFormMachine, { input: { values: { cardAliasName: '' } }, events: { CHANGE: { name: 'cardAliasName', value: 'Travel card' } } }),
  },
  reissueForm: {
    machine: reissueFormMachine,
    description: 'Reissuing a card: standard or express shipping; ends the card action when ordered.',
    ...samples(reissueFormMachine, { input: { values: { isExpressShipping: '' } }, events: { CHANGE: { name: 'isExpressShipping', value: 'true' } } }),
  },
  activationForm: {
    machine: activationFormMachine,
    description: 'Activating a shipped card: the fee account and the extra parameters, one requestId per opening; ends by handing the PIN to the card action.',
    ...samples(activationFormMachine, { input: { values: { feeAccountId: '', 'param.lastFourDigits': '' } }, events: { CHANGE: { name: 'feeAccountId', value: '51002' } } }),
  },
  confirmCardForm: {
    machine: confirmCardFormMachine,
    description: 'Confirming an added card with the small amount charged to it.',
    ...samples(confirmCardFormMachine, { input: { values: { verificationAmount: '' } }, events: { CHANGE: { name: 'verificationAmount', value: '1.23' } } }),
  },
  applyForm: {
    machine: applyFormMachine,
    description: 'Applying for a card: an offer (network, prepaid or debit, currency, virtual or physical), and for a debit card its settlement account.',
    ...samples(applyFormMachine, { input: { values: { offer: '', applyType: '', settlementAccountId: '' } }, events: { CHANGE: { name: 'offer', value: '1' } } }),
  },
  binLookup: {
    machine: binLookupMachine,
    description: 'Add card: the first 6 digits (spaces removed) are looked up 300 ms after they change; a newer bin replaces an older one.',
    ...samples(binLookupMachine, { events: { TYPED: { number: '4111 1111' } } }),
  },
  historyFilter: {
    machine: historyFilterMachine,
    description: 'The history filter form: dates and amounts in order, a whole e-mail; submitting puts the filter into the address.',
    ...samples(historyFilterMachine, { input: { values: { fromDate: '', toDate: '', keyword: '' } }, events: { CHANGE: { name: 'keyword', value: 'rent' } } }),
  },
  batchFilter: {
    machine: batchFilterMachine,
    description: 'The batch transfers filter form (search, types, from, to): dates real and in order; submitting puts the filter into the address.',
    ...samples(batchFilterMachine, { input: { values: { search: '', types: '', from: '', to: '' } }, events: { CHANGE: { name: 'search', value: 'payroll' } } }),
  },
  export: {
    machine: exportMachine,
    description: 'One export of the history: start, status asked with a growing pause (1, 2, 4, then 8 s) until ready or failed, then download or send to an e-mail; cancel and retry.',
    ...samples(exportMachine, { events: { START: { request: { type: 'csv', customerEmail: 'ana@example.com', filter: { accountId: 5 } } }, SEND: { email: 'ana@example.com' } } }),
  },
  sendExportForm: {
    machine: sendExportFormMachine,
    description: 'Sending a ready export to an e-mail: a whole address first; the export statechart sends it.',
    ...samples(sendExportFormMachine, { input: { values: { email: '' } }, events: { CHANGE: { name: 'email', value: 'ana@example.com' } } }),
  },
  approval: {
    machine: approvalMachine,
    description:
      'Confirming any money movement or sensitive action (001 s4): mode none succeeds at once (pending when the reply says so); sms, otp and approvalCode ask for the code, which can be sent again or by another method; push waits for the result on the realtime channel (success, failure, rejection); a failed transfer can be retried; the SMS success closes after 3 s.',
    ...samples(approvalMachine, { input: { request: sampleApprovalRequest }, events: { CODE: { value: '123456' } }, outputs: { submit: sampleApprovalReply } }),
  },
  ownTransfer: {
    machine: ownTransferMachine,
    description:
      'A transfer between own accounts from its form to its approval (the transfer statechart every kind of transfer uses): the form rule with the accounts, rate, minimum, maximum and fee; the approval as a child; one requestId per intent, kept by a retry, a cancelled approval and a reload, renewed when the values change or the transfer ended; a success starts a new form.',
    ...samples(ownTransferMachine, { input: { values: { ...emptyOwnTransferValues, fromAccount: '1', toAccount: '2' } }, events: { CHANGE: { name: 'amount', value: '10' }, SUBMIT: { facts: sampleOwnTransferFacts } } }),
  },
  p2pTransfer: {
    machine: p2pTransferMachine,
    description: 'Peer-to-peer by e-mail from its form to its approval (the transfer statechart with the p2p rules): recipient, amount with fee, note, reference, sender e-mail, coupon, template, recurring options; one requestId per intent.',
    ...samples(p2pTransferMachine, { input: { values: emptyP2pValues } }),
  },
  externalTransfer: {
    machine: externalTransferMachine,
    description:
      'An external transfer of any of the six kinds (wire, EFT, card payout, crypto, instant payment, Interac) from its form to its approval (the transfer statechart with the external rules, the kind as a value): the kinds and currencies offered to the country, the beneficiary fields of the kind, extra parameters, transfer details that block, fee, smallest and largest amount; one requestId per intent.',
    ...samples(externalTransferMachine, { input: { values: emptyExternalValues } }),
  },
  massFile: {
    machine: massFileMachine,
    description:
      'A mass file transfer (wire, EFT, card payout, crypto) across its page and the confirm page: the file checked in the browser first (a worker with progress; every problem with its line and column; cancellable), a clean file summarised by the service (nothing moves; refused rows come back the same way), the summary reviewed, then sent through the approval with one requestId per reviewed summary.',
    ...samples(massFileMachine, { input: { method: 'wire' } }),
  },
  globalPayBatch: {
    machine: globalPayBatchMachine,
    description:
      'A global pay batch across /transfer/mass/global and /transfer/external/global-summary: the file checked in the browser (its bad lines fixed in place or left out, the file written back and checked again), uploaded once per requestId (code 92: an identical batch exists, sent anyway with ignoreIdenticalBatch or dropped), the draft edited (a cell checked by the row rule, each edit shown at once and saved one call at a time; a failed call marks only its payments, retried or discarded), submitted through the approval or rejected after a question, then its status followed with back-off until it settles; a failed payment sent again (single approval); a reload resumes from the service.',
    ...samples(globalPayBatchMachine, { input: {}, events: { ACCOUNT: { accountId: '1' }, BATCH_NAME: { batchName: 'March payroll' } } }),
  },
  businessWizard: {
    machine: businessWizardMachine,
    description:
      "The business registration wizard (/register/business): generalForm, financialInfoForm, dueDilligenceForm, legalForm, then the directors', shareholders' and users' hubs and a summary; free movement among finished steps, a step's errors shown once left; any person or company of the tree edited in personForm or companyForm (a user's e-mail checked while typed); submit validates everything, then create account with the captcha; the draft saved on every change.",
    ...samples(businessWizardMachine, { input: { today: SAMPLE_TODAY, agreements: ['terms'] } }),
  },
  personalRegistration: {
    machine: personalRegistrationMachine,
    description: "Personal registration (/register/personal): the form, and beside it the e-mail's existence state while it is typed (checked after a pause; an invalid e-mail is not sent); submit when the form is right, the e-mail free and the captcha done; create account once per intent.",
    ...samples(personalRegistrationMachine, { input: { today: SAMPLE_TODAY, agreements: ['terms'] } }),
  },
  accountRecovery: {
    machine: accountRecoveryMachine,
    description:
      'Account recovery (/account-recovery/email → status → reset → password → success, each step its own address): the e-mail and the person’s data open a recovery task (an unknown e-mail answered alike); approved sends a code, a rejection offers another try or says what to do; the code checked (wrong, expired, too many tries); the new password set with e-mail, code and password; a reload resumes (the code is never kept: the password step asks for it again).',
    ...samples(accountRecoveryMachine, { input: { today: SAMPLE_TODAY } }),
  },
  accountActivation: {
    machine: accountActivationMachine,
    description: '/activate without a link: the kind of account (the link’s three), the e-mail and the code typed; activate (success signs in, a refusal keeps everything and says why); send the code again (the same answer whether or not an account waits; a 429 says when).',
    ...samples(accountActivationMachine, { input: {} }),
  },
  verificationStatus: {
    machine: verificationStatusMachine,
    description:
      'The account verification status (002 s4) the layouts, banners and profile follow: one state per status (checked, limited, processing, verificationProcessing, unverified, duplicateDocuments, duplicateDocumentsUploaded, hasRequiredActions, someCardDocumentRequired, finalReview), decided first-match-wins from the customer’s facts, again whenever they change (an upload, a confirmation) or are loaded again (a realtime notification).',
    ...samples(verificationStatusMachine, { input: { facts: factsFor.unverified } }),
  },
  phoneVerification: {
    machine: phoneVerificationMachine,
    description:
      'A phone of the profile added or replaced (the country code without its plus sign; replaced when it has an id), then verified the way the customer chooses (sms, email or camera): the captcha, a code by SMS or e-mail for a fresh code challenge, the code confirmed with the verifier; or a link to the phone confirmed there with its camera, its confirmation read every 3 s (at most 60 times, then on asking); refusals on the form (never a popup), the service’s message or description as it gives them.',
    ...samples(phoneVerificationMachine, { input: {}, events: { CHOOSE: { verification: 'email' } }, outputs: { savePhone: 701, makeChallenge: { verifier: 'v'.repeat(43), challenge: 'c'.repeat(43) }, checkConfirmed: true } }),
  },
  documentUpload: {
    machine: documentUploadMachine,
    description:
      'A verification document uploaded: the files of each part its type needs (front; back for types 4 and 5; the registration stamp for type 88 in RU and UA) checked before sending (PDF, JPEG or PNG up to 10 MB), the upload with its progress and a cancel, a failure that keeps the files, the document’s id handed over.',
    ...samples(documentUploadMachine, { input: { categoryId: 1, countryCode: 'RO', documentTypeId: 4 } }),
  },
  addressEdit: {
    machine: addressEditMachine,
    description:
      'An address of the profile added or replaced: the fields checked (a state from the country’s list when it has states; another country clears it); a replacement asks first which cards the move cancels or ships to the old address, and the customer confirms knowing that; what was typed kept through a refusal.',
    ...samples(addressEditMachine, { input: { addressId: null, values: {} } }),
  },
  taxIdForm: {
    machine: taxIdFormMachine,
    description: 'The profile’s tax id (customerTaxNumberUpdate): the form statechart with its rule; a refusal shows the service’s description.',
    ...samples(taxIdFormMachine, { input: { values: { taxId: '' } }, events: { CHANGE: { name: 'taxId', value: 'RO1234567' } } }),
  },
  usernameChangeForm: {
    machine: usernameChangeFormMachine,
    description: 'A request to sign in with another e-mail address: the form statechart with its rule (an e-mail, not the one in use), and when the service asks for it, confirming it is you (re-authentication) before the same address is sent again; active until the link in the new mailbox is opened.',
    ...samples(usernameChangeFormMachine, { input: { values: { email: '', current: 'ana@example.com' } }, events: { CHANGE: { name: 'email', value: 'ana.lima@example.com' } } }),
  },
  personalCertification: {
    machine: personalCertificationMachine,
    description:
      'The personal tax self-certification (FATCA/CRS): the tax reference table and any earlier answers loaded; birth city, country and date, citizenships, US indicia and taxpayer, and up to ten tax residences, each with its tax id or the reason it is missing as the country allows (an explanation when it cannot be obtained); checked before sending, the service’s refusals by field; the US forms still to give afterwards; the analytics events of 002 s9.',
    ...samples(personalCertificationMachine, { input: { today: SAMPLE_TODAY } }),
  },
  businessCertification: {
    machine: businessCertificationMachine,
    description:
      'The business tax self-certification (FATCA/CRS): the tax reference table, any earlier answers and the company’s shareholders and directors loaded; the questions in order (financial institution, client funds, managed by one — then the GIIN or why there is none; listed on a market, owned by a listed company, passive income), each answer closing those that no longer apply; US taxpayer and disregarded entity; the company’s tax residences; a passive NFE’s controlling persons (from a shareholder or director, or new) with their own tax residences; checked before sending, refusals by field; the W-9 or W-8BEN-E still to give; the 002 s9 events.',
    ...samples(businessCertificationMachine, { input: { today: SAMPLE_TODAY } }),
  },
  usFormUpload: {
    machine: usFormUploadMachine,
    description: 'A US form the certification asks for, given: a signed W-9 or W-8BEN (the name as signed, the date, the file) or the certificate of loss of US nationality; checked before sending, a refusal keeps what was given, the 002 s9 event tracked.',
    ...samples(usFormUploadMachine, { input: { kind: 'w9', today: SAMPLE_TODAY, signedName: 'Ana Lima' } }),
  },
  identityVerification: {
    machine: identityVerificationMachine,
    description: 'Identity verification with the external provider: started (a full-page move to the provider, or the run handed to the mobile app), then on the way back the result asked for (approved, rejected with the reason and a new try, pending asked again every 3 s at most 10 times); a visitor not signed in is only told to continue where they started.',
    ...samples(identityVerificationMachine, { input: { mode: 'start', signedIn: true, wrapper: false } }),
  },
  globalPayTable: {
    machine: globalPayTableMachine,
    description: "How a draft's payments table is looked at (/transfer/mass/global): the words found, which payments are shown, the order, and the payments ticked to remove or restore together (none or some ticked).",
  },
  globalPayPaymentForm: {
    machine: globalPayPaymentFormMachine,
    description: 'A payment of a draft global pay batch, added or changed (the form statechart with the same row rule as the file and the service); saving hands it to the batch statechart.',
    ...samples(globalPayPaymentFormMachine, { input: { values: emptyGlobalPayPayment } }),
  },
  globalPayRenameForm: {
    machine: globalPayRenameFormMachine,
    description: "A draft global pay batch's new name (1 to 60 characters; the form statechart); the batch statechart shows it at once and saves it with full update.",
    ...samples(globalPayRenameFormMachine, { input: { values: { batchName: '' } }, events: { CHANGE: { name: 'batchName', value: 'March payroll' } } }),
  },
  globalPayResendForm: {
    machine: globalPayResendFormMachine,
    description: 'A failed global payment sent again: the same or a corrected e-mail (the form statechart); the batch statechart then asks for the approval.',
    ...samples(globalPayResendFormMachine, { input: { values: { beneficiaryEmail: '' } }, events: { CHANGE: { name: 'beneficiaryEmail', value: 'boris@example.com' } } }),
  },
  receive: {
    machine: receiveMachine,
    description: 'The recipient page of a global payment (/receive/{id}, public): what the link pays and the ways to receive it, an unknown link, a failure to reach the service (try again), and the link read again once the choice is taken.',
    ...samples(receiveMachine, { input: { id: 'rAbc' } }),
  },
  receiveForm: {
    machine: receiveFormMachine,
    description: 'The recipient of a global payment on /receive/{id}: how to receive it (a method the sender allowed) and what that method needs, checked with the service\'s rule and sent once.',
    ...samples(receiveFormMachine, { input: { values: emptyReceiveForm } }),
  },
  actingCustomer: {
    machine: actingCustomerMachine,
    description: 'Acting for a company: the customers the user may act for; a choice checked against that list (one it does not hold is refused and said), then the new customer\'s access info first (refused or failed, the customer before stays); the old customer\'s cached reads dropped, the list read again and the business start page run again. One switch at a time.',
    ...samples(actingCustomerMachine, {
      input: { current: 10 },
      events: { CHOOSE: { customerId: 20 } },
      outputs: { loadChoices: [{ id: 10, name: 'Acme S.L.' }, { id: 20, name: 'Harbour Freight Ltd' }], loadAccess: { customer: { id: 20, name: 'Harbour Freight Ltd' } } },
    }),
  },
  requestDecision: {
    machine: requestDecisionMachine,
    description: 'Deciding business transaction requests on /transfer/approved: ticked requests, a decline asked first, every decision (one, the ticked ones, a whole mass request) confirmed through the approval statechart; on success the list and counts refresh.',
  },
  lookup: {
    machine: lookupMachine,
    description: 'A lookup as the customer types (the payee check of an e-mail, a SWIFT code, an IBAN, an instant key): asked a moment after the query changes (300 ms; the payee check 400 ms), not twice for the same query, a newer query replacing an older lookup; nothing to ask empties it; retry after a failure.',
    ...samples(lookupMachine, { events: { QUERY: { query: 'ana@example.com' } } }),
  },
  preapprovedFilter: {
    machine: preapprovedFilterMachine,
    description: 'The preapproved payments filter (recipient e-mail, type, amounts in order); submitting puts the filter into the address.',
    ...samples(preapprovedFilterMachine, { input: { values: { beneficiaryEmail: '', type: '', fromAmount: '', toAmount: '' } }, events: { CHANGE: { name: 'fromAmount', value: '10' } } }),
  },
  preapprovedCancel: {
    machine: preapprovedCancelMachine,
    description: 'Cancelling a preapproved payment: asked first; a refusal opens the action-confirmation popup with the reason, to try again or close.',
    ...samples(preapprovedCancelMachine, { events: { CANCEL: { paymentId: 12 } } }),
  },
  massP2p: {
    machine: massP2pMachine,
    description: 'Mass p2p across its page and confirm page: the payments typed, pasted or read from a file; a summary first (lines the service cannot send go back to be fixed); the reviewed batch sent through the approval with one requestId per summary.',
  },
  kyc: {
    machine: kycMachine,
    description: 'The KYC wizard on /kyc: the request, the customer’s data and due diligence loaded; the request’s steps still to do in its order (the questions, the personal data, the due diligence documents sent one by one with their progress, the identity check done with the provider), each checked before it is sent, BACK keeping everything; after the last step the request is read again and the customer moves on.',
    ...samples(kycMachine, { input: { today: SAMPLE_TODAY } }),
  },
  profileUpdate: {
    machine: profileUpdateMachine,
    description: 'The personal information update on /profile-update: the personal data read, checked with the KYC rules (names, an adult’s date of birth, the country of residence, the address) and saved; then the customer moves on.',
    ...samples(profileUpdateMachine, { input: { today: SAMPLE_TODAY } }),
  },
  task: {
    machine: taskMachine,
    description: 'One thing done on request that can fail and be tried again (download a statement or a confirmation); presses while it runs are ignored.',
  },
  reauthentication: {
    machine: reauthenticationMachine,
    description:
      '“Confirm it is you” before a sensitive change (check-password): the password (or the one a form already holds), then the second factor when two-step verification is on; a wrong password or code stays with the service’s reason, too many tries wait out the Retry-After, and it ends with a proof valid for a few minutes or cancelled.',
    ...samples(reauthenticationMachine, { input: {}, events: { PASSWORD: { value: 'secret12' }, CODE: { value: '123456' } }, outputs: { checkPassword: { secondFactor: 'sms' } } }),
  },
  twoStepMode: {
    machine: twoStepModeMachine,
    description:
      'Changing the two-step verification mode on /setting: a mode offered (off and SMS, push with a linked device, the app’s code only while current), re-authentication unless a proof is still valid, the code requested (sent again as a new request), confirmed (a 400 keeps the popup, another failure the response popup with retry), then the rotated tokens taken and home, or the success popup that closes after 3 s.',
    ...samples(twoStepModeMachine, {
      input: { current: 'no', hasLinkedDevice: true },
      events: { CHOOSE: { mode: 'sms' }, CODE: { value: '123456' }, PROFILE: { current: 'sms', hasLinkedDevice: true } },
      outputs: { requestTwoStep: { reqId: 'req-2fa-1', phoneNumber: '+40 7** *** 123', smsIdentifier: '42' }, confirmTwoStep: { accessToken: 'at-2', refreshToken: 'rt-2' } },
    }),
  },
  passwordChange: {
    machine: passwordChangeMachine,
    description:
      'Changing the password on /setting: the current, new and repeated password checked (the sign-up’s rule, a new one, the repeat equal) with nothing typed lost, re-authentication with the typed password, the change sent once per intent (retry after a failure), its code confirmed in the approval popup (a wrong code stays), then the success popup or “Confirmation canceled”, the passwords forgotten.',
    ...samples(passwordChangeMachine, { input: {}, events: { CHANGE: { name: 'passwordNew', value: 'n3w-Password' }, CODE: { value: '123456' } }, outputs: { changePassword: { requestKey: 'rk-1', approvalSentTo: '+40 7** *** 123', smsIdentifier: '42' }, confirmPasswordChange: undefined } }),
  },
  linkDevice: {
    machine: linkDeviceMachine,
    description: 'Linking a new device: a QR code of a fresh deeplink asked again every 60 s while the popup is open (a failure can be retried), and beside it the app’s store links sent by SMS to a phone number; closing stops both.',
    ...samples(linkDeviceMachine, { events: { SEND_LINKS: { phoneNumber: '+40 712 345 678' } }, outputs: { requestDeeplink: { deeplink: 'app://link-device?token=abc' } } }),
  },
  loginHistoryFilter: {
    machine: loginHistoryFilterMachine,
    description: 'The login history filter (from, to), one actor for the page\'s life: each date a real day written YYYY-MM-DD, the end not before the start; Apply puts the dates into the address (empty ones dropped, back to the first page), Clear empties them, a change of the address is brought in.',
    ...samples(loginHistoryFilterMachine, { input: { values: { fromDate: '', toDate: '' } }, events: { CHANGE: { name: 'fromDate', value: '2026-03-01' }, SYNC: { values: { fromDate: '2026-03-01', toDate: '' } } } }),
  },
  ipList: {
    machine: ipListMachine,
    description:
      'The allowed IP list on /setting: add an address or range in a popup, delete an entry after a confirmation, turn the mode on or off; a change that would lock the customer out of their own sign-in (the current address left outside the list while the mode is on) first offers to add that address, each change is sent once (a retry resends the same request), and the service may ask the customer to confirm it is them before it is made.',
    ...samples(ipListMachine, {
      input: {},
      events: {
        DELETE: { id: 1, label: '203.0.113.7', list: { modeOn: true, entries: [{ id: 1, ip: '203.0.113.7', toIp: null }, { id: 2, ip: '198.51.100.1', toIp: '198.51.100.9' }], current: '203.0.113.7' } },
        SET_MODE: { mode: 'on', list: { modeOn: false, entries: [{ id: 2, ip: '198.51.100.1', toIp: '198.51.100.9' }], current: '203.0.113.7' } },
      },
    }),
  },
  ipAddForm: {
    machine: ipAddFormMachine,
    description: 'The add-IP popup of the allowed IP list: one IPv4 or IPv6 address, or a range of one version that does not end before it starts, checked before sending; when the service asks, the customer confirms it is them and the same entry is sent again; it ends once the entry is added.',
    ...samples(ipAddFormMachine, { input: { values: { ip: '', toIp: '' } }, events: { CHANGE: { name: 'ip', value: '203.0.113.7' } } }),
  },
  blacklistAddForm: {
    machine: blacklistAddFormMachine,
    description: 'The add-to-blacklist popup: an e-mail (not the customer’s own, not on the list already, either way whatever its case) and what to block (every payout, single P2P transfers or mass payouts), checked before sending; a refusal keeps what was typed.',
    ...samples(blacklistAddFormMachine, { input: { values: { email: '', blockType: '', own: 'ana@example.com', listed: 'boris@example.com' } }, events: { CHANGE: { name: 'email', value: 'carol@example.com' } } }),
  },
  confirmedChange: {
    machine: confirmedChangeMachine,
    description: 'A destructive change (an e-mail removed from the payout blacklist, an admin document taken off a customer’s file) asked first and sent once: cancel sends nothing, a failure shows why and can be retried with the same request, success reads the list again.',
    ...samples(confirmedChangeMachine, { events: { REQUEST: { subject: 'boris@example.com' } } }),
  },
  notificationToggle: {
    machine: notificationToggleMachine,
    description: 'One notification setting’s switch: it moves at once and saves, takes no other press while saving, goes back to the saved value with the reason when saving fails, and follows the list when it is read again.',
    ...samples(notificationToggleMachine, { input: { identified: 'newSignIn', value: false }, events: { TOGGLE: { value: true }, SYNC: { value: true } }, outputs: { save: { value: true } } }),
  },
  invoices: {
    machine: invoicesMachine,
    description: 'The popups of /transfer/invoices, one at a time: view an invoice, and from it pay or reject it; create one; a business asks for a funding invoice. A create, reject or funding ends with what was done shown until closed; a payment ends when its approval popup is closed; after each the invoice and both lists are read again (also when a payment may have gone through after its popup was closed).',
    ...samples(invoicesMachine, {
      events: {
        VIEW: { invoiceId: 41 },
        CREATE: { values: { toEmail: '', amount: '', currency: 'USD', dueDate: '', noteBody: '', today: SAMPLE_TODAY, currencies: 'USD\nEUR', own: 'ana@example.com' } },
        PAY: { invoice: { invoiceId: 41, amount: '125.50', currencyCode: 'USD', payeeEmail: 'shop@example.com' } },
        REJECT: { invoiceId: 41, values: { note: '' } },
        FUND: { values: { amount: '', currency: 'USD' } },
      },
    }),
  },
  invoicePay: {
    machine: invoicePayMachine,
    description: 'Paying an invoice: the p2p transfer with the invoice\'s id, its amount, currency and payee fixed; an account chosen and its fee asked (a failure can be retried), paid only when the balance covers amount and fee, through the approval in the customer\'s mode, once per intent (a retry after a lost reply pays once; another account is a new intent).',
    ...samples(invoicePayMachine, {
      input: { invoice: { invoiceId: 41, amount: '125.50', currencyCode: 'USD', payeeEmail: 'shop@example.com' } },
      events: { CHOOSE: { accountId: 7 }, PAY: { enough: true } },
      outputs: { quoteFee: '1.50' },
    }),
  },
  invoiceCreateForm: {
    machine: invoiceCreateFormMachine,
    description: 'The create-invoice popup: the payer\'s e-mail (not the customer\'s own), an amount above zero with the currency\'s decimals, a currency of the customer\'s accounts, a due date today or later, a note of at most 500 characters; checked before sending, sent once per intent, a refusal keeps what was typed.',
    ...samples(invoiceCreateFormMachine, { input: { values: { toEmail: '', amount: '', currency: 'USD', dueDate: '', noteBody: '', today: SAMPLE_TODAY, currencies: 'USD\nEUR', own: 'ana@example.com' } }, events: { CHANGE: { name: 'toEmail', value: 'shop@example.com' } } }),
  },
  invoiceRejectForm: {
    machine: invoiceRejectFormMachine,
    description: 'The reject-invoice popup: an optional note of at most 500 characters to the sender, sent once per intent.',
    ...samples(invoiceRejectFormMachine, { input: { values: { note: '' } }, events: { CHANGE: { name: 'note', value: 'The amount is wrong' } } }),
  },
  fundingInvoiceForm: {
    machine: fundingInvoiceFormMachine,
    description: 'A business\'s funding invoice: the amount, above zero with the currency\'s decimals, sent once per intent; when the document cannot be made the amount stays and the failure is said.',
    ...samples(fundingInvoiceFormMachine, { input: { values: { amount: '', currency: 'USD' } }, events: { CHANGE: { name: 'amount', value: '500' } } }),
  },
  invoiceFilter: {
    machine: invoiceFilterMachine,
    description: 'The invoice lists\' filter (status, dates, amounts, the other party\'s e-mail), one actor for the page\'s life: dates and amounts each in order before Apply puts them into the address from the first page; Clear empties them; a change of the address is brought in.',
    ...samples(invoiceFilterMachine, { input: { values: { status: '', fromDate: '', toDate: '', fromAmount: '', toAmount: '', email: '' } }, events: { CHANGE: { name: 'fromAmount', value: '10' }, SYNC: { values: { status: '1', fromDate: '', toDate: '', fromAmount: '', toAmount: '', email: '' } } } }),
  },
  adminCustomerFilter: {
    machine: adminCustomerFilterMachine,
    description: 'The admin overview\'s search of the customers an admin administers (a name or login e-mail in part, at most 100 characters), one actor for the page\'s life: Search puts it into the address from the first page, Clear empties it, a change of the address is brought in.',
    ...samples(adminCustomerFilterMachine, { input: { values: { search: '' } }, events: { CHANGE: { name: 'search', value: 'acme' }, SYNC: { values: { search: 'harbour' } } } }),
  },
  adminDocumentAssign: {
    machine: adminDocumentAssignMachine,
    description: 'An admin document put on the acted-for customer\'s file: a name of at most 120 characters and a PDF, JPEG or PNG of at most 10 MB, checked before sending; sent once per attempt (the same name and file sent again after a failure reuse its request, so a lost reply never keeps it twice); a refusal keeps the name and the file and says why.',
    ...samples(adminDocumentAssignMachine, {
      events: { CHANGE: { value: 'Certificate of incorporation' }, CHOOSE: { file: { name: 'certificate.pdf', type: 'application/pdf', size: 48_213 } } },
      outputs: { assign: { id: 40003, name: 'Certificate of incorporation', fileName: 'certificate.pdf', mimeType: 'application/pdf', size: 48_213, assignedAt: '2026-11-26T10:00:00Z' } },
    }),
  },
  financialDetailForm: {
    machine: financialDetailFormMachine,
    description: "The company's financial details (/company/financial-details): sources of funds, purposes of the account, estimated monthly deposits, currencies and the industry, each required; checked before sending, sent once per intent, a refusal keeps what was chosen; done, the section starts again from what the service kept.",
    ...samples(financialDetailFormMachine, {
      input: { values: { sourcesOfFunds: 'salesRevenue', purposesOfAccount: '', estimatedMonthlyDeposit: '', currencies: 'USD', industry: '' } },
      events: { CHANGE: { name: 'purposesOfAccount', value: 'payments' } },
    }),
  },
  dueDiligenceForm: {
    machine: dueDiligenceFormMachine,
    description: "The company's due-diligence answers: the business additional questions as adjusted on load (a yes adds its details, a controlling person adds a name and a birth date), every question shown answered; sent once per intent.",
    ...samples(dueDiligenceFormMachine, {
      input: { values: { '@questions': '[{"id":"businessAnotherAccount","type":"select","text":"Another account?"}]', businessAnotherAccount: '' } },
      events: { CHANGE: { name: 'businessAnotherAccount', value: 'false' } },
    }),
  },
  declarationSignForm: {
    machine: declarationSignFormMachine,
    description: 'A statement the company signs (the resolution, the studio or streaming platform declaration, the prohibited escort statement): the signer\'s full name, 2 to 120 characters, and the statement accepted; sent once per intent.',
    ...samples(declarationSignFormMachine, { input: { values: { signedName: '', accepted: '' } }, events: { CHANGE: { name: 'signedName', value: 'Ana Pop' } } }),
  },
  representativeAddressForm: {
    machine: representativeAddressFormMachine,
    description: "The signed-in representative's address for the company with its proof: the address as the profile checks it (the state where the country has states), the proof's type chosen and its file a PDF, JPEG or PNG up to 10 MB, all before sending; sent once per intent as one multipart request.",
    ...samples(representativeAddressFormMachine, {
      input: { values: { address1: '', address2: '', city: '', postalCode: '', countryCode: 'RO', stateCode: '', '@states': '', documentTypeId: '', fileName: '', fileType: '', fileSize: '' } },
      events: { CHANGE: { name: 'city', value: 'Bucharest' } },
    }),
  },
  permissionChange: {
    machine: permissionChangeMachine,
    description: "A change of who may do what for the company (a user's access, a user invited or removed, a new primary e-mail), never approved by its author: drafted with presets or each level (5 only when held), sent once through the approval; with two or more full-access users it waits for another one, who approves (the lists read again, applied) or declines after a confirmation; after 7 days it expires; a change that can no longer apply fails with the reason.",
    ...samples(permissionChangeMachine, {
      input: { kind: 'rights', target: { userId: 1204, name: 'Ana Dobre', version: 1 }, access: { accessRights: 1, accessList: { balanceInfo: 1, transfers: 1, history: 1, merchant: 0 } }, permissions: { settlementAccount: false } },
      events: { PRESET: { preset: 'preparer' }, RIGHTS: { level: 3 }, LEVEL: { area: 'merchant', level: 1 }, FLAGS: { permissions: { settlementAccount: true } }, STATUS: { status: 'expired' } },
      outputs: { decide: { status: 'applied' }, reload: undefined },
    }),
  },
  companyEmails: {
    machine: companyEmailsMachine,
    description: "The company's e-mails: an address checked before it is added (once per intent), its 6-digit code asked next and resent on request, a delete asked first and sent once, a new primary asked first and sent through the approval (another full-access user approves it, or the user's approval mode).",
    ...samples(companyEmailsMachine, {
      input: { known: ['office@example.com'] },
      events: { CHANGE: { value: 'billing@example.com' }, CODE: { value: '123456' }, CONFIRM_CODE: { email: { emailId: 7, email: 'ops@example.com' } }, DELETE: { email: { emailId: 7, email: 'ops@example.com' } }, MAKE_PRIMARY: { email: { emailId: 6, email: 'billing@example.com' } }, KNOWN: { emails: ['office@example.com'] } },
      outputs: { add: 8, confirm: undefined, resend: undefined, remove: undefined },
    }),
  },
  representative: {
    machine: representativeMachine,
    description: "Adding a representative (a person with roles: director, shareholder with a share, ultimate owner; or a company that holds shares), checked by the registration wizard's rules before sending, once per intent, a refusal keeping what was typed; deleting one after a confirmation (forced for admins), once per request.",
    ...samples(representativeMachine, {
      events: {
        ADD: { values: { kind: 'person', firstName: '', lastName: '', companyName: '', birthday: '', email: '', phone: '', director: '', shareholder: '', ultimateOwner: '', share: '', '@today': SAMPLE_TODAY, '@otherShares': '60', '@emails': '' } },
        CHANGE: { name: 'firstName', value: 'Ana' },
        DELETE: { target: { representativeId: 5, name: 'Andrei Popescu', mode: 'delete' } },
      },
      outputs: { add: 9, remove: undefined },
    }),
  },
  secretReveal: {
    machine: secretRevealMachine,
    description: "A new signing secret (the IPN settings' secret regeneration, the PBN setting's secret), shown once: asked first (the old one stops working), issued once per intent, shown until the user says they kept it, then only its last four characters; leaving while it is shown asks first.",
    ...samples(secretRevealMachine, { events: { REGENERATE: { subject: 4 }, CONFIRM: { choice: '1h' } }, outputs: { regenerate: 'whsec_3kq8S2vLxN7pR4tY9uB1mC6dF0gH5jZa' } }),
  },
  logoUpload: {
    machine: logoUploadMachine,
    description: "A business logo uploaded: a name and a PNG or JPEG of at most 1 MB checked first, the file's first bytes read so a file that only looks like an image is refused before any upload, then one multipart request per intent; a refusal keeps the name and the file.",
    ...samples(logoUploadMachine, {
      input: { isDefault: false },
      events: { CHANGE_NAME: { value: 'Main logo' }, SET_DEFAULT: { value: true } },
      outputs: { readKind: 'image/png', upload: 12 },
    }),
  },
  buttonEdit: {
    machine: buttonEditMachine,
    description: "A saved payment button made or changed: its name, buy now or donate, the item, the amount in the currency of an open account, a logo of the merchant's and https return addresses, all checked first; sent once per intent; a refusal keeps every value, by field or in the response popup.",
    ...samples(buttonEditMachine, {
      input: { known: { currencies: ['EUR', 'USD'], logoIds: [3] } },
      events: { CHANGE: { name: 'itemName', value: 'Gift card 50' }, SET_LOGO: { logoId: 3 }, KNOWN: { known: { currencies: ['EUR'], logoIds: [] } } },
      outputs: { save: 7 },
    }),
  },
  ipnSettingsForm: {
    machine: ipnSettingsFormMachine,
    description: "The IPN settings: on or off, which payments are notified, and the notify address (required while on; https, http only for the sandbox's own host), checked before saving, saved once per intent, a refusal keeping what was typed.",
    ...samples(ipnSettingsFormMachine, {
      input: { values: { statusId: '1', notifyStatusId: '1', notifyUrl: '' } },
      events: { CHANGE: { name: 'notifyUrl', value: 'https://shop.example/ipn' } },
      outputs: { submit: undefined },
    }),
  },
  pbnSettingsForm: {
    machine: pbnSettingsFormMachine,
    description: 'The payment button notification setting: on or off, saved once per intent.',
    ...samples(pbnSettingsFormMachine, { input: { values: { statusId: '1' } }, events: { CHANGE: { name: 'statusId', value: '2' } }, outputs: { submit: undefined } }),
  },
  identityCheck: {
    machine: identityCheckMachine,
    description: "An identity verification check started for a person: the paying account's fee asked as soon as it is chosen (and again for another account), the details checked, the fee and the person confirmed before anything is charged, then one request per intent, so the fee is charged once; a refusal keeps every value.",
    ...samples(identityCheckMachine, {
      input: { known: { accounts: [{ accountId: 11, balance: '100.00' }], countries: ['DE'] } },
      events: { CHANGE: { name: 'firstName', value: 'Anna' }, CHOOSE_ACCOUNT: { accountId: 11 }, KNOWN: { known: { accounts: [{ accountId: 11, balance: '100.00' }], countries: ['DE'] } } },
      outputs: { fee: { accountId: 11, amount: '2.50', currencyCode: 'EUR' }, create: 501 },
    }),
  },
  identityFilter: {
    machine: identityFilterMachine,
    description: "The identity checks' history filter (a status, part of the person's e-mail, the first and last day; empty values dropped), one actor for the page's life: checked before Apply puts it into the address; Clear empties it; a change of the address is brought in.",
    ...samples(identityFilterMachine, { input: { values: { status: '', email: '', fromDate: '', toDate: '' } }, events: { CHANGE: { name: 'status', value: 'approved' }, SYNC: { values: { status: 'declined', email: '', fromDate: '', toDate: '' } } } }),
  },
  webhookEdit: {
    machine: webhookEditMachine,
    description: "The webhooks of the public API: one added (its name, on or off, an https address), changed, turned on or off from the list, or removed after asking; each write sent once per intent; a refusal keeps what was typed, with the service's words by field or in the response popup.",
    ...samples(webhookEditMachine, {
      events: {
        ADD: { values: { name: '', enabled: 'true', url: '' } },
        EDIT: { id: 3, values: { name: 'Orders', enabled: 'true', url: 'https://shop.example.com/hooks/orders' } },
        CHANGE: { name: 'url', value: 'https://shop.example.com/hooks/new' },
        TOGGLE: { id: 3, values: { name: 'Orders', enabled: 'false', url: 'https://shop.example.com/hooks/orders' } },
        DELETE: { id: 3, subject: 'Orders' },
      },
      outputs: { save: { id: 3, secret: 'whsec_3kq8S2vLxN7pR4tY9uB1mC6dF0gH5jZa' }, remove: undefined },
    }),
  },
  apiKeyEdit: {
    machine: apiKeyEditMachine,
    description: "The API keys of the public API: one made (its secret shown once by the page), renamed, turned on or off, or removed after asking; each write sent once per intent; a refusal keeps what was typed.",
    ...samples(apiKeyEditMachine, {
      events: { ADD: { values: { name: '', enabled: 'true' } }, EDIT: { id: 7, values: { name: 'Production', enabled: 'true' } }, CHANGE: { name: 'name', value: 'Staging' }, TOGGLE: { id: 7, values: { name: 'Production', enabled: 'false' } }, DELETE: { id: 7, subject: 'Production' } },
      outputs: { save: { id: 7, secret: 'sk_sandbox_4Tq9LmZ2xW8rB5nV1cK7yH3pD6sF0gJa' }, remove: undefined },
    }),
  },
  allowedIpEdit: {
    machine: allowedIpEditMachine,
    description: "The addresses the API keys may be used from: one address or a range (the settings' allowed IP rules) added, changed, turned on or off, or removed after asking; each write sent once per intent; an overlap with another entry is said in the response popup.",
    ...samples(allowedIpEditMachine, {
      events: {
        ADD: { values: { name: '', enabled: 'true', ipFrom: '', ipTo: '' } },
        EDIT: { id: 2, values: { name: 'Office', enabled: 'true', ipFrom: '198.51.100.0', ipTo: '198.51.100.255' } },
        CHANGE: { name: 'ipTo', value: '198.51.100.127' },
        TOGGLE: { id: 2, values: { name: 'Office', enabled: 'false', ipFrom: '198.51.100.0', ipTo: '198.51.100.255' } },
        DELETE: { id: 2, subject: 'Office' },
      },
      outputs: { save: { id: 2 }, remove: undefined },
    }),
  },
  deliveryResend: {
    machine: deliveryResendMachine,
    description: "A webhook delivery posted again by hand: one request per intent (a lost reply is answered with the same attempt, not a second post), how the attempt went kept for its row, a failure tried again with the same request.",
    ...samples(deliveryResendMachine, { events: { RESEND: { id: 41 } }, outputs: { resend: { delivered: true, responseStatus: 200 } } }),
  },
  webhookPing: {
    machine: webhookPingMachine,
    description: "A test event sent to a webhook's address, and what the address answered (delivered or not, its status, the time it took and the start of its answer); a dead address is an answer, not a failure.",
    ...samples(webhookPingMachine, { events: { PING: { url: 'https://shop.example.com/hooks/orders' } }, outputs: { ping: { delivered: false, responseStatus: 500, durationMs: 182, responseExcerpt: 'Internal Server Error' } } }),
  },
  webhookLogFilter: {
    machine: webhookLogFilterMachine,
    description: "The webhook log's filter (an event, an address or a delivery's id as typed; the first and last day), one actor for the page's life: checked before Apply puts it into the address, which starts the log again from its first page; Clear empties it; a change of the address is brought in.",
    ...samples(webhookLogFilterMachine, { input: { values: { query: '', fromDate: '', toDate: '' } }, events: { CHANGE: { name: 'query', value: 'transfer' }, SYNC: { values: { query: 'ipn', fromDate: '', toDate: '' } } } }),
  },
  apiLogFilter: {
    machine: apiLogFilterMachine,
    description: "The API log's filter (a key, the first and last day), one actor for the page's life: checked before Apply puts it into the address; Clear empties it; a change of the address is brought in.",
    ...samples(apiLogFilterMachine, { input: { values: { apiKeyId: '', fromDate: '', toDate: '' } }, events: { CHANGE: { name: 'apiKeyId', value: '7' }, SYNC: { values: { apiKeyId: '', fromDate: '2026-11-01', toDate: '' } } } }),
  },
  contract: {
    machine: contractMachine,
    description: "A smart contract's lifecycle on its detail page: a state per status (unsigned, waiting, needing the payer's identification, signed, active, terminating, and the four endings), the service's news moving it as the rules' table says, each party's action (cancel, reject, terminate with a note, cancel the termination, terminate now) confirmed first and sent once, a contract changed meanwhile read again, signing on the signing page.",
    ...samples(contractMachine, {
      input: { status: 'ACTIVE', party: { initiator: true, payer: true, terminationAuthor: false }, canSign: false },
      events: {
        ACT: { action: 'terminate' },
        NOTE: { value: 'The studio closes at the end of the month.' },
        CAN_SIGN: { canSign: true },
        UPDATED: { status: 'TERMINATING' },
        SIGNED_BY_OTHER: { bothSigned: true, identificationNeeded: false, started: false },
        IDENTIFIED: { started: false },
      },
      outputs: { perform: 'TERMINATING', signUrl: 'https://sign.example/contracts/4100' },
    }),
  },
  contractFilter: {
    machine: contractFilterMachine,
    description: "The contract list's filter (the company's and the other party's names, each at most 255 characters), one actor for the page's life: checked before Apply puts it into the address with the tab and the order; Clear empties it; a change of the address is brought in.",
    ...samples(contractFilterMachine, { input: { values: { companyName: '', counterpartyName: '' } }, events: { CHANGE: { name: 'companyName', value: 'Aurora' }, SYNC: { values: { companyName: '', counterpartyName: 'Mia' } } } }),
  },
  contractCreate: {
    machine: contractCreateMachine,
    description: "A new smart contract in four steps (the other party by e-mail and who pays, the company, each side's signers and obligations with the share and the first day, the review), its values kept across Back, failures and a reload of the tab: each step checked before Next, the whole payload before verify; verify's no said before anything is made; one PUT per requestId, sent again with the same after a failure; the new contract opened.",
    ...samples(contractCreateMachine, {
      input: { ownId: 501, today: '2026-12-01', draft: null },
      events: {
        CHANGE: { name: 'email', value: 'mia@example.com' },
        CHOOSE_COMPANY: { company: { id: 7, title: 'Aurora Media', logo: null } },
        GO: { step: 'terms' },
      },
      outputs: { lookup: { id: 502, type: 'PERSONAL', email: 'mia@example.com' }, verify: true, create: 901 },
    }),
  },
  contractIdentification: {
    machine: contractIdentificationMachine,
    description: "The payer's identification of a contract waiting for it: a provider chosen (jmo or nfd), the signature identification service asked for its page, the service told it started, then off to the provider; or sent to the payer's phone; failed and tried again; a fresh read moving it, passed at last.",
    ...samples(contractIdentificationMachine, {
      input: { status: 'NEW' },
      events: { CHOOSE: { provider: 'nfd' }, UPDATED: { status: 'PROCESSING' } },
      outputs: { request: 'https://id.example/nfd/job-1' },
    }),
  },
  supportDesk: {
    machine: supportDeskMachine,
    description: 'The help desk as the support pages reach it: a support token from the bank and the contact it names; every help desk call queued and run in turn with the token; a 401 renews the token once and sends the call again once (a second: the session lost); a 429 drops the call and all queued, and refuses new ones until Try again.',
    ...samples(supportDeskMachine, {
      outputs: { authorise: { token: 'jwt-1', contact: { id: '7001', name: 'Sofia Lang', email: 'support@brand1.test' } }, refresh: 'jwt-2' },
    }),
  },
  supportMessage: {
    machine: supportMessageMachine,
    description: "A new support ticket (its fields from the help desk) or a reply, with attachments within the composer's limits: every field and file checked before anything is sent (refused files said by name); the files uploaded in turn with their progress; a failed upload keeps everything and sends nothing; the message sent once per intent.",
    ...samples(supportMessageMachine, {
      input: {
        fields: [{ apiName: 'content', type: 'Textarea', isMandatory: true, maxLength: 32000, allowedValues: [] }],
        limits: { maxCount: 5, maxSize: 10485760, types: ['application/pdf', 'image/png'] },
      },
      events: { CHANGE: { name: 'content', value: 'Thank you, here is the statement.' }, ADD_FILES: { files: [{ name: 'statement.pdf', size: 2048, type: 'application/pdf', file: null }] } },
      outputs: { upload: 'upload-1', send: { id: 'thread-1' } },
    }),
  },
  ticketRead: {
    machine: ticketReadMachine,
    description: "One support ticket opened: read with its conversations (up to 100), then its read-at field written so that it is no longer new (a refusal there is not the reader's concern); read again after a reply; a failed read said with Try again.",
    ...samples(ticketReadMachine, {
      outputs: {
        read: {
          ticket: { id: '1', ticketNumber: '10415', subject: 'Card blocked', status: 'Open', lastThread: { createdAt: '2026-11-30T10:00:00Z', to: 'support@brand1.test' }, updatedAt: '2026-11-30T10:00:00Z', createdAt: '2026-11-29T09:00:00Z', statusId: 'new', departmentId: '1', cf: { cf_read_at: null } },
          conversations: [{ id: 't1', author: { name: 'Ava Stone', type: 'AGENT' }, to: 'support@brand1.test', createdAt: '2026-11-30T10:00:00Z', summary: 'We have unblocked your card.', attachmentCount: 0 }],
          count: 1,
        },
      },
    }),
  },
  linkCheck: {
    machine: linkCheckMachine,
    description: 'A link in a message someone else wrote, checked before it opens (check-urls): safe opens in a new tab (or is offered to press when the browser would block it), unsafe is blocked, a failed check warns and lets the customer open it anyway, try again or cancel.',
    ...samples(linkCheckMachine, { events: { OPEN: { url: 'https://docs.example/guide' } }, outputs: { check: 'unsafe' } }),
  },
  countryPreselect: {
    machine: countryPreselectMachine,
    description: "A country field preselected from ipInfo, at most once: when both the field's list and the answer are there and the field is still empty; a value in the field (the customer's or the form's) ends it, and a VPN, proxy, Tor or hosting address sets nothing.",
    ...samples(countryPreselectMachine, { events: { FIELD: { value: '', offered: ['ES', 'PT'] }, INFO: { info: { ip: '192.0.2.10', country_code: 'PT', privacy: {} } } } }),
  },
  wait: {
    machine: waitMachine,
    description: 'The post-login wait (5 seconds) before something is asked for: the support badge\'s counts.',
  },
  updateCheck: {
    machine: updateCheckMachine,
    description: 'The update check: every 60 seconds the deployed build is read; a new one is offered (Reload or Later), never forced on a half-filled form; one put off is not offered again, a newer one is.',
    ...samples(updateCheckMachine, { input: { current: 'build-1' }, outputs: { readVersion: 'build-2' } }),
  },
  analyticsConsent: {
    machine: analyticsConsentMachine,
    description: 'Analytics consent: where the brand must ask, the banner asks and nothing is sent until Accept (Reject as easy); where a notice is enough, analytics runs with the notice and Turn off; the footer\'s "Analytics choices" opens it again, and Reject withdraws: the choice kept, the anonymous id deleted.',
    ...samples(analyticsConsentMachine, { input: { mode: 'opt-in', stored: null } }),
  },
} satisfies Record<string, MachineEntry>;

export type MachineName = keyof typeof entries;

export const machineRegistry: Record<MachineName, MachineEntry> = entries;
