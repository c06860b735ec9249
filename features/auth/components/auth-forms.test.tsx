/**
 * Account form messages (issue #14 item 14; spec §8 duplicates and login failure): the server's
 * message is about what was sent, so it goes away once the shopper edits a field; and after a
 * password change "Войти" leads home with the login popup (spec §4).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BffRequestError } from '@/lib/api/bff-client';
import { SPEC_MESSAGES } from '@/lib/messages/accounts';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import { softNavigationTarget } from '@/lib/soft-navigation';
import { resetSessionStoreForTests, useSessionStore } from '@/stores/session-store';
import { LoginForm, PasswordChangeForm, RegistrationForm } from './auth-forms';

/** A plain primary-button click on `target`, as lib/soft-navigation.ts reads it. */
function click(target: Element) {
  return { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, target };
}

afterEach(() => {
  resetSessionStoreForTests();
  vi.unstubAllGlobals();
});

describe('account form messages', () => {
  it('registration: the duplicate e-mail message goes when the e-mail is changed', async () => {
    const user = userEvent.setup();
    useSessionStore.setState({
      register: vi.fn().mockRejectedValue(new BffRequestError(SPEC_MESSAGES.duplicateEmail, 400)),
    });
    render(<RegistrationForm />);
    await user.type(screen.getByLabelText('Фамилия и имя'), 'Иванова Анна');
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.ru');
    await user.type(screen.getByLabelText('Пароль'), 'Secret123');
    await user.type(screen.getByLabelText('Повторите пароль'), 'Secret123');
    await user.click(screen.getByRole('checkbox', { name: /Я даю согласие на обработку персональных данных/ }));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText(SPEC_MESSAGES.duplicateEmail)).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mail'), 'x');
    expect(screen.queryByText(SPEC_MESSAGES.duplicateEmail)).not.toBeInTheDocument();
  });

  it('registration: not sent without the personal data box (issue #29), sent with both boxes as ticked', async () => {
    const user = userEvent.setup();
    const register = vi.fn().mockResolvedValue(undefined);
    useSessionStore.setState({ register });
    render(<RegistrationForm />);
    const consent = screen.getByRole('checkbox', { name: /Я даю согласие на обработку персональных данных/ });
    const advertising = screen.getByRole('checkbox', { name: CONSENT_TEXTS.advertising });
    expect(consent).not.toBeChecked();
    expect(advertising).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'обработку персональных данных' })).toHaveAttribute(
      'href',
      '/personal-data-consent',
    );
    await user.type(screen.getByLabelText('Фамилия и имя'), 'Иванова Анна');
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.ru');
    await user.type(screen.getByLabelText('Пароль'), 'Secret123');
    await user.type(screen.getByLabelText('Повторите пароль'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText(CONSENT_TEXTS.personalDataRequired)).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();

    await user.click(consent);
    await user.click(advertising);
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    expect(register.mock.calls[0]![0]).toMatchObject({ personal_data_consent: true, advertising_consent: true });
  });

  it('login: the failure message goes when the password is retyped', async () => {
    const user = userEvent.setup();
    useSessionStore.setState({ login: vi.fn().mockRejectedValue(new BffRequestError(SPEC_MESSAGES.loginFailed, 400)) });
    render(<LoginForm onForgot={() => {}} onRegister={() => {}} />);
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.ru');
    await user.type(screen.getByLabelText('Пароль'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText(SPEC_MESSAGES.loginFailed)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Пароль'), '1');
    expect(screen.queryByText(SPEC_MESSAGES.loginFailed)).not.toBeInTheDocument();
  });
});

// That the link really leaves /reset/{token} is checked in a browser: tests/e2e/spec-gaps.spec.ts.
describe('PasswordChangeForm success', () => {
  it('"Войти" links to the home page with the login popup', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ status: 'success', message: 'ok' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    render(<PasswordChangeForm token="v1.e30.x" />);
    await user.type(screen.getByLabelText('Новый пароль'), 'Secret123');
    await user.type(screen.getByLabelText('Повторите пароль'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    await waitFor(() => expect(screen.getByText(SPEC_MESSAGES.dataSaved)).toBeInTheDocument());
    const link = screen.getByRole('link', { name: 'Войти' });
    expect(link).toHaveAttribute('href', '/?login=1');
    // Issue #34 item 4: the shop's click listener routes links client-side; this one must load
    // the home page afresh, which is what opens the login popup from `?login=1`.
    expect(softNavigationTarget(click(link), new URL('/reset/abc', window.location.href).href)).toBeNull();
  });
});
