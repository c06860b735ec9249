// @vitest-environment jsdom
/**
 * The confirm page after the acquiring (spec §2 /basket/delivery/confirm/{guid}): each visit asks
 * for the payment status afresh. A shopper refused by the bank who pays again and comes back must
 * not see the first visit's "не оплачен" while the new status loads (issue #17 item 3: the
 * checkout's queries live in the shared client and are dropped when its page is left).
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { href } from '@/lib/routes';
import { ConfirmPage } from './payment-pages';

const navigation = vi.hoisted(() => ({ replace: vi.fn() }));
vi.mock('next/navigation', () => ({
  usePathname: () => '/basket/delivery/confirm',
  useRouter: () => ({ push: vi.fn(), replace: navigation.replace, prefetch: vi.fn() }),
}));

const GUID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const orderInfo = (paid: boolean) => ({
  guid: GUID,
  number: 'LB-000001',
  created_at: '2026-11-20T10:00:00.000Z',
  status: paid ? 'paid' : 'new',
  status_name: paid ? 'Оплачен' : 'Новый',
  payment_status: paid ? 'paid' : 'failed',
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
  payment_error: paid ? '' : 'Платёж отклонён банком',
});
const answer = (paid: boolean) =>
  new Response(JSON.stringify({ status: 'success', order_info: orderInfo(paid) }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => {
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
});
