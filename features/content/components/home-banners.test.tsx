/**
 * The banner slot's loading priorities (issue #7, issue #14 items 16–17): on the home page the
 * first picture is the phone's LCP and is fetched eagerly with high priority; a listing's banners
 * are lazy and never ask for high priority, so they do not compete with the product photos.
 */
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PromoBanners } from './home-banners';

const getBanners = vi.fn();
vi.mock('../api/get-banners', () => ({ getBanners: (...args: unknown[]) => getBanners(...args) }));

const banner = (id: number) => ({
  id,
  image: `/media/content/banner/${id}.webp`,
  image_alt: `Баннер ${id}`,
  link: `/sale?b=${id}`,
  link_text: 'Смотреть',
  title: `Акция ${id}`,
  text: 'Скидки до 50%',
});

describe('PromoBanners', () => {
  beforeEach(() => getBanners.mockResolvedValue([banner(1), banner(2)]));

  it('fetches the first home banner eagerly with high priority, the second lazily', async () => {
    render(await PromoBanners({ place: 'home' }));
    const [first, second] = [screen.getByAltText('Баннер 1'), screen.getByAltText('Баннер 2')];
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('loading')).not.toBe('lazy');
    expect(second.getAttribute('fetchpriority')).toBeNull();
    expect(second.getAttribute('loading')).toBe('lazy');
  });

  it("loads a listing's banners lazily and without high priority", async () => {
    render(await PromoBanners({ place: 'container', section: 'kupalniki' }));
    expect(getBanners).toHaveBeenCalledWith('container', 'kupalniki');
    for (const img of [screen.getByAltText('Баннер 1'), screen.getByAltText('Баннер 2')]) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('fetchpriority')).toBeNull();
    }
  });

  it('renders nothing without banners', async () => {
    getBanners.mockResolvedValue([]);
    expect(await PromoBanners({ place: 'home' })).toBeNull();
  });
});
