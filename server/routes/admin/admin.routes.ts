/**
 * The operator console's API (issue #32): `/api/admin/...`, declared in the OpenAPI document like
 * every other route. Staff, sessions, the audit log, orders and people live in `core/`; content,
 * promotions and the catalogue view in `content/`.
 */
import { registerAdminContentRoutes } from './content/content.routes';
import { registerAdminCoreRoutes } from './core/core.routes';
import type { ApiApp } from '../../types';

/** Registers every `/api/admin/...` route. */
export function registerAdminRoutes(app: ApiApp) {
  registerAdminCoreRoutes(app);
  registerAdminContentRoutes(app);
}
