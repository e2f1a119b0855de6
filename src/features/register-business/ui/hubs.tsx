import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { factsOf, linkable } from '@machines/registration/business-wizard.machine';
import { invalidPerson, stepErrors, type StructureProblem, type WizardStep } from '@machines/registration/registration-draft';
import { FULL_ACCESS, shareProblem } from '@machines/registration/registration.rules';
import { Button, TextField } from '@/shared/ui';
import { SHARE_PROBLEMS, structureText } from './wizard-texts';
import { companyName, personName, type BusinessWizardActor, type WizardLists } from './wizard-parts';
import styles from './business-wizard.module.css';

interface HubProps {
  actor: BusinessWizardActor;
  lists: WizardLists;
}

/** The tree's problems of one company (root or a company shareholder), once the hub's errors show. */
function Problems({ actor, step, where }: { actor: BusinessWizardActor; step: WizardStep; where: (p: StructureProblem) => boolean }) {
  const { t, i18n } = useLingui();
  const context = useSelector(actor, (s) => s.context);
  if (!context.shown.includes(step)) return null;
  const problems = stepErrors(context.draft, step, factsOf(context)).structure.filter(where);
  if (problems.length === 0) return null;
  return (
    <ul className={styles.problems}>
      {problems.map((problem) => (
        <li key={JSON.stringify(problem)}>
          {structureText(i18n, problem, companyName(context.draft, problem.where === 'company' ? problem.id : 'root', t`The company`))}
        </li>
      ))}
    </ul>
  );
}

/** People listed with their role: open to edit, remove from the role. */
function PeopleList({ actor, ids, role, parent, step, meta }: { actor: BusinessWizardActor; ids: readonly string[]; role: 'director' | 'shareholder' | 'user'; parent: string; step: WizardStep; meta?: (id: string) => string }) {
  const { t } = useLingui();
  const context = useSelector(actor, (s) => s.context);
  if (ids.length === 0) return <p className={styles.empty}>{role === 'director' ? t`No directors yet.` : t`No users yet.`}</p>;
  const shown = context.shown.includes(step);
  return (
    <ul className={styles.nodes}>
      {ids.map((id) => {
        const person = context.draft.persons[id];
        const name = personName(person, t`A person without a name`);
        const invalid = shown && invalidPerson(context.draft, id, context);
        return (
          <li key={id} className={styles.node} data-invalid={invalid || undefined}>
            <span className={styles.nodeName}>
              {name}
              {person?.email ? <span className={styles.nodeMeta}>{person.email}</span> : null}
              {meta ? <span className={styles.nodeMeta}>{meta(id)}</span> : null}
              {invalid ? <span className={styles.nodeProblem}>{t`Some details are missing or wrong: open to fix.`}</span> : null}
            </span>
            <span className={styles.nodeActions}>
              <Button variant="secondary" onPress={() => actor.send({ type: 'EDIT_PERSON', id })}>
                {t`Open`}
                <span className={styles.visuallyHidden}> {name}</span>
              </Button>
              <Button variant="ghost" onPress={() => actor.send({ type: 'REMOVE', role, parent, id })}>
                {t`Remove`}
                <span className={styles.visuallyHidden}> {name}</span>
              </Button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Someone already entered, linked in this role too (a director who holds shares): one button each, nothing typed twice. */
function LinkExisting({ actor, role, parent }: { actor: BusinessWizardActor; role: 'director' | 'shareholder'; parent: string }) {
  const { t } = useLingui();
  const draft = useSelector(actor, (s) => s.context.draft);
  const ids = linkable(draft, role, parent);
  if (ids.length === 0) return null;
  const company = companyName(draft, parent, t`the company`);
  const label = role === 'director' ? t`Someone already entered is a director of ${company}` : t`Someone already entered holds shares of ${company}`;
  return (
    <div role="group" aria-label={label} className={styles.linkGroup}>
      <span className={styles.note} aria-hidden="true">
        {label}:
      </span>
      {ids.map((id) => (
        <Button key={id} variant="ghost" onPress={() => actor.send({ type: 'LINK_PERSON', role, parent, id })}>
          + {personName(draft.persons[id], t`A person without a name`)}
        </Button>
      ))}
    </div>
  );
}

/** directorsHub: the registered company's directors (a company shareholder's are with it on the shareholders hub). */
export function DirectorsHub({ actor }: HubProps) {
  const { t } = useLingui();
  const directors = useSelector(actor, (s) => s.context.draft.root.directors);
  return (
    <>
      <p>{t`Add every director of the company. A director who also holds shares or uses the account is entered once.`}</p>
      <PeopleList actor={actor} ids={directors} role="director" parent="root" step="directorsHub" />
      <Problems actor={actor} step="directorsHub" where={() => true} />
      <div className={styles.add}>
        <Button variant="secondary" onPress={() => actor.send({ type: 'ADD_PERSON', role: 'director', parent: 'root' })}>
          {t`Add a director`}
        </Button>
      </div>
    </>
  );
}

/** One company's holders (the registered one, or a company shareholder), each company's own directors and holders under it. */
function Holders({ actor, parent, depth }: { actor: BusinessWizardActor; parent: string; depth: number }) {
  const { t, i18n } = useLingui();
  const context = useSelector(actor, (s) => s.context);
  const draft = context.draft;
  const holders = parent === 'root' ? draft.root.shareholders : (draft.companies[parent]?.shareholders ?? []);
  const shown = context.shown.includes('shareholdersHub');
  const invalidNodes = shown ? new Set(stepErrors(draft, 'shareholdersHub', factsOf(context)).nodes) : new Set<string>();
  const owner = companyName(draft, parent, t`the company`);
  const Heading = depth === 0 ? 'h3' : 'h4';
  return (
    <div className={styles.holders}>
      {holders.length === 0 ? <p className={styles.empty}>{t`No shareholders yet.`}</p> : null}
      <ul className={styles.nodes}>
        {holders.map((holder) => {
          const company = holder.kind === 'company' ? draft.companies[holder.id] : undefined;
          const name = holder.kind === 'company' ? company?.name.trim() || t`A company without a name` : personName(draft.persons[holder.id], t`A person without a name`);
          const problem = shown ? shareProblem(holder.share) : null;
          return (
            <li key={holder.id} className={styles.holder} data-invalid={invalidNodes.has(holder.id) || undefined}>
              <div className={styles.node}>
                <span className={styles.nodeName}>
                  {name}
                  <span className={styles.nodeMeta}>{holder.kind === 'company' ? t`Company` : t`Person`}</span>
                  {invalidNodes.has(holder.id) ? <span className={styles.nodeProblem}>{t`Some details are missing or wrong: open to fix.`}</span> : null}
                </span>
                <span className={styles.share}>
                  <TextField
                    label={t`Share of ${name}, %`}
                    value={holder.share}
                    inputMode="decimal"
                    maxLength={6}
                    onChange={(share) => actor.send({ type: 'SET_SHARE', parent, id: holder.id, share })}
                    errorMessage={problem ? i18n._(SHARE_PROBLEMS[problem]) : null}
                  />
                </span>
                <span className={styles.nodeActions}>
                  <Button variant="secondary" onPress={() => actor.send(holder.kind === 'company' ? { type: 'EDIT_COMPANY', id: holder.id } : { type: 'EDIT_PERSON', id: holder.id })} >
                    {t`Open`}
                    <span className={styles.visuallyHidden}> {name}</span>
                  </Button>
                  <Button variant="ghost" onPress={() => actor.send({ type: 'REMOVE', role: 'shareholder', parent, id: holder.id })}>
                    {t`Remove`}
                    <span className={styles.visuallyHidden}> {name}</span>
                  </Button>
                </span>
              </div>
              {company ? (
                <div className={styles.nested}>
                  <Heading className={styles.subheading}>{t`Directors of ${name}`}</Heading>
                  <PeopleList actor={actor} ids={company.directors} role="director" parent={company.id} step="shareholdersHub" />
                  <div className={styles.add}>
                    <Button variant="secondary" onPress={() => actor.send({ type: 'ADD_PERSON', role: 'director', parent: company.id })}>
                      {t`Add a director of ${name}`}
                    </Button>
                  </div>
                  <LinkExisting actor={actor} role="director" parent={company.id} />
                  <Heading className={styles.subheading}>{t`Shareholders of ${name}`}</Heading>
                  <Holders actor={actor} parent={company.id} depth={depth + 1} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Problems actor={actor} step="shareholdersHub" where={(p) => (parent === 'root' ? p.where === 'root' : p.where === 'company' && p.id === parent)} />
      <div className={styles.add}>
        <Button variant="secondary" onPress={() => actor.send({ type: 'ADD_PERSON', role: 'shareholder', parent })}>
          {parent === 'root' ? t`Add a person shareholder` : t`Add a person shareholder of ${owner}`}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'ADD_COMPANY', parent })}>
          {parent === 'root' ? t`Add a company shareholder` : t`Add a company shareholder of ${owner}`}
        </Button>
      </div>
      <LinkExisting actor={actor} role="shareholder" parent={parent} />
    </div>
  );
}

/** shareholdersHub: the tree of holders with their shares; a company holder with its own directors and holders. */
export function ShareholdersHub({ actor }: HubProps) {
  const { t } = useLingui();
  return (
    <>
      <p>{t`Add everyone who holds shares, with their share in percent. The shares of one company are together 10 % to 100 %. A company that holds shares needs its own director. A person with 25 % or more describes their sources of funds.`}</p>
      <Holders actor={actor} parent="root" depth={0} />
    </>
  );
}

/** usersHub: who signs in for the company, with which rights; anyone already entered can be made a user. */
export function UsersHub({ actor, lists }: HubProps) {
  const { t } = useLingui();
  const persons = useSelector(actor, (s) => s.context.draft.persons);
  const users = Object.values(persons).filter((p) => p.isUser);
  const others = Object.values(persons).filter((p) => !p.isUser);
  const rightName = (value: number | null) => lists.accessRights?.find((r) => r.value === value)?.name ?? (value === FULL_ACCESS ? t`Full access` : value === null ? t`No rights chosen` : '');
  return (
    <>
      <p>{t`Users sign in and act for the company. Each gets an activation e-mail. At least one user has full access.`}</p>
      <PeopleList actor={actor} ids={users.map((u) => u.id)} role="user" parent="root" step="usersHub" meta={(id) => rightName(persons[id]?.accessRights ?? null)} />
      <Problems actor={actor} step="usersHub" where={(p) => p.where === 'users'} />
      <div className={styles.add}>
        <Button variant="secondary" onPress={() => actor.send({ type: 'ADD_PERSON', role: 'user', parent: 'root' })}>
          {t`Add a user`}
        </Button>
      </div>
      {others.length > 0 ? (
        <>
          <h3 className={styles.subheading}>{t`People already entered`}</h3>
          <ul className={styles.nodes}>
            {others.map((person) => {
              const name = personName(person, t`A person without a name`);
              return (
                <li key={person.id} className={styles.node}>
                  <span className={styles.nodeName}>{name}</span>
                  <span className={styles.nodeActions}>
                    <Button variant="secondary" onPress={() => actor.send({ type: 'EDIT_PERSON', id: person.id, asUser: true })}>
                      {t`Make a user`}
                      <span className={styles.visuallyHidden}> {name}</span>
                    </Button>
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </>
  );
}
