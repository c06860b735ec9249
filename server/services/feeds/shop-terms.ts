/**
 * The shop's terms the feeds state, the same as its own pages say them. Delivery (issue #34): the
 * owner's delivery settings (server/services/delivery/terms.ts), which checkout charges and the
 * "Оплата и доставка" page states; Yandex Market reads it as the shop's default delivery (YML
 * `delivery-options`).
 */
import type { DeliverySettings } from '@/lib/api/contract/delivery-terms';

/**
 * The YML `<option>` of delivery in the shop's home region (zone 1: Москва и область): the
 * courier's price by the table (CDEK's pickup points when the courier is not offered), days as a
 * range ("1-2").
 */
export function ymlDeliveryOption(settings: DeliverySettings): string {
  const method = settings.methods.includes('courier') || !settings.methods.includes('cdek') ? 'courier' : 'cdek';
  const t = settings.tariffs[method][1];
  const days = t.days_min === t.days_max ? `${t.days_max}` : `${t.days_min}-${t.days_max}`;
  return `<option cost="${t.base}" days="${days}"/>`;
}

/** Variant attributes the shop's sections imply (Google Merchant `gender`, `age_group`). */
export interface AudienceOfSection {
  gender: 'female' | 'male' | 'unisex' | null;
  ageGroup: 'adult' | 'kids' | null;
}

/**
 * Who a product is for, from its category path (spec §2 sections): muzhskoe is men's; detskoe is
 * kids' (girls' / boys' subcategories say which, the rest is unisex); the other five sections of
 * this women's fashion shop (swimwear, clothing, shoes, accessories, lingerie) are women's.
 */
export function audienceOf(categoryPath: string): AudienceOfSection {
  const [section, sub] = categoryPath.split('/');
  if (section === 'muzhskoe') return { gender: 'male', ageGroup: 'adult' };
  if (section === 'detskoe') {
    const gender = sub === 'dlya-devochek' ? 'female' : sub === 'dlya-malchikov' ? 'male' : 'unisex';
    return { gender, ageGroup: 'kids' };
  }
  if (['kupalniki', 'odezhda', 'obuv', 'aksessuary', 'bele'].includes(section ?? ''))
    return { gender: 'female', ageGroup: 'adult' };
  return { gender: null, ageGroup: null };
}
