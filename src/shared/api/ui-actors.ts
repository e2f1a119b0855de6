import { fromPromise, type PromiseActorLogic } from 'xstate';
import type { MessageDescriptor } from '@lingui/core';
import { asFormFailure, asUiMessage } from './ui-failure';

/**
 * A statechart's call whose failure reaches the statechart as a UiMessage (the service's words, a
 * transport failure's text, or `fallback`): `summarize: uiActor((input, signal) => summarizeMassP2p(input, signal))`.
 */
// The output and input types come from the statechart's declared actor (NoInfer), not from the call.
export function uiActor<O, I>(call: (input: I, signal: AbortSignal) => PromiseLike<NoInfer<O>>, fallback?: MessageDescriptor): PromiseActorLogic<O, I> {
  return fromPromise<O, I>(({ input, signal }) => asUiMessage(() => call(input, signal), fallback));
}

/** The same for a form's submit: the failure is a FormFailure (field errors from the service's validation, and a message). */
export function formActor<O, I>(call: (input: I, signal: AbortSignal) => PromiseLike<NoInfer<O>>, fallback?: MessageDescriptor): PromiseActorLogic<O, I> {
  return fromPromise<O, I>(({ input, signal }) => asFormFailure(() => call(input, signal), fallback));
}
