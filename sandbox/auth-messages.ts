import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../machines/shared/languages.ts';

/**
 * The auth service's messages in the six interface languages (machines/shared/languages.ts).
 * A reply is in the language of the request's Accept-Language (the first tag the table has; the
 * app sends its interface language), else English, and says so in Content-Language.
 * `{retry}` is the wait before the next attempt ("in 15 minutes"), written by Intl.RelativeTimeFormat
 * in the reply's language so every language gets its own plural and case.
 */
export type AuthMessageKey =
  | 'wrongCredentials'
  | 'tooManySignIns'
  | 'blocked'
  | 'inactive'
  | 'termsRequired'
  | 'codeChallengeRequired'
  | 'unknownDevice'
  | 'noDeviceSignIn'
  | 'wrongCode'
  | 'codeAndVerifierRequired'
  | 'codeUnknown'
  | 'tooManyAttempts'
  | 'pkceFailed'
  | 'notApproved'
  | 'declined'
  | 'tooManyWrongCodes'
  | 'sessionExpired'
  | 'loginNotWaiting'
  | 'noPendingSignIn'
  | 'authorisationNotFound'
  | 'tooManyTexts'
  | 'codesLocked'
  | 'tooManyPushes'
  | 'tooManyTextsFromHere'
  | 'wrongPassword'
  | 'reauthLocked'
  | 'settingsCodeVoid'
  | 'tooManyCodes'
  | 'twoStepSameMode'
  | 'twoStepOtpNotOffered'
  | 'twoStepNoDevice'
  | 'addressNotAllowed';

export const AUTH_MESSAGES: Record<Language, Record<AuthMessageKey, string>> = {
  en: {
    wrongCredentials: 'Wrong e-mail or password',
    tooManySignIns: 'Too many failed sign-in attempts. Try again {retry}.',
    blocked: 'Sign-in to this account is blocked. Please contact support.',
    inactive: 'Activate your account first with the link in the e-mail we sent you.',
    termsRequired: 'Terms must be accepted',
    codeChallengeRequired: 'codeChallenge is required for this sign-in flow',
    unknownDevice: 'Unknown device',
    noDeviceSignIn: 'No sign-in to complete on this device',
    wrongCode: 'The code is not correct',
    codeAndVerifierRequired: 'code and codeVerifier are required',
    codeUnknown: 'The code is unknown or expired',
    tooManyAttempts: 'Too many attempts',
    pkceFailed: 'PKCE verification failed',
    notApproved: 'The sign-in is not approved yet',
    declined: 'The sign-in was declined',
    tooManyWrongCodes: 'Too many wrong codes',
    sessionExpired: 'session expired',
    loginNotWaiting: 'No sign-in is waiting for approval',
    noPendingSignIn: 'No pending sign-in',
    authorisationNotFound: 'The authorisation was not found or has been used',
    tooManyTexts: 'Too many messages to this number. Try again {retry}.',
    codesLocked: 'Too many wrong codes for this account. Try again {retry}.',
    tooManyPushes: 'The request was sent to your phone too many times. Sign in again.',
    tooManyTextsFromHere: 'Too many messages were sent from here. Try again {retry}.',
    wrongPassword: 'The password is not correct',
    reauthLocked: 'Too many wrong passwords or codes. Try again {retry}.',
    settingsCodeVoid: 'This code can no longer be used. Ask for a new code.',
    tooManyCodes: 'Too many codes were sent. Try again {retry}.',
    twoStepSameMode: 'Two-step verification is already set this way.',
    twoStepOtpNotOffered: 'An authenticator app cannot be set up here. Choose SMS or a linked device.',
    twoStepNoDevice: 'Link a device first to approve sign-ins on it.',
    addressNotAllowed: 'Sign-in from this address is not allowed for this account',
  },
  es: {
    wrongCredentials: 'Correo electrónico o contraseña incorrectos',
    tooManySignIns: 'Demasiados intentos fallidos de inicio de sesión. Vuelva a intentarlo {retry}.',
    blocked: 'El inicio de sesión en esta cuenta está bloqueado. Póngase en contacto con el servicio de asistencia.',
    inactive: 'Primero active su cuenta con el enlace del correo electrónico que le enviamos.',
    termsRequired: 'Debe aceptar las condiciones',
    codeChallengeRequired: 'Este tipo de inicio de sesión requiere codeChallenge',
    unknownDevice: 'Dispositivo desconocido',
    noDeviceSignIn: 'No hay ningún inicio de sesión pendiente en este dispositivo',
    wrongCode: 'El código no es correcto',
    codeAndVerifierRequired: 'Se requieren code y codeVerifier',
    codeUnknown: 'El código es desconocido o ha caducado',
    tooManyAttempts: 'Demasiados intentos',
    pkceFailed: 'La verificación PKCE ha fallado',
    notApproved: 'El inicio de sesión aún no está aprobado',
    declined: 'El inicio de sesión fue rechazado',
    tooManyWrongCodes: 'Demasiados códigos incorrectos',
    sessionExpired: 'la sesión ha caducado',
    loginNotWaiting: 'Ningún inicio de sesión está esperando aprobación',
    noPendingSignIn: 'No hay ningún inicio de sesión pendiente',
    authorisationNotFound: 'La autorización no se ha encontrado o ya se ha utilizado',
    tooManyTexts: 'Demasiados mensajes a este número. Vuelva a intentarlo {retry}.',
    codesLocked: 'Demasiados códigos incorrectos para esta cuenta. Vuelva a intentarlo {retry}.',
    tooManyPushes: 'La solicitud se envió a su teléfono demasiadas veces. Inicie sesión de nuevo.',
    tooManyTextsFromHere: 'Se enviaron demasiados mensajes desde aquí. Vuelva a intentarlo {retry}.',
    wrongPassword: 'La contraseña no es correcta',
    reauthLocked: 'Demasiadas contraseñas o códigos incorrectos. Vuelva a intentarlo {retry}.',
    settingsCodeVoid: 'Este código ya no se puede usar. Solicite un código nuevo.',
    tooManyCodes: 'Se han enviado demasiados códigos. Vuelva a intentarlo {retry}.',
    twoStepSameMode: 'La verificación en dos pasos ya está configurada así.',
    twoStepOtpNotOffered: 'Aquí no se puede configurar una aplicación de autenticación. Elija SMS o un dispositivo vinculado.',
    twoStepNoDevice: 'Vincule primero un dispositivo para aprobar en él los inicios de sesión.',
    addressNotAllowed: 'No se permite iniciar sesión en esta cuenta desde esta dirección',
  },
  ro: {
    wrongCredentials: 'E-mail sau parolă incorectă',
    tooManySignIns: 'Prea multe încercări de conectare eșuate. Încercați din nou {retry}.',
    blocked: 'Conectarea la acest cont este blocată. Contactați asistența.',
    inactive: 'Activați mai întâi contul folosind linkul din e-mailul pe care vi l-am trimis.',
    termsRequired: 'Trebuie să acceptați termenii',
    codeChallengeRequired: 'Acest tip de conectare necesită codeChallenge',
    unknownDevice: 'Dispozitiv necunoscut',
    noDeviceSignIn: 'Nu există nicio conectare de finalizat pe acest dispozitiv',
    wrongCode: 'Codul nu este corect',
    codeAndVerifierRequired: 'Sunt obligatorii code și codeVerifier',
    codeUnknown: 'Codul este necunoscut sau a expirat',
    tooManyAttempts: 'Prea multe încercări',
    pkceFailed: 'Verificarea PKCE a eșuat',
    notApproved: 'Conectarea nu a fost încă aprobată',
    declined: 'Conectarea a fost refuzată',
    tooManyWrongCodes: 'Prea multe coduri greșite',
    sessionExpired: 'sesiunea a expirat',
    loginNotWaiting: 'Nicio conectare nu așteaptă aprobarea',
    noPendingSignIn: 'Nu există nicio conectare în așteptare',
    authorisationNotFound: 'Autorizarea nu a fost găsită sau a fost deja folosită',
    tooManyTexts: 'Prea multe mesaje către acest număr. Încercați din nou {retry}.',
    codesLocked: 'Prea multe coduri greșite pentru acest cont. Încercați din nou {retry}.',
    tooManyPushes: 'Cererea a fost trimisă pe telefon de prea multe ori. Conectați-vă din nou.',
    tooManyTextsFromHere: 'Au fost trimise prea multe mesaje de aici. Încercați din nou {retry}.',
    wrongPassword: 'Parola nu este corectă',
    reauthLocked: 'Prea multe parole sau coduri greșite. Încercați din nou {retry}.',
    settingsCodeVoid: 'Acest cod nu mai poate fi folosit. Cereți un cod nou.',
    tooManyCodes: 'Au fost trimise prea multe coduri. Încercați din nou {retry}.',
    twoStepSameMode: 'Verificarea în doi pași este deja setată astfel.',
    twoStepOtpNotOffered: 'O aplicație de autentificare nu poate fi configurată aici. Alegeți SMS sau un dispozitiv asociat.',
    twoStepNoDevice: 'Asociați mai întâi un dispozitiv pentru a aproba conectările pe el.',
    addressNotAllowed: 'Conectarea la acest cont nu este permisă de la această adresă',
  },
  ru: {
    wrongCredentials: 'Неверный адрес эл. почты или пароль',
    tooManySignIns: 'Слишком много неудачных попыток входа. Повторите попытку {retry}.',
    blocked: 'Вход в эту учётную запись заблокирован. Обратитесь в службу поддержки.',
    inactive: 'Сначала активируйте учётную запись по ссылке из письма, которое мы вам отправили.',
    termsRequired: 'Необходимо принять условия',
    codeChallengeRequired: 'Для этого способа входа требуется codeChallenge',
    unknownDevice: 'Неизвестное устройство',
    noDeviceSignIn: 'На этом устройстве нет входа, который нужно завершить',
    wrongCode: 'Неверный код',
    codeAndVerifierRequired: 'Требуются code и codeVerifier',
    codeUnknown: 'Код не найден или срок его действия истёк',
    tooManyAttempts: 'Слишком много попыток',
    pkceFailed: 'Проверка PKCE не пройдена',
    notApproved: 'Вход ещё не подтверждён',
    declined: 'Вход отклонён',
    tooManyWrongCodes: 'Слишком много неверных кодов',
    sessionExpired: 'сеанс истёк',
    loginNotWaiting: 'Нет входов, ожидающих подтверждения',
    noPendingSignIn: 'Нет незавершённого входа',
    authorisationNotFound: 'Авторизация не найдена или уже использована',
    tooManyTexts: 'Слишком много сообщений на этот номер. Повторите попытку {retry}.',
    codesLocked: 'Слишком много неверных кодов для этой учётной записи. Повторите попытку {retry}.',
    tooManyPushes: 'Запрос отправлялся на ваш телефон слишком много раз. Войдите заново.',
    tooManyTextsFromHere: 'Отсюда отправлено слишком много сообщений. Повторите попытку {retry}.',
    wrongPassword: 'Неверный пароль',
    reauthLocked: 'Слишком много неверных паролей или кодов. Повторите попытку {retry}.',
    settingsCodeVoid: 'Этот код больше нельзя использовать. Запросите новый код.',
    tooManyCodes: 'Отправлено слишком много кодов. Повторите попытку {retry}.',
    twoStepSameMode: 'Двухэтапная проверка уже настроена так.',
    twoStepOtpNotOffered: 'Приложение-аутентификатор здесь подключить нельзя. Выберите SMS или привязанное устройство.',
    twoStepNoDevice: 'Сначала привяжите устройство, чтобы подтверждать на нём входы.',
    addressNotAllowed: 'Вход в эту учётную запись с этого адреса запрещён',
  },
  uk: {
    wrongCredentials: 'Неправильна адреса ел. пошти або пароль',
    tooManySignIns: 'Забагато невдалих спроб входу. Спробуйте ще раз {retry}.',
    blocked: 'Вхід до цього облікового запису заблоковано. Зверніться до служби підтримки.',
    inactive: 'Спочатку активуйте обліковий запис за посиланням у листі, який ми вам надіслали.',
    termsRequired: 'Необхідно прийняти умови',
    codeChallengeRequired: 'Для цього способу входу потрібен codeChallenge',
    unknownDevice: 'Невідомий пристрій',
    noDeviceSignIn: 'На цьому пристрої немає входу, який потрібно завершити',
    wrongCode: 'Неправильний код',
    codeAndVerifierRequired: 'Потрібні code і codeVerifier',
    codeUnknown: 'Код не знайдено або термін його дії минув',
    tooManyAttempts: 'Забагато спроб',
    pkceFailed: 'Перевірку PKCE не пройдено',
    notApproved: 'Вхід ще не підтверджено',
    declined: 'Вхід відхилено',
    tooManyWrongCodes: 'Забагато неправильних кодів',
    sessionExpired: 'сеанс завершився',
    loginNotWaiting: 'Немає входів, що очікують підтвердження',
    noPendingSignIn: 'Немає незавершеного входу',
    authorisationNotFound: 'Авторизацію не знайдено або її вже використано',
    tooManyTexts: 'Забагато повідомлень на цей номер. Спробуйте ще раз {retry}.',
    codesLocked: 'Забагато неправильних кодів для цього облікового запису. Спробуйте ще раз {retry}.',
    tooManyPushes: 'Запит надсилали на ваш телефон забагато разів. Увійдіть знову.',
    tooManyTextsFromHere: 'Звідси надіслано забагато повідомлень. Спробуйте ще раз {retry}.',
    wrongPassword: 'Неправильний пароль',
    reauthLocked: 'Забагато неправильних паролів або кодів. Спробуйте ще раз {retry}.',
    settingsCodeVoid: 'Цей код більше не можна використати. Запросіть новий код.',
    tooManyCodes: 'Надіслано забагато кодів. Спробуйте ще раз {retry}.',
    twoStepSameMode: 'Двоетапну перевірку вже налаштовано саме так.',
    twoStepOtpNotOffered: 'Застосунок-автентифікатор тут підключити не можна. Виберіть SMS або прив’язаний пристрій.',
    twoStepNoDevice: 'Спочатку прив’яжіть пристрій, щоб підтверджувати на ньому входи.',
    addressNotAllowed: 'Вхід до цього облікового запису з цієї адреси заборонено',
  },
  pt: {
    wrongCredentials: 'E-mail ou palavra-passe incorretos',
    tooManySignIns: 'Demasiadas tentativas de início de sessão falhadas. Tente novamente {retry}.',
    blocked: 'O início de sessão nesta conta está bloqueado. Contacte o apoio ao cliente.',
    inactive: 'Ative primeiro a sua conta com a ligação no e-mail que lhe enviámos.',
    termsRequired: 'Tem de aceitar os termos',
    codeChallengeRequired: 'Este tipo de início de sessão requer codeChallenge',
    unknownDevice: 'Dispositivo desconhecido',
    noDeviceSignIn: 'Não há nenhum início de sessão por concluir neste dispositivo',
    wrongCode: 'O código não está correto',
    codeAndVerifierRequired: 'São obrigatórios code e codeVerifier',
    codeUnknown: 'O código é desconhecido ou expirou',
    tooManyAttempts: 'Demasiadas tentativas',
    pkceFailed: 'A verificação PKCE falhou',
    notApproved: 'O início de sessão ainda não foi aprovado',
    declined: 'O início de sessão foi recusado',
    tooManyWrongCodes: 'Demasiados códigos incorretos',
    sessionExpired: 'a sessão expirou',
    loginNotWaiting: 'Nenhum início de sessão aguarda aprovação',
    noPendingSignIn: 'Não há nenhum início de sessão pendente',
    authorisationNotFound: 'A autorização não foi encontrada ou já foi utilizada',
    tooManyTexts: 'Demasiadas mensagens para este número. Tente novamente {retry}.',
    codesLocked: 'Demasiados códigos errados para esta conta. Tente novamente {retry}.',
    tooManyPushes: 'O pedido foi enviado para o seu telemóvel demasiadas vezes. Inicie sessão de novo.',
    tooManyTextsFromHere: 'Foram enviadas demasiadas mensagens a partir daqui. Tente novamente {retry}.',
    wrongPassword: 'A palavra-passe não está correta',
    reauthLocked: 'Demasiadas palavras-passe ou códigos errados. Tente novamente {retry}.',
    settingsCodeVoid: 'Este código já não pode ser usado. Peça um código novo.',
    tooManyCodes: 'Foram enviados demasiados códigos. Tente novamente {retry}.',
    twoStepSameMode: 'A verificação em dois passos já está definida assim.',
    twoStepOtpNotOffered: 'Não é possível configurar aqui uma aplicação de autenticação. Escolha SMS ou um dispositivo associado.',
    twoStepNoDevice: 'Associe primeiro um dispositivo para aprovar nele os inícios de sessão.',
    addressNotAllowed: 'Não é permitido iniciar sessão nesta conta a partir deste endereço',
  },
};

/** The locale Intl formats each language's wait in (the catalogues' Portuguese is European). */
const INTL_LOCALE: Record<Language, string> = { en: 'en', es: 'es', ro: 'ro', ru: 'ru', uk: 'uk', pt: 'pt-PT' };

/**
 * The reply language for an Accept-Language header: the supported tags by preference (q, then
 * order; q=0 refuses a tag), matched on the primary subtag (`ru-RU` is `ru`; `ua` is the UI's
 * name of `uk`); the first one the table has, else English.
 */
export function pickLanguage(acceptLanguage: string | null | undefined): Language {
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().toLowerCase().split('-')[0]!, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.primary && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranges) {
    const code = primary === 'ua' ? 'uk' : primary;
    if ((LANGUAGES as readonly string[]).includes(code)) return code as Language;
  }
  return DEFAULT_LANGUAGE;
}

/** "in 15 minutes" in the language (whole minutes, rounded up, at least one). */
export function waitText(language: Language, seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new Intl.RelativeTimeFormat(INTL_LOCALE[language], { numeric: 'always' }).format(minutes, 'minute');
}

/** A message in a language, with its placeholders filled. */
export function authText(language: Language, key: AuthMessageKey, values: { retrySeconds?: number } = {}): string {
  const template = AUTH_MESSAGES[language][key];
  return template.replace('{retry}', () => waitText(language, values.retrySeconds ?? 60));
}

/** The placeholders a message template uses, e.g. ['{retry}'] (the table test compares languages). */
export const placeholdersOf = (template: string): string[] => (template.match(/\{\w+\}/g) ?? []).sort();
