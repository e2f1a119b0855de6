import { useDisclosure } from '@/shared/model';
import { Button, onDemandDialog } from '@/shared/ui';
import type { DocumentUploadDialogProps } from './document-upload-dialog';

const Form = onDemandDialog(() => import(/* webpackChunkName: "upload-document" */ './document-upload-dialog').then((m) => m.DocumentUploadDialog));

export type UploadDocumentButtonProps = Omit<DocumentUploadDialogProps, 'onClose' | 'logic' | 'initialFiles'> & {
  /** The button's text (the page says what is asked: "Upload your passport"). */
  label: string;
  variant?: 'primary' | 'secondary';
};

/** A button that opens the document upload dialog; the dialog's code is fetched once the browser is idle after the button showed, or when it is hovered, focused or pressed. */
export function UploadDocumentButton({ label, variant = 'primary', ...dialog }: UploadDocumentButtonProps) {
  Form.usePreloadWhenIdle();
  const disclosure = useDisclosure();
  return (
    <>
      <Button variant={variant} aria-haspopup="dialog" onPointerEnter={Form.preload} onFocus={Form.preload} onPress={disclosure.toggle}>
        {label}
      </Button>
      {disclosure.open ? <Form.Lazy {...dialog} onClose={disclosure.close} /> : null}
    </>
  );
}
