import { withDb, type ServiceContext, type AuthenticatedUser } from '../../core/context';
import { ForbiddenError, NotFoundError, PayloadTooLargeError, UnauthorizedError, UnprocessableError } from '../../errors';
import { audit } from '../audit/audit-service';
import { diff, unique } from '../users/management-transaction';
import type { DeletedCount, ReadContent } from './content-postprocessor';
import { ContentPostprocessor } from './content-postprocessor';
import type { VisualizationContent } from './content-schema';
import { CONTENT_VERSION, emptyContent } from './content-schema';
import type { Scope, ShareInfo, VisualizationRow } from './visualization-queries';
import { loadShares, loadVisibleVisualization, loadVisualizations } from './visualization-queries';

export interface VisualizationView {
  id: string;
  name: string;
  description: string;
  owner: { id: string; username: string };
  /** Hidden for the session user (PUT /visualizations/{id}/hidden). */
  hidden: boolean;
  /** The session user owns it. */
  own: boolean;
  /** Shared with the session user directly or through one of the user's groups. */
  sharedWithMe: boolean;
  /** Users and groups it is shared with: told to its owner only. */
  sharedWith?: ShareInfo;
  contentVersion: number;
  createdAt: string;
  updatedAt: string;
  content?: ReadContent;
  /** Elements of the stored content that no longer exist in the graph (dropped from content). */
  deleted?: DeletedCount;
}

export interface CreateVisualizationInput {
  name: string;
  description?: string;
  content?: VisualizationContent;
}

export interface UpdateVisualizationInput {
  content: VisualizationContent;
  name?: string;
  description?: string;
  /** Present in a round trip of a read answer; any other owner than the current one is refused. */
  ownerId?: string;
}

/**
 * Saved visualizations (spec 4.9): the visibility rule (owner, direct share, group share, View all
 * visualizations), owner-only changes, sharing within the owner's groups (Share visualization) or
 * with anyone (Share visualization with everyone), the per-user hidden flag, and postprocessing
 * of the content on every read (ContentPostprocessor). A visualization the user may not see is
 * 404, the same as one that does not exist; one the user sees but does not own is 403
 * NOT_VISUALIZATION_OWNER for owner-only operations. Every change and every access is audited.
 */
export class VisualizationService {
  private readonly user: AuthenticatedUser;
  private readonly postprocessor: ContentPostprocessor;

  constructor(private readonly ctx: ServiceContext) {
    if (!ctx.user) throw new UnauthorizedError();
    this.user = ctx.user;
    this.postprocessor = new ContentPostprocessor(ctx);
  }

  private get viewAll(): boolean {
    return this.user.permissions.has('VIEW_ALL_VISUALIZATIONS');
  }

  async list(scope: Scope, withContent: boolean): Promise<VisualizationView[]> {
    const rows = await loadVisualizations(this.ctx.db, this.user.id, { scope, viewAll: this.viewAll, withContent });
    const shares = await loadShares(
      this.ctx.db,
      rows.filter((row) => row.ownerId === this.user.id).map((row) => row.id),
    );
    const views: VisualizationView[] = [];
    for (const row of rows) views.push(await this.view(row, withContent, shares.get(row.id)));
    if (withContent && views.length > 0) {
      await audit(this.ctx, { action: 'visualization.list', targetType: 'visualization', details: { scope, ids: views.map((v) => v.id) } });
    }
    return views;
  }

  /** GET /visualizations/{id} and the /visualization page: audited as an access. */
  async get(id: string): Promise<VisualizationView> {
    const row = await this.requireVisible(id);
    // The shares (owner only) are read while the content is postprocessed.
    const shares = this.sharesIfOwner(row);
    const view = await this.view(row, true, shares);
    await audit(this.ctx, {
      action: 'visualization.access',
      targetType: 'visualization',
      targetId: id,
      details: { name: row.name, owner: row.ownerUsername },
    });
    return view;
  }

  async create(input: CreateVisualizationInput): Promise<VisualizationView> {
    const content = await this.prepare(input.content ?? emptyContent());
    const id = await this.ctx.db.transaction(async (trx) => {
      const [row]: Array<{ id: string }> = await trx('visualizations')
        .insert({
          owner_id: this.user.id,
          name: input.name,
          description: input.description ?? '',
          content: JSON.stringify(content),
          content_version: CONTENT_VERSION,
        })
        .returning('id');
      const created = String(row.id);
      await audit(withDb(this.ctx, trx), {
        action: 'visualization.create',
        targetType: 'visualization',
        targetId: created,
        details: {
          name: input.name,
          description: input.description ?? '',
          nodes: content.nodes.length,
          relationships: content.relationships.length,
        },
      });
      return created;
    });
    return this.view(await this.requireVisible(id), true, { users: [], groups: [] });
  }

  /** PUT /visualizations/{id}: the content (and name / description when given); owner only. */
  async update(id: string, input: UpdateVisualizationInput): Promise<VisualizationView> {
    const row = await this.requireOwned(id);
    if (input.ownerId !== undefined && input.ownerId !== row.ownerId) {
      throw new ForbiddenError('The owner of a visualization cannot be changed', { ownerId: row.ownerId }, 'OWNER_CHANGE_REFUSED');
    }
    const content = await this.prepare(input.content);
    await this.ctx.db.transaction(async (trx) => {
      const changes: Record<string, unknown> = { nodes: content.nodes.length, relationships: content.relationships.length };
      if (input.name !== undefined && input.name !== row.name) changes.name = { from: row.name, to: input.name };
      if (input.description !== undefined && input.description !== row.description)
        changes.description = { from: row.description, to: input.description };
      const updated = await trx('visualizations')
        .where({ id, owner_id: this.user.id })
        .update({
          content: JSON.stringify(content),
          content_version: CONTENT_VERSION,
          name: input.name ?? row.name,
          description: input.description ?? row.description,
          updated_at: trx.fn.now(),
        });
      if (updated === 0) throw new NotFoundError('Visualization'); // deleted meanwhile
      await audit(withDb(this.ctx, trx), {
        action: 'visualization.update',
        targetType: 'visualization',
        targetId: id,
        details: { name: input.name ?? row.name, changes },
      });
    });
    return this.view(await this.requireVisible(id), true, await this.sharesIfOwner(row));
  }

  /** PUT /visualizations/{id}/info: name and description; owner only. */
  async setInfo(id: string, input: { name: string; description?: string }): Promise<VisualizationView> {
    const row = await this.requireOwned(id);
    const description = input.description ?? row.description;
    await this.ctx.db.transaction(async (trx) => {
      const updated = await trx('visualizations')
        .where({ id, owner_id: this.user.id })
        .update({ name: input.name, description, updated_at: trx.fn.now() });
      if (updated === 0) throw new NotFoundError('Visualization'); // deleted meanwhile
      await audit(withDb(this.ctx, trx), {
        action: 'visualization.info.update',
        targetType: 'visualization',
        targetId: id,
        details: { name: { from: row.name, to: input.name }, description: { from: row.description, to: description } },
      });
    });
    return this.view(await this.requireVisible(id, false), false, await this.sharesIfOwner(row));
  }

  /** DELETE /visualizations/{id}: owner only; shares and hidden flags go with it. */
  async remove(id: string): Promise<void> {
    const row = await this.requireOwned(id);
    await this.ctx.db.transaction(async (trx) => {
      const shares = (await loadShares(trx, [id])).get(id)!;
      if ((await trx('visualizations').where({ id, owner_id: this.user.id }).del()) === 0) throw new NotFoundError('Visualization'); // deleted meanwhile
      await audit(withDb(this.ctx, trx), {
        action: 'visualization.delete',
        targetType: 'visualization',
        targetId: id,
        details: {
          name: row.name,
          sharedWithUsers: shares.users.map((u) => u.username),
          sharedWithGroups: shares.groups.map((g) => g.name),
        },
      });
    });
  }

  /**
   * PUT /visualizations/{id}/users: replaces the users it is shared with; owner only. Users newly
   * added must share a group with the owner unless the owner holds Share visualization with
   * everyone (403 SHARE_BEYOND_GROUPS); removing is always allowed. The owner in the list is ignored.
   */
  async shareWithUsers(id: string, userIds: string[]): Promise<ShareInfo> {
    const row = await this.requireOwned(id);
    const wanted = unique(userIds).filter((userId) => userId !== row.ownerId);
    return this.ctx.db.transaction(async (trx) => {
      const known: Array<{ id: string; username: string }> = await trx('users')
        .whereIn('id', wanted)
        .andWhere('deleted', false)
        .select('id', 'username');
      const usernames = new Map(known.map((u) => [String(u.id), u.username]));
      const unknown = wanted.filter((userId) => !usernames.has(userId));
      if (unknown.length > 0) throw new UnprocessableError(`Unknown user id ${unknown[0]}`, 'UNKNOWN_USER', { userIds: unknown });
      const before = (await loadShares(trx, [id])).get(id)!;
      const change = diff(
        before.users.map((u) => u.id),
        wanted,
      );
      if (change.added.length > 0 && !this.mayShareWithEveryone()) {
        const relatedRows: Array<{ user_id: string }> = await trx('user_groups as theirs')
          .join('user_groups as mine', 'mine.group_id', 'theirs.group_id')
          .where('mine.user_id', row.ownerId)
          .whereIn('theirs.user_id', change.added)
          .distinct('theirs.user_id');
        const related = new Set(relatedRows.map((r) => String(r.user_id)));
        const beyond = change.added.filter((userId) => !related.has(userId));
        if (beyond.length > 0)
          throw this.beyondGroups(
            'users',
            beyond.map((userId) => usernames.get(userId)!),
          );
      }
      for (const userId of before.users.map((u) => u.id)) usernames.set(userId, before.users.find((u) => u.id === userId)!.username);
      if (change.removed.length > 0)
        await trx('visualization_user_shares').where('visualization_id', id).whereIn('user_id', change.removed).del();
      if (change.added.length > 0)
        await trx('visualization_user_shares').insert(change.added.map((userId) => ({ visualization_id: id, user_id: userId })));
      const after = (await loadShares(trx, [id])).get(id)!;
      await audit(withDb(this.ctx, trx), {
        action: 'visualization.share.users',
        targetType: 'visualization',
        targetId: id,
        details: {
          name: row.name,
          users: after.users.map((u) => u.username),
          added: change.added.map((userId) => usernames.get(userId)),
          removed: change.removed.map((userId) => usernames.get(userId)),
        },
      });
      return after;
    });
  }

  /** PUT /visualizations/{id}/groups: replaces the groups it is shared with; same rules with the owner's own groups. */
  async shareWithGroups(id: string, groupIds: string[]): Promise<ShareInfo> {
    const row = await this.requireOwned(id);
    const wanted = unique(groupIds);
    return this.ctx.db.transaction(async (trx) => {
      const known: Array<{ id: string; name: string }> = await trx('groups').whereIn('id', wanted).select('id', 'name');
      const names = new Map(known.map((g) => [String(g.id), g.name]));
      const unknown = wanted.filter((groupId) => !names.has(groupId));
      if (unknown.length > 0) throw new UnprocessableError(`Unknown group id ${unknown[0]}`, 'UNKNOWN_GROUP', { groupIds: unknown });
      const before = (await loadShares(trx, [id])).get(id)!;
      for (const group of before.groups) names.set(group.id, group.name);
      const change = diff(
        before.groups.map((g) => g.id),
        wanted,
      );
      if (change.added.length > 0 && !this.mayShareWithEveryone()) {
        const ownRows: Array<{ group_id: string }> = await trx('user_groups').where('user_id', row.ownerId).select('group_id');
        const own = new Set(ownRows.map((r) => String(r.group_id)));
        const beyond = change.added.filter((groupId) => !own.has(groupId));
        if (beyond.length > 0)
          throw this.beyondGroups(
            'groups',
            beyond.map((groupId) => names.get(groupId)!),
          );
      }
      if (change.removed.length > 0)
        await trx('visualization_group_shares').where('visualization_id', id).whereIn('group_id', change.removed).del();
      if (change.added.length > 0)
        await trx('visualization_group_shares').insert(change.added.map((groupId) => ({ visualization_id: id, group_id: groupId })));
      const after = (await loadShares(trx, [id])).get(id)!;
      await audit(withDb(this.ctx, trx), {
        action: 'visualization.share.groups',
        targetType: 'visualization',
        targetId: id,
        details: {
          name: row.name,
          groups: after.groups.map((g) => g.name),
          added: change.added.map((groupId) => names.get(groupId)),
          removed: change.removed.map((groupId) => names.get(groupId)),
        },
      });
      return after;
    });
  }

  /** PUT / DELETE /visualizations/{id}/hidden: only the session user's view changes. */
  async setHidden(id: string, hidden: boolean): Promise<void> {
    const row = await this.requireVisible(id, false);
    if (row.hidden === hidden) return;
    await this.ctx.db.transaction(async (trx) => {
      if (hidden)
        await trx('visualization_hidden')
          .insert({ visualization_id: id, user_id: this.user.id })
          .onConflict(['visualization_id', 'user_id'])
          .ignore();
      else await trx('visualization_hidden').where({ visualization_id: id, user_id: this.user.id }).del();
      await audit(withDb(this.ctx, trx), {
        action: hidden ? 'visualization.hide' : 'visualization.unhide',
        targetType: 'visualization',
        targetId: id,
        details: { name: row.name },
      });
    });
  }

  // -------------------------------------------------------------------------------------------

  private mayShareWithEveryone(): boolean {
    return this.user.permissions.has('SHARE_VISUALIZATION_WITH_EVERYONE');
  }

  private beyondGroups(kind: 'users' | 'groups', names: string[]): ForbiddenError {
    return new ForbiddenError(
      `Sharing with ${kind === 'users' ? 'users outside your groups' : 'groups you are not a member of'} (${names.join(', ')}) needs the permission SHARE_VISUALIZATION_WITH_EVERYONE`,
      { permission: 'SHARE_VISUALIZATION_WITH_EVERYONE', [kind]: names },
      'SHARE_BEYOND_GROUPS',
    );
  }

  private async requireVisible(id: string, withContent = true): Promise<VisualizationRow> {
    const row = await loadVisibleVisualization(this.ctx.db, this.user.id, id, this.viewAll, withContent);
    if (!row) throw new NotFoundError('Visualization');
    return row;
  }

  private async requireOwned(id: string): Promise<VisualizationRow> {
    const row = await this.requireVisible(id, false);
    if (row.ownerId !== this.user.id)
      throw new ForbiddenError('Only the owner of the visualization may do this', {}, 'NOT_VISUALIZATION_OWNER');
    return row;
  }

  private async sharesIfOwner(row: VisualizationRow): Promise<ShareInfo | undefined> {
    return row.ownerId === this.user.id ? (await loadShares(this.ctx.db, [row.id])).get(row.id) : undefined;
  }

  /** Size limit, then the graph side of saving (see ContentPostprocessor.prepareForSave). */
  private async prepare(content: VisualizationContent): Promise<VisualizationContent> {
    const limit = this.ctx.deps.config.visualizations.maxContentBytes;
    const size = Buffer.byteLength(JSON.stringify(content), 'utf8');
    if (size > limit)
      throw new PayloadTooLargeError(`The visualization content is ${size} bytes; the limit is ${limit} (visualizations.maxContentBytes)`);
    return this.postprocessor.prepareForSave(content);
  }

  private async view(
    row: VisualizationRow,
    withContent: boolean,
    sharesRead: ShareInfo | undefined | Promise<ShareInfo | undefined>,
  ): Promise<VisualizationView> {
    const [read, shares] = await Promise.all([withContent ? this.postprocessor.forReader(row.content) : undefined, sharesRead]);
    const view: VisualizationView = {
      id: row.id,
      name: row.name,
      description: row.description,
      owner: { id: row.ownerId, username: row.ownerUsername },
      hidden: row.hidden,
      own: row.ownerId === this.user.id,
      sharedWithMe: row.sharedWithMe,
      ...(shares ? { sharedWith: shares } : {}),
      contentVersion: row.contentVersion,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
    if (read) {
      view.content = read.content;
      view.deleted = read.deleted;
    }
    return view;
  }
}
