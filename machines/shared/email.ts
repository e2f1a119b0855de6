/**
 * The e-mail field rule of 001 s5, one for every screen (the payee check, the e-mail check, the
 * reputation look-up): valid when empty, or longer than 5 characters with "@" and "." (trimmed).
 * An invalid e-mail skips the server call.
 */
export function isEmailValid(text: string): boolean {
  const email = text.trim();
  return email === '' || (email.length > 5 && email.includes('@') && email.includes('.'));
}
