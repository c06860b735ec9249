'use client';

/**
 * "Войти через VK" under the login and registration forms (spec §4 Session "Social login"; issue
 * #4: shown only when the shop API says VK ID is configured, hidden on a fresh machine). Clicking
 * opens the 580×400 VK ID popup (spec §9); errors of spec §8's social login library appear under
 * the button.
 */
import { useId } from 'react';
import { QueryIsland } from '@/lib/query-client';
import { useSocialLogin } from '../hooks/use-social-login';
import styles from './auth-forms.module.css';

/** The social login block, or nothing while no provider is configured. */
export function SocialLogin() {
  return (
    <QueryIsland>
      <SocialLoginBlock />
    </QueryIsland>
  );
}

function SocialLoginBlock() {
  const { providers, error, busy, start } = useSocialLogin();
  const errorId = useId();
  if (!providers.some((p) => p.provider === 'vk')) return null;
  return (
    <div className={styles.social}>
      <p className={styles.socialDivider}>
        <span>или</span>
      </p>
      <button
        type="button"
        className={`button ${styles.vkButton}`}
        onClick={() => start('vk')}
        disabled={busy}
        aria-describedby={error ? errorId : undefined}
      >
        Войти через VK
      </button>
      {error ? (
        <p id={errorId} className={styles.formError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
