/** Spec §1: the messenger widget sends a link to the current product, built from stored handles only. */
import { describe, expect, it } from 'vitest';
import { isProductPath, productShareLinks } from './messenger-links';

describe('messenger links', () => {
  it('recognises product pages and nothing else', () => {
    expect(isProductPath('/odezhda/platya/123/plate-maaji')).toBe(true);
    expect(isProductPath('/kupalniki/razdelnye/byustgaltery/77')).toBe(true);
    expect(isProductPath('/kupalniki/razdelnye')).toBe(false);
    expect(isProductPath('/news/chernaya-pyatnica-2026')).toBe(false);
    expect(isProductPath('/')).toBe(false);
  });

  it('builds WhatsApp to the shop number and a Telegram share link with the product URL', () => {
    const url = 'https://shop.ru/odezhda/platya/123/plate';
    const links = productShareLinks(url, {
      telegram: 'https://t.me/lumiere_beach',
      whatsapp: 'https://wa.me/79991234567',
      vk: null,
    });
    expect(links).toEqual([
      {
        name: 'Telegram',
        href: `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent('Вопрос по товару')}`,
      },
      {
        name: 'WhatsApp',
        href: `https://wa.me/79991234567?text=${encodeURIComponent(`Здравствуйте! Вопрос по товару: ${url}`)}`,
      },
    ]);
    expect(productShareLinks(url, { telegram: null, whatsapp: null, vk: 'https://vk.com/x' })).toEqual([]);
  });
});
