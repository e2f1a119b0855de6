import type { Language } from '../machines/shared/languages.ts';
import { pickLanguage } from './auth-messages.ts';
import type { HandlerReply } from './handler-types.ts';
import { refusedListed } from './kernel/replies.ts';

/**
 * The sandbox's own refusals in the six interface languages (issue 46 item 8: every text the
 * sandbox writes is looked up by the request's language; the auth service's are in
 * auth-messages.ts). A reply is in the language of the request's Accept-Language (the app sends its
 * interface language), else English, and says so in Content-Language. The Record type makes a
 * missing text a type error; tests/sandbox/messages.test.ts checks none is left in English.
 */
export type SandboxMessageKey = 'requestIdMissing' | 'requestIdOtherDetails' | 'requestIdOtherCall' | 'approvalNotYours' | 'approvalExpired' | 'approvalTooManyResends';

export const SANDBOX_MESSAGES: Readonly<Record<Language, Readonly<Record<SandboxMessageKey, string>>>> = {
  en: {
    requestIdMissing: 'This request has no request id, so it could be carried out twice. Nothing was done.',
    requestIdOtherDetails: 'This request id was already used for a request with other details. Nothing was done: start again.',
    requestIdOtherCall: 'This request id was already used for another kind of request. Nothing was done: start again.',
    approvalNotYours: 'This operation waits for the approval of the person who started it.',
    approvalExpired: 'This operation expired after 15 minutes without confirmation. Nothing was sent: start it again.',
    approvalTooManyResends: 'The code was sent again too many times. Cancel and start the operation again.',
  },
  es: {
    requestIdMissing: 'Esta solicitud no tiene identificador, así que podría ejecutarse dos veces. No se ha hecho nada.',
    requestIdOtherDetails: 'Este identificador ya se usó para una solicitud con otros datos. No se ha hecho nada: empiece de nuevo.',
    requestIdOtherCall: 'Este identificador ya se usó para otro tipo de solicitud. No se ha hecho nada: empiece de nuevo.',
    approvalNotYours: 'Esta operación espera la aprobación de la persona que la inició.',
    approvalExpired: 'Esta operación caducó tras 15 minutos sin confirmación. No se ha enviado nada: vuelva a empezarla.',
    approvalTooManyResends: 'El código se ha reenviado demasiadas veces. Cancele y vuelva a empezar la operación.',
  },
  ro: {
    requestIdMissing: 'Această cerere nu are un identificator, deci ar putea fi executată de două ori. Nu s-a făcut nimic.',
    requestIdOtherDetails: 'Acest identificator a fost deja folosit pentru o cerere cu alte date. Nu s-a făcut nimic: începeți din nou.',
    requestIdOtherCall: 'Acest identificator a fost deja folosit pentru alt tip de cerere. Nu s-a făcut nimic: începeți din nou.',
    approvalNotYours: 'Această operațiune așteaptă aprobarea persoanei care a inițiat-o.',
    approvalExpired: 'Această operațiune a expirat după 15 minute fără confirmare. Nu s-a trimis nimic: începeți-o din nou.',
    approvalTooManyResends: 'Codul a fost retrimis de prea multe ori. Anulați și începeți operațiunea din nou.',
  },
  ru: {
    requestIdMissing: 'У этого запроса нет идентификатора, поэтому он мог бы выполниться дважды. Ничего не сделано.',
    requestIdOtherDetails: 'Этот идентификатор уже использован для запроса с другими данными. Ничего не сделано: начните заново.',
    requestIdOtherCall: 'Этот идентификатор уже использован для запроса другого вида. Ничего не сделано: начните заново.',
    approvalNotYours: 'Эта операция ждёт подтверждения от того, кто её начал.',
    approvalExpired: 'Срок операции истёк: 15 минут без подтверждения. Ничего не отправлено: начните её заново.',
    approvalTooManyResends: 'Код отправлялся повторно слишком много раз. Отмените операцию и начните её заново.',
  },
  uk: {
    requestIdMissing: 'Цей запит не має ідентифікатора, тому його могло б бути виконано двічі. Нічого не зроблено.',
    requestIdOtherDetails: 'Цей ідентифікатор уже використано для запиту з іншими даними. Нічого не зроблено: почніть знову.',
    requestIdOtherCall: 'Цей ідентифікатор уже використано для запиту іншого виду. Нічого не зроблено: почніть знову.',
    approvalNotYours: 'Ця операція чекає на підтвердження від того, хто її розпочав.',
    approvalExpired: 'Строк операції минув: 15 хвилин без підтвердження. Нічого не надіслано: почніть її знову.',
    approvalTooManyResends: 'Код надсилали повторно забагато разів. Скасуйте операцію й почніть її знову.',
  },
  pt: {
    requestIdMissing: 'Este pedido não tem identificador, por isso poderia ser executado duas vezes. Nada foi feito.',
    requestIdOtherDetails: 'Este identificador já foi usado num pedido com outros dados. Nada foi feito: comece de novo.',
    requestIdOtherCall: 'Este identificador já foi usado noutro tipo de pedido. Nada foi feito: comece de novo.',
    approvalNotYours: 'Esta operação aguarda a aprovação da pessoa que a iniciou.',
    approvalExpired: 'Esta operação expirou após 15 minutos sem confirmação. Nada foi enviado: comece-a de novo.',
    approvalTooManyResends: 'O código foi reenviado vezes demais. Cancele e comece a operação de novo.',
  },
};

/** A message in the request's language, with the language it is in. */
export function say(headers: Pick<Headers, 'get'>, key: SandboxMessageKey): { text: string; language: Language } {
  const language = pickLanguage(headers.get('accept-language'));
  return { text: SANDBOX_MESSAGES[language][key], language };
}

/**
 * A request the sandbox cannot take as sent (422, a status the client meets, spec 000 s8): its
 * message and the field at fault, in the request's language.
 */
export function unprocessable(headers: Pick<Headers, 'get'>, key: SandboxMessageKey, param: string): HandlerReply {
  const { text, language } = say(headers, key);
  return { status: 422, body: { message: text, validationErrors: [{ param, description: text }] }, headers: { 'Content-Language': language } };
}

/** A refusal in the envelope (responseCode 13, its text listed), in the request's language. */
export function refusedIn(headers: Pick<Headers, 'get'>, key: SandboxMessageKey): HandlerReply {
  const { text, language } = say(headers, key);
  return { ...refusedListed(text), headers: { 'Content-Language': language } };
}
