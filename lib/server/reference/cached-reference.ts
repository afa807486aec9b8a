import 'server-only';
import type { Interests, Regions } from '@/lib/shared/schemas/reference';
import { cachedForSite } from '../settings/site-cache';
import { listInterests } from './list-interests';
import { listRegions } from './list-regions';

/** The regions of every served country, kept like the site settings (they change only with data loads). */
export const cachedRegions = (): Promise<Regions> => cachedForSite('reference:regions', listRegions);

/** The interests a member can pick, kept like the site settings. */
export const cachedInterests = (): Promise<Interests> => cachedForSite('reference:interests', listInterests);
