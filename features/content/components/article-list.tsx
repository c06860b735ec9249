import type { ArticleKind } from '@/lib/api/contract/publications';
import { getArticles } from '../api/get-articles';
import { ArticleCard } from './article-card';
import styles from './articles.module.css';
import { LoadMoreArticles } from './load-more-articles';

/**
 * The list of news or blog articles from GET /v1/{content}?offset= (spec §7): cards from
 * `offset`, then "Показать ещё" while more remain. An empty list says so in Russian.
 * @param offset first article to show (the no-JS "Показать ещё" link passes it), ≥ 0.
 */
export async function ArticleList({ kind, offset = 0 }: { kind: ArticleKind; offset?: number }) {
  const page = await getArticles(kind, offset);
  if (page.results.length === 0) {
    return <p className={styles.empty}>{kind === 'news' ? 'Новостей пока нет.' : 'Статей пока нет.'}</p>;
  }
  return (
    <>
      <ul className={styles.grid}>
        {page.results.map((article, index) => (
          <ArticleCard key={article.id} article={article} priority={index === 0} />
        ))}
      </ul>
      <LoadMoreArticles kind={kind} nextOffset={page.offset + page.results.length} total={page.count} />
    </>
  );
}
