import type { AppConfig } from '../config';
import { UnprocessableError } from '../errors';

export const PASSWORD_MAX_LENGTH = 1000;

/**
 * The one password policy, for every way a password is set: an administrator creating a user or
 * setting a password, the user changing their own (profile), and a reset link. Violations are
 * 422 PASSWORD_POLICY with the broken rule in `rule` (and `minLength` always, for the forms):
 * - `blank`: only white space (any Unicode space, however long),
 * - `min-length`: fewer than auth.passwordMinLength characters (code points),
 * - `max-length`: more than PASSWORD_MAX_LENGTH characters,
 * - `not-username`: the username, ignoring case and surrounding white space.
 */
export function assertPasswordPolicy(config: AppConfig, password: string, username?: string): void {
  const minLength = config.auth.passwordMinLength;
  const fail = (message: string, rule: string, extra: Record<string, unknown> = {}): never => {
    throw new UnprocessableError(message, 'PASSWORD_POLICY', { rule, minLength, ...extra });
  };
  if (password.trim().length === 0) fail('The password must not consist of white space only', 'blank');
  const length = [...password].length;
  if (length < minLength) fail(`The password must have at least ${minLength} characters`, 'min-length');
  if (length > PASSWORD_MAX_LENGTH)
    fail(`The password must have at most ${PASSWORD_MAX_LENGTH} characters`, 'max-length', { maxLength: PASSWORD_MAX_LENGTH });
  if (username && password.trim().toLowerCase() === username.trim().toLowerCase())
    fail('The password must differ from the username', 'not-username');
}
