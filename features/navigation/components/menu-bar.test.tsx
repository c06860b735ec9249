// @vitest-environment jsdom
/**
 * Issue #28 "Categories the shopper can reach": the menu panel shows a section's first 10
 * subcategories (spec §2, §9) and «Ещё N» past 10 reveals the rest (imported categories came 13th
 * to 19th and could not be reached), without JavaScript and from the keyboard.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PreviewCategory } from '@/lib/api/contract/catalog';
import { href, routeTitle } from '@/lib/routes';
import { menuSections } from '../utils/menu';
import { MenuBar } from './menu-bar';
import classes from './menu-bar.module.css';

/** The fixed entries as SiteHeader builds them. */
const FIXED = {
  sale: href('sale'),
  new: { name: routeTitle('new'), href: href('new') },
  brands: { name: routeTitle('brands'), href: href('brands') },
};

const SEEDED = [
  'Платья',
  'Юбки',
  'Брюки',
  'Джинсы',
  'Блузки',
  'Рубашки',
  'Футболки',
  'Свитеры',
  'Кардиганы',
  'Жакеты',
  'Пальто',
  'Куртки',
];
const IMPORTED = ['Платья миди', 'Платья макси', 'Сарафаны', 'Комбинезоны', 'Костюмы', 'Топы', 'Шорты'];

const sub = (section: string, name: string, i: number) => ({ path: `${section}/${section}-${i}`, name });
const categories: PreviewCategory[] = [
  {
    path: 'odezhda',
    name: 'Одежда',
    subcategories: [...SEEDED, ...IMPORTED].map((name, i) => sub('odezhda', name, i)),
    allCategories: [],
  },
  {
    path: 'obuv',
    name: 'Обувь',
    subcategories: ['Туфли', 'Сапоги', 'Кеды'].map((name, i) => sub('obuv', name, i)),
    allCategories: [],
  },
];

function renderMenu() {
  return render(<MenuBar sections={menuSections(categories)} brands={null} fixed={FIXED} classes={classes} />);
}

describe('MenuBar subcategories past 10 (issue #28)', () => {
  it('shows the first 10 and hides the other 9 behind «Ещё 9», closed', () => {
    renderMenu();
    const first = screen.getByRole('list', { name: 'Одежда' });
    expect(
      within(first)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(SEEDED.slice(0, 10));
    const toggle = screen.getByText('Ещё 9').closest('summary')!;
    const details = toggle.closest('details')!;
    expect(details.open).toBe(false);
    const rest = within(details).getAllByRole('link', { hidden: true });
    expect(rest.map((a) => a.textContent)).toEqual([...SEEDED.slice(10), ...IMPORTED]);
    // "Смотреть все" still leads to the section page, which lists every subcategory.
    expect(screen.getByRole('link', { name: 'Смотреть все' })).toHaveAttribute('href', '/odezhda');
  });

  it('opens «Ещё» with a click and shows «Свернуть» instead', async () => {
    const user = userEvent.setup();
    renderMenu();
    const toggle = screen.getByText('Ещё 9').closest('summary')!;
    await user.click(toggle);
    expect(toggle.closest('details')!.open).toBe(true);
    expect(within(toggle).getByText('Свернуть')).toBeInTheDocument();
  });

  it('reaches «Ещё» with Tab after the tenth link, then the revealed links', async () => {
    const user = userEvent.setup();
    renderMenu();
    const first = screen.getByRole('list', { name: 'Одежда' });
    within(first).getAllByRole('link').at(-1)!.focus();
    await user.tab();
    const toggle = screen.getByText('Ещё 9').closest('summary')!;
    expect(toggle).toHaveFocus();
    // Enter and Space on a focused <summary> are its activation (a click) in browsers; jsdom does
    // not map keys to it, so the activation is dispatched as the browser would.
    toggle.click();
    expect(toggle.closest('details')!.open).toBe(true);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Пальто' })).toHaveFocus();
  });

  it('has no «Ещё» for a section of 10 or fewer', () => {
    renderMenu();
    const panel = screen.getByRole('list', { name: 'Обувь' }).parentElement!;
    expect(within(panel).queryByText(/^Ещё/)).toBeNull();
    expect(panel.querySelector('details')).toBeNull();
  });

  it('puts every subcategory link into the server-rendered HTML (no JavaScript needed)', () => {
    const html = renderToStaticMarkup(
      <MenuBar sections={menuSections(categories)} brands={null} fixed={FIXED} classes={classes} />,
    );
    expect(html).toContain('<details');
    for (const s of categories[0]!.subcategories) expect(html).toContain(`href="/${s.path}"`);
  });
});
