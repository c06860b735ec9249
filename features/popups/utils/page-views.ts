/**
 * Page-view counter of the Telegram popup (spec §3 local storage `pageViews`,
 * `telegramPopupClosed`; §4 "the page view counter increments on load and on every route change.
 * The popup appears once the count reaches 5 or more, unless it was closed before; closing stores
 * a flag"; §9 threshold 5).
 */
import { TELEGRAM_POPUP_THRESHOLD } from '@/lib/constants';

/** localStorage keys (spec §3). */
export const PAGE_VIEWS_KEY = 'pageViews';
export const TELEGRAM_CLOSED_KEY = 'telegramPopupClosed';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Counts one page view.
 * @returns the new count and whether the Telegram popup should open now.
 */
export function countPageView(store: Store): { views: number; showTelegram: boolean } {
  const previous = Number.parseInt(store.getItem(PAGE_VIEWS_KEY) ?? '0', 10);
  const views = (Number.isFinite(previous) && previous > 0 ? previous : 0) + 1;
  store.setItem(PAGE_VIEWS_KEY, String(views));
  const closed = store.getItem(TELEGRAM_CLOSED_KEY) === 'true';
  return { views, showTelegram: views >= TELEGRAM_POPUP_THRESHOLD && !closed };
}

/** Remembers that the visitor closed the Telegram popup; it never shows again. */
export function markTelegramClosed(store: Store): void {
  store.setItem(TELEGRAM_CLOSED_KEY, 'true');
}
