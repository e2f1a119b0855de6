import { createContext, useContext, type ReactNode } from 'react';
import type { Brand } from '../../../brands';

/**
 * The running brand (config, theme tokens, logo). Components ask for data
 * (`brand.config.features.contracts`), never compare brand ids.
 */
const BrandContext = createContext<Brand | null>(null);

export function BrandProvider({ brand, children }: { brand: Brand; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand: no BrandProvider');
  return brand;
}

/**
 * The brand's licence sentence in the interface language (the config has one for every language
 * the brand offers; brands/schema.ts checks it), else in the brand's default language, else English.
 */
export function licenceText(config: Brand['config'], language: string): string {
  const texts = config.regulatedEntity.licenceFooter;
  return texts[language as keyof typeof texts] ?? texts[config.defaultLanguage] ?? texts.en ?? '';
}

/** Applies a brand's theme tokens as CSS custom properties (CSSOM, so it works under a strict CSP). */
export function applyBrandTheme(element: HTMLElement, theme: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(theme)) element.style.setProperty(name, value);
}
