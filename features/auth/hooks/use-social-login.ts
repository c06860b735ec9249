'use client';

/**
 * The opener's side of the social login (spec §4 Session "Social login", §8 social login library
 * errors, §9 popup 580×400): knows the configured providers, opens the provider's authorize URL in
 * a popup, waits for the callback page's message, then loads the user with the returned token and
 * closes the popup.
 *
 * Errors (shown under the button, spec §8 verbatim): 'Unknown provider' (not configured),
 * 'OAuth popup error occurred' (popup blocked, no Web Crypto, or VK answered with an error),
 * 'Auth popup window closed' (closed before the callback answered), the callback's state mismatch
 * or the exchange's Russian message, and 'There is no currently authenticated user' when the user
 * cannot be loaded after a successful exchange.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SOCIAL_LOGIN_MESSAGES } from '@/lib/messages/accounts';
import { useSessionStore } from '@/stores/session-store';
import { socialProvidersQuery, type SocialProviderConfig } from '../api/social-providers';
import {
  buildVkAuthorizeUrl,
  createPkce,
  isSocialProvider,
  parseSocialLoginMessage,
  randomUrlSafe,
  savePendingSocialLogin,
  SOCIAL_CHANNEL_NAME,
  SOCIAL_MESSAGE_SOURCE,
  socialCallbackPath,
  socialPopupFeatures,
  type SocialLoginMessage,
} from '../utils/social-login';

/** How often the opener checks whether the popup was closed, ms. */
const POPUP_POLL_MS = 500;

/** No provider: the buttons stay hidden until the answer (and after a failure). */
const NO_PROVIDERS: SocialProviderConfig[] = [];

type Attempt = { state: string; popup: Window; timer: ReturnType<typeof setInterval> | null; finished: boolean };

/**
 * State and actions of the social login buttons. `providers` is [] until known (buttons hidden).
 * Call it inside a `QueryIsland` (lib/query-client.tsx).
 */
export function useSocialLogin(): {
  providers: SocialProviderConfig[];
  error: string | null;
  busy: boolean;
  start: (provider: string) => void;
} {
  const providers = useQuery(socialProvidersQuery()).data ?? NO_PROVIDERS;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  const loadSocialUser = useSessionStore((s) => s.loadSocialUser);

  const stopPolling = (current: Attempt) => {
    if (current.timer !== null) clearInterval(current.timer);
    current.timer = null;
  };

  const finish = useCallback(
    async (message: SocialLoginMessage) => {
      const current = attempt.current;
      if (!current || current.finished) return;
      current.finished = true;
      stopPolling(current);
      if (!current.popup.closed) current.popup.close();
      attempt.current = null;
      if (message.status === 'error') {
        setError(message.message);
        return;
      }
      setError(null);
      setBusy(true);
      try {
        await loadSocialUser();
      } catch (loadError) {
        console.error('[social] пользователь не загрузился после обмена кода', loadError);
        setError(SOCIAL_LOGIN_MESSAGES.noUser);
      } finally {
        setBusy(false);
      }
    },
    [loadSocialUser],
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const current = attempt.current;
      if (!current) return;
      // A window message must come from our popup; BroadcastChannel messages (used when the popup
      // lost window.opener) have no source and come from this origin by construction.
      if (event.source !== null && event.source !== current.popup) return;
      const message = parseSocialLoginMessage(event, window.location.origin, current.state);
      if (message) void finish(message);
    };
    window.addEventListener('message', onMessage);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SOCIAL_CHANNEL_NAME);
    channel?.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
      if (attempt.current) stopPolling(attempt.current);
    };
  }, [finish]);

  const start = useCallback(
    (provider: string) => {
      setError(null);
      const config = providers.find((p) => p.provider === provider);
      if (!config || !isSocialProvider(provider)) {
        setError(SOCIAL_LOGIN_MESSAGES.unknownProvider);
        return;
      }
      if (attempt.current) {
        stopPolling(attempt.current);
        attempt.current = null;
      }
      // Opened synchronously inside the click (popup blockers), navigated once PKCE is ready.
      const popup = window.open(
        '',
        'social-login',
        socialPopupFeatures({
          left: window.screenX,
          top: window.screenY,
          width: window.outerWidth,
          height: window.outerHeight,
        }),
      );
      if (!popup) {
        setError(SOCIAL_LOGIN_MESSAGES.popupError);
        return;
      }
      const current: Attempt = { state: randomUrlSafe(32), popup, timer: null, finished: false };
      attempt.current = current;
      current.timer = setInterval(() => {
        if (!current.popup.closed || current.finished) return;
        // Left in `attempt` so a late success over the BroadcastChannel still logs in.
        stopPolling(current);
        setError(SOCIAL_LOGIN_MESSAGES.popupClosed);
      }, POPUP_POLL_MS);
      const redirectUri = new URL(socialCallbackPath(provider), window.location.origin).toString();
      void createPkce()
        .then(({ codeVerifier, codeChallenge }) => {
          savePendingSocialLogin(window.localStorage, {
            provider,
            state: current.state,
            codeVerifier,
            clientId: config.client_id,
            redirectUri,
            createdAt: Date.now(),
          });
          if (current.popup.closed) return;
          current.popup.location.href = buildVkAuthorizeUrl({
            authorizeUrl: config.authorize_url,
            clientId: config.client_id,
            redirectUri,
            state: current.state,
            codeChallenge,
          });
        })
        .catch((startError: unknown) => {
          // No Web Crypto (a page served over plain http from a non-local host) or no localStorage.
          console.error('[social] не удалось начать вход', startError);
          void finish({
            source: SOCIAL_MESSAGE_SOURCE,
            provider,
            state: current.state,
            status: 'error',
            message: SOCIAL_LOGIN_MESSAGES.popupError,
          });
        });
    },
    [providers, finish],
  );

  return { providers, error, busy, start };
}
