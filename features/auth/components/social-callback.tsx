'use client';

/**
 * The page VK ID redirects the popup to (`/auth/{provider}/callback?code&state&device_id`; spec §4
 * Session "Social login", §7 social exchange, §8 social login library errors):
 * 1. takes the opener's pending request (state, PKCE verifier) once and checks the state;
 * 2. POSTs {code, clientId, redirectUri, codeVerifier, deviceId, state} to the BFF's
 *    /api/v1/login/social/token_user/{provider}/, which sets the httpOnly `token` cookie;
 * 3. tells the opener (postMessage to its own origin, or a BroadcastChannel when the popup lost
 *    `window.opener`), which loads the user and closes the popup. Opened without an opener, it
 *    goes to the home page after a success, where the session loads the user.
 * Errors stay on the page (role="alert") and are sent to the opener, which shows them under the
 * button.
 */
import { useEffect, useState } from 'react';
import { accountRequest, ACCOUNT_FALLBACK_MESSAGE } from '@/lib/api/account-client';
import { BffRequestError } from '@/lib/api/bff-client';
import { TokenResponse } from '@/lib/api/contract/accounts';
import {
  checkSocialCallback,
  isSocialProvider,
  readSocialCallbackParams,
  SOCIAL_CHANNEL_NAME,
  SOCIAL_MESSAGE_SOURCE,
  takePendingSocialLogin,
  type SocialLoginMessage,
} from '../utils/social-login';
import styles from './auth-forms.module.css';

function tellOpener(message: SocialLoginMessage): boolean {
  const origin = window.location.origin;
  const opener = window.opener as Window | null;
  if (opener && !opener.closed) {
    opener.postMessage(message, origin);
    return true;
  }
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(SOCIAL_CHANNEL_NAME);
    channel.postMessage(message);
    channel.close();
  }
  return false;
}

type Outcome = { kind: 'done' } | { kind: 'error'; message: string };

// One run per page load: the pending request is taken once, and React's development double effect
// must not turn the second run into a state mismatch.
const runs = new Map<string, Promise<Outcome>>();

async function processCallback(provider: string): Promise<Outcome> {
  const params = readSocialCallbackParams(window.location.search);
  let pending = null;
  try {
    pending = takePendingSocialLogin(window.localStorage);
  } catch {
    // No localStorage: nothing to compare the state with, so it cannot match.
  }
  const checked = checkSocialCallback(provider, params, pending);
  const knownProvider = checked.ok ? checked.provider : isSocialProvider(provider) ? provider : null;
  const fail = (message: string, trustedState: string | null): Outcome => {
    if (knownProvider)
      tellOpener({
        source: SOCIAL_MESSAGE_SOURCE,
        provider: knownProvider,
        state: trustedState,
        status: 'error',
        message,
      });
    return { kind: 'error', message };
  };
  if (!checked.ok) return fail(checked.message, null);
  const state = checked.body.state!;
  try {
    await accountRequest('POST', `/v1/login/social/token_user/${checked.provider}/`, TokenResponse, checked.body);
  } catch (error) {
    return fail(error instanceof BffRequestError ? error.message : ACCOUNT_FALLBACK_MESSAGE, state);
  }
  if (!tellOpener({ source: SOCIAL_MESSAGE_SOURCE, provider: checked.provider, state, status: 'success' }))
    window.location.replace('/');
  return { kind: 'done' };
}

/** The callback's content for `provider` (the route segment, checked here). */
export function SocialCallback({ provider }: { provider: string }) {
  const [state, setState] = useState<{ kind: 'working' } | Outcome>({ kind: 'working' });

  useEffect(() => {
    let cancelled = false;
    const key = `${provider} ${window.location.search}`;
    let run = runs.get(key);
    if (!run) {
      run = processCallback(provider);
      runs.set(key, run);
    }
    void run.then((outcome) => {
      if (!cancelled) setState(outcome);
    });
    return () => {
      cancelled = true;
    };
  }, [provider]);

  return (
    <main className={styles.callback}>
      <h1>{provider === 'vk' ? 'Вход через VK' : 'Вход через соцсеть'}</h1>
      {state.kind === 'working' ? <p role="status">Входим в личный кабинет…</p> : null}
      {state.kind === 'done' ? <p role="status">Вход выполнен. Окно закроется само.</p> : null}
      {state.kind === 'error' ? (
        <>
          <p className={styles.formError} role="alert">
            {state.message}
          </p>
          <button type="button" className="button" onClick={() => window.close()}>
            Закрыть окно
          </button>
        </>
      ) : null}
    </main>
  );
}
