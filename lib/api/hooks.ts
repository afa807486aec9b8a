'use client';

import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context';
import { companyInfoQuery, interestsQuery, regionsQuery, settingsQuery, userQuery } from './queries';

export const useSettings = () => useQuery(settingsQuery(useApi()));
export const useCompanyInfo = () => useQuery(companyInfoQuery(useApi()));
export const useRegions = () => useQuery(regionsQuery(useApi()));
export const useInterests = () => useQuery(interestsQuery(useApi()));
export const useUser = () => useQuery(userQuery(useApi()));
