// @vitest-environment jsdom
/**
 * Issue #33 dialogs of the product page: «Сообщить о поступлении» sends the chosen sold-out size
 * and the address with the consent; «Купить в 1 клик» checks name, phone and consent in Russian
 * before sending, and a retried submit reuses the dialog's Idempotency-Key.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ShopperDialog } from './shopper-dialogs';

const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom has no modal dialogs: open and close set the attribute the browser would.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('ShopperDialog', () => {
  it('subscribes to the chosen sold-out size only with an address and the consent', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/stock-notices/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          status: 'success',
          message: 'Мы отправили письмо: подтвердите адрес',
          confirmed: false,
        });
      }),
    );
    const user = userEvent.setup();
    render(
      <ShopperDialog
        kind="notify"
        onClose={() => {}}
        sizes={[
          { ext_id: 'SKU-46', name: '46', kind: 'size' },
          { ext_id: 'SKU-52', name: '52', kind: 'size' },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Сообщить о поступлении' }));
    expect(screen.getByText('Выберите размер')).toBeInTheDocument();
    expect(screen.getByText(/дайте согласие/)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: '52' }));
    await user.type(screen.getByLabelText('Электронная почта'), 'Olga@Example.ru');
    await user.click(screen.getByRole('checkbox', { name: /Я даю согласие/ }));
    await user.click(screen.getByRole('button', { name: 'Сообщить о поступлении' }));
    expect(await screen.findByRole('status')).toHaveTextContent('подтвердите адрес');
    expect(bodies).toEqual([{ feature: 'SKU-52', email: 'olga@example.ru', personal_data_consent: true }]);
  });

  it('orders in one click with the masked phone and one Idempotency-Key across retries', async () => {
    const keys: Array<string | null> = [];
    const bodies: unknown[] = [];
    let fail = true;
    server.use(
      http.post('*/api/v1/one-click/', async ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        bodies.push(await request.json());
        if (fail) {
          fail = false;
          return HttpResponse.json(
            { status: 'error', message: 'Сервис временно недоступен. Попробуйте ещё раз' },
            { status: 503 },
          );
        }
        return HttpResponse.json({
          status: 'success',
          message: 'Спасибо! Заказ LM-000321 оформлен. Наш оператор перезвонит вам',
          order: { number: 'LM-000321', guid: '2b1f1c1e-1d1a-4f4f-8a8a-111111111111', total: 4990 },
          created: true,
        });
      }),
    );
    const user = userEvent.setup();
    render(<ShopperDialog kind="one-click" onClose={() => {}} item={{ offer: 101, feature: 'SKU-48', quantity: 1 }} />);
    await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect(screen.getByText('Укажите имя')).toBeInTheDocument();
    expect(screen.getByText(/Укажите телефон/)).toBeInTheDocument();
    expect(keys).toHaveLength(0);

    await user.type(screen.getByLabelText('Имя'), 'Ирина');
    await user.type(screen.getByLabelText('Телефон'), '9123456789');
    expect(screen.getByLabelText('Телефон')).toHaveValue('+7(912)-345-67-89');
    await user.click(screen.getByRole('checkbox', { name: /Я даю согласие/ }));
    await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect(await screen.findByText('Сервис временно недоступен. Попробуйте ещё раз')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect(await screen.findByRole('status')).toHaveTextContent('LM-000321');
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(bodies[1]).toEqual({
      name: 'Ирина',
      phone: '+79123456789',
      personal_data_consent: true,
      item: { offer: 101, feature: 'SKU-48', quantity: 1 },
    });
  });
});
