'use client';

import type { CssClasses } from '@/lib/css-classes';
import type { MenuLink, MenuSection } from '../utils/menu';

/** Props of `MenuBar` (shaped by `menuSections` / `menuBrands`). */
export type MenuBarProps = {
  sections: readonly MenuSection[];
  brands: { links: MenuLink[]; moreHref?: string } | null;
  /**
   * The fixed entries (`href('sale')`, `href('new')` with its title, `href('brands')` with its
   * title), built on the server so the route table stays out of the browser (issue #30).
   */
  fixed: { sale: string; new: MenuLink; brands: MenuLink };
  /** menu-bar.module.css's class names, from the server (`SiteHeader`; lib/css-classes.ts). */
  classes: CssClasses;
};

function LinkList({ label, links, styles }: { label: string; links: readonly MenuLink[]; styles: CssClasses }) {
  return (
    <ul className={styles.panelList} aria-label={label}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.name}</a>
        </li>
      ))}
    </ul>
  );
}

function Panel({
  label,
  links,
  rest = [],
  moreHref,
  moreText,
  styles,
}: {
  label: string;
  links: readonly MenuLink[];
  rest?: readonly MenuLink[];
  moreHref?: string;
  moreText: string;
  styles: CssClasses;
}) {
  if (links.length === 0) return null;
  return (
    <div className={styles.panel}>
      <div className={`container ${styles.panelInner}`}>
        <LinkList label={label} links={links} styles={styles} />
        {rest.length > 0 ? (
          // A native disclosure: opens by click, Enter or Space without any script, and keeps the
          // focus inside the panel, which :focus-within then keeps open.
          <details className={styles.rest}>
            <summary className={styles.restToggle}>
              <span className={styles.restClosed}>Ещё {rest.length}</span>
              <span className={styles.restOpen}>Свернуть</span>
            </summary>
            <LinkList label={`${label}: ещё`} links={rest} styles={styles} />
          </details>
        ) : null}
        {moreHref ? (
          <a href={moreHref} className={styles.more}>
            {moreText}
          </a>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The desktop menu bar (spec §2 Layout): SALE, Новинки, the sections of /v1/preview_category/ and
 * Бренды; each section opens a panel on hover or keyboard focus (CSS :hover / :focus-within, no
 * JS) with its first 10 subcategories and, above 10, «Ещё N» revealing the rest in the panel (a
 * `<details>`: works without JavaScript and from the keyboard; issue #28, imported categories come
 * after the seeded ones and were unreachable) and "Смотреть все" to the section page, whose
 * chips list every subcategory too. Order is the API's: subcategories with goods first, empty
 * ones last (`menuSections`). The brands panel shows only when there are brands, with "Все
 * бренды" above 10. Hidden below 1024px (the mobile menu takes over: its sections lead to the
 * section pages and their chips).
 *
 * A client component without state only so that every page's RSC payload carries its compact
 * props (the menu's links) instead of the rendered tree (issue #7: ~6 kB less per page).
 */
export function MenuBar({ sections, brands, fixed, classes: styles }: MenuBarProps) {
  return (
    <nav aria-label="Каталог" className={styles.bar}>
      <ul className={`container ${styles.list}`}>
        <li className={styles.item}>
          <a href={fixed.sale} className={`${styles.top} ${styles.sale}`}>
            SALE
          </a>
        </li>
        <li className={styles.item}>
          <a href={fixed.new.href} className={styles.top}>
            {fixed.new.name}
          </a>
        </li>
        {sections.map((section) => (
          <li key={section.href} className={styles.item}>
            <a href={section.href} className={styles.top}>
              {section.name}
            </a>
            <Panel
              label={section.name}
              links={section.links}
              rest={section.rest}
              moreHref={section.moreHref}
              moreText="Смотреть все"
              styles={styles}
            />
          </li>
        ))}
        <li className={styles.item}>
          <a href={fixed.brands.href} className={styles.top}>
            {fixed.brands.name}
          </a>
          {brands ? (
            <Panel
              label={fixed.brands.name}
              links={brands.links}
              moreHref={brands.moreHref}
              moreText="Все бренды"
              styles={styles}
            />
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
