import { href, routeTitle } from '@/lib/routes';
import { MobileMenuDialog } from './mobile-menu-dialog';
import styles from './mobile-menu.module.css';
import type { MenuLink } from '../utils/menu';

/** Props of `MobileMenu`. */
export type MobileMenuProps = {
  /** Catalogue sections (name + "/section" link) from /v1/preview_category/. */
  sections: readonly MenuLink[];
  /** Link target of "Вход" (placeholder until accounts exist). */
  loginHref: string;
};

const INFO_PAGES = [
  'about',
  'delivery-and-payments',
  'fitting_conditions',
  'publick-offer',
  'return-goods',
  'requisites',
  'contacts',
  'news',
  'blog',
  'privacy-policy',
] as const;

/**
 * The mobile menu (spec §2 Layout): a hamburger button opening a modal dialog titled "Меню" with
 * the basket, favourites, the catalogue (SALE, Новинки, Бренды, sections), "Вход" and the info
 * pages. The links render on the server; `MobileMenuDialog` (a client island) opens and closes it.
 */
export function MobileMenu({ sections, loginHref }: MobileMenuProps) {
  const catalogue: MenuLink[] = [
    { name: 'SALE', href: href('sale') },
    { name: routeTitle('new'), href: href('new') },
    { name: routeTitle('brands'), href: href('brands') },
    ...sections,
  ];

  return (
    <MobileMenuDialog classes={styles}>
      <nav aria-label="Мобильное меню">
        <ul className={styles.group}>
          <li>
            <a href={href('basket')}>{routeTitle('basket')}</a>
          </li>
          <li>
            <a href={href('favorite')}>{routeTitle('favorite')}</a>
          </li>
        </ul>
        <h3 className={styles.groupTitle}>Каталог</h3>
        <ul className={styles.group}>
          {catalogue.map((link) => (
            <li key={link.href}>
              <a href={link.href} className={link.name === 'SALE' ? styles.sale : undefined}>
                {link.name}
              </a>
            </li>
          ))}
        </ul>
        <ul className={styles.group}>
          <li>
            {/* nofollow: a "?login=1" twin of every page is no page for crawlers (issue #14). */}
            <a href={loginHref} rel="nofollow">
              Вход
            </a>
          </li>
        </ul>
        <h3 className={styles.groupTitle}>Информация</h3>
        <ul className={`${styles.group} ${styles.info}`}>
          {INFO_PAGES.map((name) => (
            <li key={name}>
              <a href={href(name)}>{routeTitle(name)}</a>
            </li>
          ))}
        </ul>
      </nav>
    </MobileMenuDialog>
  );
}
