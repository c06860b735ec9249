/** Cached /blog list: proxy.ts rewrites `/blog?offset=N` here (../cached-article-list-route.tsx). */
import { cachedArticleListRoute } from '../cached-article-list-route';

/** Seconds a cached page is served before it is re-rendered. */
export const revalidate = 60;

/** Nothing is built ahead (on-demand ISR). */
export function generateStaticParams(): { key: string }[] {
  return [];
}

const route = cachedArticleListRoute('blog');

/** Title and description. */
export const generateMetadata = route.generateMetadata;

/** The list page. */
export default route.Page;
