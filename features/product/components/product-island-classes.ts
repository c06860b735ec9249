/**
 * Class names of the CSS modules of the product page's islands, for the server component
 * (./product-view.tsx) to hand to them: a client module importing a CSS module puts its whole
 * class map into the page's first-visit JS (issue #30). Server-only by use; the styles themselves
 * are inlined with the page as for any CSS module (the dialogs that load on a click import theirs).
 */
export { default as galleryClasses } from './product-gallery.module.css';
export { default as purchasePanelClasses } from './purchase-panel.module.css';
export { default as sizeChartClasses } from './size-chart.module.css';
