import type { PreviewCategory } from '@/lib/api/contract/catalog';
import type { Organization } from '@/lib/api/contract/content';
import { SITE_NAME } from '@/lib/constants';
import { catalogHref, href, routeTitle, type RouteName } from '@/lib/routes';
import { instagramHref, phoneHref, telegramHref, vkHref, whatsappHref } from '../utils/contact-links';
import styles from './site-footer.module.css';

/** Props of `SiteFooter`. */
export type SiteFooterProps = {
  organization: Organization | null;
  categories: readonly PreviewCategory[];
  /**
   * Landing pages (`/landing/{slug}`) listed under the catalogue as «Подборки» (issue #34 item 10:
   * they were linked from nowhere, so neither shoppers nor crawlers found them).
   */
  landings?: readonly { slug: string; title: string }[];
  /** A row under the four columns composed by the layout (subscription form, help button). */
  extra?: React.ReactNode;
};

const BUYERS = [
  'delivery-and-payments',
  'fitting_conditions',
  'return-goods',
  'publick-offer',
] as const satisfies readonly RouteName[];
const COMPANY = ['about', 'news', 'blog', 'requisites', 'contacts'] as const satisfies readonly RouteName[];

/**
 * The footer with four columns (spec §1, §2 Layout): buyers' info (delivery, fitting, returns,
 * public offer), the company (about, news, articles, requisites, contacts), the catalogue with the
 * landing pages («Подборки»), and
 * contacts from the organization record with social links; a bottom line with the privacy and
 * cookie policies. `extra` is a row the layout composes (features do not import each other).
 */
export function SiteFooter({ organization, categories, landings = [], extra }: SiteFooterProps) {
  const phone = phoneHref(organization?.phone);
  const socials = [
    { name: 'ВКонтакте', href: vkHref(organization?.link_vk) },
    { name: 'Telegram', href: telegramHref(organization?.link_telegram) },
    { name: 'WhatsApp', href: whatsappHref(organization?.link_whatsapp) },
    { name: 'Instagram', href: instagramHref(organization?.link_inst) },
  ].filter((social): social is { name: string; href: string } => social.href !== null);

  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.columns}`}>
        <section aria-labelledby="footer-buyers">
          <h2 id="footer-buyers" className={styles.title}>
            Покупателям
          </h2>
          <ul className={styles.list}>
            {BUYERS.map((name) => (
              <li key={name}>
                <a href={href(name)}>{routeTitle(name)}</a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className={styles.title}>
            О компании
          </h2>
          <ul className={styles.list}>
            {COMPANY.map((name) => (
              <li key={name}>
                <a href={href(name)}>{routeTitle(name)}</a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-catalog">
          <h2 id="footer-catalog" className={styles.title}>
            Каталог
          </h2>
          <ul className={styles.list}>
            <li>
              <a href={href('sale')}>{routeTitle('sale')}</a>
            </li>
            <li>
              <a href={href('new')}>{routeTitle('new')}</a>
            </li>
            {categories.map((category) => (
              <li key={category.path}>
                <a href={catalogHref(category.path)}>{category.name}</a>
              </li>
            ))}
            <li>
              <a href={href('brands')}>{routeTitle('brands')}</a>
            </li>
          </ul>
          {landings.length > 0 ? (
            <>
              <h3 id="footer-landings" className={`${styles.title} ${styles.subtitle}`}>
                Подборки
              </h3>
              <ul className={styles.list} aria-labelledby="footer-landings">
                {landings.map((landing) => (
                  <li key={landing.slug}>
                    <a href={href('landing-slug', { slug: landing.slug })}>{landing.title}</a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <section aria-labelledby="footer-contacts">
          <h2 id="footer-contacts" className={styles.title}>
            {routeTitle('contacts')}
          </h2>
          {organization ? (
            <address className={styles.address}>
              {phone ? (
                <a href={phone} className={styles.phone}>
                  {organization.phone}
                </a>
              ) : null}
              {organization.email ? <a href={`mailto:${organization.email}`}>{organization.email}</a> : null}
              {organization.address ? <span>{organization.address}</span> : null}
              {organization.work_hours ? <span>{organization.work_hours}</span> : null}
            </address>
          ) : (
            <p className={styles.address}>
              <a href={href('contacts')}>{routeTitle('contacts')}</a>
            </p>
          )}
          {socials.length > 0 ? (
            <ul className={styles.socials} aria-label="Мы в соцсетях">
              {socials.map((social) => (
                <li key={social.name}>
                  <a href={social.href} target="_blank" rel="noopener noreferrer">
                    {social.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
      {extra ? <div className={`container ${styles.extra}`}>{extra}</div> : null}
      <div className="container">
        <div className={styles.bottom}>
          <p>
            © {new Date().getFullYear()} {organization?.name || SITE_NAME}
          </p>
          <ul className={styles.legal}>
            <li>
              <a href={href('privacy-policy')}>{routeTitle('privacy-policy')}</a>
            </li>
            <li>
              <a href={href('cookie')}>{routeTitle('cookie')}</a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
