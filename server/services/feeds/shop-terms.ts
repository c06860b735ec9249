/**
 * The shop's terms the feeds state, the same as its own pages say them (the seeded "Оплата и
 * доставка" page, server/seed/content-pages.ts): courier delivery in Moscow within 1–2 days for
 * 400 ₽. Yandex Market reads them as the shop's default delivery (YML `delivery-options`).
 */

/** Courier delivery in the shop's home region: rubles, days ("1-2" as YML writes a range). */
export const HOME_DELIVERY = { cost: 400, days: '1-2' } as const;

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
