/**
 * checkout.module.css's class names for the server page of /basket to hand to its checkout
 * islands (./basket-checkout.tsx): a client module importing the CSS module would put its whole
 * class map into the basket's first-visit JS (issue #30). Server-only by use; the styles
 * themselves are inlined with the page as for any CSS module.
 */
export { default as checkoutClasses } from './checkout.module.css';
