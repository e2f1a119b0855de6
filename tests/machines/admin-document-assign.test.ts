// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { adminDocumentAssignMachine } from '@machines/company/admin-document-assign.machine';
import { adminDocumentMessages } from '@machines/company/admin-documents-messages';
import type { AdminDocumentFile } from '@machines/company/admin-documents.rules';
import { unexpectedFailure } from '@machines/shared/ui-message';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 8) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const pdf: AdminDocumentFile = { name: 'certificate.pdf', type: 'application/pdf', size: 48_213 };
const png: AdminDocumentFile = { name: 'signature.png', type: 'image/png', size: 2_048 };
const kept = { id: 40003, name: 'Certificate of incorporation', fileName: 'certificate.pdf', mimeType: 'application/pdf', size: 48_213, assignedAt: '2026-11-26T10:00:00Z' };

/**
 * An admin document assigned (issue 52): nothing is sent before the name and the file pass the
 * rules; a refusal keeps both and says why (at the field the service names, else for the form); the
 * same name and file sent again reuse the attempt's requestId, another name or file gets a new one;
 * assigned, it ends with the document as kept.
 */
describe('admin document assign statechart', () => {
  const coverage = new Coverage(adminDocumentAssignMachine);

  function run(outcomes: ('ok' | unknown)[] = []) {
    const sent: { name: string; file: AdminDocumentFile; requestId: string }[] = [];
    const assigned: unknown[] = [];
    const actor = createActor(
      adminDocumentAssignMachine.provide({
        actors: {
          assign: fromPromise(async ({ input }) => {
            sent.push(input);
            const next = outcomes.length ? outcomes.shift() : 'ok';
            if (next !== 'ok') throw next;
            return kept;
          }),
        },
        actions: { assigned: (_, { document }) => void assigned.push(document) },
      }),
      { inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, sent, assigned };
  }

  it('checks before sending: the name and the file by field, focus asked for (attempts), nothing sent', () => {
    const { actor, sent } = run();
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ name: { descriptor: adminDocumentMessages.nameRequired }, file: { descriptor: adminDocumentMessages.fileRequired } });
    expect(actor.getSnapshot().context.attempts).toBe(1);
    actor.send({ type: 'CHANGE', value: 'Certificate' });
    expect(actor.getSnapshot().context.errors).toEqual({ file: { descriptor: adminDocumentMessages.fileRequired } });
    actor.send({ type: 'CHOOSE', file: { ...pdf, size: 10_000_001 } });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ file: { descriptor: adminDocumentMessages.fileSize } });
    expect(actor.getSnapshot().context.attempts).toBe(2);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(sent).toEqual([]);
  });

  it('sends the trimmed name and the file once (a second press is not heard), then ends with the document as kept', async () => {
    const { actor, sent, assigned } = run();
    actor.send({ type: 'CHANGE', value: '  Certificate of incorporation ' });
    actor.send({ type: 'CHOOSE', file: pdf });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CHANGE', value: 'Other' }); // not while sending
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({ name: 'Certificate of incorporation', file: pdf, requestId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/) });
    expect(actor.getSnapshot().hasTag('assigned')).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(kept);
    expect(assigned).toEqual([kept]);
  });

  it('a refusal at a field keeps the name and the file; the same again keeps the requestId, another file gets a new one', async () => {
    const refusedFile = { fields: { file: { text: 'The file is not a PDF, JPEG or PNG' } }, message: { text: 'Validation failed' } };
    const lost = { message: { descriptor: { id: 'x', message: 'Server is not available' } } };
    const { actor, sent, assigned } = run([refusedFile, lost, 'ok']);
    actor.send({ type: 'CHANGE', value: 'Signature' });
    actor.send({ type: 'CHOOSE', file: pdf });
    actor.send({ type: 'SUBMIT' });
    await settle();
    let { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context.errors).toEqual({ file: { text: 'The file is not a PDF, JPEG or PNG' } });
    expect(context.failure).toBeNull();
    expect(context.name).toBe('Signature');
    expect(context.file).toBe(pdf);
    expect(context.attempts).toBe(1);

    // The same name and file again: the same attempt (its requestId).
    actor.send({ type: 'SUBMIT' });
    await settle();
    ({ context } = actor.getSnapshot());
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(context.errors).toEqual({});
    expect(context.failure).toEqual(lost.message);
    expect(context.attempts).toBe(2);

    // Another file: a new attempt. Choosing it clears the form's message.
    actor.send({ type: 'CHOOSE', file: png });
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toHaveLength(3);
    expect(sent[2]!.requestId).not.toBe(sent[1]!.requestId);
    expect(sent[2]!.file).toBe(png);
    expect(assigned).toEqual([kept]);
  });

  it('a changed name is a new attempt; a refusal of the requestId (no field the form shows) and a bug are said for the form', async () => {
    const requestIdRefused = { fields: { requestId: { text: 'This requestId was used with other details' } }, message: { text: 'This requestId was used with other details' } };
    const { actor, sent } = run([requestIdRefused, new Error('bug'), 'ok']);
    actor.send({ type: 'CHANGE', value: 'Agreement' });
    actor.send({ type: 'CHOOSE', file: pdf });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'This requestId was used with other details' });
    actor.send({ type: 'CHANGE', value: 'Agreement (signed)' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent[1]!.requestId).not.toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().context.failure).toEqual({ descriptor: unexpectedFailure });
    // Spaces around the same name are the same name: the same attempt.
    actor.send({ type: 'CHANGE', value: ' Agreement (signed) ' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent[2]!.requestId).toBe(sent[1]!.requestId);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('every popup is its own attempt: two actors never share a requestId', async () => {
    const first = run();
    const second = run();
    for (const { actor } of [first, second]) {
      actor.send({ type: 'CHANGE', value: 'Contract' });
      actor.send({ type: 'CHOOSE', file: pdf });
      actor.send({ type: 'SUBMIT' });
    }
    await settle();
    expect(first.sent[0]!.requestId).not.toBe(second.sent[0]!.requestId);
  });

  expectFullCoverage(coverage);
});
