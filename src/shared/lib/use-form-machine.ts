import { useEffect, useRef, type FormEvent as ReactFormEvent, type RefObject } from 'react';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { FilterMachine } from '@machines/shared/filter.machine';
import type { FormErrors, FormMachine, FormValues } from '@machines/shared/form.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import { inspectOptions } from '../model/create-actor';
import { useFocusOnRejectedSubmit } from './focus-rejected';
import { uiMessageText } from './ui-message';

/** Spread on a text field (`<TextField {...field('name')} />`): the value, its change, its translated error. */
export interface FormFieldProps {
  value: string;
  onChange: (value: string) => void;
  errorMessage: string | null;
}

/** Spread on the `<form>`: focus moves to the first invalid field after a rejected submit; submit sends SUBMIT. */
export interface FormElementProps {
  ref: RefObject<HTMLFormElement | null>;
  noValidate: true;
  onSubmit: (event: ReactFormEvent<HTMLFormElement>) => void;
}

/** A form's actor, or a list filter's (same context and events, never busy nor submitted). */
export type FormLikeActor = Actor<FormMachine> | Actor<FilterMachine>;

export interface FormMachineView {
  actor: FormLikeActor;
  values: FormValues;
  errors: FormErrors;
  formError: UiMessage | null;
  /** The form-level message in the active language (null when there is none). */
  formErrorText: string | null;
  /** The submit is in flight (tag `busy`): the submit button shows progress, presses are ignored. */
  busy: boolean;
  /** The submit succeeded (tag `submitted`): show the result until `reset()`. */
  submitted: boolean;
  formProps: FormElementProps;
  field: (name: string) => FormFieldProps;
  /** A new entry (RESET): back to the initial values. */
  reset: () => void;
}

/**
 * A form is its statechart (`createFormMachine`) plus its view: this hook starts the actor (with
 * the Stately inspector when it is on) and gives the view what it renders and the handlers it needs.
 * `values` are the initial values (read once, like `useActorRef`'s input).
 */
export function useFormMachine(logic: FormMachine, { values: initial }: { values: FormValues }): FormMachineView {
  const actor = useActorRef(logic, { input: { values: initial }, ...inspectOptions() });
  return useFormView(actor);
}

/**
 * A list filter (`createFilterMachine`, values bound for the address) with the form's view: the
 * same actor through every Apply and Clear; `reset()` clears it. `values` are the address's: when
 * they change by other means (Back, a link), they are brought in (SYNC).
 */
export function useFilterMachine(logic: FilterMachine, { values }: { values: FormValues }): FilterMachineView {
  const actor = useActorRef(logic, { input: { values }, ...inspectOptions() });
  const key = JSON.stringify(values);
  useEffect(() => {
    actor.send({ type: 'SYNC', values: JSON.parse(key) as FormValues });
  }, [actor, key]);
  return { ...useFormView(actor), actor };
}

/** A filter's view: the form's, with its own actor (SYNC brings the address's values in). */
export type FilterMachineView = Omit<FormMachineView, 'actor'> & { actor: Actor<FilterMachine> };

/**
 * The view of a form actor someone else started: a form a larger statechart invokes (a card
 * action's PIN form is the card-actions statechart's child `form`).
 */
export function useFormView(actor: FormLikeActor): FormMachineView {
  const { i18n } = useLingui();
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const submitted = useSelector(actor, (s) => s.hasTag('submitted'));
  const ref = useFocusOnRejectedSubmit(attempts);
  return {
    actor,
    values,
    errors,
    formError,
    formErrorText: uiMessageText(i18n, formError),
    busy,
    submitted,
    formProps: {
      ref,
      noValidate: true,
      onSubmit: (event) => {
        event.preventDefault();
        actor.send({ type: 'SUBMIT' });
      },
    },
    field: (name) => ({
      value: values[name] ?? '',
      onChange: (value) => actor.send({ type: 'CHANGE', name, value }),
      errorMessage: uiMessageText(i18n, errors[name]),
    }),
    reset: () => actor.send({ type: 'RESET' }),
  };
}

/**
 * The facts a form's rules check against (accounts and balances, currencies, logos, countries) as
 * they arrive or change while the form is open: sent to its statechart as KNOWN each time they
 * differ (compared as JSON, not by identity, so a read answered again with the same data sends
 * nothing).
 */
export function useKnownFacts<K>(actor: { send: (event: { type: 'KNOWN'; known: K }) => void }, known: K): void {
  const key = JSON.stringify(known);
  const latest = useRef(known);
  latest.current = known;
  useEffect(() => {
    actor.send({ type: 'KNOWN', known: latest.current });
  }, [actor, key]);
}
