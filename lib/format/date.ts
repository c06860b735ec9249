/**
 * Russian dates of news and articles (spec §9 "Dates in Russian: relative time within a day,
 * otherwise DD MMMM YYYY").
 */
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** A day, ms: the window in which dates are shown relative ("3 часа назад"). */
export const RELATIVE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Formats a date for a reader: within a day of `now` relative ("несколько секунд назад",
 * "3 часа назад", "через 2 часа"), otherwise "01 ноября 2026".
 * @param value ISO 8601 string or Date.
 * @param now reference time (default: the current time).
 * @returns "" for an invalid date.
 */
export function formatContentDate(value: string | Date, now: Date = new Date()): string {
  const date = dayjs(value).locale('ru');
  if (!date.isValid()) return '';
  if (Math.abs(date.valueOf() - now.getTime()) < RELATIVE_WINDOW_MS) return date.from(now);
  return date.format('DD MMMM YYYY');
}

/**
 * An order's date after its number (spec §9 dates; issue #34 item 10): within a day relative
 * ("5 минут назад"), otherwise "от 27 ноября 2026".
 * @param value ISO 8601 string or Date. @param now reference time (default: the current time).
 * @returns "" for an invalid date.
 */
export function formatOrderDate(value: string | Date, now: Date = new Date()): string {
  const text = formatContentDate(value, now);
  if (!text) return '';
  return Math.abs(dayjs(value).valueOf() - now.getTime()) < RELATIVE_WINDOW_MS ? text : `от ${text}`;
}
