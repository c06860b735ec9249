import Image from 'next/image';
import type { ArticlePreview } from '@/lib/api/contract/publications';
import { formatContentDate } from '@/lib/format/date';
import styles from './articles.module.css';

/**
 * A news or blog card: cover (3:2), date in Russian (spec §9), title linking to the article,
 * excerpt. Renders on the server and in the "Показать ещё" island alike.
 * @param priority preload the cover (first card of a list, the LCP image).
 */
export function ArticleCard({ article, priority = false }: { article: ArticlePreview; priority?: boolean }) {
  const href = `/${article.kind}/${article.slug}`;
  return (
    <li className={styles.card}>
      <a href={href} className={styles.cardLink}>
        <span className={styles.cover}>
          <Image
            src={article.cover}
            alt={article.cover_alt}
            fill
            sizes="(min-width: 1024px) 420px, (min-width: 640px) 50vw, 100vw"
            preload={priority}
            loading={priority ? undefined : 'lazy'}
            className={styles.coverImage}
          />
        </span>
        <time dateTime={article.published_at} className={styles.date} suppressHydrationWarning>
          {formatContentDate(article.published_at)}
        </time>
        <h2 className={styles.cardTitle}>{article.title}</h2>
        <p className={styles.excerpt}>{article.excerpt}</p>
      </a>
    </li>
  );
}
