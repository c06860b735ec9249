// @vitest-environment jsdom
/**
 * The checkout form's sections (issue #17 item 4; spec §5 rules, §7 Locations and delivery calls;
 * issue #14 items 13–14) against MSW answers of the BFF: the contact rules and messages of the
 * account forms, "Проверьте выделенные поля" going once the fields are fixed, Москва and its city
 * chosen first, another region's cities loaded on change, the pickup-point list searched and
 * chosen, and the order body.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import { resetBasketStoreForTests } from '@/stores/basket-store';
import { useCheckoutStore } from '@/stores/checkout-store';
import { useSessionStore } from '@/stores/session-store';
import { cartHandlers, cartItemFactory, createFakeCart, resetFakeCart } from '@/tests/msw/cart-handlers';
import { DeliveryPage } from './delivery-page';

const CONSENT_LABEL = /Я даю согласие на обработку персональных данных/;

const navigation = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock('next/navigation', () => ({
  usePathname: () => '/basket/delivery',
  useRouter: () => ({ push: navigation.push, replace: vi.fn(), prefetch: vi.fn() }),
}));

const REGIONS = [
  { id: 16, name: 'Республика Татарстан', code: '16' },
  { id: 77, name: 'Москва', code: '77' },
];
const CITIES: Record<
  number,
  Array<{ id: number; name: string; region_id: number; region: string; is_capital: boolean }>
> = {
  77: [{ id: 1, name: 'Москва', region_id: 77, region: 'Москва', is_capital: true }],
  16: [
    { id: 5, name: 'Казань', region_id: 16, region: 'Республика Татарстан', is_capital: true },
    { id: 6, name: 'Набережные Челны', region_id: 16, region: 'Республика Татарстан', is_capital: false },
  ],
};
const option = (method: 'courier' | 'cdek' | 'pickup', name: string, cost: number) => ({
  method,
  name,
  cost,
  days_min: 1,
  days_max: 2,
  note: '',
  source: 'tariff' as const,
});
const POINTS = [
  {
    code: 'DEMO-1-1',
    name: 'СДЭК на Тверской',
    address: 'ул. Тверская, д. 18',
    work_time: 'Пн-Вс 09:00-21:00',
    type: 'PVZ' as const,
    location: null,
  },
  {
    code: 'DEMO-1-2',
    name: 'СДЭК у м. Курская',
    address: 'ул. Земляной Вал, д. 33',
    work_time: 'Пн-Вс 10:00-21:00',
    type: 'PVZ' as const,
    location: null,
  },
  {
    code: 'DEMO-1-3',
    name: 'Постамат СДЭК',
    address: 'ул. Менжинского, д. 38',
    work_time: 'Круглосуточно',
    type: 'POSTAMAT' as const,
    location: null,
  },
];

const fake = createFakeCart();
const orders: unknown[] = [];
const cityRequests: number[] = [];
const server = setupServer(
  ...cartHandlers(fake),
  http.get('*/api/v1/regions/', () => HttpResponse.json({ status: 'success', results: REGIONS })),
  http.get('*/api/v1/cities/', ({ request }) => {
    const regionId = (JSON.parse(new URL(request.url).searchParams.get('data') ?? '{}') as { region_id: number })
      .region_id;
    cityRequests.push(regionId);
    return HttpResponse.json({ status: 'success', results: CITIES[regionId] ?? [] });
  }),
  http.post('*/api/v1/cdek_calc/', async ({ request }) => {
    const { city_id } = (await request.json()) as { city_id: number };
    return HttpResponse.json({
      status: 'success',
      city: String(city_id),
      region: '',
      weight: 500,
      results: [
        option('courier', 'Курьером до двери', city_id === 1 ? 390 : 590),
        option('cdek', 'В пункт выдачи СДЭК', 250),
      ],
    });
  }),
  http.post('*/api/v1/check_delivery/', () =>
    HttpResponse.json({ status: 'success', city: '', region: '', weight: 500, results: [] }),
  ),
  http.get('*/api/v1/pickup_points/', () =>
    HttpResponse.json({ status: 'success', city: 'Москва', provider: 'demo', results: POINTS }),
  ),
  http.get('*/api/v1/payment_methods/', () => HttpResponse.json({ status: 'success', methods: ['card'] })),
  http.post('*/api/v2/order/', async ({ request }) => {
    orders.push(await request.json());
    return HttpResponse.json({ status: 'error', message: 'Тестовый сервер заказов не создаёт' }, { status: 409 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  resetBasketStoreForTests();
  resetFakeCart(fake, [cartItemFactory({ price: 5000, quantity: 1, product: { name: 'Платье льняное' } })]);
  useSessionStore.setState({ user: null, status: 'ready', anonymous: true });
  useCheckoutStore.setState({
    anonymousData: null,
    promoCode: null,
    city: null,
    giftCardExtId: null,
    giftCardInBasketData: null,
    idempotencyKey: null,
  });
  orders.length = 0;
  cityRequests.length = 0;
});

async function renderForm() {
  const user = userEvent.setup();
  render(<DeliveryPage />);
  await screen.findByText('Платье льняное × 1');
  await waitFor(() => expect(screen.getByLabelText('Город*')).toHaveDisplayValue('Москва'));
  await screen.findByRole('radio', { name: /Курьером до двери/ });
  return user;
}

describe('DeliveryPage contact section', () => {
  it('asks for two words of ФИО and words the e-mail error like the account forms', async () => {
    const user = await renderForm();
    await user.type(screen.getByLabelText('ФИО*'), 'Ольга');
    await user.type(screen.getByLabelText('E-mail*'), 'olga@');
    await user.click(screen.getByRole('button', { name: 'Перейти к оплате' }));
    expect(await screen.findByText('Введите фамилию и имя через пробел')).toBeInTheDocument();
    expect(screen.getByText('Введите корректный адрес электронной почты')).toBeInTheDocument();
    expect(screen.getByText('Введите номер телефона полностью')).toBeInTheDocument();
    expect(orders).toHaveLength(0);
  });

  it('shows "Проверьте выделенные поля" until the marked fields are fixed', async () => {
    const user = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Перейти к оплате' }));
    expect(await screen.findByTestId('order-error')).toHaveTextContent('Проверьте выделенные поля');
    await user.type(screen.getByLabelText('ФИО*'), 'Смирнова Ольга');
    await user.type(screen.getByLabelText('E-mail*'), 'olga@example.ru');
    await user.type(screen.getByLabelText('Телефон*'), '9035551122');
    await user.type(screen.getByLabelText('Улица*'), 'Тверская');
    expect(screen.getByTestId('order-error')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Дом*'), '12');
    // Issue #29: the guest's consent box is marked too, and unmarked once ticked.
    expect(screen.getByTestId('order-error')).toBeInTheDocument();
    expect(screen.getByText(CONSENT_TEXTS.personalDataRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: CONSENT_LABEL }));
    await waitFor(() => expect(screen.queryByTestId('order-error')).toBeNull());
  });

  it('prefills the anonymous contact stored by the checkout choice popup', async () => {
    act(() =>
      useCheckoutStore.setState({
        anonymousData: { fio: 'Смирнова Ольга', email: 'olga@example.ru', phone: '+79035551122' },
      }),
    );
    await renderForm();
    expect(screen.getByLabelText('ФИО*')).toHaveValue('Смирнова Ольга');
    expect(screen.getByLabelText('Телефон*')).toHaveValue('+7(903)-555-11-22');
  });
});

describe('DeliveryPage delivery section', () => {
  it('opens on the region and city kept in lkData (spec §3 city)', async () => {
    act(() => useCheckoutStore.setState({ city: { regionId: 16, cityId: 6 } }));
    render(<DeliveryPage />);
    await screen.findByText('Платье льняное × 1');
    await waitFor(() => expect(screen.getByLabelText('Регион*')).toHaveDisplayValue('Республика Татарстан'));
    await waitFor(() => expect(screen.getByLabelText('Город*')).toHaveDisplayValue('Набережные Челны'));
  });

  it('starts in Москва, loads the cities of another region and re-prices the delivery', async () => {
    const user = await renderForm();
    expect(screen.getByLabelText('Регион*')).toHaveDisplayValue('Москва');
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent(/390/);
    await user.selectOptions(screen.getByLabelText('Регион*'), 'Республика Татарстан');
    await waitFor(() => expect(screen.getByLabelText('Город*')).toHaveDisplayValue('Казань'));
    expect(cityRequests).toEqual([77, 16]);
    await waitFor(() => expect(screen.getByTestId('summary-delivery')).toHaveTextContent(/590/));
  });

  it('lists the pickup points, narrows them by search, requires one and sends the chosen point', async () => {
    const user = await renderForm();
    await user.type(screen.getByLabelText('ФИО*'), 'Смирнова Ольга');
    await user.type(screen.getByLabelText('E-mail*'), 'olga@example.ru');
    await user.type(screen.getByLabelText('Телефон*'), '89035551122');
    expect(screen.getByLabelText('Телефон*')).toHaveValue('+7(903)-555-11-22');
    await user.click(screen.getByRole('radio', { name: /В пункт выдачи СДЭК/ }));
    const list = await screen.findByRole('radiogroup', { name: 'Пункты выдачи' });
    await waitFor(() => expect(within(list).getAllByRole('radio')).toHaveLength(3));
    expect(screen.queryByLabelText('Улица*')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Перейти к оплате' }));
    expect(await screen.findByText('Выберите пункт выдачи')).toBeInTheDocument();
    expect(orders).toHaveLength(0);

    await user.type(screen.getByLabelText('Поиск пункта выдачи'), 'земляной');
    expect(within(list).getAllByRole('radio')).toHaveLength(1);
    await user.click(within(list).getByRole('radio', { name: /Земляной Вал/ }));
    expect(screen.queryByText('Выберите пункт выдачи')).toBeNull();
    expect(screen.getByTestId('pickup-point-chosen')).toHaveTextContent('СДЭК у м. Курская, ул. Земляной Вал, д. 33');

    await user.click(screen.getByRole('button', { name: 'Перейти к оплате' }));
    // Issue #29: a guest's order is not sent without the consent box.
    expect(await screen.findByText(CONSENT_TEXTS.personalDataRequired)).toBeInTheDocument();
    expect(orders).toHaveLength(0);
    expect(screen.getByRole('checkbox', { name: CONSENT_TEXTS.advertising })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: CONSENT_LABEL }));
    await user.click(screen.getByRole('checkbox', { name: CONSENT_TEXTS.advertising }));
    await user.click(screen.getByRole('button', { name: 'Перейти к оплате' }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toMatchObject({
      personal_data_consent: true,
      advertising_consent: true,
      contact: { fio: 'Смирнова Ольга', email: 'olga@example.ru', phone: '+79035551122' },
      delivery: {
        method: 'cdek',
        city_id: 1,
        pickup_point: 'СДЭК у м. Курская, ул. Земляной Вал, д. 33 (код DEMO-1-2)',
      },
    });
    // The server's refusal without field errors is shown as it is.
    expect(await screen.findByTestId('order-error')).toHaveTextContent('Тестовый сервер заказов не создаёт');
  });
});

describe('DeliveryPage payment method (issue #29)', () => {
  it('offers СБП when the provider takes it; the order then waits on the confirm page with an СБП payment', async () => {
    const GUID = '0b6f3c8e-1d2a-4c5b-9e7f-123456789abc';
    const payments: unknown[] = [];
    server.use(
      http.get('*/api/v1/payment_methods/', () => HttpResponse.json({ status: 'success', methods: ['card', 'sbp'] })),
      http.post('*/api/v2/order/', async ({ request }) => {
        orders.push(await request.json());
        return HttpResponse.json(
          {
            status: 'success',
            created: true,
            order: {
              pk: 7,
              guid: GUID,
              number: 'LM-000007',
              status: 'new',
              payment_status: 'pending',
              items_total: 5000,
              discount: 0,
              delivery_cost: 400,
              total: 5400,
              gift_card_amount: 0,
              to_pay: 5400,
            },
          },
          { status: 201 },
        );
      }),
      http.post('*/api/v1/order_payment/', async ({ request }) => {
        payments.push(await request.json());
        return HttpResponse.json({
          status: 'success',
          form_url: `/payment-sbp?orderId=${GUID}`,
          provider: 'sandbox',
          method: 'sbp',
          qr_payload: 'https://qr.nspk.ru/AS1000',
          expires_at: new Date(Date.now() + 600_000).toISOString(),
        });
      }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const user = await renderForm();
      const methods = await screen.findByRole('radiogroup', { name: 'Способ оплаты' });
      expect(within(methods).getByRole('radio', { name: /Банковской картой/ })).toBeChecked();
      await user.click(within(methods).getByRole('radio', { name: /Через СБП/ }));
      await user.type(screen.getByLabelText('ФИО*'), 'Смирнова Ольга');
      await user.type(screen.getByLabelText('E-mail*'), 'olga@example.ru');
      await user.type(screen.getByLabelText('Телефон*'), '89035551122');
      await user.type(screen.getByLabelText('Улица*'), 'Тверская');
      await user.type(screen.getByLabelText('Дом*'), '7');
      await user.click(screen.getByRole('checkbox', { name: CONSENT_LABEL }));
      await user.click(screen.getByRole('button', { name: 'Перейти к оплате' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith(`/basket/delivery/confirm/${GUID}`));
      expect(payments).toEqual([{ guid: GUID, method: 'sbp' }]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('offers only the card when the provider takes no СБП', async () => {
    await renderForm();
    await screen.findByText(/Банковской картой онлайн\. Часть или всю сумму/);
    expect(screen.queryByRole('radiogroup', { name: 'Способ оплаты' })).toBeNull();
  });
});
