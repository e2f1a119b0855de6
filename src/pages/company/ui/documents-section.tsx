import { useCallback, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { companyActions, type CompanyAction } from '@machines/company/company-file.rules';
import { DOCUMENT_CATEGORIES } from '@machines/verification/verification.rules';
import { companyFileKeys, type Business } from '@/entities/company-file';
import { documentTypesQuery, StatusText } from '@/entities/verification';
import { UploadDocumentButton } from '@/features/upload-document';
import type { Language } from '@/shared/config';
import { DateText } from '@/shared/ui';
import { REGISTRATION_FIELD_TEXTS, SET_STATUS_TEXTS } from './company-texts';
import styles from './company-page.module.css';

type UploadedDocument = Business['corporateDocuments'][number];
type Address = Business['addresses'][number];

/** The name of a document type from the documentTypes list (002 s7), else its number. */
export function useDocumentTypeName(): (categoryId: number, documentTypeId: number | null | undefined) => string {
  const { t, i18n } = useLingui();
  const types = useQuery(documentTypesQuery(i18n.locale as Language)).data;
  return useCallback(
    (categoryId, documentTypeId) => {
      const name = types?.find((category) => category.id === String(categoryId))?.customerDocumentTypes.find((type) => type.id === String(documentTypeId))?.name;
      return name ?? t`Document ${documentTypeId ?? ''}`;
    },
    [types, t],
  );
}

/** After an upload: the file reads again (the sets' statuses and the action list with it). */
function useFileUploaded(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: companyFileKeys.all }), [queryClient]);
}

/** One line of an address, as typed on the file. */
export const addressLine = (address: Address): string => [address.address1, address.address2, address.city, address.postalCode, address.countryCode].filter((part) => part && String(part).trim()).join(', ');

/**
 * The company's documents (002 s2 default section of /company, and /company-documents): first what
 * the company must do (the company action flag of 002 s4 as a list, each with its fix), then the
 * registration and additional documents with their sets' statuses and the business addresses with
 * their proofs. Anyone who may act for the company sends documents (a user without balanceInfo
 * too); each upload reads the file again.
 */
export function DocumentsSection({ business, countryCode }: { business: Business; countryCode: string | null }) {
  const { t } = useLingui();
  const uploaded = useFileUploaded();
  const typeName = useDocumentTypeName();
  const actions = companyActions(business);
  const upload = (categoryId: number, label: string, title: string, variant: 'primary' | 'secondary' = 'secondary', target?: { addressId: number }) => (
    <UploadDocumentButton label={label} title={title} categoryId={categoryId} countryCode={countryCode} variant={variant} onUploaded={uploaded} {...(target ? { target } : {})} />
  );
  return (
    <div className={styles.sections}>
      <section aria-labelledby="company-actions-title" className={styles.card}>
        <h2 id="company-actions-title" className={styles.subtitle}>{t`What is needed`}</h2>
        {actions.length === 0 ? (
          <p className={styles.done} role="status">{t`Nothing is needed now: the company's documents are in order.`}</p>
        ) : (
          <ul className={styles.actions}>
            {actions.map((action) => (
              <li key={actionKey(action)} className={styles.action}>
                <ActionText action={action} addresses={business.addresses} />
                {action.kind === 'registrationFields' || action.kind === 'corporateDocuments'
                  ? upload(DOCUMENT_CATEGORIES.businessRegistration, t`Send a registration document`, t`Company registration document`, 'primary')
                  : action.kind === 'additionalDocuments'
                    ? upload(DOCUMENT_CATEGORIES.businessAdditional, t`Send an additional document`, t`Additional company document`, 'primary')
                    : upload(DOCUMENT_CATEGORIES.businessAddress, t`Send a proof of this address`, t`Proof of the business address`, 'primary', { addressId: action.addressId })}
              </li>
            ))}
          </ul>
        )}
      </section>
      <DocumentSet
        id="corporate-documents"
        title={t`Registration documents`}
        status={business.corporateDocumentStatus}
        documents={business.corporateDocuments}
        name={(doc) => typeName(DOCUMENT_CATEGORIES.businessRegistration, doc.documentTypeId)}
        action={upload(DOCUMENT_CATEGORIES.businessRegistration, t`Send a registration document`, t`Company registration document`)}
      />
      <DocumentSet
        id="additional-documents"
        title={t`Additional documents`}
        status={business.additionalDocumentStatus}
        documents={business.additionalDocuments}
        name={(doc) => typeName(DOCUMENT_CATEGORIES.businessAdditional, doc.documentTypeId)}
        action={upload(DOCUMENT_CATEGORIES.businessAdditional, t`Send an additional document`, t`Additional company document`)}
      />
      <section aria-labelledby="address-documents-title" className={styles.card}>
        <h2 id="address-documents-title" className={styles.subtitle}>{t`Business addresses`}</h2>
        {business.addresses.length === 0 ? <p className={styles.muted}>{t`No business address on file.`}</p> : null}
        <ul className={styles.list}>
          {business.addresses.map((address) => (
            <li key={address.addressId} className={styles.item}>
              <span className={styles.strong}>{addressLine(address)}</span>
              <DocumentList documents={address.uploadedDocuments} name={(doc) => typeName(DOCUMENT_CATEGORIES.businessAddress, doc.documentTypeId)} empty={t`No proof of this address yet.`} />
              {upload(DOCUMENT_CATEGORIES.businessAddress, t`Send a proof of this address`, t`Proof of the business address`, 'secondary', { addressId: address.addressId })}
            </li>
          ))}
        </ul>
      </section>
      <p className={styles.muted}>
        {t`Files: PDF, JPEG or PNG, up to 10 MB each. We check each document and tell you when it is decided.`}
      </p>
    </div>
  );
}

const actionKey = (action: CompanyAction) => (action.kind === 'addressDocument' ? `${action.kind}-${action.addressId}` : action.kind);

/** What one action asks, in words. */
function ActionText({ action, addresses }: { action: CompanyAction; addresses: readonly Address[] }) {
  const { t, i18n } = useLingui();
  switch (action.kind) {
    case 'registrationFields': {
      const fields = action.fields.map((field) => i18n._(REGISTRATION_FIELD_TEXTS[field])).join(', ');
      return <p className={styles.actionText}>{t`Some registration facts are missing (${fields}). Send the company's registration documents: we fill them in from those.`}</p>;
    }
    case 'corporateDocuments':
      return <p className={styles.actionText}>{i18n._(setActionText(action.status, 'corporate'))}</p>;
    case 'additionalDocuments':
      return <p className={styles.actionText}>{i18n._(setActionText(action.status, 'additional'))}</p>;
    case 'addressDocument': {
      const address = addresses.find((a) => a.addressId === action.addressId);
      const line = address ? addressLine(address) : String(action.addressId);
      return (
        <p className={styles.actionText}>
          {action.statusId === null ? t`Send a proof of the business address ${line}.` : t`The proof of the business address ${line} was not accepted: send a new one.`}
        </p>
      );
    }
  }
}

/** What a set in need asks, by set and status: refused (3), expired (4), else not sent. */
const SET_ACTION_TEXTS: Record<'corporate' | 'additional', { refused: MessageDescriptor; expired: MessageDescriptor; missing: MessageDescriptor }> = {
  corporate: {
    refused: msg`The company's registration documents were refused: send new ones.`,
    expired: msg`The company's registration documents have expired: send current ones.`,
    missing: msg`Send the company's registration documents (certificate of incorporation, articles of association or a register extract).`,
  },
  additional: {
    refused: msg`The company's additional documents were refused: send new ones.`,
    expired: msg`The company's additional documents have expired: send current ones.`,
    missing: msg`Send the company's additional documents (a business plan or contracts with clients).`,
  },
};

const setActionText = (status: number, set: 'corporate' | 'additional'): MessageDescriptor =>
  status === 3 ? SET_ACTION_TEXTS[set].refused : status === 4 ? SET_ACTION_TEXTS[set].expired : SET_ACTION_TEXTS[set].missing;

/** A set of documents with its summed-up status and its upload. */
function DocumentSet({ id, title, status, documents, name, action }: { id: string; title: string; status: number; documents: readonly UploadedDocument[]; name: (doc: UploadedDocument) => string; action: ReactNode }) {
  const { t, i18n } = useLingui();
  const statusText = SET_STATUS_TEXTS[status] ? i18n._(SET_STATUS_TEXTS[status]) : t`Unknown`;
  return (
    <section aria-labelledby={`${id}-title`} className={styles.card}>
      <div className={styles.cardHead}>
        <h2 id={`${id}-title`} className={styles.subtitle}>
          {title}
        </h2>
        <span className={styles.badge} data-set-status={status}>
          {statusText}
        </span>
      </div>
      <DocumentList documents={documents} name={name} empty={t`No documents sent yet.`} />
      {action}
    </section>
  );
}

/** Documents with their statuses, newest last as the service lists them. */
function DocumentList({ documents, name, empty }: { documents: readonly UploadedDocument[]; name: (doc: UploadedDocument) => string; empty: string }) {
  const { t } = useLingui();
  if (documents.length === 0) return <p className={styles.muted}>{empty}</p>;
  return (
    <ul className={styles.documents}>
      {documents.map((doc) => (
        <li key={doc.id} className={styles.document}>
          <span className={styles.strong}>{name(doc)}</span>
          <StatusText statusId={doc.statusId} expiresDate={doc.expiresDate ?? null} />
          {doc.expiresDate ? (
            <span className={styles.muted}>
              <Trans>
                Expires on <DateText value={doc.expiresDate} />
              </Trans>
            </span>
          ) : null}
          {doc.rejectReason ? <span className={styles.reason}>{t`Reason: ${doc.rejectReason}`}</span> : null}
        </li>
      ))}
    </ul>
  );
}
