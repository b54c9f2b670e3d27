import type { AuthenticatedUser, ServiceContext } from '../../core/context';
import type { GraphNode } from '../../graph/graph-store';
import { accessScopeFor } from '../security/access-scope';
import { intersectAccessScopes } from '../security/scope-intersection';
import { audit } from '../audit/audit-service';
import { requireManagedUser } from './user-queries';

/** Labels and types counted at most; the rest is reported as left out. */
export const PREVIEW_MAX_KINDS = 100;
export const PREVIEW_DEFAULT_SAMPLE = 10;

export interface UserDataPreview {
  userId: string;
  username: string;
  /** The user holds Read all data: group rules do not apply. */
  readAllData: boolean;
  /** Nothing is restricted (Read all data and DATA_TYPES "*", for the user and the caller). */
  unrestricted: boolean;
  /** The caller's own scope is restricted: the preview shows only what both may see. */
  limitedToCaller: boolean;
  nodes: { total: number; perLabel: Array<{ label: string; count: number }>; leftOut: number };
  relationships: { total: number; perType: Array<{ type: string; count: number }>; leftOut: number };
  sample: GraphNode[];
}

/**
 * "See as this user": what a chosen user would see of the graph, computed through the same access
 * scope the user's own requests get (accessScopeFor with the user as the acting user) and the
 * GraphStore port; a disabled user is previewed as if enabled. The preview never shows more than
 * the caller may see: it is read through the intersection of the user's and the caller's scopes
 * (a restricted access-control manager previewing an administrator sees his own view, not the
 * administrator's). Every preview is audited as user.preview with the previewed user's id.
 */
export class UserPreviewService {
  constructor(private readonly ctx: ServiceContext) {}

  async preview(userId: string, sampleSize = PREVIEW_DEFAULT_SAMPLE): Promise<UserDataPreview> {
    const target = await requireManagedUser(this.ctx.db, userId);
    const user: AuthenticatedUser = {
      id: target.id,
      username: target.username,
      name: '',
      email: '',
      locale: '',
      mustChangePassword: false,
      permissions: new Set(target.effectivePermissions),
      groupIds: target.groupIds,
    };
    // A context of its own: the scope cache is per context, so the caller's own scope is untouched.
    const asUser: ServiceContext = { ...this.ctx, user };
    const [targetScope, callerScope] = await Promise.all([accessScopeFor(asUser), accessScopeFor(this.ctx)]);
    const scope = intersectAccessScopes(targetScope, callerScope);
    await audit(this.ctx, {
      action: 'user.preview',
      targetType: 'user',
      targetId: target.id,
      details: { username: target.username, sample: sampleSize },
    });
    const graph = this.ctx.deps.graph;
    const [labels, types] = await Promise.all([graph.labels(scope), graph.relationshipTypes(scope)]);
    const countedLabels = labels.slice(0, PREVIEW_MAX_KINDS);
    const countedTypes = types.slice(0, PREVIEW_MAX_KINDS);
    const perLabel: UserDataPreview['nodes']['perLabel'] = [];
    for (const label of countedLabels)
      perLabel.push({ label, count: (await graph.findNodes({ filter: { label }, limit: 1 }, scope)).total });
    const perType: UserDataPreview['relationships']['perType'] = [];
    for (const type of countedTypes)
      perType.push({ type, count: (await graph.findRelationships({ filter: { type }, limit: 1 }, scope)).total });
    const nodes = await graph.findNodes({ limit: sampleSize }, scope);
    const relationships = await graph.findRelationships({ limit: 1 }, scope);
    return {
      userId: target.id,
      username: target.username,
      readAllData: user.permissions.has('READ_ALL_DATA'),
      unrestricted: scope.unrestricted,
      limitedToCaller: !callerScope.unrestricted,
      nodes: { total: nodes.total, perLabel, leftOut: labels.length - countedLabels.length },
      relationships: { total: relationships.total, perType, leftOut: types.length - countedTypes.length },
      sample: nodes.items,
    };
  }
}
