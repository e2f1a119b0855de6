import type { Client } from 'openapi-fetch';
import type { components, operations, paths } from './generated/main';
import { markUploadProgress } from './upload-progress';

/**
 * The main service, typed by method name (spec 000 s7: `POST /?method=X` with the method in the
 * body). Callers write only the method's own fields; the dispatch fields (`method`, and
 * `fromCustomerId`, `fromEmail`, `authSecret`, `lang`, which the request rules add) are never
 * required of them. A misspelt field fails `tsc`, and the reply is the schema's 200 reply.
 *
 *   const { customer } = await api().main.call('customerInfo');
 *   await api().main.call('activateAccount', { username, activationCode });
 */
type AnyMethod = keyof operations & string;
/** Methods whose body is JSON (nearly all). */
export type MainMethod = { [M in AnyMethod]: operations[M]['requestBody']['content'] extends { 'application/json': unknown } ? M : never }[AnyMethod];
/** Methods that send a file: multipart with a JSON `data` part (001 s5: mass transfers). */
export type MainUploadMethod = { [M in AnyMethod]: operations[M]['requestBody']['content'] extends { 'multipart/form-data': unknown } ? M : never }[AnyMethod];
/** The JSON part of an upload (the rule-added fields may be given, never must). */
export type MainUploadData<M extends MainUploadMethod> = Omit<Extract<operations[M]['requestBody']['content'], { 'multipart/form-data': unknown }>['multipart/form-data']['data'], 'fromCustomerId' | 'lang'>;

type Dispatch = keyof components['schemas']['BaseRequest'];
type RawBody<M extends MainMethod> = Extract<operations[M]['requestBody']['content'], { 'application/json': unknown }>['application/json'];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

/** What a caller writes: the method's own fields; the rule-added fields may be given, never must. */
export type MainBody<M extends MainMethod> = Simplify<
  Omit<RawBody<M>, Dispatch> & Partial<Pick<RawBody<M>, Exclude<Dispatch, 'method'> & keyof RawBody<M>>>
>;
/** The successful reply of a method (a non-'00' envelope is thrown as an ApiError by the transport). */
export type MainReply<M extends AnyMethod> = operations[M]['responses'][200]['content']['application/json'];

export interface CallOptions {
  signal?: AbortSignal;
}
/** An upload's options: how much of it has been sent, 0–100 (issue 27). */
export interface UploadOptions extends CallOptions {
  onProgress?: (percent: number) => void;
}
type CallArgs<M extends MainMethod> =
  RequiredKeys<MainBody<M>> extends never
    ? [body?: MainBody<M>, options?: CallOptions]
    : [body: MainBody<M>, options?: CallOptions];

export interface MainClient {
  call<M extends MainMethod>(method: M, ...args: CallArgs<M>): Promise<MainReply<M>>;
  /** A file with its JSON `data` part; the dispatch middleware applies the request rules to the data. */
  upload<M extends MainUploadMethod>(method: M, data: MainUploadData<M>, file: Blob, fileName: string, options?: CallOptions): Promise<MainReply<M>>;
  /** Several named files with the JSON `data` part (a document's front, back, stamp), its progress reported. */
  uploadParts<M extends MainUploadMethod>(method: M, data: MainUploadData<M>, parts: Record<string, File>, options?: UploadOptions): Promise<MainReply<M>>;
}

/** openapi-fetch's POST seen by method name; the dispatch middleware adds `method` to the body. */
type LoosePost = (path: string, init: { body: object; signal?: AbortSignal; headers?: Record<string, string>; bodySerializer?: (body: FormData) => FormData }) => Promise<{ data?: unknown }>;

export function createMainClient(client: Client<paths>): MainClient {
  const post = client.POST.bind(client) as unknown as LoosePost;
  return {
    async call(method, ...[body, options]) {
      const { data } = await post(`/${method}`, { body: body ?? {}, ...(options?.signal ? { signal: options.signal } : {}) });
      return data as MainReply<typeof method>;
    },
    async upload(method, data, file, fileName, options) {
      const form = new FormData();
      form.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
      form.append('file', file, fileName);
      // FormData as it is: the browser writes the multipart boundary.
      const { data: reply } = await post(`/${method}`, { body: form, bodySerializer: (body) => body, ...(options?.signal ? { signal: options.signal } : {}) });
      return reply as MainReply<typeof method>;
    },
    async uploadParts(method, data, parts, options) {
      const form = new FormData();
      form.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
      for (const [name, file] of Object.entries(parts)) form.append(name, file, file.name);
      const progress = options?.onProgress ? markUploadProgress(options.onProgress) : null;
      try {
        const { data: reply } = await post(`/${method}`, {
          body: form,
          bodySerializer: (body) => body,
          ...(progress ? { headers: progress.header } : {}),
          ...(options?.signal ? { signal: options.signal } : {}),
        });
        return reply as MainReply<typeof method>;
      } finally {
        progress?.release();
      }
    },
  };
}
