// @vitest-environment node
import { createActor, fromCallback, type InspectionEvent } from 'xstate';
import { documentUploadMachine, type DocumentUploadContext, type DocumentUploadEvent } from '@machines/verification/document-upload.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

describe('document upload statechart (002 s3)', () => {
  const coverage = new Coverage(documentUploadMachine);

  function run(input: { documentTypeId: number; countryCode?: string | null }, script: ('progress-fail' | 'progress-ok' | 'hang')[]) {
    const calls: { files: string[]; aborted: boolean }[] = [];
    let uploaded: number | null = null;
    const actor = createActor(
      documentUploadMachine.provide({
        actors: {
          upload: fromCallback<DocumentUploadEvent, Pick<DocumentUploadContext, 'categoryId' | 'documentTypeId' | 'target' | 'files'>>(({ sendBack, input: sent }) => {
            const call = { files: Object.values(sent.files).map((f) => f!.name), aborted: false };
            calls.push(call);
            const step = script.shift() ?? 'hang';
            const timer = setTimeout(() => {
              if (step === 'hang') return;
              sendBack({ type: 'PROGRESS', percent: 42.4 });
              sendBack({ type: 'PROGRESS', percent: 140 });
              sendBack(step === 'progress-ok' ? { type: 'UPLOADED', documentId: 9010 } : { type: 'UPLOAD_FAILED', error: { message: { text: 'The upload was interrupted' } } });
            }, 0);
            return () => {
              clearTimeout(timer);
              call.aborted = true;
            };
          }),
        },
        actions: { uploaded: (_, params) => void (uploaded = params.documentId) },
      }),
      { input: { categoryId: 1, countryCode: input.countryCode ?? 'RO', documentTypeId: input.documentTypeId }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const send = (event: DocumentUploadEvent) => actor.send(event);
    return { actor, send, calls, uploaded: () => uploaded };
  }

  const jpeg = (name: string) => ({ name, type: 'image/jpeg', size: 2048 });

  it('type 4: both sides checked before sending; a failure keeps the files; sent again with progress; the id handed over', async () => {
    const { actor, send, calls, uploaded } = run({ documentTypeId: 4 }, ['progress-fail', 'progress-ok']);
    send({ type: 'CHOOSE', part: 'front', file: jpeg('front.jpg') });
    send({ type: 'CHOOSE', part: 'stamp', file: jpeg('stamp.jpg') }); // not a part of type 4
    expect(Object.keys(actor.getSnapshot().context.files)).toEqual(['front']);
    send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.shown).toBe(true);
    expect(calls).toEqual([]);
    send({ type: 'CHOOSE', part: 'back', file: jpeg('back.jpg') });
    send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('uploading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().hasTag('choosing')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'The upload was interrupted' });
    expect(Object.keys(actor.getSnapshot().context.files)).toEqual(['front', 'back']);
    send({ type: 'SUBMIT' });
    await settle();
    expect(calls.map((c) => c.files)).toEqual([
      ['front.jpg', 'back.jpg'],
      ['front.jpg', 'back.jpg'],
    ]);
    expect(actor.getSnapshot().hasTag('uploaded')).toBe(true);
    expect(actor.getSnapshot().context.progress).toBe(100);
    expect(uploaded()).toBe(9010);
  });

  it('progress is shown in whole percent within 0-100; cancel stops the upload and keeps the files; a part can be removed', async () => {
    const { actor, send, calls } = run({ documentTypeId: 88, countryCode: 'UA' }, ['hang']);
    send({ type: 'CHOOSE', part: 'front', file: jpeg('passport.jpg') });
    send({ type: 'CHOOSE', part: 'stamp', file: jpeg('stamp.jpg') });
    send({ type: 'REMOVE', part: 'stamp' });
    send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('choosing')).toBe(true);
    send({ type: 'CHOOSE', part: 'stamp', file: jpeg('stamp.jpg') });
    send({ type: 'SUBMIT' });
    send({ type: 'PROGRESS', percent: 42.4 });
    expect(actor.getSnapshot().context.progress).toBe(42);
    send({ type: 'PROGRESS', percent: -5 });
    expect(actor.getSnapshot().context.progress).toBe(0);
    send({ type: 'CANCEL' });
    await settle();
    expect(actor.getSnapshot().hasTag('choosing')).toBe(true);
    expect(calls[0]!.aborted).toBe(true);
    expect(Object.keys(actor.getSnapshot().context.files)).toEqual(['front', 'stamp']);
  });

  expectFullCoverage(coverage);
});
