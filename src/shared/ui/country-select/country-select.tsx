import { useLingui } from '@lingui/react/macro';
import { Select } from '../select/select';

/** A country chosen from a list of countries (the start-up's: a registration, an address, a birthplace, a tax residence). */
export function CountrySelect({ label, countries, value, onChange, errorMessage, isRequired = true }: {
  label: string;
  countries: readonly { code: string; name: string }[];
  value: string;
  onChange: (code: string) => void;
  errorMessage: string | null;
  isRequired?: boolean;
}) {
  const { t } = useLingui();
  return (
    <Select
      label={label}
      options={countries.map((c) => ({ id: c.code, label: c.name }))}
      placeholder={t`Choose…`}
      selectedKey={value || null}
      onSelectionChange={onChange}
      errorMessage={errorMessage}
      isRequired={isRequired}
    />
  );
}
