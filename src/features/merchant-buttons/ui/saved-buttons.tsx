import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { buttonCurrencies } from '@machines/merchant/merchant.rules';
import { accountsQuery } from '@/entities/account';
import { buttonValuesOf, LogoImage, logosQuery, merchantKeys, savedButtonQuery, savedButtonsQuery, type Logo, type SavedButton } from '@/entities/merchant';
import { customerOf, useSessionActor } from '@/entities/session';
import { formatMoney, useConfirmedRemoval } from '@/shared/lib';
import { useDisclosure, useNotificationsActor, useResponsePopup, useSelection } from '@/shared/model';
import { Button, ConfirmedChangeDialog, Dialog, EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import { buttonDeleteLogic, buttonEditLogic, type ButtonDeleteLogic, type ButtonEditLogic } from '../model/button-actors';
import { ButtonEditForm, type ButtonEditFormProps } from './button-edit-form';
import { SnippetPanel } from './snippet-panel';
import styles from './merchant-buttons.module.css';

export type ButtonsRead = QueryLike & { data?: SavedButton[] | undefined };

export interface SavedButtonsPanelProps {
  /** The user may create, change and delete buttons (full merchant access); else they are shown with their code. */
  canManage: boolean;
  /** Hosts a return or cancel address may use http on (the sandbox's own, in a sandbox build). */
  insecureHosts: readonly string[];
  /** Storybook: the statecharts with fake calls. */
  editLogic?: ButtonEditLogic;
  deleteLogic?: ButtonDeleteLogic;
}

export interface SavedButtonsReads {
  read: ButtonsRead;
  logos: readonly Logo[];
  currencies: readonly string[];
  merchantId: number;
}

/** /merchant/buttons/my_saved_buttons (001 s7 saved buttons): the buttons, the logos and the open accounts' currencies read, then shown. */
export function SavedButtonsPanel(props: SavedButtonsPanelProps) {
  const session = useSessionActor();
  const merchantId = useSelector(session, (s) => customerOf(s)?.customerId ?? 0);
  const logos = useQuery(logosQuery()).data ?? [];
  const currencies = buttonCurrencies(useQuery(accountsQuery()).data ?? []);
  return <SavedButtonsView {...props} read={useQuery(savedButtonsQuery())} logos={logos} currencies={currencies} merchantId={merchantId} />;
}

/**
 * The merchant's saved payment buttons: each with its logo, item, amount and kind; its code to
 * paste (Get the code); and, for a user with full access, New button, Edit and Delete (asked
 * first; sent once). The form and the code open in dialogs; after a change the list is read again.
 */
export function SavedButtonsView({ read, logos, currencies, merchantId, canManage, insecureHosts, editLogic, deleteLogic = buttonDeleteLogic }: SavedButtonsPanelProps & SavedButtonsReads) {
  const { t } = useLingui();
  const ids = useId();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const showReply = useResponsePopup();
  const creating = useDisclosure();
  const editing = useSelection();
  const showing = useSelection();
  const buttons = read.data ?? [];
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: merchantKeys.buttons() });
  const { actor: remove, addButton } = useConfirmedRemoval(deleteLogic, buttons.map((button) => button.id), () => {
      readAgain();
      notifications.send({ type: 'NOTIFY', notification: { id: `button-deleted-${Date.now()}`, tone: 'success', title: t`The button was deleted.` } });
  });
  const logic = editLogic ?? buttonEditLogic(showReply);
  const saved = (created: boolean, close: () => void) => () => {
    close();
    readAgain();
    notifications.send({ type: 'NOTIFY', notification: { id: `button-saved-${Date.now()}`, tone: 'success', title: created ? t`The button was created.` : t`The button was saved.` } });
  };
  const edited = buttons.find((button) => button.id === editing.selected) ?? null;
  const shown = buttons.find((button) => button.id === showing.selected) ?? null;
  const nameOf = (id: string) => buttons.find((button) => String(button.id) === id)?.name ?? '';
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} className={styles.title}>
        {t`Saved buttons`}
      </h1>
      <p className={styles.hint}>{t`Payment buttons for your site: save one, then paste its code into your page.`}</p>
      <QueryState query={read} title={t`The saved buttons could not be loaded`} />
      {read.data ? (
        <>
          {canManage ? (
            <div className={styles.buttons}>
              <Button ref={addButton} aria-haspopup="dialog" onPress={creating.toggle}>
                {t`New button`}
              </Button>
            </div>
          ) : null}
          {buttons.length === 0 ? (
            <EmptyState title={t`No saved buttons yet`} message={canManage ? t`Make a button, then paste its code into your site.` : t`Nobody has saved a button yet.`} />
          ) : (
            <ul className={styles.list} aria-labelledby={`${ids}-title`}>
              {buttons.map((button) => (
                <ButtonRow
                  key={button.id}
                  button={button}
                  logo={logos.find((logo) => logo.id === button.logoId) ?? null}
                  canManage={canManage}
                  onCode={() => showing.select(button.id)}
                  onEdit={() => editing.select(button.id)}
                  onDelete={() => remove.send({ type: 'REQUEST', subject: String(button.id) })}
                />
              ))}
            </ul>
          )}
        </>
      ) : null}
      <Dialog isOpen={creating.open} onClose={creating.close} title={t`New button`}>
        <ButtonEditForm logic={logic} id={null} currencies={currencies} logos={logos} insecureHosts={insecureHosts} onSaved={saved(true, creating.close)} onCancel={creating.close} />
      </Dialog>
      <Dialog isOpen={edited !== null} onClose={editing.clear} title={t`Edit the button`}>
        {edited ? <EditBody id={edited.id} logic={logic} currencies={currencies} logos={logos} insecureHosts={insecureHosts} onSaved={saved(false, editing.clear)} onCancel={editing.clear} /> : null}
      </Dialog>
      <Dialog isOpen={shown !== null} onClose={showing.clear} title={shown ? t`The code of ${shown.name}` : ''}>
        {shown ? <SnippetPanel button={shown} merchantId={merchantId} /> : null}
      </Dialog>
      <DeleteDialog actor={remove} nameOf={nameOf} />
    </section>
  );
}

/**
 * The edit form of one button, started from the button as the service has it now (savedButtonGet),
 * so a change made meanwhile elsewhere (another user of the company) is what is edited, not an older
 * copy from the list.
 */
function EditBody({ id, ...form }: Omit<ButtonEditFormProps, 'id' | 'values'> & { id: number }) {
  const { t } = useLingui();
  const fresh = useQuery(savedButtonQuery(id));
  return (
    <>
      <QueryState query={fresh} title={t`The button could not be loaded`} />
      {fresh.data ? <ButtonEditForm {...form} id={id} values={buttonValuesOf(fresh.data)} /> : null}
    </>
  );
}

function ButtonRow({ button, logo, canManage, onCode, onEdit, onDelete }: { button: SavedButton; logo: Logo | null; canManage: boolean; onCode: () => void; onEdit: () => void; onDelete: () => void }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const nameId = `${ids}-name`;
  const word = (what: string) => `${ids}-${what}`;
  return (
    <li className={styles.row}>
      {logo ? <LogoImage logo={logo} size={48} /> : <span className={styles.noLogo} aria-hidden="true" />}
      <div className={styles.about}>
        <p id={nameId} className={styles.name}>
          {button.name}
        </p>
        <p className={styles.detail}>
          {button.buttonType === 'donate' ? t`Donate` : t`Buy now`} · {button.itemName} · {button.amount ? formatMoney(button.amount, button.currencyCode, i18n.locale) : t`the payer chooses the amount (${button.currencyCode})`}
        </p>
      </div>
      <div className={styles.buttons}>
        <Button variant="secondary" aria-haspopup="dialog" aria-labelledby={`${word('code')} ${nameId}`} onPress={onCode}>
          <span id={word('code')}>{t`Get the code`}</span>
        </Button>
        {canManage ? (
          <>
            <Button variant="secondary" aria-haspopup="dialog" aria-labelledby={`${word('edit')} ${nameId}`} onPress={onEdit}>
              <span id={word('edit')}>{t`Edit`}</span>
            </Button>
            <Button variant="secondary" aria-labelledby={`${word('delete')} ${nameId}`} onPress={onDelete}>
              <span id={word('delete')}>{t`Delete`}</span>
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

function DeleteDialog({ actor, nameOf }: { actor: ActorRefFrom<ButtonDeleteLogic>; nameOf: (id: string) => string }) {
  const { t } = useLingui();
  return (
    <ConfirmedChangeDialog
      actor={actor}
      title={(id) => {
        const name = nameOf(id);
        return t`Delete the button ${name}?`;
      }}
      text={() => t`Pages that show its code will show a button that no longer works. This cannot be undone.`}
      confirmLabel={t`Delete`}
    />
  );
}
