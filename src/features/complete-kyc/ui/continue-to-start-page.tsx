import { useLingui } from '@lingui/react/macro';
import { Navigate } from '@tanstack/react-router';
import { useCustomerChanged, useStartPage } from '@/entities/session';
import { Button } from '@/shared/ui';
import styles from './complete-kyc.module.css';

/**
 * After KYC or a profile update the session reads the customer again (the statechart's done
 * action told it); as soon as the start page is somewhere else than `from`, the customer is taken
 * there. Until then (the session still reading, or still saying this page), a way to ask again.
 */
export function ContinueToStartPage({ from, message }: { from: string; message: string }) {
  const { t } = useLingui();
  const start = useStartPage();
  const customerChanged = useCustomerChanged();
  if (start !== from) return <Navigate to={start} replace />;
  return (
    <div className={styles.done} role="status">
      <p>{message}</p>
      <Button variant="secondary" onPress={customerChanged}>
        {t`Continue`}
      </Button>
    </div>
  );
}
