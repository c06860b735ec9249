/**
 * Price formatting (spec §9: currency ₽, digits grouped in threes with spaces, the decimal part
 * kept).
 */
import { CURRENCY_SIGN } from '../constants';
import { toKopecks } from '../money';

/** The space used between digit groups and before ₽: U+00A0 NO-BREAK SPACE, always. */
export const PRICE_SPACE = '\u00A0';

/**
 * Formats a number of rubles: `12990` → "12 990", `1500.5` → "1 500,50", `990` → "990".
 * Groups of three are separated by U+00A0; kopecks are shown (two digits, comma) only when there
 * are any, rounded to the kopeck as `toKopecks` does.
 *
 * Not `Intl.NumberFormat('ru-RU')`, on purpose: this runs in the client islands while a page
 * hydrates (every product card's price), and the first `Intl.NumberFormat` of a page costs
 * Chrome 18–44 ms of main thread to load ICU's locale data (70–175 ms on Lighthouse's 4× slower
 * phone; docs/lighthouse.md), one long task of the start-up. The result is the same as ICU's with
 * its group separator replaced (a unit test compares them over many amounts).
 * @param rubles amount in rubles; may carry kopecks.
 * @throws RangeError when `rubles` is not a finite number (from `toKopecks`).
 */
export function formatNumber(rubles: number): string {
  const kopecks = Math.abs(toKopecks(rubles));
  const grouped = String(Math.trunc(kopecks / 100)).replace(/\B(?=(\d{3})+$)/g, PRICE_SPACE);
  const sign = rubles < 0 && kopecks !== 0 ? '-' : '';
  const fraction = kopecks % 100;
  return fraction === 0 ? `${sign}${grouped}` : `${sign}${grouped},${String(fraction).padStart(2, '0')}`;
}

/**
 * Formats rubles as a price: `12990` → "12 990 ₽", `1500.5` → "1 500,50 ₽" (spec §9), with
 * no-break spaces so a price never wraps.
 * @param rubles amount in rubles.
 */
export function formatPrice(rubles: number): string {
  return `${formatNumber(rubles)}${PRICE_SPACE}${CURRENCY_SIGN}`;
}

/**
 * The same price with ordinary spaces, for the shop API's messages and e-mails ("Промокод
 * действует для заказов от 10 000 ₽", "Итого: 1 234,50 ₽"), where the text is plain.
 * @param rubles amount in rubles.
 */
export function formatPriceInText(rubles: number): string {
  return formatPrice(rubles).replaceAll(PRICE_SPACE, ' ');
}
