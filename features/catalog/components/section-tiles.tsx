import type { PreviewCategory } from '@/lib/api/contract/catalog';
import { formatCount } from '@/lib/format/plural';
import { catalogHref } from '@/lib/routes';
import styles from './section-tiles.module.css';

/** Props of `SectionTiles`. */
export type SectionTilesProps = {
  /** GET /v1/preview_category/ sections. */
  categories: readonly PreviewCategory[];
};

/** Home page tiles of the catalogue sections (spec §2), each with a few subcategory links. */
export function SectionTiles({ categories }: SectionTilesProps) {
  if (categories.length === 0) return null;
  return (
    <section className={styles.wrap} aria-labelledby="section-tiles-title">
      <h2 id="section-tiles-title" className={styles.title}>
        Каталог
      </h2>
      <ul className={styles.tiles}>
        {categories.map((category) => (
          <li key={category.path} className={styles.tile}>
            <a href={catalogHref(category.path)} className={styles.name}>
              {category.name}
            </a>
            <p className={styles.meta}>
              {formatCount(category.subcategories.length, ['категория', 'категории', 'категорий'])}
            </p>
            <ul className={styles.subs}>
              {category.subcategories.slice(0, 4).map((sub) => (
                <li key={sub.path}>
                  <a href={catalogHref(sub.path)}>{sub.name}</a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
