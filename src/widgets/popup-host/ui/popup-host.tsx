import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { PopupItem } from '@machines/app/popup.machine';
import { errorPopupContent, responsePopupMessage } from '@/shared/api';
import { usePopupActor } from '@/shared/model';
import { ResponsePopup } from '@/shared/ui';

/** Title and text of a popup, by the rules of spec 001 s8 and 002 s8 (popup-content.ts). */
export function usePopupContent(item: PopupItem | undefined): { status: 'success' | 'failure'; title?: string; message: string | null } | null {
  const { t } = useLingui();
  if (!item) return null;
  const serverError = t`The server could not complete the request. Please try again later.`;
  if (item.kind === 'response') {
    return {
      status: item.status,
      message: responsePopupMessage(item.reply) ?? item.fallback ?? (item.status === 'success' ? null : serverError),
    };
  }
  const { header, body } = errorPopupContent(item.reply);
  return {
    status: 'failure',
    title: header ?? t`Error`,
    message: body ?? (header ? null : (item.fallback ?? serverError)),
  };
}

/**
 * The one place popups are drawn: the head of the popup actor's queue. react-aria's modal
 * moves focus into the popup and gives it back to where it was when the popup closes.
 */
export function PopupHost() {
  const popup = usePopupActor();
  const item = useSelector(popup, (s) => (s.hasTag('open') ? s.context.queue[0] : undefined));
  const content = usePopupContent(item);
  if (!item || !content) return null;
  return (
    <ResponsePopup
      key={item.id}
      isOpen
      status={content.status}
      {...(content.title ? { title: content.title } : {})}
      message={content.message}
      onClose={() => popup.send({ type: 'CLOSE' })}
      {...(item.goHome ? { onGoHome: () => popup.send({ type: 'GO_HOME' }) } : {})}
    />
  );
}
