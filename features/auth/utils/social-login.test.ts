// @vitest-environment jsdom
/**
 * Social login helpers (spec §4 Session "Social login", §8 social login library errors, §9 popup
 * 580×400; VK ID OAuth 2.1 with PKCE S256).
 */
import { describe, expect, it } from 'vitest';
import { SOCIAL_LOGIN_MESSAGES } from '@/lib/messages/accounts';
import {
  buildVkAuthorizeUrl,
  checkSocialCallback,
  createPkce,
  parseSocialLoginMessage,
  pkceChallenge,
  randomUrlSafe,
  readSocialCallbackParams,
  savePendingSocialLogin,
  SOCIAL_MESSAGE_SOURCE,
  SOCIAL_PENDING_KEY,
  SOCIAL_PENDING_TTL_MS,
  socialPopupFeatures,
  takePendingSocialLogin,
  type PendingSocialLogin,
} from './social-login';

const NOW = 1_750_000_000_000;
const pending = (overrides: Partial<PendingSocialLogin> = {}): PendingSocialLogin => ({
  provider: 'vk',
  state: 'S'.repeat(43),
  codeVerifier: 'V'.repeat(64),
  clientId: '51234567',
  redirectUri: 'https://shop.example/auth/vk/callback',
  createdAt: NOW - 1000,
  ...overrides,
});

describe('state and PKCE', () => {
  it('makes random URL-safe strings of the expected length', () => {
    const a = randomUrlSafe(32);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomUrlSafe(32)).not.toBe(a);
  });

  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('creates a verifier VK ID accepts (43–128 of [A-Za-z0-9_-]) with its own challenge', async () => {
    const { codeVerifier, codeChallenge } = await createPkce();
    expect(codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(codeChallenge).toBe(await pkceChallenge(codeVerifier));
    expect((await createPkce()).codeVerifier).not.toBe(codeVerifier);
  });
});

describe('authorize URL and popup', () => {
  it('builds the VK ID authorize URL with state, S256 challenge and redirect URI', () => {
    const url = new URL(
      buildVkAuthorizeUrl({
        authorizeUrl: 'https://id.vk.com/authorize',
        clientId: '51234567',
        redirectUri: 'https://shop.example/auth/vk/callback',
        state: 'st',
        codeChallenge: 'ch',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://id.vk.com/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: '51234567',
      redirect_uri: 'https://shop.example/auth/vk/callback',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('scope')).toContain('email');
  });

  it('opens a 580×400 popup centred over the window (spec §9)', () => {
    expect(socialPopupFeatures({ left: 100, top: 50, width: 1440, height: 900 })).toBe(
      'popup=yes,width=580,height=400,left=530,top=300',
    );
    expect(socialPopupFeatures({ left: 0, top: 0, width: 300, height: 200 })).toBe(
      'popup=yes,width=580,height=400,left=0,top=0',
    );
  });
});

describe('pending request', () => {
  it('is taken once', () => {
    savePendingSocialLogin(localStorage, pending());
    expect(takePendingSocialLogin(localStorage, NOW)).toEqual(pending());
    expect(takePendingSocialLogin(localStorage, NOW)).toBeNull();
  });

  it('is refused when expired, malformed or for an unknown provider', () => {
    savePendingSocialLogin(localStorage, pending({ createdAt: NOW - SOCIAL_PENDING_TTL_MS - 1 }));
    expect(takePendingSocialLogin(localStorage, NOW)).toBeNull();
    localStorage.setItem(SOCIAL_PENDING_KEY, '{not json');
    expect(takePendingSocialLogin(localStorage, NOW)).toBeNull();
    localStorage.setItem(SOCIAL_PENDING_KEY, JSON.stringify({ ...pending(), provider: 'facebook' }));
    expect(takePendingSocialLogin(localStorage, NOW)).toBeNull();
    expect(localStorage.getItem(SOCIAL_PENDING_KEY)).toBeNull();
  });
});

describe('callback', () => {
  it('reads code, state and device_id from the query or from a JSON payload', () => {
    expect(readSocialCallbackParams('?code=c1&state=s1&device_id=d1&type=code_v2')).toEqual({
      code: 'c1',
      state: 's1',
      deviceId: 'd1',
      error: null,
    });
    const payload = encodeURIComponent(JSON.stringify({ code: 'c2', state: 's2', device_id: 'd2' }));
    expect(readSocialCallbackParams(`?payload=${payload}`)).toEqual({
      code: 'c2',
      state: 's2',
      deviceId: 'd2',
      error: null,
    });
    expect(readSocialCallbackParams('?payload=%7Bbroken').code).toBeNull();
    expect(readSocialCallbackParams('?error=access_denied&state=s').error).toBe('access_denied');
  });

  it('gives the exchange body when the state matches', () => {
    const result = checkSocialCallback(
      'vk',
      { code: 'c1', state: 'S'.repeat(43), deviceId: 'd1', error: null },
      pending(),
    );
    expect(result).toEqual({
      ok: true,
      provider: 'vk',
      body: {
        code: 'c1',
        clientId: '51234567',
        redirectUri: 'https://shop.example/auth/vk/callback',
        codeVerifier: 'V'.repeat(64),
        deviceId: 'd1',
        state: 'S'.repeat(43),
      },
    });
  });

  it('answers the spec §8 message of each failure', () => {
    const ok = { code: 'c1', state: 'S'.repeat(43), deviceId: 'd1', error: null };
    expect(checkSocialCallback('instagram', ok, pending())).toEqual({
      ok: false,
      message: SOCIAL_LOGIN_MESSAGES.unknownProvider,
    });
    expect(checkSocialCallback('vk', { ...ok, state: 'bogus' }, pending())).toEqual({
      ok: false,
      message: SOCIAL_LOGIN_MESSAGES.stateMismatch,
    });
    expect(checkSocialCallback('vk', { ...ok, state: null }, pending())).toEqual({
      ok: false,
      message: SOCIAL_LOGIN_MESSAGES.stateMismatch,
    });
    expect(checkSocialCallback('vk', ok, null)).toEqual({ ok: false, message: SOCIAL_LOGIN_MESSAGES.stateMismatch });
    expect(checkSocialCallback('vk', { ...ok, error: 'access_denied' }, pending())).toEqual({
      ok: false,
      message: SOCIAL_LOGIN_MESSAGES.popupError,
    });
    expect(checkSocialCallback('vk', { ...ok, code: null }, pending())).toEqual({
      ok: false,
      message: SOCIAL_LOGIN_MESSAGES.popupError,
    });
  });
});

describe('messages to the opener', () => {
  const origin = 'https://shop.example';
  const success = { source: SOCIAL_MESSAGE_SOURCE, provider: 'vk', state: 'st', status: 'success' };

  it('accepts a success from the own origin for the own state', () => {
    expect(parseSocialLoginMessage({ origin, data: success }, origin, 'st')).toEqual(success);
  });

  it('ignores other origins, other states, foreign shapes and messages without an attempt', () => {
    expect(parseSocialLoginMessage({ origin: 'https://evil.example', data: success }, origin, 'st')).toBeNull();
    expect(parseSocialLoginMessage({ origin, data: { ...success, state: 'other' } }, origin, 'st')).toBeNull();
    expect(parseSocialLoginMessage({ origin, data: { ...success, source: 'someone-else' } }, origin, 'st')).toBeNull();
    expect(parseSocialLoginMessage({ origin, data: { ...success, provider: 'facebook' } }, origin, 'st')).toBeNull();
    expect(parseSocialLoginMessage({ origin, data: 'text' }, origin, 'st')).toBeNull();
    expect(parseSocialLoginMessage({ origin, data: success }, origin, null)).toBeNull();
  });

  it('accepts an error of the current attempt, or one sent before the state could be trusted', () => {
    const error = {
      source: SOCIAL_MESSAGE_SOURCE,
      provider: 'vk',
      state: null,
      status: 'error',
      message: SOCIAL_LOGIN_MESSAGES.stateMismatch,
    };
    expect(parseSocialLoginMessage({ origin, data: error }, origin, 'st')).toEqual(error);
    expect(parseSocialLoginMessage({ origin, data: { ...error, state: 'st' } }, origin, 'st')?.status).toBe('error');
    expect(parseSocialLoginMessage({ origin, data: { ...error, state: 'other' } }, origin, 'st')).toBeNull();
    expect(parseSocialLoginMessage({ origin, data: { ...error, message: 42 } }, origin, 'st')).toBeNull();
  });
});
