/** /history-order/{pk} (issue #14 item 14): the page has one heading, "Заказ № … от …", not "Заказ" and then "Заказ № …" again. */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/lib/api/contract/accounts';
import { resetSessionStoreForTests, useSessionStore } from '@/stores/session-store';
import { OrderDetailPage } from './order-history';

const order = {
  pk: 7,
  number: 'LB-000007',
  created_at: '2026-11-20T10:00:00.000Z',
  status: 'new',
  status_name: 'Новый',
  history: [],
  contact: { fio: 'Тестова Вера', email: 'vera@example.ru', phone: '' },
  delivery: { method: 'courier', method_name: 'Курьер', address: 'Москва', cost: 400 },
  payment: {
    method: 'card',
    method_name: 'Банковской картой онлайн',
    status: 'pending',
    status_name: 'Ожидает оплаты',
  },
  promo_code: null,
  discount: 0,
  items_total: 5000,
  total: 5400,
  items: [],
};

afterEach(() => {
  resetSessionStoreForTests();
  vi.unstubAllGlobals();
});

describe('OrderDetailPage', () => {
  it('shows the order number once, as the page heading', async () => {
    useSessionStore.setState({ user: { id: 1, name: 'Вера Тестова' } as User, status: 'ready' });
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ status: 'success', order }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    render(<OrderDetailPage pk={7} />);
    expect(await screen.findByRole('heading', { level: 1, name: /^Заказ № LB-000007 от/ })).toBeInTheDocument();
    expect(screen.getAllByRole('heading').filter((h) => /^Заказ/.test(h.textContent ?? ''))).toHaveLength(1);
  });
});
