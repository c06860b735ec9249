// @vitest-environment jsdom
/**
 * ProductImage (issue #30): the `<img>` next/image renders, without its client component — the
 * optimiser's srcset, lazy unless it is the LCP candidate, which is eager, high priority and
 * preloaded in the head; SVG and foreign URLs are not optimised.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image';

const img = (container: HTMLElement) => container.querySelector('img')!;

describe('ProductImage', () => {
  it('renders a lazy, optimised image filling its box for the given sizes', () => {
    const { container } = render(<ProductImage src="/media/p/a.webp" alt="Купальник" sizes="50vw" className="x" />);
    const image = img(container);
    expect(image).toHaveAttribute('alt', 'Купальник');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('sizes', '50vw');
    expect(image).toHaveClass('x');
    expect(image.getAttribute('srcset')).toMatch(/^\/_next\/image\?url=%2Fmedia%2Fp%2Fa\.webp&w=\d+&q=75 \d+w, /);
    expect(image.style.position).toBe('absolute');
    expect(image.getAttribute('fetchpriority')).toBeNull();
    expect(document.head.querySelector('link[rel=preload]')).toBeNull();
  });

  it('loads the LCP candidate eagerly with high priority and preloads its srcset', () => {
    const { container } = render(<ProductImage src="/media/p/b.webp" alt="" sizes="25vw" preload />);
    const image = img(container);
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    const link = document.head.querySelector('link[rel=preload][as=image]');
    expect(link?.getAttribute('imagesrcset')).toBe(image.getAttribute('srcset'));
    expect(link?.getAttribute('imagesizes')).toBe('25vw');
  });

  it('serves SVG and foreign pictures as they are', () => {
    const { container } = render(<ProductImage src="https://cdn.example/a.jpg" alt="" sizes="10vw" />);
    expect(img(container)).toHaveAttribute('src', 'https://cdn.example/a.jpg');
    expect(img(container).getAttribute('srcset')).toBeNull();
  });
});
