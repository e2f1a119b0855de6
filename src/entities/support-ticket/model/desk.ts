import { fromPromise, type ActorRefFrom } from 'xstate';
import { supportDeskMachine, type DeskCallKind, type SupportContact } from '@machines/support/support-desk.machine';
import { isApiError, toUiMessage } from '@/shared/api';
import { helpdeskMe, supportToken } from '../api/support';

/**
 * A refusal the desk can read (its `status`: 401, 429) that the views can say (a UiMessage): the
 * service's error as the desk's authorising and renewal throw it.
 */
const readable = (error: unknown) => Object.assign({}, toUiMessage(error), isApiError(error) && error.status !== undefined ? { status: error.status } : {});

/**
 * The support desk statechart with the services' calls (issue 60): authorised with a support token
 * from the bank (GET zoho/jwt) and the contact it names (POST /me); renewed with a new token.
 */
export function supportDeskLogic() {
  return supportDeskMachine.provide({
    actors: {
      authorise: fromPromise<{ token: string; contact: SupportContact }, void>(async () => {
        try {
          const token = await supportToken();
          return { token, contact: await helpdeskMe(token) };
        } catch (error) {
          throw readable(error);
        }
      }),
      refresh: fromPromise<string, void>(async () => {
        try {
          return await supportToken();
        } catch (error) {
          throw readable(error);
        }
      }),
    },
  });
}

export type SupportDeskLogic = ReturnType<typeof supportDeskLogic>;
export type SupportDeskActor = ActorRefFrom<SupportDeskLogic>;

let jobs = 0;

/** A help desk call run by the desk with its support token (queued; 401 renewal; 429): its result, or the refusal (the help desk's, or the desk's own DeskAborted). */
export function deskCall<T>(desk: Pick<SupportDeskActor, 'send'>, kind: DeskCallKind, run: (token: string) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    jobs += 1;
    desk.send({ type: 'CALL', job: { id: `${kind}-${jobs}`, kind, run, resolve: (value) => resolve(value as T), reject } });
  });
}
