import Image from 'next/image';
import type { Article } from '@/lib/api/contract/publications';
import { formatContentDate } from '@/lib/format/date';
import styles from './articles.module.css';
import { RichText } from './rich-text';

/**
 * A whole news item or blog article: h1, date in Russian (spec §9), cover and the sanitised text,
 * with a link back to the list. Complete HTML without JavaScript.
 * @param backHref the list ("/news" or "/blog"); @param backLabel its Russian name.
 */
export function ArticleView({
  article,
  backHref,
  backLabel,
}: {
  article: Article;
  backHref: string;
  backLabel: string;
}) {
  return (
    <article className={styles.article}>
      <h1 className="page-title">{article.title}</h1>
      <time dateTime={article.published_at} className={styles.date} suppressHydrationWarning>
        {formatContentDate(article.published_at)}
      </time>
      <div className={styles.articleCover}>
        <Image
          src={article.cover}
          alt={article.cover_alt}
          fill
          sizes="(min-width: 900px) 860px, 100vw"
          preload
          className={styles.coverImage}
        />
      </div>
      <RichText text={article.text} format={article.format} />
      <p className={styles.back}>
        <a href={backHref}>← {backLabel}</a>
      </p>
    </article>
  );
}
