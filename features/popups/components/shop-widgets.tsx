'use client';

import { usePathname } from 'next/navigation';
import { Suspense, useEffect, useRef } from 'react';
import type { CssClasses } from '@/lib/css-classes';
import { lazyIsland } from '@/lib/lazy-island';
import { useCookieConsentStore } from '@/stores/cookie-consent-store';
import { usePopupsStore } from '@/stores/popups-store';
import { countPageView } from '../utils/page-views';
import { CookieBanner } from './cookie-banner';
import { LoadingBar } from './loading-bar';
import { ScrollTopButton } from './scroll-top-button';
import type { MessengerLinks } from '../utils/messenger-links';

// Islands loaded on demand: their code is fetched only when they are needed.
const HelpPopup = lazyIsland(() => import('./help-popup').then((m) => m.HelpPopup));
const TelegramPopup = lazyIsland(() => import('./telegram-popup').then((m) => m.TelegramPopup));
const MessengerWidget = lazyIsland(() => import('./messenger-widget').then((m) => m.MessengerWidget));
const YandexMetrica = lazyIsland(() => import('./yandex-metrica').then((m) => m.YandexMetrica));
// Issue #30: field Core Web Vitals (web-vitals) after consent, never first-visit JS.
const FieldVitals = lazyIsland(() => import('./field-vitals').then((m) => m.FieldVitals));

/** Props of `ShopWidgets`. */
export type ShopWidgetsProps = {
  /** Operator links built from the organization record (spec §3 link_telegram/whatsapp/vk). */
  messengers: MessengerLinks;
  /** Yandex Metrica counter id, or null when analytics is off. */
  ymId: string | null;
  /** The cookie policy's link for the banner (`href('cookie')`, built on the server). */
  cookiePolicyHref: string;
  /**
   * widgets.module.css's class names for the loading bar, the scroll-to-top arrow and the cookie
   * banner, from the server layout (lib/css-classes.ts); the islands loaded later import their own.
   */
  classes: CssClasses;
};

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/**
 * Route-change behaviour of spec §2 "Behaviour on every navigation" and §4: scroll to the top,
 * close all popups, count a page view (on load and on every route change) and open the Telegram
 * popup from the 5th view unless it was closed; Escape closes the auth popups and the size chart.
 * (A failed chunk load reloads the page at most once a minute, spec §8: `ChunkLoadRecovery` of
 * the root layout, features/popups/components/error-page.tsx.)
 */
function RouteEffects({ telegramEnabled }: { telegramEnabled: boolean }) {
  // A route change is a new path: query changes (filters, pages, `?login` being removed) are not.
  const pathname = usePathname();
  const counted = useRef<string | null>(null);
  const key = pathname;

  useEffect(() => {
    if (counted.current === key) return; // React's dev double effects must not count twice
    const firstLoad = counted.current === null;
    counted.current = key;
    const { closeAll, openPopup } = usePopupsStore.getState();
    if (!firstLoad) {
      window.scrollTo({ top: 0, behavior: 'instant' });
      closeAll();
    }
    const storage = safeStorage('localStorage');
    if (storage && countPageView(storage).showTelegram && telegramEnabled) openPopup('telegram');
  }, [key, telegramEnabled]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') usePopupsStore.getState().closeOnEscape();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return null;
}

/**
 * Every site-wide widget of the shop layout (spec §2 Layout and Popups): loading bar, route
 * effects, scroll-to-top arrow, cookie banner; after consent the messenger widget, Yandex
 * Metrica and the field vitals beacon (issue #30); the help and Telegram popups load when opened.
 */
export function ShopWidgets({ messengers, ymId, cookiePolicyHref, classes }: ShopWidgetsProps) {
  const accepted = useCookieConsentStore((s) => s.accepted);
  const hydrate = useCookieConsentStore((s) => s.hydrate);
  const helpOpen = usePopupsStore((s) => s.open.has('help'));
  const telegramOpen = usePopupsStore((s) => s.open.has('telegram'));

  useEffect(() => hydrate(), [hydrate]);

  return (
    <>
      <Suspense fallback={null}>
        <LoadingBar classes={classes} />
        <RouteEffects telegramEnabled={messengers.telegram !== null} />
        {accepted && ymId ? <YandexMetrica id={ymId} /> : null}
      </Suspense>
      <ScrollTopButton classes={classes} />
      <CookieBanner policyHref={cookiePolicyHref} classes={classes} />
      {accepted ? <MessengerWidget links={messengers} /> : null}
      {accepted ? <FieldVitals /> : null}
      {helpOpen ? <HelpPopup /> : null}
      {telegramOpen && messengers.telegram ? <TelegramPopup channelHref={messengers.telegram} /> : null}
    </>
  );
}
