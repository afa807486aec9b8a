import { mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { REFRESH } from '@/lib/shared/constants';
import type {
  Bundle,
  BundlesResponse,
  DirectDebitConfirmSchema,
  DirectDebitSchema,
  DirectDebitStartedSchema,
  DiscountCode,
  Payment,
  TimeBonusResponseSchema,
} from '@/lib/shared/schemas/payments';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { readApiFailure } from './auth';
import { useUser } from './hooks';
import { directDebitKeys, discountKeys } from './keys';

export type TimeBonus = z.infer<typeof TimeBonusResponseSchema>;
export type DirectDebitInput = z.input<typeof DirectDebitSchema>;
export type DirectDebitStarted = z.infer<typeof DirectDebitStartedSchema>;
export type DirectDebitConfirmInput = z.input<typeof DirectDebitConfirmSchema>;

/**
 * `GET /api/discountcode.php?welcome=true`: the welcome code of a member who has not paid yet. A
 * failure is ignored silently (spec §8): no code, no banner.
 */
export const welcomeDiscountQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: discountKeys.welcome,
    queryFn: async (): Promise<DiscountCode | null> => {
      try {
        return (
          await api.get<{ discount_code: DiscountCode }>('discountcode.php', { params: { welcome: 'true' } })
        ).data.discount_code;
      } catch {
        return null;
      }
    },
    staleTime: REFRESH.intervalMs,
    retry: false,
  });

/** `GET /api/timebonus.php`: the member's time bonus, or null when there is none (404). */
export const timeBonusQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: discountKeys.timeBonus,
    queryFn: async (): Promise<TimeBonus | null> => {
      try {
        return (await api.get<TimeBonus>('timebonus.php')).data;
      } catch (error) {
        if (readApiFailure(error).code === 'not_found') return null;
        throw error;
      }
    },
    staleTime: REFRESH.intervalMs,
  });

/** Whether the logged-in member may have welcome offers (has not paid yet). */
function useIsNewPayer(): boolean {
  const { data: user } = useUser();
  return Boolean(user && !user.paid_user);
}

/** The welcome code, for a logged-in member who has not paid; null otherwise and on failure. */
export function useWelcomeDiscount(): DiscountCode | null {
  const enabled = useIsNewPayer();
  const { data } = useQuery({ ...welcomeDiscountQuery(useApi()), enabled });
  return enabled ? (data ?? null) : null;
}

/**
 * The time bonus, loaded with the logged-in refresh (again every refresh interval) for a member who
 * has not paid; null otherwise.
 */
export function useTimeBonusQuery(): {
  data: TimeBonus | null;
  dataUpdatedAt: number;
  /** Whether the answer is known (asked once, whatever came back), or nothing needs asking. */
  isSettled: boolean;
} {
  const enabled = useIsNewPayer();
  const query = useQuery({
    ...timeBonusQuery(useApi()),
    enabled,
    refetchInterval: enabled ? REFRESH.intervalMs : false,
  });
  return {
    data: enabled ? (query.data ?? null) : null,
    dataUpdatedAt: query.dataUpdatedAt,
    isSettled: !enabled || query.isFetched,
  };
}

/** `POST /api/directdebit.php`: the form; the server texts an SMS code. */
export const startDirectDebitMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: directDebitKeys.start,
    mutationFn: async (input: DirectDebitInput) =>
      (await api.post<DirectDebitStarted>('directdebit.php', input)).data,
  });

/** `POST /api/directdebit-confirm.php`: the SMS code; answers the payment. */
export const confirmDirectDebitMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: directDebitKeys.confirm,
    mutationFn: async (input: DirectDebitConfirmInput) =>
      (await api.post<{ payment: Payment }>('directdebit-confirm.php', input)).data.payment,
  });

export const useStartDirectDebit = () => useMutation(startDirectDebitMutation(useApi()));
export const useConfirmDirectDebit = () => useMutation(confirmDirectDebitMutation(useApi()));

/** `GET /api/bundles.php?country=XX`, narrowed to one bundle: what the direct-debit form is paying for. */
export const directDebitBundleQuery = (api: ApiClient, country: string, bundle: number) =>
  queryOptions({
    queryKey: [...directDebitKeys.start, 'bundle', country, bundle] as const,
    queryFn: async (): Promise<Bundle | null> => {
      const { data } = await api.get<BundlesResponse>('bundles.php', { params: { country } });
      return data.country === country ? (data.bundles.find((item) => item.id === bundle) ?? null) : null;
    },
    staleTime: 5 * 60_000,
  });

/**
 * `GET /api/discountcode.php?code=…&bundle=…&method=directdebit`: the code the member brought from
 * the checkout, checked for this order; a refused code answers the API's text as `error`.
 */
export const directDebitDiscountQuery = (api: ApiClient, code: string, country: string, bundle: number) =>
  queryOptions({
    queryKey: [...directDebitKeys.start, 'code', code, country, bundle] as const,
    queryFn: async (): Promise<{ discount: DiscountCode | null; error: string | null }> => {
      try {
        const { data } = await api.get<{ discount_code: DiscountCode }>('discountcode.php', {
          params: { code, country, bundle, method: 'directdebit' },
        });
        return { discount: data.discount_code, error: null };
      } catch (error) {
        const failure = readApiFailure(error);
        if (failure.status === null) throw error;
        return { discount: null, error: failure.message };
      }
    },
    retry: false,
    staleTime: 60_000,
  });
