'use client';

/**
 * The auth dialogs of spec §2/§4 (registration, login, forgot password, password change,
 * complete registration, write-in), loaded by `AuthPopups` when one of them opens (issue #30:
 * not first-visit JS). Which one shows follows the popups store and the session: login and
 * registration only without a user, complete registration and write-in only with one.
 */
import { Modal } from '@/components/modal/modal';
import { usePopupsStore, type PopupName } from '@/stores/popups-store';
import { useSessionStore } from '@/stores/session-store';
import { ForgotPasswordForm, LoginForm, PasswordChangeForm, RegistrationForm, WriteInForm } from './auth-forms';

/** The open auth dialog(s); `resetToken` is the `?reset=` token of a password change link. */
export function AuthDialogs({ resetToken }: { resetToken: string | null }) {
  const open = usePopupsStore((s) => s.open);
  const openPopup = usePopupsStore((s) => s.openPopup);
  const closePopup = usePopupsStore((s) => s.closePopup);
  const user = useSessionStore((s) => s.user);
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
