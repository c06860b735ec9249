/**
 * Reviews contract (issue #33 items 1 and 5, docs/reviews.md): the public list of approved
 * reviews of a product with its rating and fit summary, the shopper's reviewable lines, the review
 * form's body, photo upload, and the moderation answers. Field names are snake_case like spec §7.
 */
import { z } from 'zod';
import { intId, intIdParam, safeString } from './common';
import { PersonalDataConsent } from './consent';

/** How the bought size fits. */
export const REVIEW_FIT_VALUES = ['runs_small', 'true_to_size', 'runs_large'] as const;
export const ReviewFit = z.enum(REVIEW_FIT_VALUES, { error: 'Выберите, как сидит размер' });
export type ReviewFit = z.infer<typeof ReviewFit>;

/** Russian names of {@link ReviewFit}, as the form and the summary write them. */
export const REVIEW_FIT_LABELS: Record<ReviewFit, string> = {
  runs_small: 'маломерит',
  true_to_size: 'в размер',
  runs_large: 'большемерит',
};

/** Most photos a review carries. */
export const REVIEW_MAX_PHOTOS = 5;
/** Largest photo upload, bytes (the storefront's relay passes at most 1 MB; the form shrinks larger photos first). */
export const REVIEW_PHOTO_MAX_BYTES = 1024 * 1024;
/** Longest review text, characters. */
export const REVIEW_TEXT_MAX = 2000;
/** Shortest review text, characters. */
export const REVIEW_TEXT_MIN = 10;

/** Sort orders of the public list: newest, best first, worst first. */
export const REVIEW_SORTS = ['new', 'rating_desc', 'rating_asc'] as const;
export const ReviewSort = z.enum(REVIEW_SORTS, { error: 'Неизвестная сортировка отзывов' });
export type ReviewSort = z.infer<typeof ReviewSort>;

/** Query of GET /v1/reviews/: the product, sort, filter by stars and «с фото», page. */
export const ReviewListQuery = z.object({
  product: intIdParam('Укажите товар'),
  sort: ReviewSort.default('new'),
  rating: z.coerce
    .number({ error: 'Оценка — число от 1 до 5' })
    .int('Оценка — число от 1 до 5')
    .min(1, 'Оценка — число от 1 до 5')
    .max(5, 'Оценка — число от 1 до 5')
    .optional(),
  photo: z.enum(['1'], { error: 'photo может быть только 1' }).optional(),
  limit: z.coerce
    .number({ error: 'limit должен быть числом' })
    .int('limit должен быть целым числом')
    .min(1, 'limit должен быть от 1 до 50')
    .max(50, 'limit должен быть от 1 до 50')
    .default(20),
  offset: z.coerce
    .number({ error: 'offset должен быть числом' })
    .int('offset должен быть целым числом')
    .min(0, 'offset не может быть отрицательным')
    .max(100_000, 'Слишком большой offset')
    .default(0),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

/** One photo of a review: URL under /media/reviews/, size in px. */
export const ReviewPhoto = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type ReviewPhoto = z.infer<typeof ReviewPhoto>;

/** An approved review as the product page shows it. */
export const Review = z
  .object({
    id: z.number().int(),
    /** The author's first name, or «Покупатель». */
    author: z.string(),
    rating: z.number().int().min(1).max(5),
    text: z.string(),
    size: z.string(),
    fit: ReviewFit,
    height_cm: z.number().int().nullable(),
    usual_size: z.string().nullable(),
    photos: z.array(ReviewPhoto),
    /** ISO date-time of posting. */
    created_at: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof Review>;

/** Counts of the three fit answers. */
export const FitCounts = z.object({
  runs_small: z.number().int().nonnegative(),
  true_to_size: z.number().int().nonnegative(),
  runs_large: z.number().int().nonnegative(),
});
export type FitCounts = z.infer<typeof FitCounts>;

/** The rating and fit of a product's approved reviews (all of them, whatever the list's filter). */
export const ReviewSummary = z
  .object({
    /** Approved reviews. */
    count: z.number().int().nonnegative(),
    /** Mean rating rounded to 0.1; null without reviews. */
    average: z.number().nullable(),
    /** Reviews per star, index 0 = 1 star. */
    stars: z.array(z.number().int().nonnegative()).length(5),
    /** Reviews with at least one photo. */
    with_photos: z.number().int().nonnegative(),
    fit: FitCounts,
    /** Per size bought, in size order: how it fits (item 5: «48 — в размер у 9 из 11»). */
    sizes: z.array(z.object({ size: z.string(), total: z.number().int().positive(), fit: FitCounts })),
  })
  .meta({ id: 'ReviewSummary' });
export type ReviewSummary = z.infer<typeof ReviewSummary>;

/** GET /v1/reviews/ answer. */
export const ReviewListResponse = z
  .object({
    status: z.literal('success'),
    summary: ReviewSummary,
    /** Reviews matching the filter. */
    count: z.number().int().nonnegative(),
    results: z.array(Review),
  })
  .meta({ id: 'ReviewListResponse' });
export type ReviewListResponse = z.infer<typeof ReviewListResponse>;

/** Query of GET /v1/reviews/ratings/: up to 100 product ids, comma-separated. */
export const RatingsQuery = z.object({
  ids: z
    .string({ error: 'Укажите товары' })
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'Укажите до 100 номеров товаров через запятую'),
});

/** Rating of one product for its card. */
export const ProductRating = z.object({
  product: z.number().int(),
  average: z.number(),
  count: z.number().int().positive(),
});
export type ProductRating = z.infer<typeof ProductRating>;

/** GET /v1/reviews/ratings/ answer: products without approved reviews are left out. */
export const RatingsResponse = z
  .object({ status: z.literal('success'), results: z.array(ProductRating) })
  .meta({ id: 'RatingsResponse' });

/** Query of GET /v1/reviews/eligible/. */
export const EligibleQuery = z.object({ product: intIdParam('Укажите товар') });

/** An order line the shopper may review. */
export const ReviewableLine = z.object({
  order_item_id: z.number().int(),
  order_number: z.string(),
  size: z.string(),
  color: z.string(),
});
export type ReviewableLine = z.infer<typeof ReviewableLine>;

/** GET /v1/reviews/eligible/ answer: lines of delivered orders of this product not reviewed yet. */
export const EligibleResponse = z
  .object({ status: z.literal('success'), lines: z.array(ReviewableLine) })
  .meta({ id: 'ReviewEligibleResponse' });
export type EligibleResponse = z.infer<typeof EligibleResponse>;

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    safeString({ error: message }).trim().min(1, message).max(max, message).optional(),
  );

/** Body of POST /v1/reviews/ (the review form), with the 152-ФЗ consent box. */
export const ReviewBody = z
  .object({
    order_item_id: intId('Выберите покупку, о которой отзыв'),
    rating: z
      .number({ error: 'Поставьте оценку от 1 до 5' })
      .int('Поставьте оценку от 1 до 5')
      .min(1, 'Поставьте оценку от 1 до 5')
      .max(5, 'Поставьте оценку от 1 до 5'),
    text: safeString({ error: 'Напишите отзыв' })
      .trim()
      .min(REVIEW_TEXT_MIN, `Отзыв — не короче ${REVIEW_TEXT_MIN} символов`)
      .max(REVIEW_TEXT_MAX, `Отзыв — не длиннее ${REVIEW_TEXT_MAX} символов`),
    fit: ReviewFit,
    height_cm: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.coerce
        .number({ error: 'Рост — число сантиметров от 100 до 230' })
        .int('Рост — целое число сантиметров')
        .min(100, 'Рост — от 100 до 230 см')
        .max(230, 'Рост — от 100 до 230 см')
        .optional(),
    ),
    usual_size: optionalText(20, 'Обычный размер — не длиннее 20 символов'),
    /** Keys of photos uploaded by POST /v1/reviews/photos/, in order. */
    photos: z
      .array(z.uuid({ error: 'Неизвестное фото' }), { error: 'Неизвестное фото' })
      .max(REVIEW_MAX_PHOTOS, `Не больше ${REVIEW_MAX_PHOTOS} фото`)
      .default([]),
    personal_data_consent: PersonalDataConsent,
  })
  .meta({ id: 'ReviewBody' });
/** What the form sends. */
export type ReviewBody = z.input<typeof ReviewBody>;
/** The body once parsed (defaults applied). */
export type ReviewInput = z.output<typeof ReviewBody>;

/** What the shopper is told after posting. */
export const REVIEW_POSTED = 'Спасибо! Отзыв появится на странице товара после проверки модератором.';

/** POST /v1/reviews/ answer. */
export const ReviewPostedResponse = z
  .object({ status: z.literal('success'), message: z.string(), id: z.number().int() })
  .meta({ id: 'ReviewPostedResponse' });

/** POST /v1/reviews/photos/ answer: the key to list in `photos` of the review. */
export const ReviewPhotoUploaded = z
  .object({ status: z.literal('success'), key: z.uuid(), width: z.number().int(), height: z.number().int() })
  .meta({ id: 'ReviewPhotoUploaded' });

/** A review as moderators see it (any status). */
export const ModerationReview = Review.extend({
  product_id: z.number().int(),
  product_name: z.string(),
  order_number: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
}).meta({ id: 'ModerationReview' });
export type ModerationReview = z.infer<typeof ModerationReview>;

/** Query of the moderation list. */
export const ModerationQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected'], { error: 'Неизвестный статус отзыва' }).default('pending'),
});

/** Moderation list answer, oldest first. */
export const ModerationListResponse = z
  .object({ status: z.literal('success'), results: z.array(ModerationReview) })
  .meta({ id: 'ModerationListResponse' });

/** Approve / reject answer. */
export const ModerationDecisionResponse = z
  .object({ status: z.literal('success'), review: ModerationReview })
  .meta({ id: 'ModerationDecisionResponse' });
