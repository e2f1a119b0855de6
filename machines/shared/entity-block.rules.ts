import type { Language } from './languages.ts';

/**
 * The brand's regulated-entity block as a document prints it (spec 000 s1: "a regulated-entity
 * block used on account confirmation documents (entity name, address, licence footer, phone,
 * email, web)"; issue 61). Shared by the sandbox's documents: the account confirmation, the
 * invoice and the contract PDFs. Imported by the sandbox: `.ts` imports, no lingui.
 */
export interface EntityBlockSource {
  name?: string | undefined;
  address?: string | undefined;
  /** The licence sentence by language (brands/<id>/config.json `regulatedEntity.licenceFooter`). */
  licenceFooter?: Partial<Record<Language, string>> | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  web?: string | undefined;
}

/** Between the phone, the e-mail and the web address on the block's last line. */
export const CONTACT_SEPARATOR = '  ·  ';

const filled = (text: string | undefined): string => (text ?? '').trim();

/**
 * The printed lines, in order: the entity's name, its address, the licence sentence in the
 * document's language (else English, else none), then one line of phone, e-mail and web. An item
 * that is missing or only spaces is left out; the contact line is left out when all three are.
 */
export function entityBlockLines(entity: EntityBlockSource, language: Language): string[] {
  const licence = filled(entity.licenceFooter?.[language]) || filled(entity.licenceFooter?.en);
  const contact = [entity.phone, entity.email, entity.web].map(filled).filter(Boolean).join(CONTACT_SEPARATOR);
  return [filled(entity.name), filled(entity.address), licence, contact].filter(Boolean);
}
