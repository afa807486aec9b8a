import { http, HttpResponse } from 'msw';
import { GeocodeQuerySchema, type GeocodeResult } from '@/lib/shared/schemas/geo';
import { apiError } from './api-error';
import { mockRegions } from './fixtures';

const noordHolland = mockRegions.countries
  .find((c) => c.country === 'NL')
  ?.regions.find((r) => r.code === 'NL-NH');

/** What the mocked geocode.php answers: Amsterdam by default. */
export const mockGeocodeResult: GeocodeResult = {
  country: 'NL',
  region_id: noordHolland?.id ?? null,
  region: noordHolland?.name ?? null,
  city: 'Amsterdam',
};

/** `GET /api/geocode.php` with the server's validation; `answer` decides the result of a point. */
export function createGeoHandlers(
  answer: (lat: number, lon: number) => GeocodeResult = () => mockGeocodeResult,
) {
  return [
    http.get('*/api/geocode.php', ({ request }) => {
      const url = new URL(request.url);
      const query = GeocodeQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) {
        return apiError('validation_failed', { message: 'Invalid coordinates.' });
      }
      return HttpResponse.json(answer(query.data.lat, query.data.lon), {
        headers: { 'Cache-Control': 'private, max-age=3600' },
      });
    }),
  ];
}
