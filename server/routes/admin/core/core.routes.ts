/** The console's staff accounts, sessions, audit log, orders and people (issue #32). */
import { registerAdminAuthRoutes } from './auth';
import { registerAdminOrderRoutes } from './orders';
import { registerAdminPeopleRoutes } from './people';
import { registerAdminStaffRoutes } from './staff';
import type { ApiApp } from '../../../types';

/** Registers the core console routes. */
export function registerAdminCoreRoutes(app: ApiApp) {
  registerAdminAuthRoutes(app);
  registerAdminStaffRoutes(app);
  registerAdminOrderRoutes(app);
  registerAdminPeopleRoutes(app);
}
