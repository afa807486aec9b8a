'use client';

import { mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AxiosRequestConfig } from 'axios';
import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import type {
  BundlesResponse,
  DiscountCode,
  Payment,
  PaymentMethod,
  PaymentMethodsResponseSchema,
  RepeatOrderResponseSchema,
  SandboxOutcome,
} from '@/lib/shared/schemas/payments';
import type { CreditLedgerResponse } from '@/lib/shared/schemas/credits';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { readApiFailure } from './auth';
import { useCacheUpdates } from './cache-updates';
import { paymentKeys } from './keys';

export type PaymentMethods = z.infer<typeof PaymentMethodsResponseSchema>;
export type RepeatOrder = z.infer<typeof RepeatOrderResponseSchema>;

/** A sandbox payment as its checkout page shows it. */
export interface SandboxPayment {
  id: string;
  amount: number;
  currency: string;
  method: string | null;
  description: string;
  status: string;
  sequence: 'oneoff' | 'first' | 'recurring';
  /** The stored card or mandate a repeat charge goes to. */
  mandate: string | null;
  redirect_url: string;
}

/** Calls that spend money are never sent twice by the client's retries: a second try is the payer's. */
const ONCE: AxiosRequestConfig = { 'axios-retry': { retries: 0 } };

/** Whether a failed call was a 404 (nothing there, as opposed to a failure). */
const isNotFound = (error: unknown) => readApiFailure(error).status === 404;

/** `GET /api/bundles.php`: the bundles of a payment country (null: the country the server picks). */
export const bundlesQuery = (api: ApiClient, country: string | null) =>
  queryOptions({
    queryKey: paymentKeys.bundles(country),
    queryFn: async () =>
      (await api.get<BundlesResponse>('bundles.php', { params: country ? { country } : {} })).data,
    staleTime: 5 * 60_000,
  });

/** `GET /api/paymentmethods.php`: the methods offered for a bundle in a payment country. */
export const paymentMethodsQuery = (api: ApiClient, country: string, bundle: number) =>
  queryOptions({
    queryKey: paymentKeys.methods(country, bundle),
    queryFn: async () =>
      (await api.get<PaymentMethods>('paymentmethods.php', { params: { country, bundle } })).data,
    staleTime: 5 * 60_000,
  });

/** `GET /api/payment.php?id=N`: one of the member's payments. */
export const paymentQuery = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: paymentKeys.payment(id),
    queryFn: async () => (await api.get<{ payment: Payment }>('payment.php', { params: { id } })).data,
    retry: (count, error) => !isNotFound(error) && count < 2,
  });

/** `GET /api/transactions.php`: the member's payments, newest first. */
export const transactionsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: paymentKeys.list,
    queryFn: async () => (await api.get<{ payments: Payment[] }>('transactions.php')).data,
  });

/** `GET /api/ledger.php`: the member's credit history, newest first. */
export const creditLedgerQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: paymentKeys.ledger,
    queryFn: async () => (await api.get<CreditLedgerResponse>('ledger.php')).data,
  });

/** `GET /api/repeatorder.php`: what one step would buy again; null without a stored mandate. */
export const repeatOrderQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: paymentKeys.repeatOrder,
    queryFn: async (): Promise<RepeatOrder | null> => {
      try {
        return (await api.get<RepeatOrder>('repeatorder.php')).data;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

/** `GET /api/sandbox-payment.php`: the sandbox provider's view of a payment. */
export const sandboxPaymentQuery = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: paymentKeys.sandbox(id),
    queryFn: async () =>
      (await api.get<{ payment: SandboxPayment }>('sandbox-payment.php', { params: { payment: id } })).data,
    retry: (count, error) => !isNotFound(error) && count < 2,
  });

export interface DiscountLookup {
  code: string;
  country: string;
  bundle: number;
  method?: PaymentMethod | null;
}

/** `GET /api/discountcode.php?code=…`: whether a code applies to this order (404, 409, 422 say why not). */
export const discountCodeMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: ['discount-code', 'lookup'],
    mutationFn: async (lookup: DiscountLookup) =>
      (
        await api.get<{ discount_code: DiscountCode }>('discountcode.php', {
          ...ONCE,
          params: {
            code: lookup.code,
            country: lookup.country,
            bundle: lookup.bundle,
            ...(lookup.method ? { method: lookup.method } : {}),
          },
        })
      ).data.discount_code,
  });

export interface StartPayment {
  bundle: number;
  method: PaymentMethod;
  country: string;
  code?: string;
}

/** `POST /api/payment.php`: starts a payment; the answer's `checkout_url` is where the payer goes. */
export const startPaymentMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: paymentKeys.start,
    mutationFn: async (input: StartPayment) =>
      (await api.post<{ payment: Payment }>('payment.php', input, ONCE)).data.payment,
  });

/** `POST /api/repeatorder.php`: buys again on the stored mandate (this bundle, else the last). */
export const repeatOrderMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: paymentKeys.buyAgain,
    mutationFn: async (bundle: number | null) =>
      (await api.post<{ payment: Payment }>('repeatorder.php', bundle ? { bundle } : {}, ONCE)).data.payment,
  });

export interface SandboxChoice {
  payment: string;
  outcome: SandboxOutcome;
  decline_repeats?: boolean;
}

/** `POST /api/sandbox-payment.php`: the sandbox checkout's choice; answers where the payer goes back to. */
export const sandboxOutcomeMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: paymentKeys.sandboxOutcome,
    mutationFn: async (choice: SandboxChoice) =>
      (await api.post<{ redirect_url: string }>('sandbox-payment.php', choice, ONCE)).data.redirect_url,
  });

export const useBundles = (country: string | null, enabled = true) =>
  useQuery({ ...bundlesQuery(useApi(), country), enabled });
export const usePaymentMethods = (country: string, bundle: number) =>
  useQuery(paymentMethodsQuery(useApi(), country, bundle));
export const useTransactions = (enabled = true) => useQuery({ ...transactionsQuery(useApi()), enabled });
export const useCreditLedger = () => useQuery(creditLedgerQuery(useApi()));
export const useRepeatOrder = (enabled = true) => useQuery({ ...repeatOrderQuery(useApi()), enabled });
export const useSandboxPayment = (id: string) => useQuery(sandboxPaymentQuery(useApi(), id));
export const useDiscountLookup = () => useMutation(discountCodeMutation(useApi()));
export const useSandboxOutcome = () => useMutation(sandboxOutcomeMutation(useApi()));

/** How often a pending payment is asked again (the server re-checks the provider at most this often too). */
export const PENDING_POLL_MS = 3_000;

/** One payment; asked again every few seconds while it is pending (the event may come first). */
export function usePayment(id: number) {
  return useQuery({
    ...paymentQuery(useApi(), id),
    refetchInterval: (query) => (query.state.data?.payment.state === 'pending' ? PENDING_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

export function useStartPayment() {
  const updates = useCacheUpdates();
  return useMutation({
    ...startPaymentMutation(useApi()),
    onSuccess: (payment) => updates.paymentStarted(payment),
  });
}

export function useBuyAgain() {
  const updates = useCacheUpdates();
  return useMutation({
    ...repeatOrderMutation(useApi()),
    onSuccess: (payment) => updates.paymentStarted(payment),
  });
}

// The payment country the payer picked last (spec §3 "Other state"): kept in this browser, and by the
// server with each payment.
const COUNTRY_KEY = 'payment-country';
const countryListeners = new Set<() => void>();
/** The pick of this page, for a browser that keeps nothing. */
let pickedHere: string | null = null;

function readPaymentCountry(): string | null {
  try {
    const value = window.localStorage.getItem(COUNTRY_KEY);
    return value && /^[A-Z]{2}$/.test(value) ? value : null;
  } catch {
    return pickedHere;
  }
}

/** The remembered payment country (null until one was picked) and a way to pick another. */
export function usePaymentCountry(): [string | null, (country: string) => void] {
  const country = useSyncExternalStore(
    (notify) => {
      countryListeners.add(notify);
      window.addEventListener('storage', notify);
      return () => {
        countryListeners.delete(notify);
        window.removeEventListener('storage', notify);
      };
    },
    readPaymentCountry,
    () => null,
  );
  const pick = (next: string) => {
    pickedHere = next;
    try {
      window.localStorage.setItem(COUNTRY_KEY, next);
    } catch {
      // A browser without storage still pays in the country picked on this page.
    }
    for (const notify of countryListeners) notify();
  };
  return [country, pick];
}
