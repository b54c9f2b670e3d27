import type { Request } from 'express';
import { Strategy } from 'passport-strategy';
import type { AuthenticatedUser } from '../core/authenticated-user';

type Verify = (req: Request, username: string, password: string, done: (error: unknown, user?: AuthenticatedUser | false) => void) => void;

/**
 * HTTP Basic (RFC 7617) as a passport strategy: the password is everything after the first
 * colon, so passwords may contain colons, and the header is decoded with Buffer.from (the
 * deprecated Buffer constructor costs a stack inspection on every request).
 */
export class BasicStrategy extends Strategy {
  name = 'basic';

  constructor(private readonly verify: Verify) {
    super();
  }

  override authenticate(req: Request): void {
    const header = req.headers.authorization ?? '';
    const [scheme, encoded] = header.split(' ');
    if (!/^Basic$/i.test(scheme ?? '') || !encoded) return this.fail('Basic realm="Graph Analytics Service"', 401);
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) return this.fail('Basic realm="Graph Analytics Service"', 401);
    this.verify(req, decoded.slice(0, colon), decoded.slice(colon + 1), (error, user) => {
      if (error) return this.error(error as Error);
      if (!user) return this.fail('Basic realm="Graph Analytics Service"', 401);
      this.success(user);
    });
  }
}
