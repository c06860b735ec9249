// @vitest-environment jsdom
/**
 * The VK login button and the callback page in the browser (spec §4 Session "Social login": the
 * provider code is exchanged, then the user is loaded with the returned token; §8 social login
 * library errors; §9 popup 580×400). The API and the popup window are stand-ins: a real VK ID round
 * trip needs VK's servers.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCIAL_LOGIN_MESSAGES } from '@/lib/messages/accounts';
import { resetSessionStoreForTests, useSessionStore } from '@/stores/session-store';
import { savePendingSocialLogin, SOCIAL_MESSAGE_SOURCE, SOCIAL_PENDING_KEY } from '../utils/social-login';
import { SocialCallback } from './social-callback';
import { SocialLogin } from './social-login';

const user = {
  id: 7,
  name: 'Анна Смирнова',
  full_name: 'Смирнова Анна',
  last_name: 'Смирнова',
  first_name: 'Анна',
  middle_name: '',
  second_name: '',
  email: 'anna@example.ru',
  phone: null,
  subscribed: false,
  bonus_balance: 0,
  has_password: false,
};

const api = { providers: [] as unknown[], userStatus: 200, exchangeBodies: [] as unknown[], exchangeStatus: 200 };
const server = setupServer(
  http.get('*/api/v1/social/providers/', () => HttpResponse.json({ status: 'success', providers: api.providers })),
  http.get('*/api/v1/get_user/', () =>
    api.userStatus === 200
      ? HttpResponse.json({ status: 'success', user })
      : HttpResponse.json({ status: 'error', message: 'Войдите в личный кабинет' }, { status: 401 }),
  ),
  http.get('*/api/v1/favorites/', () =>
    HttpResponse.json({ status: 'error', message: 'Войдите в личный кабинет' }, { status: 401 }),
  ),
  http.post('*/api/v1/login/social/token_user/vk/', async ({ request }) => {
    api.exchangeBodies.push(await request.json());
    return api.exchangeStatus === 200
      ? HttpResponse.json({ status: 'success', data: { token: 't', expires_at: '2030-01-01T00:00:00Z' }, user })
      : HttpResponse.json(
          { status: 'error', message: 'Не удалось войти через соцсеть. Попробуйте ещё раз' },
          { status: 400 },
        );
  }),
);

const VK = { provider: 'vk', client_id: '51234567', authorize_url: 'https://id.vk.com/authorize' };

type FakePopup = { closed: boolean; close: () => void; location: { href: string } };
function fakePopup(): FakePopup {
  const popup: FakePopup = { closed: false, location: { href: '' }, close: () => (popup.closed = true) };
  return popup;
}

/** Delivers a message as the callback page would (BroadcastChannel-like: no source window). */
function deliver(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());
beforeEach(() => {
  resetSessionStoreForTests();
  Object.assign(api, { providers: [], userStatus: 200, exchangeBodies: [], exchangeStatus: 200 });
});

async function openPopup() {
  const popup = fakePopup();
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  await userEvent.click(await screen.findByRole('button', { name: 'Войти через VK' }));
  await waitFor(() => expect(popup.location.href).not.toBe(''));
  const state = new URL(popup.location.href).searchParams.get('state')!;
  return { popup, open, state };
}

describe('SocialLogin (opener)', () => {
  it('shows no button while VK is not configured', async () => {
    const seen = new Promise<void>((resolve) => server.events.on('response:mocked', () => resolve()));
    render(<SocialLogin />);
    await seen;
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Войти через VK' })).toBeNull();
  });

  it('opens the 580×400 VK ID popup with state and S256 challenge, then loads the user on success', async () => {
    api.providers = [VK];
    render(<SocialLogin />);
    const { popup, open, state } = await openPopup();
    expect(open.mock.calls[0]![2]).toMatch(/width=580,height=400/);
    const url = new URL(popup.location.href);
    expect(url.origin + url.pathname).toBe('https://id.vk.com/authorize');
    expect(url.searchParams.get('client_id')).toBe('51234567');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/auth/vk/callback`);
    expect(JSON.parse(localStorage.getItem(SOCIAL_PENDING_KEY)!)).toMatchObject({
      state,
      provider: 'vk',
      clientId: '51234567',
    });

    deliver({ source: SOCIAL_MESSAGE_SOURCE, provider: 'vk', state, status: 'success' }, 'https://evil.example');
    deliver({ source: SOCIAL_MESSAGE_SOURCE, provider: 'vk', state: 'another-attempt', status: 'success' });
    await act(async () => {});
    expect(useSessionStore.getState().user).toBeNull();
    expect(popup.closed).toBe(false);

    deliver({ source: SOCIAL_MESSAGE_SOURCE, provider: 'vk', state, status: 'success' });
    await waitFor(() => expect(useSessionStore.getState().user?.id).toBe(7));
    expect(popup.closed).toBe(true);
  });

  it("says 'There is no currently authenticated user' when the user cannot be loaded after the exchange", async () => {
    api.providers = [VK];
    api.userStatus = 401;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<SocialLogin />);
    const { state } = await openPopup();
    deliver({ source: SOCIAL_MESSAGE_SOURCE, provider: 'vk', state, status: 'success' });
    expect(await screen.findByRole('alert')).toHaveTextContent(SOCIAL_LOGIN_MESSAGES.noUser);
  });

  it("says 'Auth popup window closed' when the shopper closes the popup", async () => {
    api.providers = [VK];
    render(<SocialLogin />);
    const { popup } = await openPopup();
    popup.close();
    expect(await screen.findByRole('alert', {}, { timeout: 2000 })).toHaveTextContent(
      SOCIAL_LOGIN_MESSAGES.popupClosed,
    );
  });

  it("says 'OAuth popup error occurred' when the popup is blocked", async () => {
    api.providers = [VK];
    render(<SocialLogin />);
    vi.spyOn(window, 'open').mockReturnValue(null);
    await userEvent.click(await screen.findByRole('button', { name: 'Войти через VK' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SOCIAL_LOGIN_MESSAGES.popupError);
  });

  it("shows the callback's state mismatch under the button", async () => {
    api.providers = [VK];
    render(<SocialLogin />);
    const { popup } = await openPopup();
    deliver({
      source: SOCIAL_MESSAGE_SOURCE,
      provider: 'vk',
      state: null,
      status: 'error',
      message: SOCIAL_LOGIN_MESSAGES.stateMismatch,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(SOCIAL_LOGIN_MESSAGES.stateMismatch);
    expect(popup.closed).toBe(true);
  });
});

describe('SocialCallback (popup page)', () => {
  afterEach(() => {
    Object.defineProperty(window, 'opener', { configurable: true, writable: true, value: null });
  });
  function fakeOpener(value: unknown) {
    Object.defineProperty(window, 'opener', { configurable: true, writable: true, value });
  }
  function at(search: string) {
    window.history.replaceState(null, '', `/auth/vk/callback${search}`);
  }

  it('checks the state, exchanges the code with the PKCE verifier and tells the opener', async () => {
    const postMessage = vi.fn();
    fakeOpener({ closed: false, postMessage });
    savePendingSocialLogin(localStorage, {
      provider: 'vk',
      state: 'good-state',
      codeVerifier: 'V'.repeat(64),
      clientId: '51234567',
      redirectUri: `${window.location.origin}/auth/vk/callback`,
      createdAt: Date.now(),
    });
    at('?code=c1&state=good-state&device_id=d1&type=code_v2');
    render(<SocialCallback provider="vk" />);
    expect(await screen.findByText('Вход выполнен. Окно закроется само.')).toBeInTheDocument();
    expect(api.exchangeBodies).toEqual([
      {
        code: 'c1',
        clientId: '51234567',
        redirectUri: `${window.location.origin}/auth/vk/callback`,
        codeVerifier: 'V'.repeat(64),
        deviceId: 'd1',
        state: 'good-state',
      },
    ]);
    expect(postMessage).toHaveBeenCalledWith(
      { source: SOCIAL_MESSAGE_SOURCE, provider: 'vk', state: 'good-state', status: 'success' },
      window.location.origin,
    );
  });

  it('refuses a bogus state without calling the API and tells the opener', async () => {
    const postMessage = vi.fn();
    fakeOpener({ closed: false, postMessage });
    savePendingSocialLogin(localStorage, {
      provider: 'vk',
      state: 'good-state',
      codeVerifier: 'V'.repeat(64),
      clientId: '51234567',
      redirectUri: 'x',
      createdAt: Date.now(),
    });
    at('?code=c2&state=bogus&device_id=d1');
    render(<SocialCallback provider="vk" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(SOCIAL_LOGIN_MESSAGES.stateMismatch);
    expect(api.exchangeBodies).toEqual([]);
    expect(postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'error', message: SOCIAL_LOGIN_MESSAGES.stateMismatch }),
      window.location.origin,
    );
  });

  it("shows the API's message when the exchange fails, and 'Unknown provider' for other providers", async () => {
    api.exchangeStatus = 400;
    savePendingSocialLogin(localStorage, {
      provider: 'vk',
      state: 's3',
      codeVerifier: 'V'.repeat(64),
      clientId: '1',
      redirectUri: 'x',
      createdAt: Date.now(),
    });
    at('?code=c3&state=s3&device_id=d1');
    const { unmount } = render(<SocialCallback provider="vk" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось войти через соцсеть. Попробуйте ещё раз');
    unmount();
    at('?code=c4&state=s4');
    render(<SocialCallback provider="instagram" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(SOCIAL_LOGIN_MESSAGES.unknownProvider);
  });
});
