'use client';

import Link from 'next/link';
import { useState } from 'react';
import { BffRequestError } from '@/lib/api/bff-client';
import { NEWSLETTER_MESSAGES, NEWSLETTER_PAGES } from '@/lib/messages/newsletter';
import { href } from '@/lib/routes';
import { confirmSubscription, unsubscribe } from '../api/newsletter';

const KINDS = {
  confirm: {
    lead: NEWSLETTER_PAGES.confirmLead,
    button: NEWSLETTER_PAGES.confirmButton,
    run: confirmSubscription,
    failed: NEWSLETTER_MESSAGES.confirmFailed,
  },
  unsubscribe: {
    lead: NEWSLETTER_PAGES.unsubscribeLead,
    button: NEWSLETTER_PAGES.unsubscribeButton,
    run: unsubscribe,
    failed: NEWSLETTER_MESSAGES.unsubscribeFailed,
  },
} as const;

/**
 * The body of the pages a newsletter mail links to (issue #12 item 7): /subscribe/confirm/<token>
 * (`kind` "confirm": POST /v1/subscribe/confirm/ {token}, then «Подписка подтверждена») and
 * /unsubscribe/<token> ("unsubscribe": POST /v1/unsubscribe/ {token}, then «Вы отписались от
 * рассылки»). Nothing happens on opening the page: only the shopper's click sends the POST, so a
 * mail scanner or a link preview that fetches the URL changes nothing. Errors (a used or expired
 * link, 429) show the API's Russian message.
 * @param token the token from the URL path, as mailed.
 */
export function NewsletterLinkAction({ kind, token }: { kind: keyof typeof KINDS; token: string }) {
  const k = KINDS[kind];
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'done' | 'error'; text: string }>({
    kind: 'idle',
    text: '',
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setState({ kind: 'sending', text: '' });
    try {
      setState({ kind: 'done', text: await k.run(token) });
    } catch (error) {
      setState({ kind: 'error', text: error instanceof BffRequestError ? error.message : k.failed });
    }
  }

  if (state.kind === 'done') {
    return (
      <div role="status">
        <p>{state.text}</p>
        <Link href={href('index')} className="button">
          {NEWSLETTER_PAGES.toHome}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{k.lead}</p>
      <button type="submit" className="button" disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? NEWSLETTER_PAGES.sending : k.button}
      </button>
      <p role="status" aria-live="polite">
        {state.kind === 'error' ? state.text : ''}
      </p>
    </form>
  );
}
