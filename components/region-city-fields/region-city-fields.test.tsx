// @vitest-environment jsdom
/** RegionCityFields (issue #17 item 4; spec §7 Locations): controlled selects fed by props. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RegionCityFields, type Place } from './region-city-fields';

const REGIONS: Place[] = [
  { id: 77, name: 'Москва' },
  { id: 16, name: 'Республика Татарстан' },
];
const CITIES: Record<number, Place[]> = {
  77: [{ id: 1, name: 'Москва' }],
  16: [
    { id: 5, name: 'Казань' },
    { id: 6, name: 'Набережные Челны' },
  ],
};

/** A parent form that keeps the values and resets the city on a region change, as both forms do. */
function Harness({ onCity }: { onCity?: (id: number) => void }) {
  const [regionId, setRegionId] = useState(0);
  const [cityId, setCityId] = useState(0);
  return (
    <RegionCityFields
      regions={REGIONS}
      cities={CITIES[regionId] ?? []}
      regionId={regionId}
      cityId={cityId}
      onRegionChange={(id) => {
        setRegionId(id);
        setCityId(0);
      }}
      onCityChange={(id) => {
        setCityId(id);
        onCity?.(id);
      }}
      placeholders
    />
  );
}

describe('RegionCityFields', () => {
  it('offers the cities of the chosen region only and reports the chosen city', async () => {
    const onCity = vi.fn();
    const user = userEvent.setup();
    render(<Harness onCity={onCity} />);
    const city = screen.getByLabelText('Город');
    expect(city).toBeDisabled();
    expect(screen.getByLabelText('Регион')).toHaveDisplayValue('Выберите регион');

    await user.selectOptions(screen.getByLabelText('Регион'), 'Республика Татарстан');
    expect(city).toBeEnabled();
    expect([...(city as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Выберите город',
      'Казань',
      'Набережные Челны',
    ]);
    await user.selectOptions(city, 'Набережные Челны');
    expect(onCity).toHaveBeenLastCalledWith(6);

    await user.selectOptions(screen.getByLabelText('Регион'), 'Москва');
    expect(city).toHaveDisplayValue('Выберите город');
  });

  it('shows the form’s errors under the selects, tied to them for screen readers', () => {
    render(
      <RegionCityFields
        regions={REGIONS}
        cities={[]}
        regionId={null}
        cityId={null}
        onRegionChange={() => {}}
        onCityChange={() => {}}
        errors={{ city: 'Выберите город' }}
        labels={{ region: 'Регион*', city: 'Город*' }}
      />,
    );
    const city = screen.getByLabelText('Город*');
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveAccessibleDescription('Выберите город');
    expect(screen.getByLabelText('Регион*')).not.toHaveAttribute('aria-invalid');
  });

  it('disables the city select while the cities load and says so', () => {
    render(
      <RegionCityFields
        regions={REGIONS}
        cities={[]}
        regionId={16}
        cityId={null}
        onRegionChange={() => {}}
        onCityChange={() => {}}
        citiesLoading
      />,
    );
    expect(screen.getByLabelText('Город')).toBeDisabled();
    expect(screen.getByLabelText('Город')).toHaveDisplayValue('Загружаем города…');
  });
});
