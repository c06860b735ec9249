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
  /** Up to 10 subcategories (spec §9). */
  links: MenuLink[];
  /** Set when the section has more than 10 subcategories: "Смотреть все". */
  moreHref?: string;
};

/** Sections with their first 10 subcategories and a "more" link above 10 (spec §2, §9). */
export function menuSections(categories: readonly PreviewCategory[]): MenuSection[] {
  return categories.map((category) => {
    const sectionHref = catalogHref(category.path);
    const links = category.subcategories
      .slice(0, MENU_SUBCATEGORIES_LIMIT)
      .map((sub) => ({ name: sub.name, href: catalogHref(sub.path) }));
    return {
      name: category.name,
      href: sectionHref,
      links,
      moreHref: category.subcategories.length > MENU_SUBCATEGORIES_LIMIT ? sectionHref : undefined,
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
