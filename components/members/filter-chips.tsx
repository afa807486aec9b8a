'use client';

import { useTranslations } from 'next-intl';
import { useCountryRegions } from '@/lib/api/hooks';
import type { SearchFilters } from '@/lib/shared/schemas/members';
import { useCountryName } from '../profile/labels';

interface Chip {
  key: string;
  label: string;
  without: SearchFilters;
}

/** The filters that narrow the search, each with what the search is without it. */
export function useActiveFilters(filters: SearchFilters): Chip[] {
  const t = useTranslations('Members');
  const countryName = useCountryName();
  const regions = useCountryRegions(filters.countryregion ? filters.country : undefined);
  const chips: Chip[] = [];
  if (filters.gender) {
    chips.push({
      key: 'gender',
      label: t(`genderOption.${filters.gender}`),
      without: { ...filters, gender: undefined },
    });
  }
  if (filters.country) {
    chips.push({
      key: 'country',
      label: countryName(filters.country),
      without: { ...filters, country: undefined, countryregion: undefined },
    });
  }
  if (filters.countryregion) {
    const region = regions?.find((r) => r.id === filters.countryregion);
    chips.push({
      key: 'region',
      label: region?.name ?? t('anyRegion'),
      without: { ...filters, countryregion: undefined },
    });
  }
  if (filters.min_age !== undefined || filters.max_age !== undefined) {
    const { min_age: min, max_age: max } = filters;
    const label =
      min !== undefined && max !== undefined
        ? `${t('age')} ${min}–${max}`
        : min !== undefined
          ? t('ageFrom', { min })
          : t('ageTo', { max: max ?? 0 });
    chips.push({ key: 'age', label, without: { ...filters, min_age: undefined, max_age: undefined } });
  }
  if (filters.verified) {
    chips.push({ key: 'verified', label: t('verifiedChip'), without: { ...filters, verified: undefined } });
  }
  return chips;
}

/** Active filters as chips above the results; each one removes its filter. */
export function FilterChips(props: { filters: SearchFilters; onChange: (filters: SearchFilters) => void }) {
  const t = useTranslations('Members');
  const chips = useActiveFilters(props.filters);
  if (!chips.length) return null;
  return (
    <ul className="filter-chips list-unstyled" aria-label={t('activeFilters')}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="filter-chip"
            aria-label={t('removeFilter', { label: chip.label })}
            onClick={() => props.onChange(chip.without)}
          >
            <span>{chip.label}</span>
            <span aria-hidden="true" className="filter-chip-x">
              ×
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
