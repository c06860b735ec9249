'use client';

import { useId, useState, type ReactNode } from 'react';
import { BffRequestError } from '@/lib/api/bff-error';
import type { CssClasses } from '@/lib/css-classes';

// The request helper loads with the first submit, not with every page's footer (issue #30).
const subscribe = () => import('../api/subscribe');

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's Russian texts (features/content/subscribe-form-texts.tsx builds them on the server). */
export type SubscribeFormTexts = {
  title: string;
  emailLabel: string;
  placeholder: string;
  button: string;
  emailInvalid: string;
  consentRequired: string;
  /** Shown when the request fails without the API's message. */
  failed: string;
};

/**
 * Props: the texts, the consent box's label (with its link) and subscribe-form.module.css's class
 * names (lib/css-classes.ts), all from the server.
 */
export type SubscribeFormProps = { texts: SubscribeFormTexts; consentLabel: ReactNode; classes: CssClasses };

/**
 * The footer subscription form (spec §7 Subscription; issue #12: POST /v1/subscribe/ {email}
 * through the BFF, double opt-in): an e-mail field and a button. Success shows the API's "check
 * your mail" message (the address is subscribed only from the mailed link); errors show the API's
 * Russian message (also the 429 of too many requests); an invalid address is flagged before
 * sending (client island; the rest of the footer is HTML). Issue #29: an unticked box «Я даю
 * согласие на обработку персональных данных» must be ticked (else its hint, nothing is sent); the
 * subscription itself is the advertising consent. Texts come as props (see SubscribeFormTexts):
 * the island is on every page and its JavaScript stays small.
 */
export function SubscribeForm({ texts, consentLabel, classes: styles }: SubscribeFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<{ kind: 'idle' | 'sending' | 'ok' | 'error'; text: string }>({
    kind: 'idle',
    text: '',
  });
  const clearError = () => {
    if (status.kind === 'error') setStatus({ kind: 'idle', text: '' });
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL_RE.test(value)) {
      setStatus({ kind: 'error', text: texts.emailInvalid });
      return;
    }
    const consent = event.currentTarget.elements.namedItem('personal_data_consent') as HTMLInputElement;
    if (!consent.checked) {
      setStatus({ kind: 'error', text: texts.consentRequired });
      return;
    }
    setStatus({ kind: 'sending', text: '' });
    try {
      setStatus({ kind: 'ok', text: await (await subscribe()).requestSubscription(value, texts.failed) });
      setEmail('');
    } catch (error) {
      setStatus({ kind: 'error', text: error instanceof BffRequestError ? error.message : texts.failed });
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className={styles.title}>
        {texts.title}
      </p>
      <div className={styles.row}>
        <label htmlFor={`${id}-email`} className="visually-hidden">
          {texts.emailLabel}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={texts.placeholder}
          className={styles.input}
          value={email}
          aria-invalid={status.kind === 'error'}
          aria-describedby={`${id}-status`}
          onChange={(e) => {
            setEmail(e.target.value);
            clearError();
          }}
        />
        <button type="submit" className={styles.button} disabled={status.kind === 'sending'}>
          {texts.button}
        </button>
      </div>
      <label className={styles.consent}>
        <input type="checkbox" name="personal_data_consent" aria-describedby={`${id}-status`} onChange={clearError} />
        <span>{consentLabel}</span>
      </label>
      <p id={`${id}-status`} role="status" className={status.kind === 'error' ? styles.error : styles.ok}>
        {status.text}
      </p>
    </form>
  );
}
