import type { HandlerReply } from '../handler-types.ts';

/**
 * The business replies of the 200 envelope (001 s3): one helper per shape, so every handler answers
 * the same way. Key order is part of the reply (JSON is written in insertion order): keep it.
 *
 *   ok(body)              '00' with the body's fields
 *   refused(text, code)   a refusal with its description (code '13' unless given: 'CA', 'ENOA', 'UE' …)
 *   refusedListed(text, code)  a refusal ('13' unless given) that also lists the text in `errors` (approvals,
 *                         requests, global pay; the merchant area's UE: 001 s8, the response popup)
 *   vf(param, text)       'VF' with one validation error
 *   vfMany(issues)        'VF' with these validation errors
 *   vfDescribed(issues)   'VF' with these validation errors and their descriptions joined (KYC, verification, certification)
 *   forbidden(text)       403 with `{ message }`: a user who may act for the customer but not do this (the merchant area's writes)
 */
export interface Issue {
  param: string;
  description: string;
}

export const ok = (body: Record<string, unknown> = {}): HandlerReply => ({ status: 200, body: { responseCode: '00', ...body } });

export const refused = (text: string, code = '13'): HandlerReply => ({ status: 200, body: { responseCode: code, responseDescription: text } });

export const refusedListed = (text: string, code = '13'): HandlerReply => ({ status: 200, body: { responseCode: code, responseDescription: text, errors: [text] } });

export const forbidden = (text: string): HandlerReply => ({ status: 403, body: { message: text } });

export const vfMany = (issues: Issue[]): HandlerReply => ({ status: 200, body: { responseCode: 'VF', validationErrors: issues } });

export const vf = (param: string, description: string): HandlerReply => vfMany([{ param, description }]);

export const vfDescribed = (issues: Issue[]): HandlerReply => ({
  status: 200,
  body: { responseCode: 'VF', validationErrors: issues, responseDescription: issues.map((issue) => issue.description).join(', ') },
});

/** The reply's response code, if it has one. */
export const responseCodeOf = (reply: HandlerReply): string | undefined => (reply.body as { responseCode?: string } | undefined)?.responseCode;
