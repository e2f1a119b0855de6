import type { BrandTheme } from './schema';

/**
 * A brand's theme tokens as the one `<style>` rule of its prerendered pages (issue 48): the same
 * custom properties the app sets on `<html>` (applyBrandTheme), so nothing changes when it takes
 * over. The text is fixed per brand, so the CSP allows exactly these texts by hash
 * (scripts/security-headers.mjs, checked against this function by tests/unit/security-headers.test.ts).
 */
export function themeStyleText(theme: Readonly<BrandTheme> | Readonly<Record<string, string>>): string {
  return `:root{${Object.entries(theme)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
}
