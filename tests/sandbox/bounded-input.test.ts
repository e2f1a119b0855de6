// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { BOUNDED_INPUT_MESSAGES, DATA_PART_MAX_BYTES, JSON_BODY_MAX_BYTES, multipartBodyMaxBytes } from '../../sandbox/kernel/bounded-input.ts';
import { massFileHeader } from '../../sandbox/handlers/mass-transfer.ts';
import { MASS_FILE_MAX_BYTES, MASS_FILE_MAX_ROWS } from '../../machines/transfers/external-rails.ts';
import { GLOBAL_PAY_MAX_BYTES } from '../../machines/batches/global-pay-rules.ts';
import { DOCUMENT_MAX_BYTES } from '../../machines/verification/verification.rules.ts';
import { MASS_P2P_MAX_BYTES, MASS_P2P_MAX_LINES } from '../../machines/transfers/mass-p2p.logic.ts';
import { sandboxClient } from './client';
import { sampleJpeg, samplePdf, samplePng } from '../support/sample-files';

/**
 * Bounded input (issue 46 item 7), as attacks that must fail: bodies over their limit, with and
 * without a Content-Length, refused with 413 (or the upload's own refusal where its contract lists
 * no 413) before they are read whole; files whose bytes are not what their type says refused like
 * a wrong type. And what the app really sends still passes: the largest JSON body, a 10,000-line
 * CSV, real small PDF, PNG and JPEG files.
 */
let sb: Sandbox;
const { post, tokenOf, call } = sandboxClient(() => sb.url);

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-bounded-')), 'db.sqlite') });
});
afterAll(() => sb.close());

const MiB = 1024 * 1024;
const tooLarge = { message: BOUNDED_INPUT_MESSAGES.bodyTooLarge(JSON_BODY_MAX_BYTES) };

/**
 * A body sent in chunks without a Content-Length (Transfer-Encoding: chunked): `head`, then spaces
 * in 64-KiB chunks towards `total` bytes, made only as they are read. Once more than `waitAfter`
 * bytes are sent the sender waits (an attacker sending slowly): a server that read bodies whole
 * would wait for the rest and never answer, so an answer at all shows it stopped at its limit.
 * (Waiting just past the limit also leaves nothing in flight to race the reply: bytes that reach a
 * closed connection reset it, and the client may lose the answer.)
 */
function chunked(total: number, waitAfter: number, head = '') {
  let sent = 0;
  const first = new TextEncoder().encode(head);
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent > waitAfter) await new Promise(() => {}); // until the request is dropped
      if (sent >= total) return controller.close();
      const next = sent === 0 && first.length ? first : chunk;
      sent += next.length;
      controller.enqueue(next);
    },
  });
  return { body, sent: () => sent };
}

/** POST with a streamed body (fetch sends it chunked): the status and the JSON reply, within 20 s. */
async function postStream(path: string, headers: Record<string, string>, body: ReadableStream<Uint8Array>) {
  const res = await fetch(`${sb.url}${path}`, { method: 'POST', headers, body, duplex: 'half', signal: AbortSignal.timeout(20_000) } as RequestInit & { duplex: 'half' });
  return { status: res.status, headers: res.headers, json: await res.json() };
}

/** A request that declares a Content-Length it never sends: the answer comes from the header alone. */
function declaring(path: string, headers: Record<string, string>, length: number): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(`${sb.url}${path}`, { method: 'POST', headers: { ...headers, 'Content-Length': String(length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (text += part));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.write('{"method":"balanceInquiry"'); // a few bytes of the body, then nothing
  });
}

const BOUNDARY = 'bounded-input-boundary';
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;
/** A multipart body's beginning: the data part, then the headers of a file part whose content follows. */
const multipartHead = (data: unknown, part: string, type: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(data)}\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part}"; filename="big"\r\nContent-Type: ${type}\r\n\r\n`;

const usdOf = async (token: string) =>
  ((await call(token, 'balanceInquiry')).accounts as { accountId: number; type: number; currencyCode: string; accountStatusId: number }[]).find((a) => a.type === 1001 && a.currencyCode === 'USD' && a.accountStatusId !== 11)!;

/** An upload as the app sends it: the JSON data part and one file. */
async function upload(token: string, method: string, data: unknown, part: string, file: { bytes: Uint8Array<ArrayBuffer>; type: string; name: string }) {
  const body = new FormData();
  body.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
  body.append(part, new Blob([file.bytes], { type: file.type }), file.name);
  const res = await fetch(`${sb.url}/main/?method=${method}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body });
  return { status: res.status, json: await res.json() };
}

const ascii = (text: string) => new TextEncoder().encode(text);
const HTML = ascii('<!doctype html><html><body><script>document.location="https://evil.example"</script></body></html>');
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]);

describe('bounded input: bodies over their limit', () => {
  it('an oversize JSON body is refused with 413 and a message, signed in or not, before anything else is checked', async () => {
    const big = JSON.stringify({ method: 'balanceInquiry', pad: 'x'.repeat(JSON_BODY_MAX_BYTES) });
    const res = await fetch(`${sb.url}/main/?method=balanceInquiry`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
    // The auth service, and the control API, have the same limit.
    expect((await post('/auth/login', { client: 'spa', username: 'x'.repeat(JSON_BODY_MAX_BYTES), password: 'Demo-pass-1' })).status).toBe(413);
    expect((await post('/__sandbox/faults', { pad: 'x'.repeat(JSON_BODY_MAX_BYTES) })).status).toBe(413);
  });

  it('a declared Content-Length over the limit is refused from the header, before the body is read', async () => {
    const reply = await declaring('/main/?method=balanceInquiry', { 'Content-Type': 'application/json' }, 1024 * MiB);
    expect(reply).toEqual({ status: 413, json: tooLarge });
  });

  it('an oversize chunked JSON body (no Content-Length) is refused with 413 once the limit is passed, not read to its end', async () => {
    const stream = chunked(256 * MiB, JSON_BODY_MAX_BYTES, '{"method":"balanceInquiry","pad":"');
    const reply = await postStream('/main/?method=balanceInquiry', { 'Content-Type': 'application/json' }, stream.body);
    // Answered while the sender waited just past the limit, 2 MiB of the 256 sent: the sandbox stopped there.
    expect(reply.status).toBe(413);
    expect(reply.json).toEqual(tooLarge);
    expect(reply.headers.get('connection')).toBe('close');
    expect(stream.sent()).toBeLessThan(JSON_BODY_MAX_BYTES + 64 * 1024 + 64);
    // The sandbox still answers the next request.
    expect((await fetch(`${sb.url}/__sandbox/health`)).status).toBe(200);
  });

  it('a chunked body within the limit is read as usual', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const body = ascii(JSON.stringify({ method: 'balanceInquiry' }));
    const reply = await postStream('/main/?method=balanceInquiry', { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, new ReadableStream({ start: (c) => (c.enqueue(body), c.close()) }));
    expect(reply).toMatchObject({ status: 200, json: { responseCode: '00' } });
  });

  it('an oversize multipart upload is refused: with the 413 a document lists, with the VF of a mass file (its contract lists no 413)', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const usd = await usdOf(token);
    // A declared length over every part at its largest.
    const document = await declaring('/main/?method=customerJumioDocumentCreate', { 'Content-Type': multipartType, Authorization: `Bearer ${token}` }, 64 * MiB);
    expect(document).toEqual({ status: 413, json: { message: 'The file is larger than 10 MB' } });
    const mass = await declaring('/main/?method=massTransfer', { 'Content-Type': multipartType, Authorization: `Bearer ${token}` }, 64 * MiB);
    expect(mass).toEqual({ status: 200, json: { responseCode: 'VF', validationErrors: [{ param: 'file', description: 'The file is larger than 5 MB' }] } });
    // A whole file over the limit, sent with its length.
    const big = await upload(token, 'massTransfer', { onlySummary: true, accountId: usd.accountId, method: 'wire' }, 'file', { bytes: new Uint8Array(MASS_FILE_MAX_BYTES + MiB).fill(0x41), type: 'text/csv', name: 'big.csv' });
    expect(big.json).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'file', description: 'The file is larger than 5 MB' }] });
  });

  it('an oversize chunked multipart upload is refused without being buffered whole', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const usd = await usdOf(token);
    // A mass file: 5 MB at most, plus the data part.
    const mass = chunked(256 * MiB, multipartBodyMaxBytes(MASS_FILE_MAX_BYTES, 1), multipartHead({ onlySummary: true, accountId: usd.accountId, method: 'wire' }, 'file', 'text/csv'));
    const massReply = await postStream('/main/?method=massTransfer', { 'Content-Type': multipartType, Authorization: `Bearer ${token}` }, mass.body);
    expect(massReply).toMatchObject({ status: 200, json: { responseCode: 'VF', validationErrors: [{ param: 'file', description: 'The file is larger than 5 MB' }] } });
    expect(mass.sent()).toBeLessThan(6 * MiB);
    // A verification document: three files of 10 MB at most (front, back, stamp), plus the data part.
    const scan = chunked(256 * MiB, multipartBodyMaxBytes(DOCUMENT_MAX_BYTES, 3), `${multipartHead({ categoryId: 1, documentTypeId: 1 }, 'front', 'application/pdf')}%PDF-1.4\n`);
    const scanReply = await postStream('/main/?method=documentUpload', { 'Content-Type': multipartType, Authorization: `Bearer ${token}` }, scan.body);
    expect(scanReply).toMatchObject({ status: 413, json: { message: 'The front is larger than 10 MB' } });
    expect(scan.sent()).toBeLessThan(31 * MiB);
  });

  it('a data part over its limit is refused with 413, whatever the file', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const usd = await usdOf(token);
    const reply = await upload(token, 'massTransfer', { onlySummary: true, accountId: usd.accountId, method: 'wire', batchName: 'x'.repeat(DATA_PART_MAX_BYTES) }, 'file', {
      bytes: ascii(`${massFileHeader('wire').join(',')}\n`),
      type: 'text/csv',
      name: 'wires.csv',
    });
    expect(reply).toEqual({ status: 413, json: { message: BOUNDED_INPUT_MESSAGES.dataPartTooLarge(DATA_PART_MAX_BYTES) } });
  });
});

describe('bounded input: what the app sends still fits', () => {
  it('the largest JSON body: a mass p2p text at its limit (1,000,000 bytes) even when every character is escaped', async () => {
    const token = await tokenOf('approve-none@brand6.test');
    const from = await usdOf(token);
    // 1,000 lines of 1,000 bytes, each note all quotes and backslashes (two bytes each in JSON).
    const start = 'direct@brand6.test,1.00,';
    const line = start + '"\\'.repeat(500).slice(0, MASS_P2P_MAX_BYTES / MASS_P2P_MAX_LINES - 1 - start.length);
    const textContent = `${Array.from({ length: MASS_P2P_MAX_LINES }, () => line).join('\n')}\n`;
    expect(new TextEncoder().encode(textContent).length).toBe(MASS_P2P_MAX_BYTES);
    const body = JSON.stringify({ method: 'p2pMassTransfer', accountId: from.accountId, onlySummary: true, textContent });
    expect(body.length).toBeGreaterThan(1.9 * MASS_P2P_MAX_BYTES);
    expect(body.length).toBeLessThanOrEqual(JSON_BODY_MAX_BYTES);
    const res = await post('/main/?method=p2pMassTransfer', JSON.parse(body), { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect((await res.json()).responseCode).toBeDefined();
  });

  it('a global pay remove of 10,000 ids (the e2e removes 500 in one call) is read', async () => {
    const token = await tokenOf('globalpay@brand3.test');
    const reply = await call(token, 'globalPayRemove', { batchId: 999_999, paymentIds: Array.from({ length: 10_000 }, (_, i) => 1_000_000 + i) });
    expect(reply.responseCode).not.toBe('00'); // no such batch: a refusal, not a 413
  });

  it('a 10,000-line global pay CSV (the generator of the 10k e2e) makes a 10,000-payment draft', async () => {
    const token = await tokenOf('globalpay@brand3.test');
    const usd = await usdOf(token);
    const csv = execFileSync(process.execPath, ['scripts/generate-global-pay-csv.mjs', '--rows', '10000'], { maxBuffer: 64 * MiB });
    expect(csv.length).toBeLessThan(GLOBAL_PAY_MAX_BYTES);
    const reply = await upload(token, 'globalPayUploadBatch', { accountId: usd.accountId, batchName: 'Ten thousand', requestId: 'bounded-input-10k' }, 'file', { bytes: new Uint8Array(csv), type: 'text/csv', name: 'payroll-10k.csv' });
    expect(reply.json).toMatchObject({ responseCode: '00', result: 'created' });
    expect((await call(token, 'globalPayGetBatch', { batchId: reply.json.batchId })).batch.payments).toHaveLength(10_000);
  }, 60_000);

  it('a 10,000-line mass transfer file is summed (a CSV sent as application/vnd.ms-excel, as Windows names it, too)', async () => {
    const token = await tokenOf('approve-none@brand1.test');
    const usd = await usdOf(token);
    const row = `Hans Müller,"Unter den Linden 5, Berlin",DE,EUR,1.00,DE89370400440532013000,,,,,`;
    const file = ascii([massFileHeader('wire').join(','), ...Array.from({ length: MASS_FILE_MAX_ROWS }, () => row)].join('\n'));
    for (const type of ['text/csv', 'application/vnd.ms-excel']) {
      const reply = await upload(token, 'massTransfer', { onlySummary: true, accountId: usd.accountId, method: 'wire' }, 'file', { bytes: file, type, name: 'wires.csv' });
      expect(reply.json).toMatchObject({ responseCode: '00', summary: { count: MASS_FILE_MAX_ROWS } });
    }
  }, 60_000);

  it('real small PDF, PNG and JPEG files are taken as documents', async () => {
    const token = await tokenOf('verify-unverified@brand4.test');
    for (const file of [
      { bytes: samplePdf(), type: 'application/pdf', name: 'bill.pdf' },
      { bytes: samplePng(), type: 'image/png', name: 'receipt.png' },
      { bytes: sampleJpeg(), type: 'image/jpeg', name: 'passport.jpg' },
      { bytes: sampleJpeg(DOCUMENT_MAX_BYTES), type: 'image/jpeg', name: 'passport-10mb.jpg' },
    ]) {
      const reply = await upload(token, 'documentUpload', { categoryId: 1, documentTypeId: 1 }, 'front', file);
      expect(reply, file.name).toMatchObject({ status: 200, json: { responseCode: '00', statusId: 0 } });
    }
    expect((await upload(token, 'customerJumioDocumentCreate', { documentTypeId: 50, isDueDiligence: false }, 'file', { bytes: samplePdf(), type: 'application/pdf', name: 'payslip.pdf' })).json).toMatchObject({ responseCode: '00' });
  });
});

describe('bounded input: files that are not what they say', () => {
  const impostors = [
    { what: 'an HTML page named scan.pdf', bytes: HTML, type: 'application/pdf', name: 'scan.pdf' },
    { what: 'a program named scan.pdf', bytes: EXE, type: 'application/pdf', name: 'scan.pdf' },
    { what: 'a program named photo.png', bytes: EXE, type: 'image/png', name: 'photo.png' },
    { what: 'an HTML page named photo.jpg', bytes: HTML, type: 'image/jpeg', name: 'photo.jpg' },
    { what: 'a PNG named photo.jpg', bytes: samplePng(), type: 'image/jpeg', name: 'photo.jpg' },
  ];

  it.each(impostors)('a document: $what is refused like a wrong type', async ({ bytes, type, name }) => {
    const token = await tokenOf('verify-unverified@brand5.test');
    const verification = await upload(token, 'documentUpload', { categoryId: 1, documentTypeId: 1 }, 'front', { bytes, type, name });
    expect(verification.json).toMatchObject({ responseCode: 'VF', validationErrors: [{ param: 'front', description: 'The front of the document: fileType' }] });
    const kyc = await upload(token, 'customerJumioDocumentCreate', { documentTypeId: 50, isDueDiligence: false }, 'file', { bytes, type, name });
    expect(kyc.json).toEqual({ responseCode: 'VF', validationErrors: [{ param: 'file', description: 'The file is not a PDF, JPEG or PNG' }], responseDescription: 'The file is not a PDF, JPEG or PNG' });
  });

  it.each([
    { what: 'a PNG named payments.csv', bytes: samplePng() },
    { what: 'a program named payments.csv', bytes: EXE },
    { what: 'a CSV saved as UTF-16', bytes: new Uint8Array([0xff, 0xfe, ...Array.from('amount,currency\n').flatMap((c) => [c.charCodeAt(0), 0])]) },
    { what: 'a CSV in Latin-1', bytes: new Uint8Array([...ascii(`${massFileHeader('wire').join(',')}\nRen`), 0xe9, ...ascii(',"Berlin",DE,EUR,1.00,DE89370400440532013000,,,,,')]) },
  ])('a mass file and a global pay file: $what is refused as not text', async ({ bytes }) => {
    const notText = { responseCode: 'VF', validationErrors: [{ param: 'file', description: BOUNDED_INPUT_MESSAGES.notText }] };
    const mass = await tokenOf('approve-none@brand2.test');
    const massReply = await upload(mass, 'massTransfer', { onlySummary: true, accountId: (await usdOf(mass)).accountId, method: 'wire' }, 'file', { bytes, type: 'text/csv', name: 'payments.csv' });
    expect(massReply.json).toEqual(notText);
    const global = await tokenOf('globalpay@brand2.test');
    const globalReply = await upload(global, 'globalPayUploadBatch', { accountId: (await usdOf(global)).accountId, requestId: `bounded-input-${bytes.length}` }, 'file', { bytes, type: 'text/csv', name: 'payments.csv' });
    expect(globalReply.json).toEqual(notText);
  });
});
