import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { imageKindOf } from '@machines/merchant/merchant.rules';
import { logoUploadMachine } from '@machines/merchant/logo-upload.machine';
import { confirmedChangeMachine } from '@machines/shared/confirmed-change.machine';
import { newRequestId } from '@machines/shared/request-id';
import type { ReplyLike } from '@machines/shared/reply';
import { taskMachine } from '@machines/shared/task.machine';
import { createLogo, deleteLogo, merchantKeys, refusedSave, updateLogo, type Logo } from '@/entities/merchant';

/** A file's kind by its first eight bytes (imageKindOf), whatever its name or type say. */
export const readLogoKind = fromPromise(async ({ input }: { input: { file: Blob } }) => imageKindOf(new Uint8Array(await input.file.slice(0, 8).arrayBuffer())));

/** The logo upload statechart with its calls: the first bytes read here, then logoCreate (multipart, the machine's requestId). */
export const logoUploadLogic = (showReply: (reply: ReplyLike) => void) =>
  logoUploadMachine.provide({
    actors: {
      readKind: readLogoKind,
      upload: fromPromise(async ({ input }) => {
        try {
          return await createLogo(input);
        } catch (error) {
          throw refusedSave(error, showReply, 'logo');
        }
      }),
    },
  });
export type LogoUploadLogic = ReturnType<typeof logoUploadLogic>;

/** "Make it the default" of one logo (logoUpdate with its name, once per requestId: a retry sends the same), then the logos are read again and `done` says so. */
export function makeDefaultLogic(logo: Pick<Logo, 'id' | 'name'>, queryClient: QueryClient, done: () => void = () => {}) {
  const requestId = newRequestId();
  return taskMachine.provide({
    actors: {
      run: fromPromise(async () => {
        await updateLogo({ id: logo.id, name: logo.name, isDefault: true, requestId });
        await queryClient.invalidateQueries({ queryKey: merchantKeys.logos() });
        done();
      }),
    },
  });
}
export type MakeDefaultLogic = ReturnType<typeof makeDefaultLogic>;

/** A logo deleted (logoDelete), confirmed first and sent once per requestId; the subject is its id. */
export const logoDeleteLogic = confirmedChangeMachine.provide({
  actors: {
    change: fromPromise(({ input }) => deleteLogo({ id: Number(input.subject), requestId: input.requestId })),
  },
});
export type LogoDeleteLogic = typeof logoDeleteLogic;
