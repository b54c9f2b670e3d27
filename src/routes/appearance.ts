import { Router } from 'express';
import type { AppDeps } from '../http/context';


// Placeholder: filled in by the work on this area.
export function createAppearanceRouter(deps: AppDeps): Router {
  void deps;
  return Router();
}
