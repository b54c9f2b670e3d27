import type { ServiceContext } from '../../core/context';
import type { AccessScope, GraphStore } from '../../graph/graph-store';
import { accessScopeFor } from '../security/access-scope';

/**
 * Base of the graph services: the request context, the graph port and the user's AccessScope
 * (built once per service instance). Every GraphStore call of a service passes this scope; the
 * adapters enforce it inside their queries.
 */
export abstract class ScopedGraphService {
  private scopePromise?: Promise<AccessScope>;

  /** `scope` lets services working on one request share the scope already built. */
  constructor(
    protected readonly ctx: ServiceContext,
    scope?: Promise<AccessScope>,
  ) {
    this.scopePromise = scope;
  }

  protected get graph(): GraphStore {
    return this.ctx.deps.graph;
  }

  /** The user's scope (DATA_TYPES, groups' entity/property/data security, READ_ALL_DATA). */
  scope(): Promise<AccessScope> {
    this.scopePromise ??= accessScopeFor(this.ctx);
    return this.scopePromise;
  }
}
