/** Reviews with fit (issue #33 items 1 and 5). */
import type { ApiApp } from '../../types';

/** Registers the review routes. */
export function registerReviewRoutes(app: ApiApp) {
  void app;
}
