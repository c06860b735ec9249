/** Spec §3/§4: cookie consent lives in localStorage `cookieAccepted` and survives reloads. */
import { beforeEach, describe, expect, it } from 'vitest';
import { COOKIE_ACCEPTED_KEY, useCookieConsentStore } from './cookie-consent-store';

describe('cookie consent store', () => {
  beforeEach(() => {
    localStorage.clear();
    useCookieConsentStore.setState({ hydrated: false, accepted: false });
  });

  it('is not accepted on a first visit and stores the acceptance', () => {
    useCookieConsentStore.getState().hydrate();
    expect(useCookieConsentStore.getState()).toMatchObject({ hydrated: true, accepted: false });
    useCookieConsentStore.getState().accept();
    expect(localStorage.getItem(COOKIE_ACCEPTED_KEY)).toBe('true');
    expect(useCookieConsentStore.getState().accepted).toBe(true);
  });

  it('reads an earlier acceptance after a reload', () => {
    localStorage.setItem(COOKIE_ACCEPTED_KEY, 'true');
    useCookieConsentStore.getState().hydrate();
    expect(useCookieConsentStore.getState().accepted).toBe(true);
  });
});
