/**
 * robots.txt (issue #3 SEO): everything is crawlable except the BFF, the operator console (issue
 * #32), the basket and the personal pages (the shop addresses of /address are public, issue #14);
 * the sitemap index is named.
 * Filtered listings stay crawlable (their links are nofollow and the pages say noindex with a
 * canonical to the clean listing).
 */
import { absoluteUrl } from '@/lib/site-url';
import type { MetadataRoute } from 'next';

/** The robots rules. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: '*',
        allow: '/',
        disallow: ['/api/', '/admin', '/basket', '/profile', '/favorite', '/history-order'],
      },
    ],
    sitemap: absoluteUrl('/sitemap-index.xml'),
  };
}
