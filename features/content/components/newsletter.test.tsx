// @vitest-environment jsdom
/**
 * The newsletter in the browser (issue #12 item 7): the footer form POSTs the address through the
 * BFF and says to check the mail (it used to GET /v1/subscribe/?email=, which subscribed anyone at
 * once); a 429 shows the API's Russian message; the pages of the mailed links send their POST
 * only on the shopper's click. The API is an MSW stand-in.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import { NEWSLETTER_MESSAGES } from '@/lib/messages/newsletter';
import { subscribeFormProps } from '../subscribe-form-texts';
import { NewsletterLinkAction } from './newsletter-link-action';
import { SubscribeForm } from './subscribe-form';

const CONSENT_LABEL = /Я даю согласие на обработку персональных данных/;

const seen: Array<{ method: string; path: string; body: unknown }> = [];
const answer: { status: number; message: string } = { status: 200, message: NEWSLETTER_MESSAGES.requested };

async function record(request: Request) {
  const url = new URL(request.url);
  seen.push({
    method: request.method,
    path: url.pathname + url.search,
    body: request.method === 'GET' ? null : await request.json(),
  });
}

const server = setupServer(
  http.all('*/api/v1/subscribe/', async ({ request }) => {
    await record(request);
    if (request.method !== 'POST')
      return HttpResponse.json(
        { status: 'error', message: NEWSLETTER_MESSAGES.postOnly },
        { status: 405, headers: { allow: 'POST' } },
      );
    return answer.status === 200
      ? HttpResponse.json({ status: 'success', message: answer.message })
      : HttpResponse.json({ status: 'error', message: answer.message }, { status: answer.status });
  }),
  http.post('*/api/v1/subscribe/confirm/', async ({ request }) => {
    await record(request);
    return answer.status === 200
      ? HttpResponse.json({ status: 'success', message: NEWSLETTER_MESSAGES.confirmed })
      : HttpResponse.json({ status: 'error', message: answer.message }, { status: answer.status });
  }),
  http.post('*/api/v1/unsubscribe/', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ status: 'success', message: NEWSLETTER_MESSAGES.unsubscribed });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  answer.status = 200;
  answer.message = NEWSLETTER_MESSAGES.requested;
});
afterAll(() => server.close());

describe('SubscribeForm (footer)', () => {
  it('POSTs {email} and asks to confirm from the mail', async () => {
    const user = userEvent.setup();
    render(<SubscribeForm {...subscribeFormProps()} />);
    await user.type(screen.getByLabelText('Электронная почта'), ' anna@example.ru ');
    await user.click(screen.getByRole('checkbox', { name: CONSENT_LABEL }));
    await user.click(screen.getByRole('button', { name: 'Подписаться' }));
    expect(
      await screen.findByText('Проверьте почту: мы отправили ссылку для подтверждения подписки'),
    ).toBeInTheDocument();
    expect(seen).toEqual([
      { method: 'POST', path: '/api/v1/subscribe/', body: { email: 'anna@example.ru', personal_data_consent: true } },
    ]);
    expect(screen.getByLabelText('Электронная почта')).toHaveValue('');
  });

  it('shows the Russian 429 message and keeps the address', async () => {
    answer.status = 429;
    answer.message = 'Слишком много запросов на подписку. Попробуйте снова через час';
    const user = userEvent.setup();
    render(<SubscribeForm {...subscribeFormProps()} />);
    await user.type(screen.getByLabelText('Электронная почта'), 'anna@example.ru');
    await user.click(screen.getByRole('checkbox', { name: CONSENT_LABEL }));
    await user.click(screen.getByRole('button', { name: 'Подписаться' }));
    expect(
      await screen.findByText('Слишком много запросов на подписку. Попробуйте снова через час'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Электронная почта')).toHaveValue('anna@example.ru');
  });

  it('is not sent without the unticked consent box: its hint shows (issue #29)', async () => {
    const user = userEvent.setup();
    render(<SubscribeForm {...subscribeFormProps()} />);
    expect(screen.getByRole('checkbox', { name: CONSENT_LABEL })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'обработку персональных данных' })).toHaveAttribute(
      'href',
      '/personal-data-consent',
    );
    await user.type(screen.getByLabelText('Электронная почта'), 'anna@example.ru');
    await user.click(screen.getByRole('button', { name: 'Подписаться' }));
    expect(await screen.findByText(CONSENT_TEXTS.personalDataRequired)).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('flags an invalid address without sending anything', async () => {
    const user = userEvent.setup();
    render(<SubscribeForm {...subscribeFormProps()} />);
    await user.type(screen.getByLabelText('Электронная почта'), 'не-почта');
    await user.click(screen.getByRole('button', { name: 'Подписаться' }));
    expect(await screen.findByText('Введите корректный адрес электронной почты')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });
});

describe('NewsletterLinkAction (pages of the mailed links)', () => {
  const token = 'aB3_dEf-0123456789abcdefghijklmnopqrstuvwxy';

  it('confirms only on the click, then says «Подписка подтверждена»', async () => {
    const user = userEvent.setup();
    render(<NewsletterLinkAction kind="confirm" token={token} />);
    expect(seen).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Подтвердить подписку' }));
    expect(await screen.findByText('Подписка подтверждена')).toBeInTheDocument();
    expect(seen).toEqual([{ method: 'POST', path: '/api/v1/subscribe/confirm/', body: { token } }]);
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
  });

  it('shows why a used or expired link does not work', async () => {
    answer.status = 400;
    answer.message = NEWSLETTER_MESSAGES.confirmInvalid;
    const user = userEvent.setup();
    render(<NewsletterLinkAction kind="confirm" token={token} />);
    await user.click(screen.getByRole('button', { name: 'Подтвердить подписку' }));
    expect(await screen.findByText(NEWSLETTER_MESSAGES.confirmInvalid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Подтвердить подписку' })).toBeEnabled();
  });

  it('unsubscribes on the click', async () => {
    const user = userEvent.setup();
    render(<NewsletterLinkAction kind="unsubscribe" token={token} />);
    await user.click(screen.getByRole('button', { name: 'Отписаться' }));
    expect(await screen.findByText('Вы отписались от рассылки')).toBeInTheDocument();
    expect(seen).toEqual([{ method: 'POST', path: '/api/v1/unsubscribe/', body: { token } }]);
  });
});
