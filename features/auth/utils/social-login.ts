/**
 * Pure helpers of the VK ID social login in the browser (spec §4 Session "Social login", §7 social
 * exchange, §8 social login library errors, §9 "Social login popup 580x400"), following VK ID's
 * OAuth 2.1 authorization-code flow with PKCE (id.vk.com/authorize → redirect_uri with code, state
 * and device_id → the shop API exchanges the code at id.vk.com/oauth2/auth):
 *
 * - the opener makes a random `state` and a PKCE pair (code_verifier 43–128 chars of
 *   `[A-Za-z0-9_-]`, code_challenge = base64url(SHA-256(verifier)), method S256), keeps them as the
 *   pending request in localStorage (the popup is another window of the same origin; sessionStorage
 *   is per window) and opens the authorize URL in a 580×400 popup;
 * - the callback page takes the pending request once, checks the state and sends the exchange
 *   body {code, clientId, redirectUri, codeVerifier, deviceId, state};
 * - the callback tells the opener with a {@link SocialLoginMessage}, which the opener accepts only
 *   from its own origin and for its own state.
 */
import type { SocialExchangeBody } from '@/lib/api/contract/accounts';
import { SOCIAL_LOGIN_MESSAGES } from '@/lib/messages/accounts';

/** Spec §9: size of the social login popup, px. */
export const SOCIAL_POPUP_SIZE = { width: 580, height: 400 } as const;

/** localStorage key of the pending request (removed when the callback takes it). */
export const SOCIAL_PENDING_KEY = 'socialLoginPending';

/** A pending request older than this is refused as a state mismatch, ms (VK ID codes live 10 min). */
export const SOCIAL_PENDING_TTL_MS = 10 * 60_000;

/** `source` of every message between the callback page and the opener. */
export const SOCIAL_MESSAGE_SOURCE = 'lumiere-social-login';

/** Name of the BroadcastChannel used when the popup lost `window.opener`. */
export const SOCIAL_CHANNEL_NAME = 'lumiere-social-login';

/** Providers the storefront can start (the API's /v1/social/providers/ says which are configured). */
export const SOCIAL_PROVIDERS = ['vk'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Whether `value` names a provider this storefront knows. */
export function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** Path of the callback page of a provider, e.g. "/auth/vk/callback" (the VK app's redirect URL). */
export function socialCallbackPath(provider: SocialProvider): string {
  return `/auth/${provider}/callback`;
}

/** base64url without padding (RFC 4648 §5). */
export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random string of `[A-Za-z0-9_-]` from `bytes` random bytes (32 bytes → 43 characters). */
export function randomUrlSafe(bytes = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** PKCE S256 challenge of a verifier: base64url(SHA-256(verifier)) (RFC 7636 §4.2). */
export async function pkceChallenge(codeVerifier: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier));
  return base64Url(new Uint8Array(hash));
}

/** A fresh PKCE pair: a 64-character verifier (VK ID: 43–128 of `[A-Za-z0-9_-]`) and its S256 challenge. */
export async function createPkce(): Promise<{ codeVerifier: string; codeChallenge: string }> {
  const codeVerifier = randomUrlSafe(48);
  return { codeVerifier, codeChallenge: await pkceChallenge(codeVerifier) };
}

/** What the opener keeps for the callback page. `createdAt` in epoch ms. */
export type PendingSocialLogin = {
  provider: SocialProvider;
  state: string;
  codeVerifier: string;
  clientId: string;
  redirectUri: string;
  createdAt: number;
};

/**
 * VK ID authorize URL: response_type=code, client_id, redirect_uri, state, code_challenge,
 * code_challenge_method=S256, scope (names and e-mail: the account needs an e-mail, spec §4 write-in
 * otherwise), lang_id=0 (Russian).
 */
export function buildVkAuthorizeUrl(options: {
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
}): string {
  const url = new URL(options.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    state: options.state,
    code_challenge: options.codeChallenge,
    code_challenge_method: 'S256',
    scope: 'vkid.personal_info email',
    lang_id: '0',
  }).toString();
  return url.toString();
}

/** Window features of the centred 580×400 popup (spec §9) over a window at (left, top) of (width × height), px. */
export function socialPopupFeatures(outer: { left: number; top: number; width: number; height: number }): string {
  const { width, height } = SOCIAL_POPUP_SIZE;
  const left = Math.max(0, Math.round(outer.left + (outer.width - width) / 2));
  const top = Math.max(0, Math.round(outer.top + (outer.height - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/** Keeps the pending request (one at a time: a new attempt replaces the previous one). */
export function savePendingSocialLogin(storage: Storage, pending: PendingSocialLogin): void {
  storage.setItem(SOCIAL_PENDING_KEY, JSON.stringify(pending));
}

/** Takes the pending request once (it is removed); null when absent, malformed or expired. */
export function takePendingSocialLogin(storage: Storage, now = Date.now()): PendingSocialLogin | null {
  const raw = storage.getItem(SOCIAL_PENDING_KEY);
  storage.removeItem(SOCIAL_PENDING_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSocialLogin>;
    if (
      typeof value.state !== 'string' ||
      typeof value.codeVerifier !== 'string' ||
      typeof value.clientId !== 'string' ||
      typeof value.redirectUri !== 'string' ||
      typeof value.createdAt !== 'number' ||
      typeof value.provider !== 'string' ||
      !isSocialProvider(value.provider)
    ) {
      return null;
    }
    if (now - value.createdAt > SOCIAL_PENDING_TTL_MS || value.createdAt > now + 60_000) return null;
    return value as PendingSocialLogin;
  } catch {
    return null;
  }
}

/** Parameters VK ID appends to the redirect URL (also inside a JSON `payload` in older VK ID answers). */
export type SocialCallbackParams = {
  code: string | null;
  state: string | null;
  deviceId: string | null;
  error: string | null;
};

/** Reads the callback query ("?code=…&state=…&device_id=…" or "?error=…"). */
export function readSocialCallbackParams(search: string): SocialCallbackParams {
  const params = new URLSearchParams(search);
  let payload: Record<string, unknown> = {};
  const rawPayload = params.get('payload');
  if (rawPayload) {
    try {
      const parsed: unknown = JSON.parse(rawPayload);
      if (parsed && typeof parsed === 'object') payload = parsed as Record<string, unknown>;
    } catch {
      // A broken payload is treated like a missing one.
    }
  }
  const pick = (name: string) =>
    params.get(name) ?? (typeof payload[name] === 'string' ? (payload[name] as string) : null);
  return { code: pick('code'), state: pick('state'), deviceId: pick('device_id'), error: pick('error') };
}

/**
 * Checks the callback against the pending request (spec §8 messages):
 * unknown provider → 'Unknown provider'; `error` from VK or no code → 'OAuth popup error occurred';
 * no pending request or another state → 'State parameter value does not match original OAuth
 * request state value'. Otherwise the exchange body for POST login/social/token_user/{provider}/.
 */
export function checkSocialCallback(
  provider: string,
  params: SocialCallbackParams,
  pending: PendingSocialLogin | null,
): { ok: true; provider: SocialProvider; body: SocialExchangeBody } | { ok: false; message: string } {
  if (!isSocialProvider(provider)) return { ok: false, message: SOCIAL_LOGIN_MESSAGES.unknownProvider };
  if (params.error) return { ok: false, message: SOCIAL_LOGIN_MESSAGES.popupError };
  if (!pending || !params.state || pending.provider !== provider || !timingSafeEqual(pending.state, params.state)) {
    return { ok: false, message: SOCIAL_LOGIN_MESSAGES.stateMismatch };
  }
  if (!params.code) return { ok: false, message: SOCIAL_LOGIN_MESSAGES.popupError };
  return {
    ok: true,
    provider,
    body: {
      code: params.code,
      clientId: pending.clientId,
      redirectUri: pending.redirectUri,
      codeVerifier: pending.codeVerifier,
      ...(params.deviceId ? { deviceId: params.deviceId } : {}),
      state: params.state,
    },
  };
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The callback page's word to the opener: the exchange succeeded (token cookie set) or failed with `message`. */
export type SocialLoginMessage =
  | { source: typeof SOCIAL_MESSAGE_SOURCE; provider: SocialProvider; state: string; status: 'success' }
  | {
      source: typeof SOCIAL_MESSAGE_SOURCE;
      provider: SocialProvider;
      state: string | null;
      status: 'error';
      message: string;
    };

/**
 * Accepts a message event's data only when it comes from `expectedOrigin` (the shop's own origin),
 * has our shape, and belongs to the opener's attempt (`expectedState`; an error without a state —
 * e.g. a state mismatch — is accepted for the current attempt). Anything else → null (ignored).
 */
export function parseSocialLoginMessage(
  event: { origin: string; data: unknown },
  expectedOrigin: string,
  expectedState: string | null,
): SocialLoginMessage | null {
  if (event.origin !== expectedOrigin || expectedState === null) return null;
  const data = event.data as Partial<Record<string, unknown>> | null;
  if (!data || typeof data !== 'object' || data.source !== SOCIAL_MESSAGE_SOURCE) return null;
  if (typeof data.provider !== 'string' || !isSocialProvider(data.provider)) return null;
  if (data.status === 'success') {
    return data.state === expectedState
      ? { source: SOCIAL_MESSAGE_SOURCE, provider: data.provider, state: expectedState, status: 'success' }
      : null;
  }
  if (data.status === 'error' && typeof data.message === 'string') {
    if (data.state !== null && data.state !== expectedState) return null;
    return {
      source: SOCIAL_MESSAGE_SOURCE,
      provider: data.provider,
      state: data.state,
      status: 'error',
      message: data.message.slice(0, 300),
    };
  }
  return null;
}
