/**
 * Price formatting (spec §9: currency ₽, digits grouped in threes with spaces, the decimal part
 * kept).
 */
import { CURRENCY_SIGN } from '../constants';
import { toKopecks } from '../money';

/** The space used between digit groups and before ₽: U+00A0 NO-BREAK SPACE, always. */
export const PRICE_SPACE = '\u00A0';

const integerFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0, useGrouping: 'always' });
const fractionFormat = new Intl.NumberFormat('ru-RU', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: 'always',
});

/**
 * Formats a number of rubles: `12990` → "12 990", `1500.5` → "1 500,50", `990` → "990".
 * Groups of three are separated by U+00A0 whatever the ICU data says (U+202F in newer CLDR);
 * kopecks are shown (two digits, comma) only when there are any.
 * @param rubles non-negative amount in rubles; may carry kopecks.
 */
export function formatNumber(rubles: number): string {
  const hasKopecks = toKopecks(rubles) % 100 !== 0;
  const text = (hasKopecks ? fractionFormat : integerFormat).format(rubles);
  return text.replace(/[\s\u00A0\u202F\u2009]/g, PRICE_SPACE);
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
