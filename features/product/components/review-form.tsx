'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConsentCheckbox, PersonalDataConsentLabel } from '@/components/consent-checkbox/consent-checkbox';
import { Modal } from '@/components/modal/modal';
import { BffRequestError, bffRequest } from '@/lib/api/bff-client';
import {
  EligibleResponse,
  REVIEW_FIT_LABELS,
  REVIEW_FIT_VALUES,
  REVIEW_MAX_PHOTOS,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_POSTED,
  REVIEW_TEXT_MAX,
  ReviewBody,
  ReviewPhotoUploaded,
  ReviewPostedResponse,
  type ReviewFit,
} from '@/lib/api/contract/reviews';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import { QueryIsland } from '@/lib/query-client';
import { usePopupsStore } from '@/stores/popups-store';
import styles from './review-form.module.css';

/** Longest side a photo is shrunk to before upload, px (the API stores at most 1600 px). */
const UPLOAD_SIDE = 1600;

/** Props of `ReviewFormDialog`. */
export type ReviewFormDialogProps = { productId: number; productName: string; onClose: () => void };

/**
 * The review form in a modal (issue #33 item 1, docs/reviews.md), loaded on demand by
 * `ReviewFormLauncher`. It asks GET /api/v1/reviews/eligible/ which purchases of the product the
 * shopper may review (a guest is offered the login popup; a shopper without a delivered order is
 * told so), then takes the rating, how the size fits, the text, optional height and usual size,
 * up to {@link REVIEW_MAX_PHOTOS} photos (each shrunk in the browser to fit the 1 MB upload, then
 * sent to POST /api/v1/reviews/photos/) and the 152-ФЗ consent, and posts POST /api/v1/reviews/.
 * The API's Russian messages are shown as they come (403 not delivered, 409 already reviewed, 429).
 */
export function ReviewFormDialog({ productId, productName, onClose }: ReviewFormDialogProps) {
  return (
    <Modal open onClose={onClose} title="Отзыв о товаре" width={560}>
      <QueryIsland>
        <Body productId={productId} productName={productName} />
      </QueryIsland>
    </Modal>
  );
}

/** A photo chosen in the form: its local preview and, once uploaded, its key. */
type Photo = { id: string; preview: string; key: string | null; error: string | null };

/**
 * Shrinks a picture to {@link UPLOAD_SIDE} px and JPEG when it is larger than the upload limit or
 * side (the API re-encodes anyway; this only makes phone photos fit the 1 MB relay).
 */
async function shrink(file: File): Promise<Blob> {
  if (file.size <= REVIEW_PHOTO_MAX_BYTES * 0.9 && file.type !== 'image/heic') {
    return file;
  }
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, UPLOAD_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode'))), 'image/jpeg', 0.85),
  );
}

async function uploadPhoto(file: File): Promise<string> {
  const blob = await shrink(file);
  const res = await fetch('/api/v1/reviews/photos/', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': blob.type || 'image/jpeg', Accept: 'application/json' },
    body: blob,
  });
  const payload: unknown = await res.json().catch(() => null);
  const ok = ReviewPhotoUploaded.safeParse(payload);
  if (res.ok && ok.success) return ok.data.key;
  const message = (payload as { message?: unknown } | null)?.message;
  throw new Error(typeof message === 'string' ? message : 'Не удалось загрузить фото');
}

function Body({ productId, productName }: { productId: number; productName: string }) {
  const id = useId();
  const eligible = useQuery({
    queryKey: ['reviews', 'eligible', productId],
    queryFn: () => bffRequest('GET', `/v1/reviews/eligible/?product=${productId}`, EligibleResponse),
    retry: false,
  });
  const [line, setLine] = useState<number | null>(null);
  const [rating, setRating] = useState(0);
  const [fit, setFit] = useState<ReviewFit | ''>('');
  const [text, setText] = useState('');
  const [height, setHeight] = useState('');
  const [usual, setUsual] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const openPopup = usePopupsStore((s) => s.openPopup);

  const send = useMutation({
    mutationFn: (body: ReviewBody) => bffRequest('POST', '/v1/reviews/', ReviewPostedResponse, body),
    onError: (error) => {
      if (error instanceof BffRequestError) setErrors(error.errors);
    },
  });

  if (eligible.isPending) return <p role="status">Проверяем ваши покупки…</p>;
  if (eligible.isError) {
    const unauthorized = eligible.error instanceof BffRequestError && eligible.error.status === 401;
    return unauthorized ? (
      <div className={styles.notice}>
        <p>Отзывы оставляют покупатели, получившие заказ. Войдите в аккаунт, в котором оформляли покупку.</p>
        <button type="button" className="button" onClick={() => openPopup('login')}>
          Войти
        </button>
      </div>
    ) : (
      <p role="alert">{eligible.error.message}</p>
    );
  }
  const lines = eligible.data.lines;
  if (lines.length === 0)
    return (
      <p className={styles.notice}>
        Отзыв можно оставить после получения оплаченного заказа с этим товаром. Если вы уже написали отзыв о каждой
        покупке, спасибо: он появится после проверки.
      </p>
    );
  if (send.isSuccess)
    return (
      <p role="status" className={styles.success}>
        {REVIEW_POSTED}
      </p>
    );

  const chosen = lines.find((l) => l.order_item_id === line) ?? lines[0]!;
  const uploading = photos.some((p) => p.key === null && p.error === null);

  async function addPhotos(files: FileList | null) {
    if (!files) return;
    const room = REVIEW_MAX_PHOTOS - photos.length;
    const picked = [...files].slice(0, Math.max(0, room));
    if (files.length > room) setErrors((e) => ({ ...e, photos: `Не больше ${REVIEW_MAX_PHOTOS} фото` }));
    const added = picked.map((file) => ({
      id: `${file.name}-${file.size}-${Math.random()}`,
      preview: URL.createObjectURL(file),
      key: null,
      error: null,
    }));
    setPhotos((prev) => [...prev, ...added]);
    await Promise.all(
      picked.map(async (file, index) => {
        const photo = added[index]!;
        try {
          const key = await uploadPhoto(file);
          setPhotos((prev) => prev.map((p) => (p.id === photo.id ? { ...p, key } : p)));
        } catch (error) {
          const message = error instanceof Error ? error.message : 'Не удалось загрузить фото';
          setPhotos((prev) => prev.map((p) => (p.id === photo.id ? { ...p, error: message } : p)));
        }
      }),
    );
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      order_item_id: chosen.order_item_id,
      rating,
      fit: fit || undefined,
      text,
      height_cm: height || undefined,
      usual_size: usual || undefined,
      photos: photos.flatMap((p) => (p.key ? [p.key] : [])),
      personal_data_consent: consent,
    };
    const parsed = ReviewBody.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '_');
        next[key] ??= key === 'personal_data_consent' ? CONSENT_TEXTS.personalDataRequired : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    send.mutate(body as ReviewBody);
  }

  const hint = (name: string) =>
    errors[name] ? (
      <span id={`${id}-${name}-error`} className={styles.error}>
        {errors[name]}
      </span>
    ) : null;

  return (
    <form noValidate onSubmit={submit} className={styles.form} aria-label={`Отзыв: ${productName}`}>
      {lines.length > 1 ? (
        <label className={styles.field}>
          <span className={styles.label}>Покупка</span>
          <select
            className={styles.input}
            value={chosen.order_item_id}
            onChange={(e) => setLine(Number(e.target.value))}
          >
            {lines.map((l) => (
              <option key={l.order_item_id} value={l.order_item_id}>
                Заказ № {l.order_number}, размер {l.size || '—'}
                {l.color ? `, ${l.color.toLocaleLowerCase('ru')}` : ''}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className={styles.muted}>
          Заказ № {chosen.order_number}, размер {chosen.size || '—'}
          {chosen.color ? `, ${chosen.color.toLocaleLowerCase('ru')}` : ''}
        </p>
      )}
      <fieldset className={styles.fieldset} aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className={styles.label}>Оценка</legend>
        <div className={styles.starsInput}>
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className={styles.star} data-on={value <= rating ? '' : undefined}>
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  setErrors(({ rating: _, ...rest }) => rest);
                }}
                aria-label={`${value} из 5`}
              />
              ★
            </label>
          ))}
        </div>
        {hint('rating')}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.label}>Как сидит размер {chosen.size}</legend>
        <div className={styles.choices}>
          {REVIEW_FIT_VALUES.map((value) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name="fit"
                value={value}
                checked={fit === value}
                onChange={() => {
                  setFit(value);
                  setErrors(({ fit: _, ...rest }) => rest);
                }}
              />
              {REVIEW_FIT_LABELS[value]}
            </label>
          ))}
        </div>
        {hint('fit')}
      </fieldset>
      <label className={styles.field}>
        <span className={styles.label}>Отзыв</span>
        <textarea
          name="text"
          rows={5}
          maxLength={REVIEW_TEXT_MAX}
          className={styles.input}
          value={text}
          aria-invalid={Boolean(errors.text)}
          aria-describedby={errors.text ? `${id}-text-error` : undefined}
          placeholder="Как сидит, какая ткань, совпадает ли цвет с фото"
          onChange={(e) => {
            setText(e.target.value);
            setErrors(({ text: _, ...rest }) => rest);
          }}
        />
        {hint('text')}
      </label>
      <div className={styles.row}>
        <label className={styles.field}>
          <span className={styles.label}>Рост, см (необязательно)</span>
          <input
            name="height_cm"
            inputMode="numeric"
            className={styles.input}
            value={height}
            onChange={(e) => setHeight(e.target.value.replace(/\D/g, '').slice(0, 3))}
          />
          {hint('height_cm')}
        </label>
        <label className={styles.field}>
          <span className={styles.label}>Обычно ношу размер (необязательно)</span>
          <input
            name="usual_size"
            maxLength={20}
            className={styles.input}
            value={usual}
            onChange={(e) => setUsual(e.target.value)}
          />
          {hint('usual_size')}
        </label>
      </div>
      <div className={styles.field}>
        <span className={styles.label}>Фото (до {REVIEW_MAX_PHOTOS})</span>
        {photos.length > 0 ? (
          <ul className={styles.previews}>
            {photos.map((photo) => (
              <li key={photo.id} className={styles.preview}>
                {/* eslint-disable-next-line @next/next/no-img-element -- a local blob: preview, not a served image */}
                <img src={photo.preview} alt="" width={72} height={72} />
                {photo.error ? <span className={styles.error}>{photo.error}</span> : null}
                {!photo.key && !photo.error ? <span className={styles.muted}>Загружаем…</span> : null}
                <button
                  type="button"
                  className={styles.remove}
                  aria-label="Убрать фото"
                  onClick={() => setPhotos((prev) => prev.filter((p) => p.id !== photo.id))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {photos.length < REVIEW_MAX_PHOTOS ? (
          <label className={`button button-outline ${styles.pick}`}>
            Добавить фото
            <input
              type="file"
              name="photos"
              accept="image/jpeg,image/png,image/webp,image/heic"
              multiple
              className={styles.fileInput}
              onChange={(e) => {
                void addPhotos(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
        ) : null}
        {hint('photos')}
      </div>
      <ConsentCheckbox
        name="personal_data_consent"
        checked={consent}
        onChange={(e) => {
          setConsent(e.target.checked);
          if (e.target.checked) setErrors(({ personal_data_consent: _, ...rest }) => rest);
        }}
        error={errors.personal_data_consent ? CONSENT_TEXTS.personalDataRequired : undefined}
      >
        <PersonalDataConsentLabel />
      </ConsentCheckbox>
      {send.isError ? (
        <p role="alert" className={styles.error}>
          {send.error.message}
        </p>
      ) : null}
      <p className={styles.muted}>Отзыв появится после проверки модератором.</p>
      <button type="submit" className="button" disabled={send.isPending || uploading}>
        {send.isPending ? 'Отправляем…' : uploading ? 'Загружаем фото…' : 'Отправить отзыв'}
      </button>
    </form>
  );
}
