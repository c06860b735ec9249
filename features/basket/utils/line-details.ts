/**
 * What a basket line shows besides name and price (spec §2 "Cart dropdown", §3 Cart item): the
 * chosen size, or the top and bottom sizes of swimwear separates.
 */
import type { CartItem } from '@/lib/api/contract/cart';

/** Word forms of "товар" for counters: `formatCount(n, GOODS_FORMS)` → "2 товара". */
export const GOODS_FORMS = ['товар', 'товара', 'товаров'] as const;

/**
 * The chosen size(s) of a line as label/value pairs: `[{label: 'Размер', value: 'M'}]`, or
 * `[{label: 'Верх', value: 'S'}, {label: 'Низ', value: 'M'}]`; empty for one-size goods.
 */
export function lineSizes(
  item: Pick<CartItem, 'feature' | 'featuretop' | 'featurebot'>,
): { label: string; value: string }[] {
  const sizes: { label: string; value: string }[] = [];
  if (item.featuretop) sizes.push({ label: 'Верх', value: item.featuretop.name });
  if (item.featurebot) sizes.push({ label: 'Низ', value: item.featurebot.name });
  if (item.feature) sizes.push({ label: 'Размер', value: item.feature.name });
  return sizes;
}
