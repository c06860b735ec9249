/**
 * Issue #28 "Start empty": which parts of the demo reference data are the shop's own structure
 * (kept by an empty start and by `npm run demo:remove`) and which are demo content.
 *
 * - The 7 sections (level-1 categories, spec §2) are the shop's structure: the menu, the URL
 *   parser and the importer's category mapping (server/services/catalog-import/mapping.ts) need
 *   them. The demo subcategories are demo content: empty, they would clutter the menu ahead of the
 *   retailer's imported categories.
 * - A tag whose filter names only sale / new / a price bound («Распродажа», «Новинки»,
 *   «Купальники до 5 000 ₽») fills with any retailer's goods; one naming a demo brand, colour or
 *   material is demo content.
 * - Colours are the palette the importer maps colour names onto (hex swatches), not goods; a colour
 *   without products shows nowhere (facets count goods), so both keep them.
 * - Demo brands and landing pages (editorial collections of demo brands) are demo content.
 */
import type { ReferenceData, SeoRow } from './generate';

/** Filter keys that select goods by what any shop's goods have (OfferFilters of lib/api/contract). */
const GENERIC_FILTER_KEYS = new Set(['sale', 'new', 'price_min', 'price_max']);

/** Whether a tag or landing filter fits any retailer's goods (sale, new, price bounds only). */
export function isGenericFilter(filter: Record<string, unknown>): boolean {
  return Object.keys(filter).every((key) => GENERIC_FILTER_KEYS.has(key));
}

/**
 * The reference data of an empty start: the 7 sections with their generic tags, the colour
 * palette, the organization row and the SEO records (the home and brand-list texts without the
 * demo brands' names); no demo brands. Category and tag ids stay those of the full demo data.
 */
export function emptyStartReferenceData(ref: ReferenceData): ReferenceData {
  const sections = ref.categories.filter((c) => c.level === 1);
  const sectionIds = new Set(sections.map((c) => c.id));
  return {
    categories: sections,
    tags: ref.tags.filter((t) => sectionIds.has(t.categoryId) && isGenericFilter(t.filter)),
    brands: [],
    colors: ref.colors,
    organization: ref.organization,
    seoRecords: ref.seoRecords.map((s): SeoRow => {
      if (s.url === '/')
        return {
          ...s,
          description: `Интернет-магазин ${ref.organization.name}: купальники, пляжная и городская одежда, обувь, бельё и аксессуары. Доставка по России.`,
        };
      if (s.url === '/brands') return { ...s, description: `Все бренды интернет-магазина ${ref.organization.name}.` };
      return s;
    }),
  };
}
