/**
 * The kinds of mass file and their pages (001 s2: /transfer/mass/wire, eft, oct, digital). The
 * routes read a page's kind before any page loads, so this module stays small and free of
 * messages; the mass file rules are in external-rails.ts and external.logic.ts.
 */
export const MASS_FILE_METHODS = ['wire', 'eft', 'oct', 'crypto'] as const;
export type MassFileMethod = (typeof MASS_FILE_METHODS)[number];

/** The mass file pages (001 s2: /transfer/mass/wire, eft, oct, digital) and the kind each sends; "digital" is crypto (the calls know crypto, not digital). */
export const MASS_FILE_PAGES = { wire: 'wire', eft: 'eft', oct: 'oct', digital: 'crypto' } as const satisfies Record<string, MassFileMethod>;
export type MassFilePage = keyof typeof MASS_FILE_PAGES;

export const massFileMethodOf = (page: string): MassFileMethod | null => (Object.hasOwn(MASS_FILE_PAGES, page) ? MASS_FILE_PAGES[page as MassFilePage] : null);
export const massFilePageOf = (method: MassFileMethod): MassFilePage => (Object.keys(MASS_FILE_PAGES) as MassFilePage[]).find((page) => MASS_FILE_PAGES[page] === method)!;
