/**
 * The region and city pickers (spec §7 Locations: regions from `GET /v1/regions/`, the cities of the
 * chosen region from `GET /v1/cities/`), shared by the checkout's delivery section and the profile's
 * address form (issue #17 item 4). Presentational and controlled: the form owns the values and
 * fetches the lists; choosing a region reports it through `onRegionChange`, and the form decides
 * what the city becomes. Never wider than its column (issue #14 item 15: a select is as wide as
 * its longest option unless bounded).
 */
import { FormField } from '@/components/form-field/form-field';
import styles from './region-city-fields.module.css';

/** An entry of either list. */
export type Place = { id: number; name: string };

/** Props of {@link RegionCityFields}. Ids are the lists' `id`; 0 or null = nothing chosen. */
export type RegionCityFieldsProps = {
  regions: readonly Place[];
  cities: readonly Place[];
  regionId: number | null;
  cityId: number | null;
  onRegionChange: (regionId: number) => void;
  onCityChange: (cityId: number) => void;
  /** Russian error texts under each select (from the form's validation). */
  errors?: { region?: string; city?: string };
  /** Labels: "Регион*"/"Город*" where required (checkout), "Регион"/"Город" in the profile. */
  labels?: { region: string; city: string };
  /** Adds a first "Выберите регион"/"Выберите город" option with value 0 (nothing chosen yet). */
  placeholders?: boolean;
  /** True while the cities of the chosen region load: the city select is disabled. */
  citiesLoading?: boolean;
  /** Two columns from 640 px (checkout) or always one (profile's narrow card). */
  columns?: 1 | 2;
};

/** See the module docstring. */
export function RegionCityFields({
  regions,
  cities,
  regionId,
  cityId,
  onRegionChange,
  onCityChange,
  errors = {},
  labels = { region: 'Регион', city: 'Город' },
  placeholders = false,
  citiesLoading = false,
  columns = 2,
}: RegionCityFieldsProps) {
  return (
    <div className={columns === 2 ? styles.two : styles.one} data-testid="region-city-fields">
      <FormField label={labels.region} error={errors.region}>
        <select value={regionId ?? 0} onChange={(e) => onRegionChange(Number(e.target.value))}>
          {placeholders || !regionId ? <option value={0}>Выберите регион</option> : null}
          {regions.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={labels.city} error={errors.city}>
        <select
          value={cityId ?? 0}
          onChange={(e) => onCityChange(Number(e.target.value))}
          disabled={citiesLoading || cities.length === 0}
          aria-busy={citiesLoading || undefined}
        >
          {placeholders || !cityId ? (
            <option value={0}>{citiesLoading ? 'Загружаем города…' : 'Выберите город'}</option>
          ) : null}
          {cities.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </FormField>
    </div>
  );
}
