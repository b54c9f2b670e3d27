import type { AuthenticatedUser, ServiceContext } from '../../core/context';
import { withDb } from '../../core/context';
import { NotFoundError, UnprocessableError } from '../../errors';
import { randomToken, sha256 } from '../../auth/passwords';
import { audit } from '../audit/audit-service';

export const TOKEN_PREFIX = 'gas_';
export const MAX_ACTIVE_TOKENS = 50;
/** Characters of the token kept in clear to recognise it in lists (the same length auth.token.failed logs). */
const SHOWN_PREFIX_LENGTH = 8;

export interface ApiTokenInfo {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  expired: boolean;
}

interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toInfo(row: TokenRow): ApiTokenInfo {
  return {
    id: String(row.id),
    name: row.name,
    prefix: row.prefix,
    createdAt: iso(row.created_at) as string,
    lastUsedAt: iso(row.last_used_at),
    expiresAt: iso(row.expires_at),
    expired: row.expires_at !== null && new Date(row.expires_at) <= new Date(),
  };
}

/**
 * Personal API tokens of the session user: `gas_` + 256 random bits, shown once at creation;
 * only the SHA-256 and a short prefix are stored. Scripts send them as `Authorization: Bearer`.
 */
export class ApiTokenService {
  private readonly user: AuthenticatedUser;

  constructor(private readonly ctx: ServiceContext) {
    if (!ctx.user) throw new Error('ApiTokenService needs a signed-in user');
    this.user = ctx.user;
  }

  async list(): Promise<ApiTokenInfo[]> {
    const rows = (await this.ctx
      .db('api_tokens')
      .where({ user_id: this.user.id })
      .whereNull('revoked_at')
      .orderBy('id', 'desc')) as TokenRow[];
    return rows.map(toInfo);
  }

  async create(name: string, expiresInDays?: number): Promise<ApiTokenInfo & { token: string }> {
    const token = `${TOKEN_PREFIX}${randomToken()}`;
    const expiresAt = expiresInDays ? new Date(Date.now() + expiresInDays * 86_400_000) : null;
    const row = await this.ctx.db.transaction(async (trx) => {
      await trx('users').where({ id: this.user.id }).forUpdate().first('id');
      const [{ count }] = await trx('api_tokens').where({ user_id: this.user.id }).whereNull('revoked_at').count({ count: '*' });
      if (Number(count) >= MAX_ACTIVE_TOKENS) {
        throw new UnprocessableError(`At most ${MAX_ACTIVE_TOKENS} tokens can be active; revoke one first`, 'TOO_MANY_TOKENS', {
          max: MAX_ACTIVE_TOKENS,
        });
      }
      const [inserted]: TokenRow[] = await trx('api_tokens')
        .insert({
          user_id: this.user.id,
          name,
          token_hash: sha256(token),
          prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
          expires_at: expiresAt,
        })
        .returning(['id', 'name', 'prefix', 'created_at', 'last_used_at', 'expires_at']);
      await audit(withDb(this.ctx, trx), {
        action: 'token.create',
        targetType: 'api_token',
        targetId: inserted.id,
        details: { name, prefix: inserted.prefix, expiresAt: iso(expiresAt) },
      });
      return inserted;
    });
    return { ...toInfo(row), token };
  }

  /** Revokes one of the user's own tokens; unknown, foreign or already revoked ids are 404. */
  async revoke(id: string): Promise<void> {
    await this.ctx.db.transaction(async (trx) => {
      const rows: Array<{ id: string; name: string; prefix: string }> = await trx('api_tokens')
        .where({ id, user_id: this.user.id })
        .whereNull('revoked_at')
        .update({ revoked_at: new Date() })
        .returning(['id', 'name', 'prefix']);
      if (rows.length === 0) throw new NotFoundError(`API token ${id}`);
      await audit(withDb(this.ctx, trx), {
        action: 'token.revoke',
        targetType: 'api_token',
        targetId: id,
        details: { name: rows[0].name, prefix: rows[0].prefix },
      });
    });
    // Verified tokens are cached briefly: drop them so the revoked one stops working at once.
    this.ctx.deps.credentialCache.forgetUser(this.user.id);
  }
}
