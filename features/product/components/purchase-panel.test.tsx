// @vitest-environment jsdom
/** Purchase panel (issue #13): live stock after hydration disables, deselects and re-enables sizes. */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Feature, Offer } from '@/lib/api/contract/catalog';
import { createFakeStock, stockHandler, type FakeStock } from '@/tests/msw/stock-handlers';
import { purchasePanelClasses } from './product-island-classes';
import { ProductSelectionProvider } from './product-selection';
import { PurchasePanel } from './purchase-panel';

const PRODUCT = 7;
const OFFER = 101;

const size = (name: string, stock: number, id: number): Feature => ({
  id,
  ext_id: `SKU-${name}`,
  name,
  stock,
  available: stock > 0,
});

/** The cached render: 46 sold out, 48 and 50 in stock. */
const cachedOffer: Offer = {
  id: OFFER,
  ext_id: 'OFFER-101',
  color: { id: 1, slug: 'chernyj', name: 'Чёрный', hex: '#000000' },
  images: [],
  features: [size('46', 0, 1), size('48', 1, 2), size('50', 4, 3)],
  features_top: [],
  features_bottom: [],
};

let stock: FakeStock = createFakeStock(PRODUCT, {});
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Renders the panel over a fake stock `{ext_id: pieces}` of the offer, tuned by `setup` first. */
function renderPanel(live: Record<string, number>, setup: (fake: FakeStock) => void = () => {}) {
  stock = createFakeStock(PRODUCT, { [OFFER]: live });
  setup(stock);
  server.use(stockHandler(stock));
  return render(
    <ProductSelectionProvider initialOfferId={OFFER}>
      <PurchasePanel productId={PRODUCT} offers={[cachedOffer]} basketHref="/basket" classes={purchasePanelClasses} />
    </ProductSelectionProvider>,
  );
}

const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });

describe('PurchasePanel live stock', () => {
  it('disables a size sold out since the cached render and enables one back in stock', async () => {
    renderPanel({ 'SKU-46': 2, 'SKU-48': 0, 'SKU-50': 4 });
    expect(radio('48')).toBeEnabled();
    expect(radio('46')).toBeDisabled();

    await waitFor(() => expect(radio('48')).toBeDisabled());
    expect(radio('48')).toHaveAccessibleName('48 — нет в наличии');
    expect(radio('46')).toBeEnabled();
    expect(radio('50')).toBeEnabled();
    expect(stock.requests).toBe(1);
  });

  it('unselects a chosen size that sold out, with a notice', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    renderPanel({ 'SKU-46': 0, 'SKU-48': 0, 'SKU-50': 4 }, (fake) => (fake.gate = held));
    // The shopper picks 48 from the cached sizes before the answer is in.
    await userEvent.click(radio('48'));
    expect(radio('48')).toBeChecked();
    await act(async () => release());

    await waitFor(() => expect(radio('48')).toBeDisabled());
    expect(radio('48')).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('Размер 48 закончился, выберите другой');

    // Picking another size clears the notice.
    await userEvent.click(radio('50'));
    expect(radio('50')).toBeChecked();
    expect(screen.getByRole('status')).not.toHaveTextContent('закончился');
  });

  it('asks again when the tab becomes visible', async () => {
    renderPanel({ 'SKU-46': 0, 'SKU-48': 1, 'SKU-50': 4 });
    await waitFor(() => expect(stock.requests).toBe(1));
    await userEvent.click(radio('50'));

    stock.offers.get(OFFER)!.set('SKU-50', 0);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(radio('50')).toBeDisabled());
    expect(stock.requests).toBe(2);
    expect(radio('50')).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('Размер 50 закончился, выберите другой');
  });

  it('keeps the cached sizes silently when the request fails', async () => {
    renderPanel({ 'SKU-48': 0 }, (fake) => (fake.failWith = 502));
    await waitFor(() => expect(stock.requests).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(radio('48')).toBeEnabled();
    expect(radio('46')).toBeDisabled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Добавить в корзину' })).toBeEnabled();
  });
});

describe('PurchasePanel initial selection', () => {
  it('opens with the size of a feed link (?size=) chosen', () => {
    server.use(stockHandler(createFakeStock(PRODUCT, { [OFFER]: { 'SKU-46': 0, 'SKU-48': 1, 'SKU-50': 4 } })));
    render(
      <ProductSelectionProvider initialOfferId={OFFER}>
        <PurchasePanel
          productId={PRODUCT}
          offers={[cachedOffer]}
          initial={{ size: 'SKU-50', top: null, bottom: null }}
          basketHref="/basket"
          classes={purchasePanelClasses}
        />
      </ProductSelectionProvider>,
    );
    expect(radio('50')).toBeChecked();
    expect(radio('48')).not.toBeChecked();
  });
});
