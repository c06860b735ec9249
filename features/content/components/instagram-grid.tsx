import Image from 'next/image';
import { formatContentDate } from '@/lib/format/date';
import { getInstagramPosts } from '../api/get-instagram-posts';
import styles from './instagram-grid.module.css';

/**
 * The shop's Instagram feed (GET /v1/instagramm_posts): a grid of square pictures with captions,
 * each opening the post in a new tab. Nothing renders when there are no posts.
 */
export async function InstagramGrid() {
  const posts = await getInstagramPosts();
  if (posts.length === 0) return null;
  return (
    <ul className={styles.grid} aria-label="Посты Instagram">
      {posts.map((post) => (
        <li key={post.id}>
          <a href={post.link} target="_blank" rel="noopener noreferrer" className={styles.link}>
            <span className={styles.media}>
              <Image
                src={post.image}
                alt={post.caption}
                fill
                sizes="(min-width: 1024px) 300px, 45vw"
                loading="lazy"
                className={styles.image}
              />
            </span>
            <span className={styles.caption}>{post.caption}</span>
            <time dateTime={post.published_at} className={styles.date} suppressHydrationWarning>
              {formatContentDate(post.published_at)}
            </time>
            <span className="visually-hidden"> (откроется в новой вкладке)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
