import { useLingui } from '@lingui/react/macro';
import { useCountries } from '@/shared/model';

/** A country's name in the interface language: the dictionaries' name, else the browser's (Intl), else the code. */
export function useCountryName() {
  const { i18n } = useLingui();
  const countries = useCountries();
  return (code: string): string => {
    const known = countries.find((c) => c.code === code)?.name;
    if (known) return known;
    try {
      return new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
}
