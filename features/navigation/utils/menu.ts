/** Menu data shaping (spec §2 Layout "Menu hover panels", §9 menu limits). */
import type { Brand, PreviewCategory } from '@/lib/api/contract/catalog';
import { MENU_BRANDS_LIMIT, MENU_SUBCATEGORIES_LIMIT } from '@/lib/constants';
import { catalogHref, href } from '@/lib/routes';

/** A link of the menu. */
export type MenuLink = { name: string; href: string };

/** One section of the menu bar with its hover panel. */
export type MenuSection = {
  name: string;
  href: string;
  /** The first 10 subcategories (spec §9), shown when the panel opens. */
  links: MenuLink[];
  /** The subcategories past the first 10, behind «Ещё» in the panel (issue #28); empty up to 10. */
  rest: MenuLink[];
  /** Set when the section has more than 10 subcategories: "Смотреть все" (the section page). */
  moreHref?: string;
};

/**
 * Sections with their subcategories: the first 10 shown, the rest behind «Ещё», and a "more" link
 * to the section page above 10 (spec §2, §9; issue #28: every subcategory reachable from the menu,
 * imported ones included). Subcategories keep the API's menu order, which puts those with goods
 * before empty ones (server/services/catalog.ts `listPreviewCategories`).
 */
export function menuSections(categories: readonly PreviewCategory[]): MenuSection[] {
  return categories.map((category) => {
    const sectionHref = catalogHref(category.path);
    const all = category.subcategories.map((sub) => ({ name: sub.name, href: catalogHref(sub.path) }));
    return {
      name: category.name,
      href: sectionHref,
      links: all.slice(0, MENU_SUBCATEGORIES_LIMIT),
      rest: all.slice(MENU_SUBCATEGORIES_LIMIT),
      moreHref: all.length > MENU_SUBCATEGORIES_LIMIT ? sectionHref : undefined,
    };
  });
}

/**
 * The brands panel (spec §2): only `in_menu` brands, at most 10, with "Все бренды" when the shop
 * has more than 10 brands. `null` when there is nothing to show (the panel is hidden).
 */
export function menuBrands(brands: readonly Brand[]): { links: MenuLink[]; moreHref?: string } | null {
  const inMenu = brands.filter((brand) => brand.in_menu);
  const shown = (inMenu.length > 0 ? inMenu : brands).slice(0, MENU_BRANDS_LIMIT);
  if (shown.length === 0) return null;
  return {
    links: shown.map((brand) => ({ name: brand.name, href: href('brands-slug', { slug: brand.slug }) })),
    moreHref: brands.length > MENU_BRANDS_LIMIT ? href('brands') : undefined,
  };
}
