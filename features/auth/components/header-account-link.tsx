'use client';

/**
 * The header's account entry (spec §2 Layout): "Вход" opening the login popup, or the user's
 * first and last name linking to /profile. Without JavaScript "Вход" is a link to `?login=1`.
 * Until the session is known, "Вход" carries `data-pending`: with `<html data-session>` (a live
 * session cookie, set before the first paint by app/layout.tsx) the header's CSS hides its text,
 * so a signed-in shopper sees the icon, then their name, never "Вход" (issue #34 item 4).
 */
import { usePopupsStore } from '@/stores/popups-store';
import { useSessionStore } from '@/stores/session-store';

/**
 * Props: the header's class names, so it looks like the other header actions, and the account
 * page's link (`href('profile')`, `routeTitle('profile')`), built on the server so the route table
 * stays out of the browser (issue #30).
 */
export type HeaderAccountLinkProps = {
  className?: string;
  textClassName?: string;
  profile: { href: string; title: string };
};

const icon = (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" fill="none" stroke="currentColor" strokeWidth="1.6" />
  </svg>
);

/** See the module docstring. */
export function HeaderAccountLink({ className, textClassName, profile }: HeaderAccountLinkProps) {
  const user = useSessionStore((s) => s.user);
  const pending = useSessionStore((s) => s.status !== 'ready');
  if (user) {
    const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || profile.title;
    return (
      <a
        href={profile.href}
        className={className}
        aria-label={`${name} — ${profile.title}`}
        data-testid="header-account"
      >
        {icon}
        <span className={textClassName}>{name}</span>
      </a>
    );
  }
  return (
    <a
      href="?login=1"
      // Every page would otherwise link to a "?login=1" twin of itself for crawlers (issue #14).
      rel="nofollow"
      className={className}
      // The text is hidden on phones (only the icon shows): the name must not depend on it.
      aria-label="Вход"
      data-testid="header-account"
      data-pending={pending ? '' : undefined}
      onClick={(event) => {
        event.preventDefault();
        usePopupsStore.getState().openPopup('login');
      }}
    >
      {icon}
      <span className={textClassName}>Вход</span>
    </a>
  );
}
