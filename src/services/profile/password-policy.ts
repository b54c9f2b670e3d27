import type { AppConfig } from '../../config';
import { UnprocessableError } from '../../errors';

export const PASSWORD_MAX_LENGTH = 1000;

/**
 * The password rules for every way a user sets a password (profile, reset link): at least
 * auth.passwordMinLength characters, at most PASSWORD_MAX_LENGTH, not the username.
 * Violations are 422 PASSWORD_POLICY with the rule in `rule`.
 */
export function assertPasswordPolicy(password: string, config: AppConfig, username?: string): void {
  const min = config.auth.passwordMinLength;
  const length = [...password].length;
  if (length < min) throw new UnprocessableError(`The password must have at least ${min} characters`, 'PASSWORD_POLICY', { rule: 'min-length', minLength: min });
  if (length > PASSWORD_MAX_LENGTH) throw new UnprocessableError(`The password must have at most ${PASSWORD_MAX_LENGTH} characters`, 'PASSWORD_POLICY', { rule: 'max-length', maxLength: PASSWORD_MAX_LENGTH });
  if (username && password.trim().toLowerCase() === username.trim().toLowerCase()) {
    throw new UnprocessableError('The password must not be the username', 'PASSWORD_POLICY', { rule: 'not-username' });
  }
}
