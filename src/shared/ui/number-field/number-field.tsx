import { FieldError, Group, Input, Label, NumberField as AriaNumberField, Text, type NumberFieldProps as AriaProps } from 'react-aria-components';
import { CURRENCY_SYMBOLS } from '../../lib/format';
import styles from '../field/field.module.css';

export interface NumberFieldProps extends Omit<AriaProps, 'className' | 'children'> {
  label: string;
  description?: string;
  errorMessage?: string | null | undefined;
}

/** A locale-aware number input (react-aria parses "1.234,5" in ro and "1,234.5" in en). */
export function NumberField({ label, description, errorMessage, ...rest }: NumberFieldProps) {
  return (
    <AriaNumberField validationBehavior="aria" {...rest} isInvalid={Boolean(errorMessage) || rest.isInvalid} className={styles.field}>
      <Label className={styles.label}>{label}</Label>
      <Input className={styles.input} />
      {description ? <Text slot="description" className={styles.description}>{description}</Text> : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaNumberField>
  );
}

export interface MoneyFieldProps extends NumberFieldProps {
  currency: string;
}

/** An amount with its currency symbol: up to 8 decimals, at least 2 shown (spec 001 s9). */
export function MoneyField({ label, description, errorMessage, currency, ...rest }: MoneyFieldProps) {
  const symbol = CURRENCY_SYMBOLS[currency.toUpperCase()] ?? currency.toUpperCase();
  return (
    <AriaNumberField
      validationBehavior="aria"
      minValue={0}
      {...rest}
      formatOptions={{ minimumFractionDigits: 2, maximumFractionDigits: 8 }}
      isInvalid={Boolean(errorMessage) || rest.isInvalid}
      className={styles.field}
    >
      <Label className={styles.label}>{label}</Label>
      <Group className={styles.inputRow}>
        <Input className={`${styles.input} ${styles.withAdornment}`} inputMode="decimal" />
        <span className={styles.adornment} aria-hidden="true">{symbol}</span>
      </Group>
      {description ? <Text slot="description" className={styles.description}>{description}</Text> : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaNumberField>
  );
}
