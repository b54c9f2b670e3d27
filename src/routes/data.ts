import { Router } from 'express';
import type { AppDeps } from '../http/context';


// Placeholder: filled in by the work on this area.
export function createDataRouter(deps: AppDeps): Router {
  void deps;
  return Router();
}
