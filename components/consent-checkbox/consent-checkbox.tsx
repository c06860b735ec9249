/**
 * A consent checkbox (issue #29): unticked by default, its text beside it — `children`, which may
 * hold a link to the consent document — and an error line announced to screen readers, tied to
 * the box by `aria-describedby`. Presentational; the forms own the rule and the texts
 * (lib/messages/consent.ts). Accepts react-hook-form's `register()` props or `checked`/`onChange`.
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import { href } from '@/lib/routes';
import styles from './consent-checkbox.module.css';

/** Props of `ConsentCheckbox`: the input's own props plus the label text and the error. */
export type ConsentCheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  children: ReactNode;
  error?: string;
};

/** See the module docstring. */
export const ConsentCheckbox = forwardRef<HTMLInputElement, ConsentCheckboxProps>(function ConsentCheckbox(
  { children, error, ...input },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label}>
        <input
          ref={ref}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <span>{children}</span>
      </label>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});

/**
 * The text of the required box: «Я даю согласие на обработку персональных данных», the last words
 * a link to the consent page, opened in a new tab so the form keeps what was typed.
 */
export function PersonalDataConsentLabel() {
  return (
    <>
      {CONSENT_TEXTS.personalDataLead}{' '}
      <a href={href('personal-data-consent')} target="_blank" rel="noopener">
        {CONSENT_TEXTS.personalDataLink}
      </a>
    </>
  );
}
