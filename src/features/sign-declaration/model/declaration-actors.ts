import { fromPromise } from 'xstate';
import { declarationSignFormMachine } from '@machines/company/company-file-forms';
import type { DeclarationKind } from '@machines/company/company-file.rules';
import { signDeclaration } from '@/entities/company-file';

/** One statement's signing form with its call (resolutionSend, declarationSend or prohibitedEscortStatementSend with the submit's requestId); it ends with the statement as signed. */
const signLogicFor = (kind: DeclarationKind) =>
  declarationSignFormMachine.provide({
    actors: {
      submit: fromPromise(({ input }) => signDeclaration(kind, { signedName: input.values.signedName ?? '', requestId: input.requestId ?? '' })),
    },
  });

export type DeclarationSignLogic = ReturnType<typeof signLogicFor>;

/** The signing form of each statement, made once. */
export const declarationSignLogic: Readonly<Record<DeclarationKind, DeclarationSignLogic>> = {
  resolution: signLogicFor('resolution'),
  studio: signLogicFor('studio'),
  streamingPlatform: signLogicFor('streamingPlatform'),
  prohibitedEscortStatement: signLogicFor('prohibitedEscortStatement'),
};
