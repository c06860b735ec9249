/**
 * Layout of every shop page (spec §2 Layout): skip link, header with menu and basket slot, main,
 * footer with the subscription form and the help button, and the site-wide widgets (cookie banner,
 * popups, messenger, loading bar, scroll-to-top, analytics; features/popups). Spec §2 Error page: a 404 is raised if neither organization data nor preview
 * categories have loaded.
 */
import { notFound } from 'next/navigation';
import { JsonLd } from '@/components/json-ld';
import { AuthPopups } from '@/features/auth/components/auth-popups';
import { HeaderAccountLink } from '@/features/auth/components/header-account-link';
import { BasketHeaderButton } from '@/features/basket/components/basket-header-button';
import basketHeaderButtonClasses from '@/features/basket/components/basket-header-button.module.css';
import { SubscribeForm } from '@/features/content/components/subscribe-form';
import { subscribeFormProps } from '@/features/content/subscribe-form-texts';
import { FavoritesHeaderButton } from '@/features/favorites/components/favorites-header-button';
import { getBrands } from '@/features/navigation/api/get-brands';
import { getLandingLinks } from '@/features/navigation/api/get-landing-links';
import { getOrganization } from '@/features/navigation/api/get-organization';
import { getPreviewCategories } from '@/features/navigation/api/get-preview-categories';
import { SiteFooter } from '@/features/navigation/components/site-footer';
import { SiteHeader } from '@/features/navigation/components/site-header';
import { telegramHref, vkHref, whatsappHref } from '@/features/navigation/utils/contact-links';
import { ChunkErrorBoundary } from '@/features/popups/components/chunk-error-boundary';
import { HelpButton } from '@/features/popups/components/help-button';
import { ShopWidgets } from '@/features/popups/components/shop-widgets';
import widgetsClasses from '@/features/popups/components/widgets.module.css';
import { SearchBox } from '@/features/search/components/search-box';
import searchBoxClasses from '@/features/search/components/search-box.module.css';
import { SITE_NAME } from '@/lib/constants';
import { env } from '@/lib/env';
import { href, routeTitle } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site-url';

/** The shop chrome around `children`. */
export default async function ShopLayout({ children }: { children: React.ReactNode }) {
  const [organization, categories, brands, landings] = await Promise.all([
    getOrganization(),
    getPreviewCategories(),
    getBrands(),
    getLandingLinks(),
  ]);
  if (!organization && !categories) notFound();

  return (
    <>
      <a href="#main" className="skip-link">
        Перейти к содержимому
      </a>
      <SiteHeader
        organization={organization}
        categories={categories ?? []}
        brands={brands}
        basketSlot={<BasketHeaderButton basketPath={href('basket')} classes={basketHeaderButtonClasses} />}
        accountSlot={(classes) => (
          <HeaderAccountLink {...classes} profile={{ href: href('profile'), title: routeTitle('profile') }} />
        )}
        favoritesSlot={<FavoritesHeaderButton favorites={{ href: href('favorite'), title: routeTitle('favorite') }} />}
        searchSlot={
          <ChunkErrorBoundary>
            <SearchBox searchPath={href('search')} classes={searchBoxClasses} />
          </ChunkErrorBoundary>
        }
      />
      {/* Issue #34 item 6: an island whose code cannot load gives way to a notice; the page stays. */}
      <ChunkErrorBoundary>
        <AuthPopups />
      </ChunkErrorBoundary>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter
        organization={organization}
        categories={categories ?? []}
        landings={landings}
        extra={
          <>
            <SubscribeForm {...subscribeFormProps()} />
            <HelpButton className="button button-outline">Помощь</HelpButton>
          </>
        }
      />
      <ChunkErrorBoundary>
        <ShopWidgets
          messengers={{
            telegram: telegramHref(organization?.link_telegram),
            whatsapp: whatsappHref(organization?.link_whatsapp),
            vk: vkHref(organization?.link_vk),
          }}
          ymId={env.YM_ID ?? null}
          cookiePolicyHref={href('cookie')}
          classes={widgetsClasses}
        />
      </ChunkErrorBoundary>
      {organization ? (
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'Organization',
            name: SITE_NAME,
            url: absoluteUrl(href('index')),
            logo: absoluteUrl(organization.logo),
            telephone: organization.phone,
            sameAs: [organization.link_vk, organization.link_inst, organization.link_telegram].filter(Boolean),
          }}
        />
      ) : null}
    </>
  );
}
