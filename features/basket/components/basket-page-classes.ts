/**
 * basket-page.module.css's class names for the server page (app/(shop)/basket/page.tsx) to hand
 * to the `BasketPage` island: a client module importing the CSS module would put its whole class
 * map into the basket's first-visit JS (issue #30). Server-only by use; the styles themselves are
 * inlined with the page as for any CSS module.
 */
export { default as basketPageClasses } from './basket-page.module.css';
