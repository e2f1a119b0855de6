import { useLingui } from '@lingui/react/macro';
import { SANDBOX_CAPTCHA_TOKEN } from '@machines/registration/captcha';
import { Checkbox } from '../checkbox/checkbox';
import styles from './captcha.module.css';

/** What every captcha widget takes: the token held (null: not passed yet, or used up) and where a new one goes. */
export interface CaptchaWidgetProps {
  token: string | null;
  onToken: (token: string | null) => void;
  isDisabled?: boolean;
}

/**
 * The captcha the sandbox understands (002 s7: create account is sent with a captcha): a tick that
 * hands over the sandbox's test token. The widget is pluggable (docs/decisions.md "Registration"):
 * a brand's real challenge takes the same props. Unticked again when a failed submit used the token up.
 */
export function SandboxCaptcha({ token, onToken, isDisabled }: CaptchaWidgetProps) {
  const { t } = useLingui();
  return (
    <div className={styles.captcha}>
      <Checkbox isSelected={token !== null} onChange={(selected) => onToken(selected ? SANDBOX_CAPTCHA_TOKEN : null)} isDisabled={isDisabled}>
        {t`I am not a robot`}
      </Checkbox>
      <p className={styles.note}>{t`A test check of the sandbox: the real service shows its own challenge here.`}</p>
    </div>
  );
}
