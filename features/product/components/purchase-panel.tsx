'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import type { Feature, Offer } from '@/lib/api/contract/catalog';
import type { CssClasses } from '@/lib/css-classes';
import { lazyIsland } from '@/lib/lazy-island';
import { useBasketStore } from '@/stores/basket-store';
import { useLiveStock, type LiveStock } from '../api/get-live-stock';
import { inStock, onlyAvailable } from '../utils/only-available';
import { useProductSelection } from './product-selection';
import type { ShopperDialogProps } from './shopper-dialogs';
import type { InitialSelection } from '../utils/initial-selection';

// Issue #33: the notice and one-click forms load when opened, not with the page.
const ShopperDialog = lazyIsland(() => import('./shopper-dialogs').then((m) => m.ShopperDialog));

/** Props of `PurchasePanel`. */
export type PurchasePanelProps = {
  /** The product's pk: its sizes' live stock is asked from GET /v1/stock/{pk}/ after hydration. */
  productId: number;
  /** The product's offers (colours) with their sizes (contract `Offer`). */
  offers: readonly Offer[];
  /** Sizes chosen at first render (`?size=` of a feed link, features/product/utils/initial-selection.ts). */
  initial?: Pick<InitialSelection, 'size' | 'top' | 'bottom'>;
  /** The basket's link after «Товар добавлен» (`href('basket')` from the server: no route table here). */
  basketHref: string;
  /**
   * purchase-panel.module.css's class names, from the server (./product-island-classes.ts): a client
   * module importing the CSS module would put its class map into the first-visit JS (issue #30).
   */
  classes: CssClasses;
};

type Status = { kind: 'idle' } | { kind: 'pending' } | { kind: 'added' } | { kind: 'need-size' } | { kind: 'failed' };

const soldOut = (feature: Feature) => !inStock(feature);

/** Sizes with their live stock when the live answer knows them, else as rendered (cached). */
function withLive(features: Feature[], live: LiveStock): Feature[] {
  return features.map((feature) => {
    const now = live.get(feature.ext_id);
    return now && (now.stock !== feature.stock || now.available !== feature.available)
      ? { ...feature, stock: now.stock, available: now.available }
      : feature;
  });
}

/** The offers with live stock merged in (issue #13); the same array until an answer came. */
function mergeLiveStock(offers: readonly Offer[], live: LiveStock | null): readonly Offer[] {
  if (!live) return offers;
  return offers.map((offer) => ({
    ...offer,
    features: withLive(offer.features, live),
    features_top: withLive(offer.features_top, live),
    features_bottom: withLive(offer.features_bottom, live),
  }));
}

/** The size `extId` of `features` when it is sold out now, else null. */
function goneSize(features: readonly Feature[], extId: string | null): Feature | null {
  const feature = extId ? features.find((candidate) => candidate.ext_id === extId) : undefined;
  return feature && soldOut(feature) ? feature : null;
}

function SizePicker({
  legend,
  features,
  value,
  onChange,
  invalid,
  styles,
}: {
  legend: string;
  features: readonly Feature[];
  value: string | null;
  onChange: (extId: string) => void;
  invalid: boolean;
  styles: CssClasses;
}) {
  const name = useId();
  return (
    <fieldset className={styles.fieldset} aria-invalid={invalid || undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.sizes}>
        {features.map((feature) => {
          const disabled = soldOut(feature);
          return (
            <label key={feature.ext_id} className={`${styles.size} ${disabled ? styles.sizeSoldOut : ''}`}>
              <input
                type="radio"
                name={name}
                value={feature.ext_id}
                checked={value === feature.ext_id}
                disabled={disabled}
                onChange={() => onChange(feature.ext_id)}
                className="visually-hidden"
              />
              <span>{feature.name}</span>
              {disabled ? <span className="visually-hidden"> — нет в наличии</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The product's purchase panel (spec §3 offerColorsList / offerFeaturesList, §7 POST /v2/cart/):
 * colour choice, size choice (sold-out sizes shown but disabled; swimwear separates get two
 * pickers "Размер верха" / "Размер низа" for `featuretop` / `featurebot`), and "Добавить в
 * корзину" which calls `useBasketStore.getState().add(...)` and, after the server confirms, says
 * "Товар добавлен в корзину" with a link to /basket. Without a chosen size it says "Выберите размер".
 *
 * The offers come from the cached page; right after hydration (and whenever the tab becomes
 * visible again) the panel asks the live stock of the sizes (issue #13): a size sold out since the
 * render is disabled (" — нет в наличии"), a chosen one is unselected with "Размер 48 закончился,
 * выберите другой", a size back in stock is enabled. Until the answer comes, or if it fails, the
 * cached sizes stand ("Добавить в корзину" stays usable: the basket checks stock on the server).
 *
 * Below 1024 px the size picker(s), the button and the status form a bar that sticks to the bottom
 * of the screen (issue #34 item 8) until the page scrolls it into its place: the same pickers, so
 * a size chosen in the bar behaves as above (sold-out sizes disabled). Marked `data-bottom-bar`, so
 * the floating buttons (features/popups) keep to its right-hand corner.
 *
 * Issue #33: under the size picker (so also in the phone's bar), «Сообщить о поступлении» when the
 * colour has sold-out sizes; under the bar, «Купить в 1 клик» (the chosen size; "Выберите размер"
 * without one). Both open dialogs loaded on demand (shopper-dialogs.tsx).
 */
export function PurchasePanel({
  productId,
  offers: renderedOffers,
  initial,
  basketHref,
  classes: styles,
}: PurchasePanelProps) {
  const { offerId, setOfferId } = useProductSelection();
  const live = useLiveStock(productId);
  const offers = useMemo(() => mergeLiveStock(renderedOffers, live), [renderedOffers, live]);
  const offer = offers.find((candidate) => candidate.id === offerId) ?? offers[0];
  const [size, setSize] = useState<string | null>(() =>
    initial ? initial.size : offer ? onlyAvailable(offer.features) : null,
  );
  const [top, setTop] = useState<string | null>(() =>
    initial ? initial.top : offer ? onlyAvailable(offer.features_top) : null,
  );
  const [bottom, setBottom] = useState<string | null>(() =>
    initial ? initial.bottom : offer ? onlyAvailable(offer.features_bottom) : null,
  );
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [dialog, setDialog] = useState<ShopperDialogProps | null>(null);

  // Product pages are cached once for all their variants (proxy.ts gives them one key), so the
  // server never sees a feed link's ?color=&size=: it is applied here, right after hydration.
  useEffect(() => {
    const query = Object.fromEntries(new URLSearchParams(window.location.search));
    if (!query.color && !query.size && !query.top && !query.bottom) return;
    // Only feed links carry these: the reader loads with them, not with every product page (issue #30).
    let current = true;
    void import('../utils/initial-selection').then(({ initialSelection }) => {
      const chosen = initialSelection(renderedOffers, query);
      if (!current || !chosen.offerId) return;
      setOfferId(chosen.offerId);
      setSize(chosen.size);
      setTop(chosen.top);
      setBottom(chosen.bottom);
    });
    return () => {
      current = false;
    };
  }, [renderedOffers, setOfferId]);
  const [notice, setNotice] = useState<string | null>(null);

  // A new live answer may have sold out a chosen size: unselect it while rendering (React's
  // "adjusting state when a prop changes"), so no frame offers "Добавить" with a sold-out size.
  const [liveSeen, setLiveSeen] = useState(live);
  if (live !== liveSeen) {
    setLiveSeen(live);
    const gone = offer
      ? [
          { feature: goneSize(offer.features, size), clear: () => setSize(null) },
          { feature: goneSize(offer.features_top, top), clear: () => setTop(null) },
          { feature: goneSize(offer.features_bottom, bottom), clear: () => setBottom(null) },
        ].filter((entry) => entry.feature)
      : [];
    for (const entry of gone) entry.clear();
    if (gone.length > 0) {
      const names = gone.map((entry) => entry.feature!.name).join(', ');
      setNotice(
        gone.length === 1
          ? `Размер ${names} закончился, выберите другой`
          : `Размеры ${names} закончились, выберите другие`,
      );
      setStatus({ kind: 'idle' });
    }
  }

  if (!offer) return <p className={styles.unavailable}>Товара нет в наличии</p>;

  const separates = offer.features_top.length > 0 || offer.features_bottom.length > 0;
  // The size pickers shown: one, or "Размер верха" and "Размер низа" for swimwear separates.
  const pickers = separates
    ? ([
        ['Размер верха', offer.features_top, top, setTop],
        ['Размер низа', offer.features_bottom, bottom, setBottom],
      ] as const)
    : ([['Размер', offer.features, size, setSize]] as const);
  const allFeatures = separates ? [...offer.features_top, ...offer.features_bottom] : offer.features;
  const nothingInStock = allFeatures.length > 0 && allFeatures.every(soldOut);
  const needSize = status.kind === 'need-size';

  const chooseColour = (next: Offer) => {
    setOfferId(next.id);
    setSize(onlyAvailable(next.features));
    setTop(onlyAvailable(next.features_top));
    setBottom(onlyAvailable(next.features_bottom));
    setStatus({ kind: 'idle' });
    setNotice(null);
  };

  const chosen = separates
    ? { featuretop: top ?? undefined, featurebot: bottom ?? undefined }
    : size
      ? { feature: size }
      : {};
  const close = () => setDialog(null);
  const soldOutSizes = [
    ...offer.features.map((f) => ({ ...f, kind: 'size' as const })),
    ...offer.features_top.map((f) => ({ ...f, kind: 'top' as const })),
    ...offer.features_bottom.map((f) => ({ ...f, kind: 'bottom' as const })),
  ].filter(soldOut);
  /** True (and "Выберите размер" shown) when a picker has no size. */
  const sizeMissing = () => {
    setNotice(null);
    const missing = pickers.some(([, features, value]) => features.length > 0 && !value);
    if (missing) setStatus({ kind: 'need-size' });
    return missing;
  };

  const submit = async () => {
    if (sizeMissing()) return;
    setStatus({ kind: 'pending' });
    const ok = await useBasketStore.getState().add({ offer: offer.id, color: offer.color, ...chosen });
    setStatus({ kind: ok ? 'added' : 'failed' });
  };

  return (
    <div className={styles.panel}>
      {offers.length > 0 ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>
            Цвет: <span className={styles.legendValue}>{offer.color.name}</span>
          </legend>
          <div className={styles.colours}>
            {offers.map((candidate) => (
              <label key={candidate.id} className={styles.colour} title={candidate.color.name}>
                <input
                  type="radio"
                  name="product-colour"
                  value={candidate.id}
                  checked={candidate.id === offer.id}
                  onChange={() => chooseColour(candidate)}
                  className="visually-hidden"
                />
                <span className={styles.swatch} style={{ background: candidate.color.hex }} aria-hidden="true" />
                <span className="visually-hidden">{candidate.color.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {/* Issue #34 item 8: below 1024 px this part sticks to the bottom of the screen (CSS). */}
      <div className={styles.buy} data-bottom-bar="">
        {pickers.map(([legend, features, value, set]) =>
          features.length > 0 ? (
            <SizePicker
              key={legend}
              legend={legend}
              features={features}
              value={value}
              onChange={(next) => {
                set(next);
                setStatus({ kind: 'idle' });
                setNotice(null);
              }}
              invalid={needSize && !value}
              styles={styles}
            />
          ) : null,
        )}

        {soldOutSizes.length > 0 ? (
          <button
            type="button"
            className={styles.notify}
            onClick={() => setDialog({ kind: 'notify', onClose: close, sizes: soldOutSizes })}
          >
            Сообщить о поступлении
          </button>
        ) : null}

        <button
          type="button"
          className={`button ${styles.add}`}
          onClick={submit}
          disabled={status.kind === 'pending' || nothingInStock}
          aria-describedby="purchase-status"
        >
          {nothingInStock ? 'Нет в наличии' : status.kind === 'pending' ? 'Добавляем…' : 'Добавить в корзину'}
        </button>

        <div id="purchase-status" role="status" aria-live="polite" className={styles.status}>
          {notice ? <p className={styles.error}>{notice}</p> : null}
          {needSize ? <p className={styles.error}>Выберите размер</p> : null}
          {status.kind === 'added' ? (
            <p className={styles.success}>
              Товар добавлен в корзину. <a href={basketHref}>Перейти в корзину</a>
            </p>
          ) : null}
          {status.kind === 'failed' ? (
            <p className={styles.error}>Не удалось добавить товар в корзину. Попробуйте ещё раз.</p>
          ) : null}
        </div>
      </div>

      {nothingInStock ? null : (
        <div className={styles.extra}>
          <button
            type="button"
            className="button button-outline"
            onClick={() => {
              if (!sizeMissing())
                setDialog({ kind: 'one-click', onClose: close, item: { offer: offer.id, quantity: 1, ...chosen } });
            }}
          >
            Купить в 1 клик
          </button>
        </div>
      )}
      {dialog ? <ShopperDialog {...dialog} /> : null}
    </div>
  );
}
