'use client';

/**
 * The pickup point of "В пункт выдачи СДЭК" (issue #14 item 13): a searchable list of the city's
 * points (`GET /v1/pickup_points/`), native radio buttons so it works from the keyboard (Tab into the
 * group, arrows between points), and above it CDEK's own map widget (spec §7 Third parties: "a
 * delivery widget script loaded from a CDN") when CDEK is configured: the API lists CDEK's offices
 * (`provider: "cdek"`) and the storefront has a Yandex Maps key for the widget. The widget script is
 * loaded only then, from the pinned URL the CSP allows (lib/security-headers.ts `cdekWidget`).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { PickupPoint } from '@/lib/api/contract/checkout';
import { matchesPickupPoint } from '@/lib/format/pickup-point-search';
import { pickupPointsQuery } from '../api/checkout-queries';
import styles from './checkout.module.css';
import type { CheckoutFormValues } from '../utils/checkout-form';

/** CDEK's widget, version pinned (github.com/cdek-it/widget); the CSP allows exactly this path. */
export const CDEK_WIDGET_SCRIPT = 'https://cdn.jsdelivr.net/npm/@cdek-it/widget@3.11.1/dist/cdek-widget.umd.js';
/** Points listed at once; the search narrows the rest. */
export const LIST_LIMIT = 30;

/** Props: the city (id and name) and the Yandex Maps key of the CDEK widget (null: no map). */
export type PickupPointPickerProps = { cityId: number; cityName: string; mapsKey: string | null };

/** See the module docstring. */
export function PickupPointPicker({ cityId, cityName, mapsKey }: PickupPointPickerProps) {
  const { control } = useFormContext<CheckoutFormValues>();
  const { field, fieldState } = useController({ control, name: 'pickupPoint' });
  const points = useQuery(pickupPointsQuery(cityId));
  const [search, setSearch] = useState('');
  const id = useId();
  const all = useMemo(() => points.data?.results ?? [], [points.data]);
  const found = useMemo(() => (search.trim() ? all.filter((p) => matchesPickupPoint(p, search)) : all), [all, search]);
  const shown = found.slice(0, LIST_LIMIT);
  const chosen = field.value;
  const choose = field.onChange;
  if (chosen && !shown.some((p) => p.code === chosen.code) && found.some((p) => p.code === chosen.code))
    shown.unshift(chosen);
  const useWidget = Boolean(mapsKey) && points.data?.provider === 'cdek' && all.length > 0;

  return (
    <div className={styles.block} data-testid="pickup-points">
      {useWidget ? <CdekMap mapsKey={mapsKey!} cityName={cityName} points={all} onChoose={choose} /> : null}
      <label htmlFor={`${id}-search`} className={styles.muted}>
        Поиск пункта выдачи
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className={styles.input}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder="Улица, метро или название"
        autoComplete="off"
        aria-controls={`${id}-list`}
      />
      <p className={styles.muted} aria-live="polite" data-testid="pickup-points-count">
        {points.isPending
          ? 'Загружаем пункты выдачи…'
          : points.isError
            ? ''
            : found.length === 0
              ? 'Ничего не нашлось — измените запрос'
              : found.length > shown.length
                ? `Найдено пунктов: ${found.length}, показаны первые ${shown.length} — уточните запрос`
                : `Найдено пунктов: ${found.length}`}
      </p>
      {points.isError ? (
        <p className={styles.error} role="alert">
          {points.error.message}
        </p>
      ) : null}
      <div
        id={`${id}-list`}
        role="radiogroup"
        aria-label="Пункты выдачи"
        aria-invalid={fieldState.error ? true : undefined}
        aria-describedby={fieldState.error ? `${id}-error` : undefined}
        className={styles.points}
      >
        {shown.map((p) => (
          <label key={p.code} className={styles.option}>
            <input
              type="radio"
              name={`${id}-point`}
              value={p.code}
              checked={chosen?.code === p.code}
              onChange={() => choose(p)}
              ref={chosen?.code === p.code ? field.ref : undefined}
            />
            <span className={styles.optionBody}>
              <strong>{p.name}</strong>
              <span>{p.address}</span>
              <span className={styles.muted}>
                {p.type === 'POSTAMAT' ? 'Постамат' : 'Пункт выдачи'}
                {p.work_time ? ` · ${p.work_time}` : ''}
              </span>
            </span>
          </label>
        ))}
      </div>
      {fieldState.error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {fieldState.error.message}
        </p>
      ) : chosen ? (
        <p className={styles.ok} data-testid="pickup-point-chosen">
          Выбран пункт: {chosen.name}, {chosen.address}
        </p>
      ) : null}
    </div>
  );
}

type CdekWidgetInstance = { destroy(): void };
type CdekWidgetCtor = new (options: Record<string, unknown>) => CdekWidgetInstance;

let scriptPromise: Promise<CdekWidgetCtor> | null = null;

/** Loads the widget script once per page. @throws Error when it fails to load. */
function loadCdekWidget(): Promise<CdekWidgetCtor> {
  scriptPromise ??= new Promise<CdekWidgetCtor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CDEK_WIDGET_SCRIPT;
    script.async = true;
    script.onload = () => {
      const ctor = (window as unknown as { CDEKWidget?: CdekWidgetCtor }).CDEKWidget;
      if (ctor) resolve(ctor);
      else reject(new Error('CDEKWidget missing'));
    };
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error('CDEK widget failed to load'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

/** CDEK's map widget fed with the API's points (no PHP service: `offices` is given, `canChoose`). */
function CdekMap({
  mapsKey,
  cityName,
  points,
  onChoose,
}: {
  mapsKey: string;
  cityName: string;
  points: PickupPoint[];
  onChoose: (p: PickupPoint) => void;
}) {
  const rootId = `cdek-map-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [failed, setFailed] = useState(false);
  const choose = useRef(onChoose);
  useEffect(() => {
    choose.current = onChoose;
  }, [onChoose]);
  useEffect(() => {
    let widget: CdekWidgetInstance | null = null;
    let live = true;
    loadCdekWidget()
      .then((CDEKWidget) => {
        if (!live) return;
        widget = new CDEKWidget({
          apiKey: mapsKey,
          root: rootId,
          defaultLocation: cityName,
          lang: 'rus',
          currency: 'RUB',
          canChoose: true,
          hideDeliveryOptions: { door: true, office: false },
          offices: points
            .filter((p) => p.location)
            .map((p) => ({
              code: p.code,
              name: p.name,
              address: p.address,
              work_time: p.work_time,
              type: p.type,
              city: cityName,
              country_code: 'RU',
              location: [p.location!.longitude, p.location!.latitude],
            })),
          onChoose: (_mode: string, _tariff: unknown, office: { code?: string }) => {
            const point = points.find((p) => p.code === office.code);
            if (point) choose.current(point);
          },
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      widget?.destroy();
    };
  }, [mapsKey, cityName, points, rootId]);
  if (failed)
    return <p className={styles.muted}>Карта пунктов выдачи не загрузилась — выберите пункт из списка ниже.</p>;
  return <div id={rootId} className={styles.map} aria-label="Карта пунктов выдачи СДЭК" role="region" />;
}
