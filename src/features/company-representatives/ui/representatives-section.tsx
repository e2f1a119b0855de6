import { useEffect, useId, useRef, type ComponentType, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { DeleteMode } from '@machines/business/company-access.rules';
import { companyPeopleKeys, directorsQuery, shareholdersQuery, ultimateOwnersQuery, usersQuery, useCompanyPeopleNews, type BusinessUser } from '@/entities/company-person';
import { localToday } from '@/shared/lib';
import { inspectOptions, useSelection } from '@/shared/model';
import { Button, EmptyState, QueryState, onDemandDialog } from '@/shared/ui';
import { emptyRepresentative, representativeFacts, representativeLogic } from '../model/representative-actors';
import { representativeName, type Representative } from '../model/people';
import { DeleteRepresentativeDialog } from './delete-representative-dialog';
import { RepresentativeCard, UserCard } from './person-cards';
import styles from './representatives.module.css';

const AddForm = onDemandDialog(() => import(/* webpackChunkName: "company-representative-add" */ './add-representative-dialog').then((m) => m.AddRepresentativeDialog));

/** What the address dialog a page hands in is given: the representative, and what to do once it is kept and closed. */
export interface RepresentativeAddressDialogSlotProps {
  representativeId: number;
  representativeName: string;
  onClose: () => void;
  onSaved?: () => void;
}

/**
 * Another representative's address with its proof (features/representative-address, issue 54): a
 * feature does not import another one, so the page hands its on-demand dialog in (`Lazy` renders
 * it, `preload` fetches its code when a button that opens it is hovered or focused).
 */
export interface RepresentativeAddressDialogSlot {
  Lazy: ComponentType<RepresentativeAddressDialogSlotProps>;
  preload: () => void;
}

export interface RepresentativesSectionProps {
  /** A full-access user: adds representatives and their addresses. */
  canManage: boolean;
  /** The delete offered (002 s6): a full-access user deletes, a platform admin forces it; null: none. */
  deleteMode: DeleteMode | null;
  /** The address dialog (see RepresentativeAddressDialogSlot); without it no address is offered here. */
  addressDialog?: RepresentativeAddressDialogSlot;
}

/** Where the focus goes once a dialog's change shows: after a delete the person's rows are gone, after an address their "Add address" button. */
type Refocus = { kind: 'deleted' | 'address'; id: number } | null;

/**
 * The company's representatives on /company/representatives (issue 54; spec 002 s3 Representative
 * info, s4 the representative action flag, s6 roles by position id and forced delete, s7 Business
 * lists; 001 s7 representative add): the shareholders (their share; a company by its name), the
 * ultimate beneficial owners, the directors and the users, each list read on its own (loading,
 * error with Try again, empty). A person with several roles is in each of their lists with the same
 * badges. A full-access user adds a representative (a dialog loaded on demand) and a person's
 * address; a delete (forced for admins) is asked first. The representative statechart owns the add
 * and the delete; the view reads its tags. Every change reads the lists again.
 */
export function RepresentativesSection({ canManage, deleteMode, addressDialog }: RepresentativesSectionProps) {
  const { t } = useLingui();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  useCompanyPeopleNews();
  const shareholders = useQuery(shareholdersQuery());
  const ultimateOwners = useQuery(ultimateOwnersQuery());
  const directors = useQuery(directorsQuery());
  const users = useQuery(usersQuery());
  const actor = useActorRef(
    representativeLogic.provide({
      actions: { changed: () => void queryClient.invalidateQueries({ queryKey: companyPeopleKeys.all }) },
    }),
    inspectOptions(),
  );
  const adding = useSelector(actor, (s) => s.hasTag('adding'));
  const confirmDelete = useSelector(actor, (s) => s.hasTag('confirmDelete'));
  const notice = useSelector(actor, (s) => s.context.notice);
  const added = useSelector(actor, (s) => s.context.added);
  const addedValues = useSelector(actor, (s) => s.context.values);
  const address = useSelection();
  const manageAddresses = canManage && addressDialog ? addressDialog : null;

  // The facts the form's rules check against: today, the shares held, the e-mails known.
  const people: Representative[] = [...(shareholders.data ?? []), ...(ultimateOwners.data ?? []), ...(directors.data ?? [])];
  const facts = representativeFacts({
    today: localToday(),
    shares: (shareholders.data ?? []).map((holder) => holder.share),
    emails: [...people.map((person) => person.email), ...(users.data ?? []).map((user) => user.email)],
  });
  const factsKey = JSON.stringify(facts);
  // Lists read again while the form is open (the realtime channel): the form checks against the new facts.
  useEffect(() => {
    if (!adding) return;
    const values = actor.getSnapshot().context.values;
    for (const [fact, value] of Object.entries(JSON.parse(factsKey) as Record<string, string>)) {
      if (values[fact] !== value) actor.send({ type: 'CHANGE', name: fact, value });
    }
  }, [actor, adding, factsKey]);

  const byId = (id: number) => people.find((person) => person.id === id) ?? null;
  const youId = users.data?.find((user) => user.isYou)?.userId ?? null;
  const openAddress = (id: number) => {
    manageAddresses?.preload();
    address.select(id);
  };

  // A change that takes the focused button away (a delete, an address added): once the lists show
  // it and no dialog is open, a focus left on nothing goes to the heading (WCAG 2.4.3).
  const refocus = useRef<Refocus>(null);
  const dialogOpen = adding || confirmDelete || address.selected !== null;
  useEffect(() => {
    const target = refocus.current;
    if (!target || dialogOpen) return;
    const person = byId(target.id);
    const shown = target.kind === 'deleted' ? person === null : Boolean(person?.address);
    if (!shown) return;
    refocus.current = null;
    const focused = document.activeElement;
    if (!focused || focused === document.body) heading.current?.focus();
  });

  const addedPerson = added !== null ? byId(added) : null;
  // The one added last, as their row names them (before the lists show them: as typed).
  const name = added === null ? '' : addedPerson ? representativeName(addedPerson) : addedValues.kind === 'company' ? (addedValues.companyName ?? '').trim() : [addedValues.firstName, addedValues.lastName].map((part) => (part ?? '').trim()).join(' ');
  const offerAddedAddress = notice === 'added' && added !== null && manageAddresses && addedValues.kind !== 'company' && !addedPerson?.address;
  const selected = address.selected !== null ? byId(address.selected) : null;

  const cardProps = {
    youId,
    deleteMode,
    onDelete: (target: { representativeId: number; name: string }) => {
      if (deleteMode) actor.send({ type: 'DELETE', target: { ...target, mode: deleteMode } });
    },
    ...(manageAddresses ? { onAddAddress: openAddress, preloadAddress: manageAddresses.preload } : {}),
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.heading}>
          {t`The company's representatives`}
        </h2>
        {canManage ? <AddButton onPress={() => actor.send({ type: 'ADD', values: { ...emptyRepresentative, ...facts } })} /> : null}
      </div>
      <div role="status" className={styles.notice}>
        {notice === 'added' ? <p className={styles.noticeText}>{t`${name} is added to the company's representatives.`}</p> : null}
        {notice === 'deleted' ? <p className={styles.noticeText}>{t`The representative is deleted.`}</p> : null}
      </div>
      {offerAddedAddress && added !== null ? (
        <div className={styles.buttons}>
          <Button variant="secondary" aria-haspopup="dialog" onPointerEnter={manageAddresses.preload} onFocus={manageAddresses.preload} onPress={() => openAddress(added)}>
            {t`Add ${name}'s address`}
          </Button>
        </div>
      ) : null}

      <PeopleList
        title={t`Shareholders`}
        query={shareholders}
        failed={t`The shareholders could not be loaded`}
        empty={t`No shareholders yet`}
        render={(person) => <RepresentativeCard key={person.id} person={person} list="shareholders" {...cardProps} />}
      />
      <PeopleList
        title={t`Ultimate beneficial owners`}
        query={ultimateOwners}
        failed={t`The ultimate beneficial owners could not be loaded`}
        empty={t`No ultimate beneficial owners yet`}
        render={(person) => <RepresentativeCard key={person.id} person={person} list="ultimateOwners" {...cardProps} />}
      />
      <PeopleList
        title={t`Directors`}
        query={directors}
        failed={t`The directors could not be loaded`}
        empty={t`No directors yet`}
        render={(person) => <RepresentativeCard key={person.id} person={person} list="directors" {...cardProps} />}
      />
      <PeopleList
        title={t`Users`}
        query={users}
        failed={t`The users could not be loaded`}
        empty={t`No users yet`}
        render={(user: BusinessUser) => <UserCard key={user.userId} user={user} offerAccessLink={deleteMode !== null} />}
      />

      {adding ? <AddForm.Lazy actor={actor} /> : null}
      <DeleteRepresentativeDialog
        actor={actor}
        onConfirm={(id) => {
          refocus.current = { kind: 'deleted', id };
        }}
      />
      {manageAddresses && address.selected !== null ? (
        <manageAddresses.Lazy
          representativeId={address.selected}
          representativeName={selected ? representativeName(selected) : name}
          onClose={address.clear}
          onSaved={() => {
            refocus.current = { kind: 'address', id: address.selected ?? 0 };
            void queryClient.invalidateQueries({ queryKey: companyPeopleKeys.all });
          }}
        />
      ) : null}
    </section>
  );
}

/** "Add a representative": the form's code is fetched once the browser is idle after the button showed, or when it is hovered, focused or pressed. */
function AddButton({ onPress }: { onPress: () => void }) {
  const { t } = useLingui();
  AddForm.usePreloadWhenIdle();
  return (
    <Button aria-haspopup="dialog" onPointerEnter={AddForm.preload} onFocus={AddForm.preload} onPress={onPress}>
      {t`Add a representative`}
    </Button>
  );
}

/** One of the lists (002 s7 Business lists), read on its own: its heading, then loading, its error with Try again, empty, or its people. */
function PeopleList<T>({ title, query, failed, empty, render }: { title: string; query: UseQueryResult<T[]>; failed: string; empty: string; render: (item: T) => ReactNode }) {
  const id = useId();
  return (
    <section className={styles.list} aria-labelledby={id}>
      <h3 id={id} className={styles.listHeading}>
        {title}
      </h3>
      {!query.data ? <QueryState query={query} title={failed} /> : query.data.length === 0 ? <EmptyState title={empty} /> : <ul className={styles.people}>{query.data.map(render)}</ul>}
    </section>
  );
}
