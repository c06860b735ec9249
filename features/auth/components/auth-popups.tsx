'use client';

/**
 * The auth popups of spec §2/§4 (registration, login, forgot password, password change,
 * complete registration, write-in) and the session start:
 * - on mount the session is loaded (spec §4 Session); a failed load clears it and goes home;
 * - `?login=1` opens login (the header's no-JS link), `?reset={token}` opens password change;
 * - Escape closes every auth popup (spec §2 Layout, popups store `closeOnEscape`);
 * - a route change closes all popups (spec §2 "Behaviour on every navigation");
 * - login and registration show only when there is no user (spec §2 Popups).
 */
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Modal } from '@/components/modal/modal';
import { usePopupsStore, type PopupName } from '@/stores/popups-store';
import { useSessionStore } from '@/stores/session-store';
import { ForgotPasswordForm, LoginForm, PasswordChangeForm, RegistrationForm, WriteInForm } from './auth-forms';

/** Mount once in the shop layout. */
export function AuthPopups() {
  const open = usePopupsStore((s) => s.open);
  const openPopup = usePopupsStore((s) => s.openPopup);
  const closePopup = usePopupsStore((s) => s.closePopup);
  const user = useSessionStore((s) => s.user);
  const pathname = usePathname();
  const router = useRouter();
  const [resetToken, setResetToken] = useState<string | null>(null);
  const firstPath = useRef(true);

  useEffect(() => {
    void useSessionStore.getState().init({ onSessionLost: () => router.replace('/') });
  }, [router]);

  useEffect(() => {
    if (firstPath.current) firstPath.current = false;
    else usePopupsStore.getState().closeAll();
    const params = new URLSearchParams(window.location.search);
    const reset = params.get('reset');
    if (reset) {
      // The query is read after mount (no useSearchParams: the layout stays static); the
      // token comes from outside React, like a subscription.
      queueMicrotask(() => setResetToken(reset));
      usePopupsStore.getState().openPopup('passwordChange');
    } else if (params.get('login') !== null) {
      usePopupsStore.getState().openPopup('login');
      params.delete('login');
      const qs = params.toString();
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${qs ? `?${qs}` : ''}${window.location.hash}`);
    }
  }, [pathname]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') usePopupsStore.getState().closeOnEscape();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

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
      <Modal open={isOpen('passwordChange') && Boolean(resetToken)} onClose={close('passwordChange')} title="Смена пароля">
        <PasswordChangeForm token={resetToken ?? ''} />
      </Modal>
      <Modal open={!user && isOpen('completeRegistration')} onClose={close('completeRegistration')} title="Завершение регистрации">
        <RegistrationForm complete />
      </Modal>
      <Modal open={Boolean(user) && isOpen('writeIn')} onClose={close('writeIn')} title="Укажите почту">
        <WriteInForm onDone={close('writeIn')} />
      </Modal>
    </>
  );
}
