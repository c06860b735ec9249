/**
 * The footer links the landing pages (issue #34 item 10: they were linked from nowhere, so
 * shoppers and crawlers never reached them), under the catalogue column as «Подборки».
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer';

const landings = [
  { slug: 'kupalniki-dlya-otpuska', title: 'Купальники для отпуска' },
  { slug: 'maaji', title: 'Maaji: яркие купальники из Колумбии' },
];

describe('SiteFooter landing links', () => {
  it('lists every landing page under «Подборки» with its title and /landing/{slug}', () => {
    render(<SiteFooter organization={null} categories={[]} landings={landings} />);
    const list = screen.getByRole('list', { name: 'Подборки' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Купальники для отпуска', '/landing/kupalniki-dlya-otpuska'],
      ['Maaji: яркие купальники из Колумбии', '/landing/maaji'],
    ]);
  });

  it('shows no empty heading without landing pages', () => {
    render(<SiteFooter organization={null} categories={[]} />);
    expect(screen.queryByText('Подборки')).toBeNull();
  });
});
