import { useEffect, useId, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { answersOf, QUESTIONS_FACT } from '@machines/company/company-file-messages';
import { adjustAdditionalQuestions, nameAndDateAnswer, nameAndDateText, shownQuestions, type AdditionalQuestion } from '@machines/registration/registration.rules';
import { companyFileKeys, type Business } from '@/entities/company-file';
import { referenceListQuery } from '@/entities/dictionary';
import { questionOptions, questionText } from '@/entities/registration';
import type { Language } from '@/shared/config';
import { useFormMachine, type FormMachineView } from '@/shared/lib';
import { useNotificationsActor } from '@/shared/model';
import { Button, FormAlert, QueryState, RadioGroup, Select, TextArea, TextField } from '@/shared/ui';
import { answersToSend, dueDiligenceFormLogic } from '../model/financial-details-actors';
import { useSavedValues } from '../model/saved-values';
import styles from './company-financial-details.module.css';

export interface DueDiligenceFormProps {
  /** The acting company as businessInfo gave it: its financialDetail's answers are the form's first values. */
  business: Pick<Business, 'financialDetail'>;
  /** The user may change the company's file (the owner, or full balance-info access): else the answers are shown read-only. */
  canChange: boolean;
}

/**
 * The company's due-diligence answers (spec 002 s7 due diligence update): the business additional
 * questions as the registration wizard asks them (adjusted on load: yes/no radios, a follow-up shown
 * for the answer that asks for it). The questions travel with the answers (the fact `@questions`),
 * so the form's rule asks for every question shown; only the shown questions' answers are sent. A
 * save is sent once, announced, the file read again, and the form starts again from what was kept.
 * A user who may not change the file reads the answers.
 */
export function DueDiligenceForm({ business, canChange }: DueDiligenceFormProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const questions = useQuery(referenceListQuery('businessAdditionalQuestions', i18n.locale as Language));
  const answers = business.financialDetail?.answers ?? {};
  const saved = useSavedValues(answers);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t`Due diligence questions`}
      </h2>
      {!questions.data ? (
        <QueryState query={questions} title={t`The questions could not be loaded`} />
      ) : canChange ? (
        <DueDiligenceEditor
          key={saved.key}
          labelledBy={headingId}
          // The questions as the service lists them: the rule adjusts them as the form does.
          initial={{ ...saved.values, [QUESTIONS_FACT]: JSON.stringify(questions.data) }}
          questions={adjustAdditionalQuestions(questions.data)}
          refocus={saved.saved}
          onSaved={saved.keep}
        />
      ) : (
        <DueDiligenceList questions={adjustAdditionalQuestions(questions.data)} answers={answers} />
      )}
    </section>
  );
}

function DueDiligenceEditor({
  labelledBy,
  initial,
  questions,
  refocus,
  onSaved,
}: {
  labelledBy: string;
  initial: Record<string, string>;
  questions: readonly AdditionalQuestion[];
  refocus: boolean;
  onSaved: (answers: Record<string, string>) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const form = useFormMachine(
    dueDiligenceFormLogic.provide({
      actions: {
        submitted: ({ context }) => {
          const kept = context.result as Business | null;
          void queryClient.invalidateQueries({ queryKey: companyFileKeys.all });
          notifications.send({ type: 'NOTIFY', notification: { id: `due-diligence-${Date.now()}`, tone: 'success', title: t`Due diligence answers saved` } });
          onSaved(kept?.financialDetail?.answers ?? answersToSend(context.values));
        },
      },
    }),
    { values: initial },
  );
  const save = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (refocus && (!document.activeElement || document.activeElement === document.body)) save.current?.focus();
  }, [refocus]);
  const shown = shownQuestions(questions, answersOf(form.values));
  return (
    <form {...form.formProps} className={styles.form} aria-labelledby={labelledBy}>
      {shown.length === 0 ? <p className={styles.note}>{t`There are no questions to answer.`}</p> : null}
      {shown.map((question) => (
        <QuestionField key={question.id} question={question} form={form} />
      ))}
      {/* After the fields: a refusal with field errors focuses the first one; one without, this alert beside Save. */}
      {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
      {shown.length > 0 ? (
        <div className={styles.buttons}>
          <Button ref={save} type="submit" isPending={form.busy}>
            {t`Save`}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** One question as the wizard asks it: a radio, a choice, a text, or a name with a date of birth. */
function QuestionField({ question, form }: { question: AdditionalQuestion; form: FormMachineView }) {
  const { t, i18n } = useLingui();
  const field = form.field(question.id);
  const label = questionText(i18n, question);
  const options = questionOptions(i18n, question);
  switch (question.type) {
    case 'radio':
      return <RadioGroup label={label} options={options} value={field.value || null} onChange={field.onChange} errorMessage={field.errorMessage} />;
    case 'select':
      return <Select label={label} options={options} placeholder={t`Choose…`} selectedKey={field.value || null} onSelectionChange={field.onChange} errorMessage={field.errorMessage} isRequired />;
    case 'textarea':
      return <TextArea label={label} rows={3} value={field.value} onChange={field.onChange} errorMessage={field.errorMessage} isRequired />;
    case 'nameAndDate': {
      const { name, date } = nameAndDateAnswer(field.value);
      return (
        <fieldset className={styles.group}>
          <legend>{label}</legend>
          <div className={styles.pair}>
            <TextField label={t`Full name`} value={name} onChange={(value) => field.onChange(nameAndDateText(value, date))} errorMessage={field.errorMessage} autoComplete="off" isRequired maxLength={200} />
            <TextField label={t`Date of birth`} type="date" value={date} onChange={(value) => field.onChange(nameAndDateText(name, value))} isRequired />
          </div>
        </fieldset>
      );
    }
    default:
      return <TextField label={label} value={field.value} onChange={field.onChange} errorMessage={field.errorMessage} isRequired maxLength={500} />;
  }
}

/** The answers for a user who may not change them: each question shown with its answer in words, and who may. */
function DueDiligenceList({ questions, answers }: { questions: readonly AdditionalQuestion[]; answers: Record<string, string> }) {
  const { t, i18n } = useLingui();
  const answerOf = (question: AdditionalQuestion) => {
    const answer = answers[question.id];
    if (!answer) return <span className={styles.muted}>{t`Not answered`}</span>;
    if (question.type === 'nameAndDate') {
      const { name, date } = nameAndDateAnswer(answer);
      // The date as entered (YYYY-MM-DD): a day of birth is no instant, so no time zone moves it.
      return date ? (
        <>
          {name} · <time dateTime={date}>{date}</time>
        </>
      ) : (
        name
      );
    }
    return questionOptions(i18n, question).find((option) => option.id === answer)?.label ?? answer;
  };
  const shown = shownQuestions(questions, answers);
  return (
    <div className={styles.readOnly}>
      {shown.length > 0 ? (
        <dl className={styles.details}>
          {shown.map((question) => (
            <div key={question.id} className={styles.detail}>
              <dt>{questionText(i18n, question)}</dt>
              <dd>{answerOf(question)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className={styles.note}>{t`There are no questions to answer.`}</p>
      )}
      <p className={styles.note}>{t`Only users with full access can change the due diligence answers.`}</p>
    </div>
  );
}
