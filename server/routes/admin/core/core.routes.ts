/** The console's staff accounts, sessions, audit log, orders and people (issue #32). */
import type { ApiApp } from '../../../types';

/** Registers the core console routes. */
export function registerAdminCoreRoutes(app: ApiApp) {
  void app;
}
