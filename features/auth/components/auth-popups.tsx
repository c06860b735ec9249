'use client';

/**
 * The auth popups of spec §2/§4 (registration, login, forgot password, password change,
 * complete registration, write-in) and the session start:
 * - on mount the session is loaded (spec §4 Session); a failed load clears user and token and
 *   leaves the shopper on the page they came for (issue #34 item 5: the spec's redirect home is
 *   for an explicit logout, `logout()` in stores/session-store.ts);
 * - `?login=1` opens login (the header's no-JS link), `?reset={token}` opens password change;
 * - Escape and route changes close them through the layout's route effects (features/popups);
 * - login and registration show only when there is no user (spec §2 Popups).
 */
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { lazyIsland } from '@/lib/lazy-island';
import { usePopupsStore, type PopupName } from '@/stores/popups-store';
import { useSessionStore } from '@/stores/session-store';

// Issues #7 and #30: the dialogs and their forms (react-hook-form, zod, the phone mask) load only
// when a popup opens, so no page pays for them on its first visit.
const AuthDialogs = lazyIsland(() => import('./auth-dialogs').then((m) => m.AuthDialogs));

/** The popups drawn by `AuthDialogs` (the checkout choice popup is the basket page's own). */
const AUTH_DIALOGS: readonly PopupName[] = [
  'login',
  'registration',
  'forgotPassword',
  'passwordChange',
  'completeRegistration',
  'writeIn',
];

/** Mount once in the shop layout. */
export function AuthPopups() {
  const anyOpen = usePopupsStore((s) => AUTH_DIALOGS.some((name) => s.open.has(name)));
  const pathname = usePathname();
  const [resetToken, setResetToken] = useState<string | null>(null);

  useEffect(() => {
    void useSessionStore.getState().init();
  }, []);

  // Route changes close every popup and Escape closes the auth popups: both are done once for the
  // whole shop by the layout's route effects (features/popups). Opening a popup from the query
  // runs after them (a microtask after this commit's effects), so the route change that brought
  // the shopper here does not close it again.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const reset = params.get('reset');
    if (reset) {
      queueMicrotask(() => {
        setResetToken(reset);
        usePopupsStore.getState().openPopup('passwordChange');
      });
    } else if (params.get('login') !== null) {
      params.delete('login');
      const qs = params.toString();
      window.history.replaceState(
        window.history.state,
        '',
        `${window.location.pathname}${qs ? `?${qs}` : ''}${window.location.hash}`,
      );
      queueMicrotask(() => usePopupsStore.getState().openPopup('login'));
    }
  }, [pathname]);

  return anyOpen ? <AuthDialogs resetToken={resetToken} /> : null;
}
