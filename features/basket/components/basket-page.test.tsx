// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBasketStoreForTests, useBasketStore } from '@/stores/basket-store';
import { useCheckoutStore } from '@/stores/checkout-store';
import {
  cartErrorHandler,
  cartGate,
  cartHandlers,
  cartItemFactory,
  createFakeCart,
  resetFakeCart,
} from '@/tests/msw/cart-handlers';
import { BasketHeaderButton } from './basket-header-button';
import basketHeaderButtonClasses from './basket-header-button.module.css';
import { BasketPage } from './basket-page';
import { basketPageClasses } from './basket-page-classes';

const navigation = vi.hoisted(() => ({ pathname: '/', prefetch: vi.fn() }));
vi.mock('next/navigation', () => ({
  usePathname: () => navigation.pathname,
  useRouter: () => ({ prefetch: navigation.prefetch }),
}));

const fake = createFakeCart();
const server = setupServer(...cartHandlers(fake));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  resetBasketStoreForTests();
  useCheckoutStore.getState().setPromoCode(null);
  resetFakeCart(fake);
  navigation.pathname = '/';
  navigation.prefetch.mockClear();
});

/** The basket with the links the server page hands it. */
const renderBasket = () =>
  render(<BasketPage classes={basketPageClasses} catalogHref="/new" checkoutHref="/basket/delivery" />);

describe('BasketPage', () => {
  it('shows lines, colour, sizes, the unavailable flag, count and total', async () => {
    resetFakeCart(fake, [
      cartItemFactory({ price: 12990, quantity: 1, product: { name: 'Слитный купальник' } }),
      cartItemFactory({
        price: 4500,
        quantity: 2,
        available: false,
        feature: null,
        featuretop: { id: 1, ext_id: 'T', name: 'S' },
        featurebot: { id: 2, ext_id: 'B', name: 'M' },
      }),
    ]);
    renderBasket();

    const lines = await screen.findAllByTestId('basket-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('Слитный купальник')).toBeInTheDocument();
    // The name and the photo lead to the product; the photo comes from the image optimizer.
    const productPath = within(lines[0]!).getByRole('link', { name: 'Слитный купальник' }).getAttribute('href');
    expect(productPath).toMatch(/^\/kupalniki\//);
    const photo = lines[0]!.querySelector('img')!;
    expect(photo.closest('a')).toHaveAttribute('href', productPath);
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('sizes', '(min-width: 768px) 120px, 88px');
    expect(photo.getAttribute('srcset')).toMatch(
      /^\/_next\/image\?url=%2Fmedia%2Fproducts%2F\d+\.jpg&w=\d+&q=75 \d+w, /,
    );
    expect(within(lines[0]!).getByText('Чёрный')).toBeInTheDocument();
    expect(within(lines[1]!).getByText('Верх:')).toBeInTheDocument();
    expect(within(lines[1]!).getByText('Выбранный размер больше недоступен')).toBeInTheDocument();
    expect(within(lines[0]!).queryByText('Выбранный размер больше недоступен')).toBeNull();
    expect(screen.getByTestId('basket-count')).toHaveTextContent('2 товара');
    expect(screen.getByTestId('basket-total').textContent).toBe('21\u00A0990\u00A0₽');
    expect(screen.getByRole('button', { name: 'Оформить заказ' })).toBeDisabled();
  });

  it('disables − at quantity 1 and applies + only after the server answers', async () => {
    resetFakeCart(fake, [cartItemFactory({ price: 1000, quantity: 1 })]);
    const user = userEvent.setup();
    renderBasket();
    const line = await screen.findByTestId('basket-line');
    expect(within(line).getByRole('button', { name: 'Уменьшить количество' })).toBeDisabled();

    const gate = cartGate('put');
    server.use(gate.handler);
    await user.click(within(line).getByRole('button', { name: 'Увеличить количество' }));
    expect(within(line).getByTestId('basket-line-quantity')).toHaveTextContent('1');
    expect(within(line).getByRole('button', { name: 'Увеличить количество' })).toBeDisabled();

    await act(async () => gate.release());
    await waitFor(() => expect(within(line).getByTestId('basket-line-quantity')).toHaveTextContent('2'));
    expect(screen.getByTestId('basket-total').textContent).toBe('2\u00A0000\u00A0₽');
    expect(within(line).getByRole('button', { name: 'Уменьшить количество' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Оформить заказ' })).toHaveAttribute('href', '/basket/delivery');
  });

  it('shows the server message when a change is refused', async () => {
    resetFakeCart(fake, [cartItemFactory({ quantity: 1 })]);
    server.use(cartErrorHandler('put', 'Больше нет в наличии'));
    const user = userEvent.setup();
    renderBasket();
    const line = await screen.findByTestId('basket-line');
    await user.click(within(line).getByRole('button', { name: 'Увеличить количество' }));
    expect(await within(line).findByRole('alert')).toHaveTextContent('Больше нет в наличии');
    expect(within(line).getByTestId('basket-line-quantity')).toHaveTextContent('1');
  });

  it('removes a line after confirmation and then shows the empty state', async () => {
    resetFakeCart(fake, [cartItemFactory()]);
    const user = userEvent.setup();
    renderBasket();
    await user.click(await screen.findByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Корзина пуста')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute('href', '/new');
  });

  it('shows the total after an applied promo code in «Итого», and the full sum once the goods change', async () => {
    resetFakeCart(fake, [cartItemFactory({ price: 1000, quantity: 1 })]);
    useCheckoutStore.getState().setPromoCode('SALE10', { itemsTotal: 1000, total: 900 });
    const user = userEvent.setup();
    renderBasket();
    const line = await screen.findByTestId('basket-line');
    expect(screen.getByTestId('basket-total').textContent).toBe('900\u00A0₽');

    // The quote belongs to 1 000 ₽ of goods: after + it no longer applies until re-checked.
    await user.click(within(line).getByRole('button', { name: 'Увеличить количество' }));
    await waitFor(() => expect(screen.getByTestId('basket-total').textContent).toBe('2\u00A0000\u00A0₽'));
  });
});

describe('BasketHeaderButton', () => {
  it('labels the counter and opens the dropdown on hover with lines and total', async () => {
    resetFakeCart(fake, [
      cartItemFactory({ price: 990, quantity: 3, product: { name: 'Парео' } }),
      cartItemFactory({ price: 10 }),
    ]);
    const user = userEvent.setup();
    render(<BasketHeaderButton basketPath="/basket" classes={basketHeaderButtonClasses} />);
    const link = await screen.findByRole('link', { name: 'Корзина, 2 товара' });
    expect(link).toHaveAttribute('href', '/basket');
    // Issue #7: the basket route is fetched on intent, not as soon as the header renders.
    expect(navigation.prefetch).not.toHaveBeenCalled();

    await user.hover(link);
    expect(navigation.prefetch).toHaveBeenCalledWith('/basket');
    const dropdown = await screen.findByTestId('basket-dropdown');
    expect(within(dropdown).getByText('Парео')).toBeInTheDocument();
    expect(within(dropdown).getByText('Итого').nextSibling?.textContent).toBe('2\u00A0980\u00A0₽');
    expect(within(dropdown).getByRole('link', { name: 'Перейти в корзину' })).toHaveAttribute('href', '/basket');
  });

  it('does not open on /basket or with an empty basket', async () => {
    resetFakeCart(fake, [cartItemFactory()]);
    navigation.pathname = '/basket';
    const user = userEvent.setup();
    const { unmount } = render(<BasketHeaderButton basketPath="/basket" classes={basketHeaderButtonClasses} />);
    await user.hover(await screen.findByRole('link', { name: 'Корзина, 1 товар' }));
    expect(screen.queryByTestId('basket-dropdown')).toBeNull();
    unmount();

    resetBasketStoreForTests();
    resetFakeCart(fake, []);
    navigation.pathname = '/';
    render(<BasketHeaderButton basketPath="/basket" classes={basketHeaderButtonClasses} />);
    await waitFor(() => expect(useBasketStore.getState().basketInited).toBe(true));
    await user.hover(screen.getByRole('link', { name: 'Корзина, 0 товаров' }));
    expect(screen.queryByTestId('basket-dropdown')).toBeNull();
  });
});
