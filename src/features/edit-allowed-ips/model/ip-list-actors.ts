import { fromPromise } from 'xstate';
import { ipAddFormMachine, ipListMachine } from '@machines/settings/ip-list.machine';
import { addAccessIp, deleteAccessIp, reauthenticationLogic, setAccessIpMode } from '@/entities/security';
import { currentProof, keepProof } from '@/shared/model';

/** The add popup with its real call (accessIpAdd with the requestId and the proof held). */
export const ipAddFormLogic = ipAddFormMachine.provide({
  actors: {
    reauthentication: reauthenticationLogic,
    submit: fromPromise(({ input }) =>
      addAccessIp({ ip: input.values.ip ?? '', toIp: input.values.toIp ?? '', requestId: input.requestId ?? '', proof: input.proof ?? currentProof() }),
    ),
  },
  actions: { proofGiven: (_, params) => keepProof(params.proof, params.expiresIn) },
});

/**
 * The allowed IP list's statechart with the app's calls: the add popup, the deletion and the mode
 * (accessIpDelete, accessIpSetMode), each with the proof held when there is one (the service asks
 * for one with a 403 REAUTH, then the statechart asks the user). The view provides `changed`.
 */
export const ipListLogic = ipListMachine.provide({
  actors: {
    addForm: ipAddFormLogic,
    reauthentication: reauthenticationLogic,
    applyChange: fromPromise(({ input }) => {
      const proof = input.proof ?? currentProof();
      return input.change.kind === 'delete'
        ? deleteAccessIp({ id: input.change.id, requestId: input.requestId, proof })
        : setAccessIpMode({ mode: input.change.mode, requestId: input.requestId, proof });
    }),
  },
  actions: { proofGiven: (_, params) => keepProof(params.proof, params.expiresIn) },
});
