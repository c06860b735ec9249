'use client';

/**
 * The body of /notify/confirm/<token>, the link of a guest's back-in-stock confirmation mail
 * (issue #33 item 2, double opt-in). Opening the page changes nothing (a mail scanner fetching the
 * link confirms nothing): the shopper's click sends POST /v1/stock-notices/confirm/ {token}; the
 * API's Russian message is shown either way.
 * @param token the token from the URL path, as mailed.
 */
import Link from 'next/link';
import { useState } from 'react';
import { bffRequest } from '@/lib/api/bff-client';
import { SuccessMessage } from '@/lib/api/contract/feedback';
import { NOTICE_MESSAGES } from '@/lib/api/contract/notices';
import { href } from '@/lib/routes';

/** See the module docstring. */
export function StockNoticeConfirm({ token }: { token: string }) {
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'done' | 'error'; text: string }>({
    kind: 'idle',
    text: '',
  });
  if (state.kind === 'done')
    return (
      <div role="status">
        <p>{state.text}</p>
        <Link href={href('index')} className="button">
          На главную
        </Link>
      </div>
    );
  return (
    <form
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setState({ kind: 'sending', text: '' });
        try {
          const answer = await bffRequest('POST', '/v1/stock-notices/confirm/', SuccessMessage, { token });
          setState({ kind: 'done', text: answer.message });
        } catch (error) {
          setState({ kind: 'error', text: (error as Error).message || NOTICE_MESSAGES.confirmInvalid });
        }
      }}
    >
      <p>Подтвердите адрес, и мы напишем один раз, когда размер появится в наличии.</p>
      <button type="submit" className="button" disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? 'Отправляем…' : 'Подтвердить'}
      </button>
      <p role="status" aria-live="polite">
        {state.kind === 'error' ? state.text : ''}
      </p>
    </form>
  );
}
