/**
 * The session (spec §3 User, authToken; §4 Session and Popups; §5 token validity; §8 failed user
 * load). The token itself is in the httpOnly `token` cookie the BFF manages; the store knows the
 * user and whether a session exists (the `token_exp` cookie, spec §5: valid while its expiry is
 * in the future).
 *
 * - `init()`: on load, if a session exists and no user is loaded, GET /v1/get_user/. Success sets
 *   the user (a user without e-mail opens the write-in popup); failure clears user and token
 *   (the BFF clears the cookie on 401) and logs; the shopper stays on the page (issue #34 item 5:
 *   a dead token must not cost them the product they opened). `onSessionLost` is told.
 * - `loadSocialUser()`: after a social code exchange, loads the user with the new token (§4).
 * - `login()` / `register()`: store the user, mark not anonymous, merge guest favourites.
 * - `logout()`: revokes the token (POST /v1/logout/), clears the user and goes home.
 */
import { create } from 'zustand';
import { BffRequestError } from '@/lib/api/bff-error';
import type { ChangeInfoBody, SignInBody, User } from '@/lib/api/contract/accounts';
import { accountRequest } from '@/lib/api/lazy-clients';
import { sessionExpiry } from '@/lib/api/session-expiry';
import { useFavoritesStore } from './favorites-store';
import { usePopupsStore } from './popups-store';

// The answer schemas (and zod) load with the first account request, not with every page (issue #7).
const accounts = () => import('@/lib/api/contract/accounts');
const UserResponse = () => accounts().then((m) => m.UserResponse);
const TokenResponse = () => accounts().then((m) => m.TokenResponse);
const OkResponse = () => accounts().then((m) => m.OkResponse);

/** Session state and actions. */
export type SessionState = {
  user: User | null;
  /** 'idle' before init, 'loading' while the user loads, 'ready' after. */
  status: 'idle' | 'loading' | 'ready';
  /** Spec §4: set by the checkout choice "continue anonymously"; cleared by a login. */
  anonymous: boolean;
  /** Loads the user once when a session cookie exists (spec §4). */
  init: (options?: { onSessionLost?: () => void }) => Promise<void>;
  /** POST /v1/auth/. @throws BffRequestError with the server's message. */
  login: (username: string, password: string) => Promise<User>;
  /** POST /v1/sign_in/. @throws BffRequestError with the server's message. */
  register: (payload: SignInBody) => Promise<User>;
  /**
   * Spec §4 Session "Social login": after the provider code was exchanged (the BFF set the token
   * cookie), loads the user with the returned token (GET /v1/get_user/) and finishes like a login.
   * @throws BffRequestError when no user can be loaded.
   */
  loadSocialUser: () => Promise<User>;
  /** PUT /v1/changeinfo/. @throws BffRequestError. */
  changeInfo: (patch: ChangeInfoBody) => Promise<User>;
  /** POST /v1/logout/ and clears the user; resolves when done (never rejects). */
  logout: () => Promise<void>;
  /** Clears the user locally (spec §4: clearing the user removes the token). */
  clear: () => void;
  setAnonymous: (value: boolean) => void;
};

/** Spec §5 validity of the session cookie: present and its expiry in the future. */
export function hasLiveSession(now = Date.now()): boolean {
  const exp = sessionExpiry();
  return exp !== null && exp > now;
}

/**
 * Whether a social login left the account to be completed (spec §2/§4 complete-registration popup:
 * "after social login without e-mail or name parts"; issue #34 item 7): no password yet (a VK ID
 * account) and no e-mail or one of the three name parts missing.
 */
export function needsRegistrationCompletion(user: User): boolean {
  return !user.has_password && (!user.email || !user.last_name || !user.first_name || !user.middle_name);
}

let initPromise: Promise<void> | null = null;

async function afterLogin(user: User) {
  useSessionStore.setState({ user, status: 'ready', anonymous: false });
  usePopupsStore.getState().closeAll();
  await useFavoritesStore.getState().attachAccount();
  if (!user.email) usePopupsStore.getState().openPopup('writeIn');
}

/** The session store hook. */
export const useSessionStore = create<SessionState>()((set, get) => ({
  user: null,
  status: 'idle',
  anonymous: false,

  init: (options = {}) => {
    if (initPromise) return initPromise;
    initPromise = (async () => {
      if (get().user || !hasLiveSession()) {
        // An account's favourites left in lkData after the session expired are not a guest's.
        if (
          !get().user &&
          useFavoritesStore.persist.hasHydrated() &&
          useFavoritesStore.getState().owner === 'account'
        ) {
          useFavoritesStore.getState().detachAccount();
        }
        set({ status: 'ready' });
        return;
      }
      set({ status: 'loading' });
      try {
        const { user } = await accountRequest('GET', '/v1/get_user/', UserResponse);
        set({ user, status: 'ready' });
        await useFavoritesStore.getState().attachAccount();
        if (!user.email) usePopupsStore.getState().openPopup('writeIn');
      } catch (error) {
        console.error('[session] не удалось загрузить пользователя', error);
        set({ user: null, status: 'ready' });
        options.onSessionLost?.();
      }
    })();
    return initPromise;
  },

  login: async (username, password) => {
    const { user } = await accountRequest('POST', '/v1/auth/', TokenResponse, { username, password });
    await afterLogin(user);
    return user;
  },

  register: async (payload) => {
    const { user } = await accountRequest('POST', '/v1/sign_in/', TokenResponse, payload);
    await afterLogin(user);
    return user;
  },

  loadSocialUser: async () => {
    const { user } = await accountRequest('GET', '/v1/get_user/', UserResponse);
    await afterLogin(user);
    // Spec §4: a social login without e-mail or name parts is asked to complete the registration
    // (its form asks the e-mail too; opening it closes the write-in popup, one auth popup at a time).
    if (needsRegistrationCompletion(user)) usePopupsStore.getState().openPopup('completeRegistration');
    return user;
  },

  changeInfo: async (patch) => {
    const { user } = await accountRequest('PUT', '/v1/changeinfo/', UserResponse, patch);
    set({ user });
    return user;
  },

  logout: async () => {
    try {
      await accountRequest('POST', '/v1/logout/', OkResponse);
    } catch (error) {
      if (!(error instanceof BffRequestError)) throw error;
    }
    get().clear();
  },

  clear: () => {
    set({ user: null, status: 'ready' });
    useFavoritesStore.getState().detachAccount();
  },

  setAnonymous: (value) => set({ anonymous: value }),
}));

/** Test helper: back to the initial state. Not for app code. */
export function resetSessionStoreForTests(): void {
  initPromise = null;
  useSessionStore.setState(useSessionStore.getInitialState(), true);
}
