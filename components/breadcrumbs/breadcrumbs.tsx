import { JsonLd } from '@/components/json-ld';
import { href, routeTitle } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site-url';
import styles from './breadcrumbs.module.css';

/** One crumb: visible name and its path ("/kupalniki"). */
export type Crumb = { name: string; href: string };

/**
 * Breadcrumbs of every page but home (spec §2): "Главная" first, then `items` in path order; the
 * last crumb is the current page (not a link). Also emits a schema.org BreadcrumbList JSON-LD.
 * Server component (absolute URLs come from SITE_URL).
 * @param items crumbs after "Главная"; tag parts are already dropped by the caller (spec §2).
 */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const all: Crumb[] = [{ name: routeTitle('index'), href: href('index') }, ...items];
  return (
    <nav aria-label="Хлебные крошки" className={styles.nav}>
      <ol className={styles.list}>
        {all.map((crumb, index) => {
          const last = index === all.length - 1;
          return (
            <li key={`${crumb.href}-${index}`} className={styles.item}>
              {last ? <span aria-current="page">{crumb.name}</span> : <a href={crumb.href}>{crumb.name}</a>}
            </li>
          );
        })}
      </ol>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: all.map((crumb, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            name: crumb.name,
            item: absoluteUrl(crumb.href),
          })),
        }}
      />
    </nav>
  );
}
