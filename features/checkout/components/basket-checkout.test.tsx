// @vitest-environment jsdom
/**
 * The basket's «Оформить заказ» (spec §4 checkout popups; issue #30): a guest gets the checkout
 * choice popup, whose body loads only then; continuing without registration checks the contact in
 * Russian, marks the session anonymous and opens the delivery step; a shopper who already chose
 * follows the plain link.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@/lib/messages/accounts';
import { usePopupsStore } from '@/stores/popups-store';
import { useSessionStore } from '@/stores/session-store';
import { BasketCheckoutButton, CheckoutChoicePopup } from './basket-checkout';
import { checkoutClasses } from './checkout-classes';

const router = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

/** Whether the last click on a link was left to the browser (jsdom cannot follow it). */
let followed: boolean | null = null;
const recordClick = (event: MouseEvent) => {
  if (!(event.target instanceof Element) || !event.target.closest('a[href]')) return;
  followed = !event.defaultPrevented;
  event.preventDefault();
};

beforeAll(() => {
  // jsdom has no modal dialogs: open and close set the attribute the browser would.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => {
  followed = null;
  router.push.mockClear();
  usePopupsStore.getState().closeAll();
  useSessionStore.setState({ user: null, anonymous: false });
  window.addEventListener('click', recordClick);
});
afterEach(() => window.removeEventListener('click', recordClick));

const renderCheckout = () =>
  render(
    <>
      <BasketCheckoutButton href="/basket/delivery" className={checkoutClasses.primary} />
      <CheckoutChoicePopup deliveryHref="/basket/delivery" />
    </>,
  );

describe('BasketCheckoutButton and CheckoutChoicePopup', () => {
  it('gives a guest the popup, and continuing without registration opens the delivery step', async () => {
    const user = userEvent.setup();
    renderCheckout();
    const link = screen.getByRole('link', { name: 'Оформить заказ' });
    expect(link).toHaveAttribute('href', '/basket/delivery');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(link);
    expect(followed).toBe(false);
    const dialog = await screen.findByRole('dialog', { name: 'Оформление заказа' });
    expect(dialog).toHaveTextContent('Продолжить без регистрации');

    await user.click(screen.getByRole('button', { name: 'Продолжить без регистрации' }));
    // The rules load on the first submit (a dynamic import): give them time on a busy machine.
    expect(await screen.findByText(ACCOUNT_MESSAGES.phoneIncomplete, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail*')).toHaveAttribute('aria-invalid', 'true');
    expect(router.push).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('ФИО*'), 'Анна Петрова');
    await user.type(screen.getByLabelText('E-mail*'), 'anna@example.ru');
    await user.type(screen.getByLabelText('Телефон*'), '9035551122');
    await user.click(screen.getByRole('button', { name: 'Продолжить без регистрации' }));
    await vi.waitFor(() => expect(router.push).toHaveBeenCalledWith('/basket/delivery'));
    expect(useSessionStore.getState().anonymous).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets a shopper who chose anonymous checkout follow the link', async () => {
    useSessionStore.setState({ anonymous: true });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(screen.getByRole('link', { name: 'Оформить заказ' }));
    expect(followed).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
