// @vitest-environment jsdom
/**
 * Issue #34 item 4 "Navigation feels like one app": a click on a plain link to another shop page
 * is a client-side navigation (the header stays), and the spec's loading bar (§4 Data reloads,
 * §9: 200 ms throttle, 5 s duration) shows while it waits. Clicks the browser must keep (new tab,
 * another site, a file, a link whose own handler took it) are left alone.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_BAR } from '@/lib/constants';
import { PRODUCT_PHOTO_SIZES } from '@/lib/soft-navigation';

const nav = vi.hoisted(() => ({
  push: vi.fn(),
  pathname: '/kupalniki',
  search: '',
}));
vi.mock('next/navigation', () => ({
  // One router object for the app's life, as Next's is.
  useRouter: () => nav,
  usePathname: () => nav.pathname,
  // Stable for one query, as Next's is: a new object would look like a navigation to the bar.
  useSearchParams: () => searchParams(nav.search),
}));
const paramsByQuery = new Map<string, URLSearchParams>();
function searchParams(query: string): URLSearchParams {
  if (!paramsByQuery.has(query)) paramsByQuery.set(query, new URLSearchParams(query));
  return paramsByQuery.get(query)!;
}

const { LoadingBar } = await import('./loading-bar');
const { default: classes } = await import('./widgets.module.css');

const SECTION = '/kupalniki';
const CARD = '/kupalniki/bikini/805/bikini-luli-fama';

const PRODUCT = '/kupalniki/slitnye/klassicheskie/805/kupalnik';
const CARD_SRCSET =
  '/_next/image?url=%2Fmedia%2Fp.webp&w=256&q=75 256w, /_next/image?url=%2Fmedia%2Fp.webp&w=1440&q=75 1440w';

function Page() {
  return (
    <>
      <LoadingBar classes={classes} />
      <a href={CARD}>Карточка</a>
      <a href={PRODUCT} data-product-card="">
        {/* eslint-disable-next-line @next/next/no-img-element -- the card's rendered <img>, as next/image leaves it */}
        <img alt="Фото карточки" src="/_next/image?url=%2Fmedia%2Fp.webp&w=256&q=75" srcSet={CARD_SRCSET} />
      </a>
      <a href={`${SECTION}?page=2`}>Страница 2</a>
      <a href={`${SECTION}#top`}>Наверх</a>
      <a href="https://t.me/lumiere">Телеграм</a>
      <a href="/yml.xml">Фид</a>
      <a href="/odezhda" target="_blank">
        В новой вкладке
      </a>
      <a href="?login=1" onClick={(event) => event.preventDefault()}>
        Вход
      </a>
    </>
  );
}

function click(name: string, init: MouseEventInit = {}): boolean {
  // fireEvent returns false when the default action was prevented (the browser would not follow).
  return fireEvent.click(screen.getByText(name), init);
}

beforeEach(() => {
  window.history.replaceState(null, '', '/kupalniki');
  nav.pathname = '/kupalniki';
  nav.search = '';
  nav.push.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('client-side navigation of plain links', () => {
  it('opens a product card through the router instead of loading a new document', () => {
    render(<Page />);
    expect(click('Карточка')).toBe(false);
    expect(nav.push).toHaveBeenCalledWith('/kupalniki/bikini/805/bikini-luli-fama');
  });

  it('routes a query change of the same page (pagination, filter chips)', () => {
    render(<Page />);
    expect(click('Страница 2')).toBe(false);
    expect(nav.push).toHaveBeenCalledWith('/kupalniki?page=2');
  });

  it("starts loading a product card's photo at the product page's size with the navigation", () => {
    const created: HTMLImageElement[] = [];
    const RealImage = window.Image;
    window.Image = class extends RealImage {
      constructor() {
        super();
        created.push(this);
      }
    };
    try {
      render(<Page />);
      click('Карточка');
      expect(created).toHaveLength(0);
      fireEvent.click(screen.getByAltText('Фото карточки'));
      expect(nav.push).toHaveBeenLastCalledWith(PRODUCT);
      expect(created).toHaveLength(1);
      expect(created[0]!.getAttribute('srcset')).toBe(CARD_SRCSET);
      expect(created[0]!.getAttribute('sizes')).toBe(PRODUCT_PHOTO_SIZES);
    } finally {
      window.Image = RealImage;
    }
  });

  it('leaves new tabs, other sites, files, hash links and handled clicks to the browser', () => {
    render(<Page />);
    expect(click('Карточка', { ctrlKey: true })).toBe(true);
    expect(click('Карточка', { button: 1 })).toBe(true);
    expect(click('Телеграм')).toBe(true);
    expect(click('Фид')).toBe(true);
    expect(click('В новой вкладке')).toBe(true);
    expect(click('Наверх')).toBe(true);
    click('Вход');
    expect(nav.push).not.toHaveBeenCalled();
  });
});

describe('the loading bar (spec §4, §9)', () => {
  it('shows after the 200 ms throttle while the navigation waits, and completes on arrival', () => {
    vi.useFakeTimers();
    const { container, rerender } = render(<Page />);
    click('Карточка');
    act(() => vi.advanceTimersByTime(LOADING_BAR.throttleMs - 10));
    expect(container.querySelector('[data-phase]')).toBeNull();
    act(() => vi.advanceTimersByTime(20));
    expect(container.querySelector('[data-phase="loading"]')).not.toBeNull();

    nav.pathname = '/kupalniki/bikini/805/bikini-luli-fama';
    rerender(<Page />);
    expect(container.querySelector('[data-phase="done"]')).not.toBeNull();
    act(() => vi.advanceTimersByTime(LOADING_BAR.hideDelayMs));
    expect(container.querySelector('[data-phase]')).toBeNull();
  });

  it('never shows for a navigation that arrives within the throttle', () => {
    vi.useFakeTimers();
    const { container, rerender } = render(<Page />);
    click('Карточка');
    act(() => vi.advanceTimersByTime(100));
    nav.pathname = '/kupalniki/bikini/805/bikini-luli-fama';
    rerender(<Page />);
    act(() => vi.advanceTimersByTime(LOADING_BAR.throttleMs * 2));
    expect(container.querySelector('[data-phase]')).toBeNull();
  });
});
