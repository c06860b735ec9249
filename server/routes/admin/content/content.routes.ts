/** The console's content, promotions and catalogue view (issue #32). */
import type { ApiApp } from '../../../types';

/** Registers the content, promotion and catalogue console routes. */
export function registerAdminContentRoutes(app: ApiApp) {
  void app;
}
