/**
 * Cookie consent (spec §3 client state "cookie acceptance", local storage `cookieAccepted`;
 * §4 "Cookie banner: shown until accepted, then cookieAccepted is stored"). Analytics and the
 * messenger widget load only once `accepted` is true (spec §1, §7 Third parties).
 *
 * Not read during SSR or the first client render: call `hydrate()` after mount, so the server HTML
 * and the first client render agree (DESIGN.md convention 7).
 */
import { create } from 'zustand';

/** localStorage key of the consent (spec §3). */
export const COOKIE_ACCEPTED_KEY = 'cookieAccepted';

interface CookieConsentState {
  /** true once read from localStorage (before that, nothing consent-dependent renders). */
  hydrated: boolean;
  /** The visitor accepted cookies. */
  accepted: boolean;
  /** Reads `cookieAccepted` from localStorage. */
  hydrate: () => void;
  /** Stores `cookieAccepted = "true"` and hides the banner (kept for this session if storage fails). */
  accept: () => void;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The consent store. */
export const useCookieConsentStore = create<CookieConsentState>()((set) => ({
  hydrated: false,
  accepted: false,
  hydrate: () => set({ hydrated: true, accepted: storage()?.getItem(COOKIE_ACCEPTED_KEY) === 'true' }),
  accept: () => {
    try {
      storage()?.setItem(COOKIE_ACCEPTED_KEY, 'true');
    } catch {
      // Quota or disabled storage: the consent holds for this page view only.
    }
    set({ hydrated: true, accepted: true });
  },
}));
