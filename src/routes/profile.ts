import { Router } from 'express';
import type { AppDeps } from '../http/context';
import type { KnexSessionStore } from '../auth/session-store';

// Placeholder: filled in by the work on this area.
export function createProfileRouter(deps: AppDeps, _sessions: KnexSessionStore): Router {
  void deps;
  return Router();
}
