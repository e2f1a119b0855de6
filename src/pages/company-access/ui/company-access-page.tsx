import { useCallback, useId, useState, type ReactNode } from 'react';
import { Link, Navigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { PermissionChangeInput } from '@machines/business/permission-change.machine';
import {
  ACCESS_AREAS,
  accessListFor,
  changeStatusAt,
  confirmationOf,
  decideRefusal,
  editRefusal,
  isLastFullUser,
  mayManage,
  presetOf,
  rolesOf,
  type CompanyUserFacts,
  type PeopleEditor,
} from '@machines/business/company-access.rules';
import { limitedToDocuments } from '@machines/company/company-file.rules';
import { isBusinessKind } from '@machines/shared/customer-kind';
import {
  accessRightsQuery,
  AREA_TEXTS,
  CHANGE_KIND_TEXTS,
  CHANGE_STATUS_TEXTS,
  editorOf,
  LEVEL_TEXTS,
  permissionChangesQuery,
  potentialUsersQuery,
  PRESET_TEXTS,
  ROLE_TEXTS,
  useCompanyPeopleNews,
  usersQuery,
  type BusinessUser,
  type PermissionChange,
  type PotentialUser,
  type UserAccessEntry,
} from '@/entities/company-person';
import { accessOf, customerOf, useSessionActor } from '@/entities/session';
import { PermissionChangeDialog } from '@/features/change-company-access';
import { formatDateTime, usePageTitle } from '@/shared/lib';
import { Button, EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import styles from './company-access-page.module.css';

/**
 * /company-access (002 s2; issue 54): the company's users with their access (the access right,
 * each area's level, the settlement account), the changes waiting for another full-access user's
 * approval (no self-approval), the representatives who could be invited, and the recent decisions.
 * A personal customer gets the 404 page; a user without balance-info access the company's documents.
 */
export function CompanyAccessPage({ notFound }: { notFound: ReactNode }) {
  const session = useSessionActor();
  const customer = useSelector(session, customerOf);
  const balanceInfo = useSelector(session, (s) => accessOf(s)?.accessList?.balanceInfo ?? null);
  const isBusiness = Boolean(customer && !customer.isAdmin && isBusinessKind(customer.customerType));
  useCompanyPeopleNews();
  const users = useQuery({ ...usersQuery(), enabled: isBusiness });
  const rights = useQuery({ ...accessRightsQuery(), enabled: isBusiness });
  const potential = useQuery({ ...potentialUsersQuery(), enabled: isBusiness });
  const changes = useQuery({ ...permissionChangesQuery(), enabled: isBusiness });
  if (!isBusiness) return notFound;
  if (limitedToDocuments({ balanceInfo })) return <Navigate to="/company-documents" replace />;
  return <CompanyAccessView users={users} rights={rights} potential={potential} changes={changes} now={Date.now()} />;
}

export interface CompanyAccessViewProps {
  users: QueryLike & { data?: BusinessUser[] | undefined };
  rights: QueryLike & { data?: UserAccessEntry[] | undefined };
  potential: QueryLike & { data?: PotentialUser[] | undefined };
  changes: QueryLike & { data?: PermissionChange[] | undefined };
  /** The clock a waiting change's expiry is read against (ms). */
  now: number;
}

interface UserRow extends CompanyUserFacts {
  user: BusinessUser;
  entry: UserAccessEntry;
}

/** The users with their access, joined by user id (a user whose access is not listed yet is left out until it is). */
const rowsOf = (users: readonly BusinessUser[], rights: readonly UserAccessEntry[]): UserRow[] =>
  users.flatMap((user) => {
    const entry = rights.find((r) => r.userId === user.userId);
    return entry ? [{ user, entry, userId: user.userId, accessRights: entry.accessRights, accessList: entry.accessList }] : [];
  });

const nameOf = (person: { firstName: string; lastName: string; email?: string }) => [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email || '';

export function CompanyAccessView({ users, rights, potential, changes, now }: CompanyAccessViewProps) {
  const { t } = useLingui();
  const title = t`Users and access`;
  usePageTitle(title);
  const [open, setOpen] = useState<{ input: PermissionChangeInput; summary?: ReactNode } | null>(null);
  const closeDialog = useCallback(() => setOpen(null), []);
  const rows = rowsOf(users.data ?? [], rights.data ?? []);
  const editor = editorOf(users.data, rights.data);
  const confirmation = confirmationOf(rows);
  const all = (changes.data ?? []).map((change) => ({ ...change, status: changeStatusAt(change, now) }));
  const waiting = all.filter((change) => change.status === 'awaitingApproval');
  const decided = all.filter((change) => change.status !== 'awaitingApproval');
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title} id="page-title">
          {title}
        </h1>
        <nav aria-label={t`Company`} className={styles.links}>
          <Link to="/company">{t`Company file`}</Link>
          <Link to="/company/$section" params={{ section: 'representatives' }}>
            {t`Representatives`}
          </Link>
          <Link to="/company-emails">{t`Company e-mails`}</Link>
        </nav>
      </header>
      {waiting.length > 0 ? <WaitingChanges changes={waiting} editor={editor} onOpen={(change) => setOpen({ input: { changeId: change.id, status: change.status, kind: change.kind, target: { name: change.targetName } }, summary: <ChangeSummary change={change} /> })} /> : null}
      <UsersSection users={users} rights={rights} rows={rows} editor={editor} onChange={setOpen} />
      <PotentialUsers query={potential} editor={editor} onInvite={(person) => setOpen({ input: { kind: 'addUser', target: { representativeId: person.representativeId, name: nameOf(person) }, access: { accessRights: 1, accessList: accessListFor(1) }, permissions: {} } })} />
      <DecidedChanges changes={decided} query={changes} />
      {open ? <PermissionChangeDialog input={open.input} confirmation={confirmation} summary={open.summary} onClosed={closeDialog} /> : null}
    </div>
  );
}

function UsersSection({ users, rights, rows, editor, onChange }: { users: CompanyAccessViewProps['users']; rights: CompanyAccessViewProps['rights']; rows: UserRow[]; editor: PeopleEditor | null; onChange: (open: { input: PermissionChangeInput }) => void }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t`Users`}
      </h2>
      <QueryState query={users} title={t`The company's users could not be loaded`} />
      {users.data ? <QueryState query={rights} title={t`The users' access could not be loaded`} /> : null}
      {users.data && rights.data ? (
        rows.length === 0 ? (
          <EmptyState title={t`No users yet`} />
        ) : (
          <ul className={styles.list}>
            {rows.map((row) => {
              const refusal = editor ? editRefusal(editor, row.userId) : 'notFull';
              const lastFull = isLastFullUser(rows, row.userId);
              const name = nameOf(row.user);
              const input = (kind: 'rights' | 'removeUser'): PermissionChangeInput => ({
                kind,
                target: { userId: row.userId, name, version: row.entry.version },
                access: { accessRights: row.entry.accessRights, accessList: { ...row.entry.accessList } },
                permissions: row.entry.permissions,
              });
              return (
                <li key={row.userId} className={styles.card}>
                  <div className={styles.cardHead}>
                    <h3 className={styles.name}>{name}</h3>
                    <span className={styles.badges}>
                      {row.user.isOwner ? <span className={styles.badge}>{t`Owner`}</span> : null}
                      {row.user.isYou ? <span className={styles.badge}>{t`You`}</span> : null}
                      {row.user.active === false ? <span className={styles.badge}>{t`Invited, not active yet`}</span> : null}
                      {rolesOf(row.user.positionIds, true).map((role) => (
                        <span key={role} className={styles.badge}>
                          {i18n._(ROLE_TEXTS[role])}
                        </span>
                      ))}
                    </span>
                  </div>
                  <p className={styles.muted}>{row.user.email}</p>
                  <dl className={styles.levels}>
                    <div className={styles.level}>
                      <dt>{t`Access`}</dt>
                      <dd>
                        {i18n._(PRESET_TEXTS[presetOf(row.entry)])} · {i18n._(LEVEL_TEXTS[row.entry.accessRights] ?? LEVEL_TEXTS[0]!)}
                      </dd>
                    </div>
                    {ACCESS_AREAS.map((area) => (
                      <div key={area} className={styles.level}>
                        <dt>{i18n._(AREA_TEXTS[area])}</dt>
                        <dd>{i18n._(LEVEL_TEXTS[row.entry.accessList[area]] ?? LEVEL_TEXTS[0]!)}</dd>
                      </div>
                    ))}
                    <div className={styles.level}>
                      <dt>{t`Settlement account`}</dt>
                      <dd>{row.entry.permissions.settlementAccount ? t`Allowed` : t`Not allowed`}</dd>
                    </div>
                  </dl>
                  {refusal === null && !lastFull ? (
                    <div className={styles.buttons}>
                      <Button variant="secondary" aria-label={t`Change access: ${name}`} onPress={() => onChange({ input: input('rights') })}>
                        {t`Change access`}
                      </Button>
                      {row.user.isOwner ? null : (
                        <Button variant="secondary" aria-label={t`Remove access: ${name}`} onPress={() => onChange({ input: input('removeUser') })}>
                          {t`Remove access`}
                        </Button>
                      )}
                    </div>
                  ) : (
                    <p className={styles.note}>
                      {refusal === 'self'
                        ? t`Nobody changes their own access: another user with full access can.`
                        : lastFull
                          ? t`The only user with full access: this access cannot be lowered or removed.`
                          : t`Only users with full access change access.`}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </section>
  );
}

/** A change in words: what, about whom, who asked and when, until when it waits. */
function ChangeSummary({ change }: { change: PermissionChange }) {
  const { t, i18n } = useLingui();
  return (
    <dl className={styles.summary}>
      <div className={styles.level}>
        <dt>{i18n._(CHANGE_KIND_TEXTS[change.kind])}</dt>
        <dd>{change.targetName}</dd>
      </div>
      {change.after ? (
        <div className={styles.level}>
          <dt>{t`New access`}</dt>
          <dd>
            {i18n._(PRESET_TEXTS[presetOf(change.after)])} · {ACCESS_AREAS.map((area) => `${i18n._(AREA_TEXTS[area])}: ${i18n._(LEVEL_TEXTS[change.after!.accessList[area]] ?? LEVEL_TEXTS[0]!)}`).join(', ')}
          </dd>
        </div>
      ) : null}
      {change.before ? (
        <div className={styles.level}>
          <dt>{t`Before`}</dt>
          <dd>{i18n._(PRESET_TEXTS[presetOf(change.before)])}</dd>
        </div>
      ) : null}
      <div className={styles.level}>
        <dt>{t`Asked by`}</dt>
        <dd>
          {change.authorName}, {formatDateTime(change.createdAt, i18n.locale)}
        </dd>
      </div>
      {change.status === 'awaitingApproval' ? (
        <div className={styles.level}>
          <dt>{t`Expires`}</dt>
          <dd>{formatDateTime(change.expiresAt, i18n.locale)}</dd>
        </div>
      ) : (
        <div className={styles.level}>
          <dt>{i18n._(CHANGE_STATUS_TEXTS[change.status])}</dt>
          <dd>{[change.decidedByName, change.decidedAt ? formatDateTime(change.decidedAt, i18n.locale) : null].filter(Boolean).join(', ')}</dd>
        </div>
      )}
      {change.failureReason ? (
        <div className={styles.level}>
          <dt>{t`Why`}</dt>
          <dd>{change.failureReason}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function WaitingChanges({ changes, editor, onOpen }: { changes: PermissionChange[]; editor: PeopleEditor | null; onOpen: (change: PermissionChange) => void }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t`Waiting for approval`}
      </h2>
      <ul className={styles.list}>
        {changes.map((change) => {
          const own = editor?.userId === change.authorId;
          const mayDecide = editor !== null && decideRefusal(editor, change) === null;
          const what = `${i18n._(CHANGE_KIND_TEXTS[change.kind])}: ${change.targetName}`;
          return (
            <li key={change.id} className={styles.card}>
              <ChangeSummary change={change} />
              {mayDecide ? (
                <div className={styles.buttons}>
                  <Button aria-label={t`Review: ${what}`} onPress={() => onOpen(change)}>
                    {t`Review`}
                  </Button>
                </div>
              ) : (
                <p className={styles.note}>{own ? t`You asked for this: another user with full access approves it.` : t`A user with full access approves or declines it.`}</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PotentialUsers({ query, editor, onInvite }: { query: CompanyAccessViewProps['potential']; editor: PeopleEditor | null; onInvite: (person: PotentialUser) => void }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const mayInvite = editor !== null && mayManage(editor);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t`Representatives who could be users`}
      </h2>
      <QueryState query={query} title={t`The representatives could not be loaded`} />
      {query.data ? (
        query.data.length === 0 ? (
          <EmptyState title={t`Nobody to invite`} message={t`Representatives with an e-mail who are not users show here.`} />
        ) : (
          <ul className={styles.list}>
            {query.data.map((person) => {
              const name = nameOf(person);
              return (
                <li key={person.representativeId} className={styles.card}>
                  <div className={styles.cardHead}>
                    <h3 className={styles.name}>{name}</h3>
                    <span className={styles.badges}>
                      {rolesOf(person.positionIds, false).map((role) => (
                        <span key={role} className={styles.badge}>
                          {i18n._(ROLE_TEXTS[role])}
                        </span>
                      ))}
                    </span>
                  </div>
                  <p className={styles.muted}>{person.email}</p>
                  {mayInvite ? (
                    <div className={styles.buttons}>
                      <Button variant="secondary" aria-label={t`Invite as a user: ${name}`} onPress={() => onInvite(person)}>
                        {t`Invite as a user`}
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </section>
  );
}

function DecidedChanges({ changes, query }: { changes: PermissionChange[]; query: CompanyAccessViewProps['changes'] }) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t`Recent decisions`}
      </h2>
      <QueryState query={query} title={t`The changes could not be loaded`} />
      {query.data ? (
        changes.length === 0 ? (
          <EmptyState title={t`No decisions in the last 30 days`} />
        ) : (
          <ul className={styles.list}>
            {changes.map((change) => (
              <li key={change.id} className={styles.card}>
                <ChangeSummary change={change} />
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
