import { readFileSync } from 'node:fs';
import type { Language } from '../../machines/shared/languages.ts';

/**
 * A brand's regulated entity (brands/<id>/config.json `regulatedEntity`, checked by brands/schema.ts):
 * who issues the service's own documents and invoices (issue 51: the payee of a funding or other
 * system invoice, and the block at the foot of an invoice's PDF) and the account confirmations
 * (issue 61). Read once per brand; printed by machines/shared/entity-block.rules.ts.
 */
export interface RegulatedEntity {
  name: string;
  address: string;
  /** The licence sentence by language, as the brand's config has it (the account confirmation prints the customer's). */
  licenceFooter: Partial<Record<Language, string>>;
  phone: string;
  email: string;
  web: string;
  /** The brand's display name. */
  brandName: string;
}

const cache = new Map<string, RegulatedEntity>();

export function regulatedEntityOf(brand: string): RegulatedEntity {
  let entity = cache.get(brand);
  if (!entity) {
    let config: { displayName?: string; regulatedEntity?: { name?: string; address?: string; licenceFooter?: Partial<Record<Language, string>>; phone?: string; email?: string; web?: string } } = {};
    try {
      config = JSON.parse(readFileSync(new URL(`../../brands/${brand}/config.json`, import.meta.url), 'utf8')) as typeof config;
    } catch {
      config = {};
    }
    const r = config.regulatedEntity ?? {};
    const brandName = config.displayName ?? brand;
    entity = {
      name: r.name ?? `${brandName} funding`,
      address: r.address ?? '',
      licenceFooter: r.licenceFooter ?? {},
      phone: r.phone ?? '',
      email: r.email ?? `support@${brand}.example`,
      web: r.web ?? '',
      brandName,
    };
    cache.set(brand, entity);
  }
  return entity;
}

/** An address of the service at the brand's domain (the regulated entity's e-mail domain): `funding@…`, `billing@…`. */
export const serviceAddress = (brand: string, local: 'funding' | 'billing'): string => `${local}@${regulatedEntityOf(brand).email.split('@')[1] ?? `${brand}.example`}`;
