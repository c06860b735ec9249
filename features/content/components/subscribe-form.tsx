'use client';

import { useId, useState } from 'react';
import { BffRequestError } from '@/lib/api/bff-client';
import { EMAIL_INVALID } from '@/lib/api/contract/feedback-texts';
import { CONSENT_PAGE_PATH, CONSENT_TEXTS } from '@/lib/messages/consent';
import { NEWSLETTER_MESSAGES } from '@/lib/messages/newsletter';
import { requestSubscription } from '../api/newsletter';
import styles from './subscribe-form.module.css';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The footer subscription form (spec §7 Subscription; issue #12: POST /v1/subscribe/ {email}
 * through the BFF, double opt-in): an e-mail field and a button. Success shows the API's "check
 * your mail" message (the address is subscribed only from the mailed link); errors show the API's
 * Russian message (also the 429 of too many requests); an invalid address is flagged before
 * sending (client island; the rest of the footer is HTML). Issue #29: an unticked box «Я даю
 * согласие на обработку персональных данных» must be ticked (else its hint, nothing is sent); the
 * subscription itself is the advertising consent.
 */
export function SubscribeForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [status, setStatus] = useState<{ kind: 'idle' | 'sending' | 'ok' | 'error'; text: string }>({
    kind: 'idle',
    text: '',
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL_RE.test(value)) {
      setStatus({ kind: 'error', text: EMAIL_INVALID });
      return;
    }
    if (!consent) {
      setStatus({ kind: 'error', text: CONSENT_TEXTS.personalDataRequired });
      return;
    }
    setStatus({ kind: 'sending', text: '' });
    try {
      setStatus({ kind: 'ok', text: await requestSubscription(value) });
      setEmail('');
    } catch (error) {
      setStatus({
        kind: 'error',
        text: error instanceof BffRequestError ? error.message : NEWSLETTER_MESSAGES.subscribeFailed,
      });
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
      <label className={styles.consent}>
        <input
          type="checkbox"
          name="personal_data_consent"
          checked={consent}
          aria-describedby={`${id}-status`}
          onChange={(e) => {
            setConsent(e.target.checked);
            if (status.kind === 'error') setStatus({ kind: 'idle', text: '' });
          }}
        />
        <span>
          {CONSENT_TEXTS.personalDataLead}{' '}
          <a href={`/${CONSENT_PAGE_PATH}`} target="_blank" rel="noopener">
            {CONSENT_TEXTS.personalDataLink}
          </a>
        </span>
      </label>
      <p id={`${id}-status`} role="status" className={status.kind === 'error' ? styles.error : styles.ok}>
        {status.text}
      </p>
    </form>
  );
}
