'use client';

import { useId, useState } from 'react';
import { EMAIL_INVALID } from '@/lib/api/contract/feedback-texts';
import styles from './subscribe-form.module.css';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The footer subscription form (spec §7 Subscription: GET /v1/subscribe/?email= through the BFF):
 * an e-mail field and a button; the API's Russian message is shown on success and on error, and
 * an invalid address is flagged before sending (client island; the rest of the footer is HTML).
 */
export function SubscribeForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<{ kind: 'idle' | 'sending' | 'ok' | 'error'; text: string }>({ kind: 'idle', text: '' });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL_RE.test(value)) {
      setStatus({ kind: 'error', text: EMAIL_INVALID });
      return;
    }
    setStatus({ kind: 'sending', text: '' });
    try {
      const res = await fetch(`/api/v1/subscribe/?email=${encodeURIComponent(value)}`, { headers: { Accept: 'application/json' } });
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      if (!res.ok) {
        setStatus({ kind: 'error', text: body?.message ?? 'Не удалось подписаться. Попробуйте позже.' });
        return;
      }
      setStatus({ kind: 'ok', text: body?.message ?? 'Вы подписались на рассылку' });
      setEmail('');
    } catch {
      setStatus({ kind: 'error', text: 'Не удалось подписаться. Проверьте подключение к интернету.' });
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className={styles.title}>
        Подпишитесь на новости и акции
      </p>
      <div className={styles.row}>
        <label htmlFor={`${id}-email`} className="visually-hidden">
          Электронная почта
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Ваш e-mail"
          className={styles.input}
          value={email}
          aria-invalid={status.kind === 'error'}
          aria-describedby={`${id}-status`}
          onChange={(e) => {
            setEmail(e.target.value);
            if (status.kind === 'error') setStatus({ kind: 'idle', text: '' });
          }}
        />
        <button type="submit" className={styles.button} disabled={status.kind === 'sending'}>
          Подписаться
        </button>
      </div>
      <p id={`${id}-status`} role="status" className={status.kind === 'error' ? styles.error : styles.ok}>
        {status.text}
      </p>
    </form>
  );
}
