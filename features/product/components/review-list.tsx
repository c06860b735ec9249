import { getImageProps } from 'next/image';
import { REVIEW_FIT_LABELS, REVIEW_FIT_VALUES, type ReviewListResponse } from '@/lib/api/contract/reviews';
import { formatCount } from '@/lib/format/plural';
import { fitHeadline } from '../utils/review-fit';
import { ReviewFormLauncher } from './product-client';
import styles from './review-list.module.css';

/** Props of `ReviewList`. */
export type ReviewListProps = {
  productId: number;
  productName: string;
  /** GET /v1/reviews/ of the product (newest first), or null when the API did not answer. */
  reviews: ReviewListResponse | null;
};

const date = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});
const decimal = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const REVIEW_FORMS = ['отзыв', 'отзыва', 'отзывов'] as const;

/** «★★★★☆» for screens, «Оценка 4 из 5» for screen readers. */
function Stars({ value, className }: { value: number; className?: string }) {
  const full = Math.round(value);
  return (
    <span
      className={`${styles.stars} ${className ?? ''}`}
      role="img"
      aria-label={`Оценка ${decimal.format(value)} из 5`}
    >
      {'★'.repeat(full)}
      <span className={styles.starsOff}>{'★'.repeat(5 - full)}</span>
    </span>
  );
}

/**
 * The reviews of a product page (issue #33 item 1, docs/reviews.md), under the gallery: the mean
 * rating, the fit summary («Чаще всего: в размер, 72 %») with the share of each answer, the
 * button that loads the review form on demand, and the newest approved reviews with size bought,
 * fit, height, usual size and photos.
 *
 * Sorting (newest, best, worst) and filters (stars, «с фото») are radio buttons and a checkbox that
 * CSS alone acts on (`:has()`, `order` from each review's rank): they work without JavaScript and
 * add none, and the page stays one cached HTML for every visitor. Server component.
 */
export function ReviewList({ productId, productName, reviews }: ReviewListProps) {
  const summary = reviews?.summary;
  const list = reviews?.results ?? [];
  const headline = summary ? fitHeadline(summary.fit) : null;
  const fitTotal = summary ? summary.fit.runs_small + summary.fit.true_to_size + summary.fit.runs_large : 0;
  const rank = (compare: (a: (typeof list)[number], b: (typeof list)[number]) => number) =>
    new Map([...list].sort(compare).map((review, index) => [review.id, index]));
  // Ties keep the newest first: `list` is newest first and Array.prototype.sort is stable.
  const best = rank((a, b) => b.rating - a.rating);
  const worst = rank((a, b) => a.rating - b.rating);

  return (
    <section id="reviews" className={styles.reviews} aria-labelledby="reviews-title">
      <h2 id="reviews-title" className={styles.title}>
        Отзывы{summary && summary.count > 0 ? <span className={styles.count}> {summary.count}</span> : null}
      </h2>
      {summary && summary.count > 0 && summary.average !== null ? (
        <div className={styles.summary} data-testid="reviews-summary">
          <p className={styles.average}>
            <span className={styles.averageValue}>{decimal.format(summary.average)}</span>
            <Stars value={summary.average} />
            <span className={styles.muted}>{formatCount(summary.count, REVIEW_FORMS)}</span>
          </p>
          {headline ? (
            <div className={styles.fit}>
              <p className={styles.fitHeadline} data-testid="fit-summary">
                {headline}
              </p>
              <ul className={styles.fitBars} aria-label="Как сидит по отзывам">
                {REVIEW_FIT_VALUES.map((fit) => {
                  const percent = fitTotal ? Math.round((summary.fit[fit] / fitTotal) * 100) : 0;
                  return (
                    <li key={fit} className={styles.fitRow}>
                      <span className={styles.fitLabel}>{REVIEW_FIT_LABELS[fit]}</span>
                      <span className={styles.bar} aria-hidden="true">
                        <span className={styles.barFill} style={{ width: `${percent}%` }} />
                      </span>
                      <span className={styles.fitPercent}>{percent}&#8239;%</span>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}
        </div>
      ) : (
        <p className={styles.empty}>Отзывов пока нет. Купили этот товар? Расскажите, как он сидит.</p>
      )}
      <ReviewFormLauncher productId={productId} productName={productName} className={styles.write} />
      {list.length > 0 && summary ? (
        <>
          <div className={styles.controls}>
            <fieldset className={styles.group}>
              <legend className={styles.legend}>Сортировка</legend>
              {(
                [
                  ['new', 'Новые'],
                  ['rating_desc', 'Сначала хорошие'],
                  ['rating_asc', 'Сначала плохие'],
                ] as const
              ).map(([value, label], index) => (
                <label key={value} className={styles.chip}>
                  <input type="radio" name="reviews-sort" value={value} defaultChecked={index === 0} />
                  {label}
                </label>
              ))}
            </fieldset>
            <fieldset className={styles.group}>
              <legend className={styles.legend}>Оценка</legend>
              <label className={styles.chip}>
                <input type="radio" name="reviews-rating" value="all" defaultChecked />
                Все
              </label>
              {[5, 4, 3, 2, 1].map((stars) => (
                <label key={stars} className={styles.chip}>
                  <input
                    type="radio"
                    name="reviews-rating"
                    value={stars}
                    disabled={summary.stars[stars - 1] === 0}
                    aria-label={`${stars} из 5, ${formatCount(summary.stars[stars - 1] ?? 0, REVIEW_FORMS)}`}
                  />
                  {stars}&nbsp;★ <span className={styles.muted}>{summary.stars[stars - 1]}</span>
                </label>
              ))}
              <label className={styles.chip}>
                <input type="checkbox" name="reviews-photo" value="1" disabled={summary.with_photos === 0} />С фото{' '}
                <span className={styles.muted}>{summary.with_photos}</span>
              </label>
            </fieldset>
          </div>
          <ol className={styles.list} data-testid="review-list">
            {list.map((review) => (
              <li
                key={review.id}
                className={styles.item}
                data-rating={review.rating}
                data-photo={review.photos.length > 0 ? '' : undefined}
                data-testid="review"
                style={{ '--by-best': best.get(review.id), '--by-worst': worst.get(review.id) } as React.CSSProperties}
              >
                <article>
                  <header className={styles.itemHead}>
                    <span className={styles.author}>{review.author}</span>
                    <time dateTime={review.created_at} className={styles.muted}>
                      {date.format(new Date(review.created_at))}
                    </time>
                  </header>
                  <Stars value={review.rating} className={styles.itemStars} />
                  <dl className={styles.facts}>
                    <div>
                      <dt>Размер</dt>
                      <dd>{review.size || '—'}</dd>
                    </div>
                    <div>
                      <dt>Посадка</dt>
                      <dd>{REVIEW_FIT_LABELS[review.fit]}</dd>
                    </div>
                    {review.height_cm ? (
                      <div>
                        <dt>Рост</dt>
                        <dd>{review.height_cm}&nbsp;см</dd>
                      </div>
                    ) : null}
                    {review.usual_size ? (
                      <div>
                        <dt>Обычно носит</dt>
                        <dd>{review.usual_size}</dd>
                      </div>
                    ) : null}
                  </dl>
                  <p className={styles.text}>{review.text}</p>
                  {review.photos.length > 0 ? (
                    <ul className={styles.photos} aria-label="Фото покупателя">
                      {review.photos.map((photo, index) => (
                        <li key={photo.url}>
                          <a href={photo.url} target="_blank" rel="noopener">
                            {/* next/image's <img> without its client component (issue #30: it put
                                ~3.5 kB on the listing's and product's first visit). */}
                            {/* eslint-disable-next-line @next/next/no-img-element -- next/image's own props */}
                            <img
                              {...getImageProps({
                                src: photo.url,
                                alt: `Фото ${index + 1} из отзыва: ${productName}`,
                                width: 96,
                                height: 96,
                                sizes: '96px',
                                className: styles.photo,
                              }).props}
                              alt={`Фото ${index + 1} из отзыва: ${productName}`}
                            />
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </article>
              </li>
            ))}
          </ol>
          {summary.count > list.length ? (
            <p className={styles.muted}>
              Показаны {list.length} последних из {formatCount(summary.count, REVIEW_FORMS)}.
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
