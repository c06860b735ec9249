'use client';

import type { CssClasses } from '@/lib/css-classes';
import { useCookieConsentStore } from '@/stores/cookie-consent-store';

/**
 * The cookie banner (spec §2 Popups, §4 "shown until accepted, then cookieAccepted is stored"):
 * a non-modal notice at the bottom with a link to the cookie policy and an "Принять" button.
 * Rendered on the server (it paints with the page; issue #7: it was /basket's LCP when it appeared
 * only after hydration); for a visitor who accepted, the root layout's head script marks
 * `<html data-cookie-accepted>`, which hides it before the first paint, and it is removed once the
 * consent store has read localStorage. `policyHref` is `href('cookie')`, from the server layout.
 */
export function CookieBanner({ policyHref, classes: styles }: { policyHref: string; classes: CssClasses }) {
  const { hydrated, accepted, accept } = useCookieConsentStore();
  if (hydrated && accepted) return null;
  return (
    <section className={styles.cookie} aria-label="Уведомление о файлах cookie" data-cookie-banner="">
      <p className={styles.cookieText}>
        Мы используем файлы cookie, чтобы сайт работал и становился удобнее, а также для аналитики. Подробнее — в{' '}
        <a href={policyHref}>политике использования cookie</a>.
      </p>
      <button type="button" className="button" onClick={accept}>
        Принять
      </button>
    </section>
  );
}
