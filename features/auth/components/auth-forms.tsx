'use client';

/**
 * The account forms of spec §2/§4 popups, with react-hook-form + zod (lib/validation/auth.ts:
 * every rule and hint of spec §5) and the messages of spec §8. Used inside the popups
 * (auth-popups.tsx) and on the /reset/{token} and /recovery pages.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConsentCheckbox, PersonalDataConsentLabel } from '@/components/consent-checkbox/consent-checkbox';
import { FormField } from '@/components/form-field/form-field';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { accountRequest, ACCOUNT_FALLBACK_MESSAGE } from '@/lib/api/account-client';
import { BffRequestError } from '@/lib/api/bff-client';
import { OkResponse, UserResponse } from '@/lib/api/contract/accounts';
import { ACCOUNT_MESSAGES, SPEC_MESSAGES } from '@/lib/messages/accounts';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import {
  completeRegistrationFormSchema,
  forgotPasswordFormSchema,
  loginFormSchema,
  passwordChangeFormSchema,
  registrationFormSchema,
  unmaskPhone,
  writeInFormSchema,
} from '@/lib/validation/auth';
import { useSessionStore } from '@/stores/session-store';
import styles from './auth-forms.module.css';
import { SocialLogin } from './social-login';

function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  ) : null;
}

/** Login form (spec §5: e-mail pattern, non-empty password; §8 login failure message; VK login when configured). */
export function LoginForm({ onForgot, onRegister }: { onForgot: () => void; onRegister: () => void }) {
  const login = useSessionStore((s) => s.login);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(loginFormSchema), defaultValues: { username: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  // The server's message is about what was sent: editing any field takes it away (issue #14).
  useEffect(() => form.subscribe({ formState: { values: true }, callback: () => setError(null) }), [form]);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await login(values.username, values.password);
    } catch (e) {
      setError(e instanceof BffRequestError && e.status !== 0 ? e.message : SPEC_MESSAGES.loginFailed);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Вход">
      <FormField label="E-mail" error={errors.username?.message}>
        <input type="email" autoComplete="email" {...form.register('username')} />
      </FormField>
      <FormField label="Пароль" error={errors.password?.message}>
        <input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <FormError message={error} />
      <button type="submit" className="button" disabled={isSubmitting}>
        Войти
      </button>
      <SocialLogin />
      <div className={styles.links}>
        <button type="button" className={styles.link} onClick={onForgot}>
          Забыли пароль?
        </button>
        <button type="button" className={styles.link} onClick={onRegister}>
          Зарегистрироваться
        </button>
      </div>
    </form>
  );
}

/**
 * Registration form (spec §3 payload, §5 rules, §8: the server's message or 'Неизвестная ошибка,
 * обратитесь в тех поддержку'). `complete` switches to the complete-registration rules (sent with
 * the session's token, the API completes the social login's account, issue #34 item 7). Issue #29:
 * the unticked box «Я даю согласие на обработку персональных данных» (required, linked to the
 * consent page) and the optional advertising box.
 */
export function RegistrationForm({
  onLogin,
  complete = false,
  initial,
}: {
  onLogin?: () => void;
  complete?: boolean;
  /** What the account already has (complete registration after a social login, issue #34 item 7). */
  initial?: { full_name: string; email: string };
}) {
  const register = useSessionStore((s) => s.register);
  const [error, setError] = useState<string | null>(null);
  const schema = complete ? completeRegistrationFormSchema : registrationFormSchema;
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      full_name: initial?.full_name ?? '',
      email: initial?.email ?? '',
      phone: '',
      password_one: '',
      password_two: '',
      personal_data_consent: false,
      advertising_consent: false,
    },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  // The server's message is about what was sent: editing any field takes it away (issue #14).
  useEffect(() => form.subscribe({ formState: { values: true }, callback: () => setError(null) }), [form]);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await register({
        ...values,
        // The schema refused an unticked box before this point (issue #29).
        personal_data_consent: true,
        phone: unmaskPhone(values.phone),
        ...(complete ? { complete: true } : {}),
      });
    } catch (e) {
      const message = e instanceof BffRequestError ? e.message : ACCOUNT_FALLBACK_MESSAGE;
      // Spec §8 complete-registration: a response mentioning e-mail shows the duplicate message.
      setError(
        complete && /почт|email/i.test(message) ? SPEC_MESSAGES.duplicateEmail : message || ACCOUNT_FALLBACK_MESSAGE,
      );
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={complete ? 'Завершение регистрации' : 'Регистрация'}>
      {complete ? null : (
        <p className={styles.lead}>
          Зарегистрированные покупатели копят бонусы и получают скидки по бонусной программе.
        </p>
      )}
      <FormField label={complete ? 'Фамилия Имя Отчество' : 'Фамилия и имя'} error={errors.full_name?.message}>
        <input autoComplete="name" {...form.register('full_name')} />
      </FormField>
      <FormField label="E-mail" error={errors.email?.message}>
        <input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Телефон (необязательно)" error={errors.phone?.message}>
        <PhoneInput {...form.register('phone')} />
      </FormField>
      <FormField
        label="Пароль"
        error={errors.password_one?.message}
        hint="Не менее 8 символов, цифра и заглавная латинская буква"
      >
        <input type="password" autoComplete="new-password" {...form.register('password_one')} />
      </FormField>
      <FormField label="Повторите пароль" error={errors.password_two?.message}>
        <input type="password" autoComplete="new-password" {...form.register('password_two')} />
      </FormField>
      <ConsentCheckbox {...form.register('personal_data_consent')} error={errors.personal_data_consent?.message}>
        <PersonalDataConsentLabel />
      </ConsentCheckbox>
      <ConsentCheckbox {...form.register('advertising_consent')}>{CONSENT_TEXTS.advertising}</ConsentCheckbox>
      <FormError message={error} />
      <button type="submit" className="button" disabled={isSubmitting}>
        Зарегистрироваться
      </button>
      {complete ? null : <SocialLogin />}
      {onLogin ? (
        <div className={styles.links}>
          <button type="button" className={styles.link} onClick={onLogin}>
            Уже есть аккаунт? Войти
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** Forgot-password form (spec §5 e-mail; §4 confirmation after success; §8 texts). */
export function ForgotPasswordForm({ onLogin }: { onLogin?: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(forgotPasswordFormSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  // The server's message is about what was sent: editing any field takes it away (issue #14).
  useEffect(() => form.subscribe({ formState: { values: true }, callback: () => setError(null) }), [form]);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await accountRequest('POST', '/v1/reset/', OkResponse, values);
      setSent(answer.message);
    } catch (e) {
      // Issue #29: the API answers every address alike; only 429 and a lost request fail here.
      setError(e instanceof BffRequestError && e.message ? e.message : ACCOUNT_MESSAGES.resetFailed);
    }
  });
  if (sent) {
    return (
      <p className={styles.success} role="status">
        {sent}
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Восстановление пароля">
      <p className={styles.lead}>Укажите почту, с которой вы регистрировались, — мы пришлём ссылку для смены пароля.</p>
      <FormField label="E-mail" error={errors.email?.message}>
        <input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormError message={error} />
      <button type="submit" className="button" disabled={isSubmitting}>
        Отправить ссылку
      </button>
      {onLogin ? (
        <div className={styles.links}>
          <button type="button" className={styles.link} onClick={onLogin}>
            Вспомнили пароль? Войти
          </button>
        </div>
      ) : null}
    </form>
  );
}

/**
 * New password by a reset token (spec §4 password change: 'Данные успешно сохранены' and a login
 * link that leads home and opens login; §8: on failure the form stays, no message).
 */
export function PasswordChangeForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const form = useForm({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: { password_one: '', password_two: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await accountRequest('POST', '/v1/reset/complite/', OkResponse, { ...values, token });
      setDone(true);
    } catch {
      // Spec §8: the form stays, no message.
    }
  });
  if (done) {
    return (
      <div role="status">
        <p className={styles.success}>{SPEC_MESSAGES.dataSaved}</p>
        {/* Spec §4: the login link leads home and opens login. A full load, not a client
            navigation: on /reset/{token} and with the popup over "/?reset=…" the client
            navigation left the shopper where they were (issue #14); `data-full-load` keeps the
            shop's client-side link handling (lib/soft-navigation.ts) away from it. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load is intended */}
        <a href="/?login=1" className="button" rel="nofollow" data-full-load>
          Войти
        </a>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Смена пароля">
      <FormField
        label="Новый пароль"
        error={errors.password_one?.message}
        hint="Не менее 8 символов, цифра и заглавная латинская буква"
      >
        <input type="password" autoComplete="new-password" {...form.register('password_one')} />
      </FormField>
      <FormField label="Повторите пароль" error={errors.password_two?.message}>
        <input type="password" autoComplete="new-password" {...form.register('password_two')} />
      </FormField>
      <button type="submit" className="button" disabled={isSubmitting}>
        Сохранить пароль
      </button>
    </form>
  );
}

/** Write-in form (spec §4: a user without e-mail is asked for one; PUT /v1/changeinfo/). */
export function WriteInForm({ onDone }: { onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(writeInFormSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  // The server's message is about what was sent: editing any field takes it away (issue #14).
  useEffect(() => form.subscribe({ formState: { values: true }, callback: () => setError(null) }), [form]);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const { user } = await accountRequest('PUT', '/v1/changeinfo/', UserResponse, values);
      useSessionStore.setState({ user });
      onDone();
    } catch (e) {
      setError(e instanceof BffRequestError ? e.message : ACCOUNT_FALLBACK_MESSAGE);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Укажите почту">
      <p className={styles.lead}>Укажите почту: на неё придут письма о заказах и ссылка для смены пароля.</p>
      <FormField label="E-mail" error={errors.email?.message}>
        <input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormError message={error} />
      <button type="submit" className="button" disabled={isSubmitting}>
        Сохранить
      </button>
    </form>
  );
}
