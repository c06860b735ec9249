/**
 * Spec §5 Help form: the agreement names the privacy policy and the public offer in correct Russian
 * (issue #14 item 14); the message goes through the BFF, and a failure marks both fields (spec §8).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HELP_FORM_LABELS, HELP_FORM_SUCCESS } from '@/lib/api/contract/feedback-texts';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import { HelpForm, SEND_FAILED_MESSAGE } from './help-form';

const CONSENT_LABEL = /Я даю согласие на обработку персональных данных/;

describe('HelpForm agreement', () => {
  it('agrees «с политикой конфиденциальности и публичной офертой», both links', () => {
    render(<HelpForm />);
    const note = screen.getByText(/Нажимая «Отправить»/);
    expect(note.textContent).toBe(
      'Нажимая «Отправить», вы соглашаетесь с политикой конфиденциальности и публичной офертой.',
    );
    expect(screen.getByRole('link', { name: 'публичной офертой' })).toHaveAttribute('href', '/publick-offer');
    expect(screen.getByRole('link', { name: 'политикой конфиденциальности' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });
});

describe('HelpForm sending (spec §5, §8)', () => {
  const bodies: unknown[] = [];
  let status = 200;
  const server = setupServer(
    http.post('*/api/v1/send_message/', async ({ request }) => {
      bodies.push(await request.json());
      return status === 200
        ? HttpResponse.json({ status: 'success', message: HELP_FORM_SUCCESS })
        : HttpResponse.json({ status: 'error', message: 'Слишком много сообщений' }, { status });
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    bodies.length = 0;
    status = 200;
  });
  afterAll(() => server.close());

  async function fillAndSend(consent = true) {
    await userEvent.type(screen.getByLabelText(HELP_FORM_LABELS.contactData), 'vera@example.ru');
    await userEvent.type(screen.getByLabelText(HELP_FORM_LABELS.message), 'Где мой заказ?');
    if (consent) await userEvent.click(screen.getByRole('checkbox', { name: CONSENT_LABEL }));
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
  }

  it('is not sent without the unticked consent box: its hint shows (issue #29)', async () => {
    render(<HelpForm />);
    expect(screen.getByRole('checkbox', { name: CONSENT_LABEL })).not.toBeChecked();
    await fillAndSend(false);
    expect(await screen.findByText(CONSENT_TEXTS.personalDataRequired)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.click(screen.getByRole('checkbox', { name: CONSENT_LABEL }));
    expect(screen.queryByText(CONSENT_TEXTS.personalDataRequired)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByRole('status')).toHaveTextContent(HELP_FORM_SUCCESS);
    expect(bodies).toHaveLength(1);
  });

  it('sends the message through the BFF and says it was sent', async () => {
    render(<HelpForm />);
    await fillAndSend();
    expect(await screen.findByRole('status')).toHaveTextContent(HELP_FORM_SUCCESS);
    expect(bodies).toEqual([
      { messageFeedback: { message: 'Где мой заказ?', contactData: 'vera@example.ru' }, personal_data_consent: true },
    ]);
  });

  it('marks both fields when sending fails, and typing takes the failure away', async () => {
    status = 429;
    render(<HelpForm />);
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent(SEND_FAILED_MESSAGE);
    expect(screen.getByLabelText(HELP_FORM_LABELS.contactData)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(HELP_FORM_LABELS.message)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText(HELP_FORM_LABELS.message), '!');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
