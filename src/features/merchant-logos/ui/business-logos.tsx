import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActorRefFrom } from 'xstate';
import { LOGOS_MAX } from '@machines/merchant/merchant.rules';
import { LogoImage, logosQuery, merchantKeys, type Logo } from '@/entities/merchant';
import { useConfirmedRemoval } from '@/shared/lib';
import { useDisclosure, useNotificationsActor, useResponsePopup } from '@/shared/model';
import { Button, ConfirmedChangeDialog, Dialog, EmptyState, QueryState, TaskButton, type QueryLike } from '@/shared/ui';
import { logoDeleteLogic, logoUploadLogic, makeDefaultLogic, type LogoDeleteLogic, type LogoUploadLogic, type MakeDefaultLogic } from '../model/logo-actors';
import { LogoUploadForm } from './logo-upload-form';
import styles from './merchant-logos.module.css';

export type LogosRead = QueryLike & { data?: Logo[] | undefined };

export interface BusinessLogosPanelProps {
  /** The user may add, change and delete logos (full merchant access); else they are shown. */
  canManage: boolean;
  /** Storybook: the statecharts with fake calls. */
  uploadLogic?: LogoUploadLogic;
  deleteLogic?: LogoDeleteLogic;
  makeDefault?: (logo: Logo) => MakeDefaultLogic;
}

/** /merchant/buttons/business_logos (001 s3 logo; s7 logo list, pageSize 1000): the logos read, then shown. */
export function BusinessLogosPanel(props: BusinessLogosPanelProps) {
  return <BusinessLogosView {...props} read={useQuery(logosQuery())} />;
}

/**
 * The logos payers see at the checkout: each image with its name, the default marked. A user with
 * full access adds one (the upload statechart, in a dialog), makes another the default, or deletes
 * one after a question (the newest other logo becomes the default; buttons that showed it show
 * none). At most LOGOS_MAX: "Add a logo" says so when the list is full.
 */
export function BusinessLogosView({ read, canManage, uploadLogic, deleteLogic = logoDeleteLogic, makeDefault }: BusinessLogosPanelProps & { read: LogosRead }) {
  const { t } = useLingui();
  const ids = useId();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const showReply = useResponsePopup();
  const adding = useDisclosure();
  const logos = read.data ?? [];
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: merchantKeys.logos() });
  const { actor: remove, addButton } = useConfirmedRemoval(deleteLogic, logos.map((logo) => logo.id), () => {
      readAgain();
      void queryClient.invalidateQueries({ queryKey: merchantKeys.buttons() });
      notifications.send({ type: 'NOTIFY', notification: { id: `logo-deleted-${Date.now()}`, tone: 'success', title: t`The logo was deleted.` } });
  });
  const full = logos.length >= LOGOS_MAX;
  const nameOf = (id: string) => logos.find((logo) => String(logo.id) === id)?.name ?? '';
  const uploaded = () => {
    adding.close();
    readAgain();
    notifications.send({ type: 'NOTIFY', notification: { id: `logo-added-${Date.now()}`, tone: 'success', title: t`The logo was uploaded.` } });
  };
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} className={styles.title}>
        {t`Business logos`}
      </h1>
      <p className={styles.hint}>{t`Payers see your default logo at the checkout, and the logo you choose for a payment button on that button's checkout.`}</p>
      <QueryState query={read} title={t`The logos could not be loaded`} />
      {read.data ? (
        <>
          {canManage ? (
            <div className={styles.buttons}>
              {full ? (
                <p className={styles.hint}>{t`You have ${LOGOS_MAX} logos, the most there can be. Delete one to add another.`}</p>
              ) : (
                <Button ref={addButton} aria-haspopup="dialog" onPress={adding.toggle}>
                  {t`Add a logo`}
                </Button>
              )}
            </div>
          ) : null}
          {logos.length === 0 ? (
            <EmptyState title={t`No logos yet`} message={canManage ? t`Add your logo so payers recognise you at the checkout.` : t`Nobody has added a logo yet.`} />
          ) : (
            <ul className={styles.list} aria-labelledby={`${ids}-title`}>
              {logos.map((logo) => (
                <LogoRow key={logo.id} logo={logo} canManage={canManage} makeDefault={makeDefault} onDelete={() => remove.send({ type: 'REQUEST', subject: String(logo.id) })} />
              ))}
            </ul>
          )}
        </>
      ) : null}
      <Dialog isOpen={adding.open} onClose={adding.close} title={t`Add a logo`}>
        <LogoUploadForm logic={uploadLogic ?? logoUploadLogic(showReply)} first={logos.length === 0} onUploaded={uploaded} onCancel={adding.close} />
      </Dialog>
      <DeleteDialog actor={remove} nameOf={nameOf} />
    </section>
  );
}

function LogoRow({ logo, canManage, makeDefault, onDelete }: { logo: Logo; canManage: boolean; makeDefault: ((logo: Logo) => MakeDefaultLogic) | undefined; onDelete: () => void }) {
  const { t } = useLingui();
  const ids = useId();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const nameId = `${ids}-name`;
  const madeDefault = () => notifications.send({ type: 'NOTIFY', notification: { id: `logo-default-${Date.now()}`, tone: 'success', title: t`${logo.name} is now the default logo.` } });
  return (
    <li className={styles.row}>
      <LogoImage logo={logo} size={64} />
      <div className={styles.about}>
        <p id={nameId} className={styles.name}>
          {logo.name}
        </p>
        {logo.isDefault ? <p className={styles.badge}>{t`Default`}</p> : null}
      </div>
      {canManage ? (
        <div className={styles.buttons}>
          {logo.isDefault ? null : (
            <TaskButton logic={makeDefault ? makeDefault(logo) : makeDefaultLogic(logo, queryClient, madeDefault)} labelledBy={`${ids}-default ${nameId}`}>
              <span id={`${ids}-default`}>{t`Make default`}</span>
            </TaskButton>
          )}
          <Button variant="secondary" aria-labelledby={`${ids}-delete ${nameId}`} onPress={onDelete}>
            <span id={`${ids}-delete`}>{t`Delete`}</span>
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function DeleteDialog({ actor, nameOf }: { actor: ActorRefFrom<LogoDeleteLogic>; nameOf: (id: string) => string }) {
  const { t } = useLingui();
  return (
    <ConfirmedChangeDialog
      actor={actor}
      title={(id) => {
        const name = nameOf(id);
        return t`Delete the logo ${name}?`;
      }}
      text={() => t`Buttons that show it will show no logo. If it is the default, your newest other logo becomes the default.`}
      confirmLabel={t`Delete`}
    />
  );
}
