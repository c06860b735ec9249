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
import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Modal } from '@/components/modal/modal';
import { usePopupsStore, type PopupName } from '@/stores/popups-store';
import { useSessionStore } from '@/stores/session-store';

// Issue #7: the forms (react-hook-form, zod, the phone mask) load only when a popup opens, so no
// page pays for them on its first visit.
const LoginForm = dynamic(() => import('./auth-forms').then((m) => m.LoginForm), { ssr: false });
const RegistrationForm = dynamic(() => import('./auth-forms').then((m) => m.RegistrationForm), { ssr: false });
const ForgotPasswordForm = dynamic(() => import('./auth-forms').then((m) => m.ForgotPasswordForm), { ssr: false });
const PasswordChangeForm = dynamic(() => import('./auth-forms').then((m) => m.PasswordChangeForm), { ssr: false });
const WriteInForm = dynamic(() => import('./auth-forms').then((m) => m.WriteInForm), { ssr: false });

/** Mount once in the shop layout. */
export function AuthPopups() {
  const open = usePopupsStore((s) => s.open);
  const openPopup = usePopupsStore((s) => s.openPopup);
  const closePopup = usePopupsStore((s) => s.closePopup);
  const user = useSessionStore((s) => s.user);
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

  const isOpen = (name: PopupName) => open.has(name);
  const close = (name: PopupName) => () => closePopup(name);

  return (
    <>
      <Modal open={!user && isOpen('login')} onClose={close('login')} title="Вход">
        <LoginForm onForgot={() => openPopup('forgotPassword')} onRegister={() => openPopup('registration')} />
      </Modal>
      <Modal open={!user && isOpen('registration')} onClose={close('registration')} title="Регистрация">
        <RegistrationForm onLogin={() => openPopup('login')} />
      </Modal>
      <Modal open={isOpen('forgotPassword')} onClose={close('forgotPassword')} title="Восстановление пароля">
        <ForgotPasswordForm onLogin={() => openPopup('login')} />
      </Modal>
      <Modal
        open={isOpen('passwordChange') && Boolean(resetToken)}
        onClose={close('passwordChange')}
        title="Смена пароля"
      >
        <PasswordChangeForm token={resetToken ?? ''} />
      </Modal>
      {/* Spec §2/§4: opened after a social login without e-mail or name parts (stores/session-store.ts
          needsRegistrationCompletion), so for a signed-in user; the form completes that account. */}
      <Modal
        open={Boolean(user) && isOpen('completeRegistration')}
        onClose={close('completeRegistration')}
        title="Завершение регистрации"
      >
        <RegistrationForm
          complete
          initial={user ? { full_name: user.full_name, email: user.email ?? '' } : undefined}
        />
      </Modal>
      <Modal open={Boolean(user) && isOpen('writeIn')} onClose={close('writeIn')} title="Укажите почту">
        <WriteInForm onDone={close('writeIn')} />
      </Modal>
    </>
  );
}
