// @vitest-environment jsdom
/**
 * The confirm page after the acquiring (spec §2 /basket/delivery/confirm/{guid}): each visit asks
 * for the payment status afresh. A shopper refused by the bank who pays again and comes back must
 * not see the first visit's "не оплачен" while the new status loads (issue #17 item 3: the
 * checkout's queries live in the shared client and are dropped when its page is left).
 *
 * Issue #29: СБП next to the card button when the provider takes it; on a desktop the QR code
 * (an <img> of the server's SVG route, no QR code in the bundle), polled until paid; an expired
 * attempt offers a new start; the sandbox pages show the registered receipt.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { href } from '@/lib/routes';
import { ConfirmPage } from './payment-pages';
import { SandboxPaymentPage, SandboxSbpPage } from './sandbox-pages';

const navigation = vi.hoisted(() => ({ replace: vi.fn() }));
vi.mock('next/navigation', () => ({
  usePathname: () => '/basket/delivery/confirm',
  useRouter: () => ({ push: vi.fn(), replace: navigation.replace, prefetch: vi.fn() }),
}));

const GUID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const PAYMENT_ID = '6f1c2a9e-8d3b-4c55-9a1e-2b7d4e0f1a23';
const QR = 'https://qr.nspk.ru/SANDBOX6F1C2A9E8D3B4C559A1E2B7D4?type=02&bank=100000000111&sum=540000&cur=RUB&crc=0000';

type Open = { method: 'card' | 'sbp'; form_url: string; qr_payload: string; expires_at: string | null } | null;
const orderInfo = (
  paid: boolean,
  over: { payment_status?: string; payment_methods?: string[]; open_payment?: Open; payment_error?: string } = {},
) => ({
  guid: GUID,
  number: 'LB-000001',
  created_at: '2026-11-20T10:00:00.000Z',
  status: paid ? 'paid' : 'new',
  status_name: paid ? 'Оплачен' : 'Новый',
  payment_status: over.payment_status ?? (paid ? 'paid' : 'failed'),
  payment_status_name: paid ? 'Оплачен' : 'Ошибка оплаты',
  paid,
  items_total: 5000,
  discount: 0,
  delivery_cost: 400,
  total: 5400,
  gift_card_amount: 0,
  to_pay: 5400,
  promo_code: null,
  delivery: { method: 'courier', method_name: 'Курьер', address: 'Москва' },
  contact: { fio: 'Тестова Вера', email: 'vera@example.ru', phone: '' },
  items_json: [],
  payment_error: over.payment_error ?? (paid ? '' : 'Платёж отклонён банком'),
  payment_methods: over.payment_methods ?? ['card'],
  open_payment: over.open_payment ?? null,
  refunds: [],
});
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const answer = (paid: boolean, over: Parameters<typeof orderInfo>[1] = {}) =>
  json({ status: 'success', order_info: orderInfo(paid, over) });

const receipt = {
  type: 'payment',
  customer: { email: 'vera@example.ru' },
  taxSystem: 'osn',
  items: [
    {
      name: 'Купальник «Лагуна», 44',
      quantity: 2,
      price: 2500,
      amount: 5000,
      vat: '22',
      subject: 'commodity',
      mode: 'full_prepayment',
      orderItemId: 7,
      markingRequired: true,
    },
    {
      name: 'Доставка',
      quantity: 1,
      price: 400,
      amount: 400,
      vat: '22',
      subject: 'service',
      mode: 'full_prepayment',
      orderItemId: 0,
      markingRequired: false,
    },
  ],
  total: 5400,
};
const sandboxPayment = (method: 'card' | 'sbp') => ({
  id: PAYMENT_ID,
  amount: 5400,
  description: 'Заказ LB-000001-1. Оплата заказа LB-000001',
  status: 'created',
  return_url: `/basket/delivery/confirm/${GUID}`,
  method,
  receipt,
  expires_at: '2099-01-01T00:00:00.000Z',
  refunded: 0,
});

/** A fetch stub answering by path; `order` may change between polls. */
function stubApi(routes: Record<string, () => Response>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const key = Object.keys(routes).find((k) => url.includes(k));
    if (!key) throw new Error(`unexpected ${url}`);
    return routes[key]!();
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  navigation.replace.mockReset();
});

describe('ConfirmPage', () => {
  it('shows a refusal, then on the next visit waits for the new status instead of the old refusal', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(false)));
    const first = render(<ConfirmPage guid={GUID} />);
    expect(await screen.findByText('Заказ LB-000001 не оплачен')).toBeInTheDocument();
    first.unmount();

    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(true)));
    render(<ConfirmPage guid={GUID} />);
    expect(screen.queryByText('Заказ LB-000001 не оплачен')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Проверяем оплату…');
    await waitFor(() => expect(navigation.replace).toHaveBeenCalledWith(href('basket-success')));
  });

  it('offers no СБП when the provider takes cards only', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(false)));
    render(<ConfirmPage guid={GUID} />);
    expect(await screen.findByRole('button', { name: 'Оплатить ещё раз' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Оплатить через СБП' })).not.toBeInTheDocument();
  });

  it('СБП on a desktop: the QR code from the server route, polled until the bank confirms', async () => {
    let paid = false;
    const open: Open = {
      method: 'sbp',
      form_url: `/payment-sbp?orderId=${PAYMENT_ID}`,
      qr_payload: QR,
      expires_at: new Date(Date.now() + 600_000).toISOString(),
    };
    const calls = stubApi({
      '/order_payment/': () =>
        json({
          status: 'success',
          form_url: open.form_url,
          provider: 'sandbox',
          method: 'sbp',
          qr_payload: QR,
          expires_at: open.expires_at,
        }),
      '/get_order_info/': () =>
        paid
          ? answer(true)
          : calls.some((c) => c.url.includes('/order_payment/'))
            ? answer(false, {
                payment_status: 'pending',
                payment_methods: ['card', 'sbp'],
                open_payment: open,
                payment_error: '',
              })
            : answer(false, { payment_methods: ['card', 'sbp'] }),
    });
    render(<ConfirmPage guid={GUID} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Оплатить через СБП' }));
    const qr = await screen.findByRole('img', { name: 'QR-код для оплаты через СБП' });
    expect(qr).toHaveAttribute('src', `/payment-sbp/qr?data=${encodeURIComponent(QR)}`);
    expect(calls.find((c) => c.url.includes('/order_payment/'))?.body).toEqual({ guid: GUID, method: 'sbp' });
    expect(screen.getByText(/Выберите оплату по QR-коду/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Открыть страницу оплаты СБП' })).toHaveAttribute('href', open.form_url);
    expect(screen.getByRole('status')).toHaveTextContent(/Ждём подтверждения от банка.*Осталось \d+:\d\d/);
    const polls = () => calls.filter((c) => c.url.includes('/get_order_info/')).length;
    const before = polls();
    await waitFor(() => expect(polls()).toBeGreaterThan(before), { timeout: 4500 });
    paid = true;
    await waitFor(() => expect(navigation.replace).toHaveBeenCalledWith(href('basket-success')), { timeout: 4500 });
  });

  it('an СБП attempt past its time says so and starts again', async () => {
    const expired: Open = {
      method: 'sbp',
      form_url: '/payment-sbp?orderId=x',
      qr_payload: QR,
      expires_at: new Date(Date.now() - 1000).toISOString(),
    };
    const calls = stubApi({
      '/get_order_info/': () =>
        answer(false, {
          payment_status: 'pending',
          payment_methods: ['card', 'sbp'],
          open_payment: expired,
          payment_error: '',
        }),
      '/order_payment/': () =>
        json({
          status: 'success',
          form_url: '/payment-sbp?orderId=y',
          provider: 'sandbox',
          method: 'sbp',
          qr_payload: QR,
          expires_at: new Date(Date.now() + 600_000).toISOString(),
        }),
    });
    render(<ConfirmPage guid={GUID} />);
    expect(await screen.findByRole('heading', { name: 'Время на оплату истекло' })).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Начать оплату заново' }));
    });
    expect(calls.filter((c) => c.url.includes('/order_payment/')).map((c) => c.body)).toEqual([
      { guid: GUID, method: 'sbp' },
    ]);
  });

  it('an order with no attempt yet offers the choice without a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          answer(false, { payment_status: 'pending', payment_methods: ['card', 'sbp'], payment_error: '' }),
        ),
    );
    render(<ConfirmPage guid={GUID} />);
    expect(await screen.findByText('Заказ LB-000001 ожидает оплаты')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Оплатить картой' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Оплатить через СБП' })).toBeInTheDocument();
  });
});

describe('sandbox pages', () => {
  it('the simulated СБП page shows the amount and the receipt, and «Оплатить» asks the sandbox', async () => {
    const calls = stubApi({
      '/sandbox_acquiring/sbp/': () =>
        json({
          status: 'success',
          result: 'deposited',
          message: 'Оплата прошла успешно',
          redirect_url: `/basket/delivery/confirm/${GUID}`,
        }),
      [`/sandbox_acquiring/${PAYMENT_ID}/`]: () => json({ status: 'success', payment: sandboxPayment('sbp') }),
    });
    render(<SandboxSbpPage orderId={PAYMENT_ID} />);
    expect(await screen.findByRole('heading', { name: 'Чек, который магазин передал в кассу' })).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-amount')).toHaveTextContent('5 400');
    expect(screen.getByText('Купальник «Лагуна», 44')).toBeInTheDocument();
    expect(screen.getByText(/2 × 2 500.*НДС 22%.*Товар.*Полная предоплата/)).toBeInTheDocument();
    expect(screen.getByText(/1 × 400.*НДС 22%.*Услуга/)).toBeInTheDocument();
    expect(screen.getByText(/Приход · ОСН · чек придёт на vera@example.ru/)).toBeInTheDocument();
    expect(screen.getByTestId('receipt-total')).toHaveTextContent('5 400');
    expect(screen.getByRole('button', { name: 'Отклонить' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Оплатить' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/sandbox_acquiring/sbp/'))?.body).toEqual({
        id: PAYMENT_ID,
        action: 'pay',
      }),
    );
  });

  it('the card page shows the receipt too', async () => {
    stubApi({
      [`/sandbox_acquiring/${PAYMENT_ID}/`]: () => json({ status: 'success', payment: sandboxPayment('card') }),
    });
    render(<SandboxPaymentPage orderId={PAYMENT_ID} />);
    expect(await screen.findByTestId('sandbox-receipt')).toHaveTextContent('Чек, который магазин передал в кассу');
    expect(screen.getByRole('form', { name: 'Оплата картой' })).toBeInTheDocument();
  });
});
