import type { Brand, PreviewCategory } from '@/lib/api/contract/catalog';
import type { Organization } from '@/lib/api/contract/content';
import { SITE_NAME } from '@/lib/constants';
import { href, routeTitle } from '@/lib/routes';
import { phoneHref, telegramHref, whatsappHref } from '../utils/contact-links';
import { menuBrands, menuSections } from '../utils/menu';
import { MenuBar } from './menu-bar';
import menuBarClasses from './menu-bar.module.css';
import { MobileMenu } from './mobile-menu';
import styles from './site-header.module.css';

/** Props of `SiteHeader`. */
export type SiteHeaderProps = {
  /** GET /v1/organization, or null when it failed (then no phone, promo, messenger). */
  organization: Organization | null;
  /** GET /v1/preview_category/ (empty on failure). */
  categories: readonly PreviewCategory[];
  /** GET /v1/brands (empty on failure: the brands panel is hidden). */
  brands: readonly Brand[];
  /** The basket counter + dropdown, owned by features/basket (DESIGN: features do not import each other). */
  basketSlot: React.ReactNode;
  /** The favourites counter link; a plain link to /favorite when omitted. */
  favoritesSlot?: React.ReactNode;
  /**
   * The account entry ("Вход" or the user's name, features/auth), given the header's class names;
   * a plain "Вход" link when omitted.
   */
  accountSlot?: (classes: { className: string; textClassName: string }) => React.ReactNode;
  /** The search bar with suggestions (features/search). */
  searchSlot: React.ReactNode;
};

/** Placeholder target of "Вход" until accounts exist (the login popup opens from it later). */
export const LOGIN_HREF = '?login=1';

/**
 * The site header (spec §2 Layout): top bar (messenger contact, phone, optional promo text from
 * organization.promocode, search box), logo, link to payment and delivery, "Вход", favourites,
 * the basket slot and the menu bar with hover panels; a hamburger opens the mobile menu.
 * Server component; complete without JavaScript except the mobile menu.
 */
export function SiteHeader({
  organization,
  categories,
  brands,
  basketSlot,
  favoritesSlot,
  accountSlot,
  searchSlot,
}: SiteHeaderProps) {
  const messenger =
    telegramHref(organization?.link_telegram) ?? whatsappHref(organization?.link_whatsapp ?? organization?.phone_chats);
  const phone = phoneHref(organization?.phone);
  const promo = organization?.promocode?.trim();
  const sections = menuSections(categories);

  return (
    <header className={styles.header}>
      <div className={styles.topbar}>
        <div className={`container ${styles.topbarInner}`}>
          <div className={styles.contacts}>
            {messenger ? (
              <a href={messenger} target="_blank" rel="noopener noreferrer" className={styles.messenger}>
                <svg
                  className={styles.messengerIcon}
                  width="18"
                  height="18"
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path
                    d="M4 5h16v11H9l-5 4z"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinejoin="round"
                  />
                </svg>
                <span className={styles.messengerText}>Написать в мессенджер</span>
              </a>
            ) : null}
            {phone && organization ? (
              <a href={phone} className={styles.phone}>
                {organization.phone}
              </a>
            ) : null}
          </div>
          {promo ? (
            <p className={styles.promo} data-testid="header-promo">
              {promo}
            </p>
          ) : (
            <span />
          )}
          <div className={styles.search}>{searchSlot}</div>
        </div>
      </div>

      <div className={`container ${styles.main}`}>
        <div className={styles.left}>
          <MobileMenu
            sections={sections.map(({ name, href: link }) => ({ name, href: link }))}
            loginHref={LOGIN_HREF}
          />
          <a href={href('delivery-and-payments')} className={styles.delivery}>
            {routeTitle('delivery-and-payments')}
          </a>
        </div>
        <a href={href('index')} className={styles.logo} aria-label={`${SITE_NAME} — на главную`}>
          {SITE_NAME}
        </a>
        <div className={styles.actions}>
          {accountSlot ? (
            accountSlot({ className: styles.action ?? '', textClassName: styles.actionText ?? '' })
          ) : (
            <a href={LOGIN_HREF} className={styles.action}>
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.6" />
                <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" fill="none" stroke="currentColor" strokeWidth="1.6" />
              </svg>
              <span className={styles.actionText}>Вход</span>
            </a>
          )}
          {favoritesSlot ?? (
            <a href={href('favorite')} className={styles.action} aria-label={routeTitle('favorite')}>
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path
                  d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                />
              </svg>
              <span className={styles.actionText}>{routeTitle('favorite')}</span>
            </a>
          )}
          <div className={styles.basket}>{basketSlot}</div>
        </div>
      </div>

      {/* Phones: the top bar keeps one line (issue #14 item 16), so the promo text is a strip under
          the logo instead; CSS shows one of the two copies (the hidden one is out of the a11y tree). */}
      {promo ? <p className={styles.promoStrip}>{promo}</p> : null}

      <MenuBar
        sections={sections}
        brands={menuBrands(brands)}
        fixed={{
          sale: href('sale'),
          new: { name: routeTitle('new'), href: href('new') },
          brands: { name: routeTitle('brands'), href: href('brands') },
        }}
        classes={menuBarClasses}
      />
    </header>
  );
}
