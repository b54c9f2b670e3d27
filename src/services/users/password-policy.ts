import type { AppConfig } from '../../config';
import { UnprocessableError } from '../../errors';

/** The password rules for every way a password is set (admin, profile, reset): 422 PASSWORD_POLICY. */
export function assertPasswordPolicy(config: AppConfig, password: string, username?: string): void {
  const minLength = config.auth.passwordMinLength;
  if ([...password].length < minLength) {
    throw new UnprocessableError(`The password must have at least ${minLength} characters`, 'PASSWORD_POLICY', { minLength });
  }
  if (password.trim().length === 0) throw new UnprocessableError('The password must not be blank', 'PASSWORD_POLICY', { minLength });
  if (username && password.toLowerCase() === username.toLowerCase()) {
    throw new UnprocessableError('The password must differ from the username', 'PASSWORD_POLICY', { minLength });
  }
}
