'use client';

/**
 * The product page's client islands, loaded as their own chunk (issue #30, first-visit JS).
 * Listings and products share one route (app/(shop)/[section]/[[...path]]), and Next bundles every
 * client component a route imports statically into one chunk that every page of the route loads:
 * a listing downloaded the purchase panel, the gallery, the review launcher, the size chart's
 * launcher and the colour selection. Behind next/dynamic (server-rendered as before, its script
 * written into the page) a chunk loads only where its island renders: all of them from one
 * module, ./product-client.tsx, so one chunk.
 */
import dynamic from 'next/dynamic';

/** ./product-gallery `ProductGallery`, loaded where a product page renders it. */
export const ProductGallery = dynamic(() => import('./product-client').then((m) => m.ProductGallery));
/** ./purchase-panel `PurchasePanel` (spec §2 "Product detail": sizes, quantity, add to basket). */
export const PurchasePanel = dynamic(() => import('./product-client').then((m) => m.PurchasePanel));
/** ./recently-viewed `RecentlyViewed`. */
export const RecentlyViewed = dynamic(() => import('./product-client').then((m) => m.RecentlyViewed));
/** ./review-form-launcher `ReviewFormLauncher` (issue #33: «Написать отзыв»). */
export const ReviewFormLauncher = dynamic(() => import('./product-client').then((m) => m.ReviewFormLauncher));
/** ./product-selection `ProductSelectionProvider`: the chosen colour shared by gallery and purchase panel. */
export const ProductSelectionProvider = dynamic(() =>
  import('./product-client').then((m) => m.ProductSelectionProvider),
);
/** ./size-chart `SizeChart` («Таблица размеров», spec §2 Popups). */
export const SizeChart = dynamic(() => import('./product-client').then((m) => m.SizeChart));
