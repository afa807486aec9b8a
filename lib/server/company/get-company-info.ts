import 'server-only';
import { eq } from 'drizzle-orm';
import type { CompanyInfo } from '@/lib/shared/schemas/reference';
import { getDb } from '../db/client';
import { companies } from '../db/schema/reference';
import { AppError } from '../errors';
import { cachedForSite, findSiteForDomain, normalizeDomain } from '../settings/site-cache';

/** The company operating the site on `host` (spec §3 "Company info"). */
export function getCompanyInfoOrThrow(options: { host: string | null | undefined }): Promise<CompanyInfo> {
  const domain = normalizeDomain(options.host);
  return cachedForSite(`company|${domain}`, () => loadCompany(domain));
}

async function loadCompany(domain: string): Promise<CompanyInfo> {
  const site = await findSiteForDomain(domain);
  const db = await getDb();
  const [company] = await db.select().from(companies).where(eq(companies.id, site.companyId));
  if (!company) throw new AppError('not_found');
  return {
    name: company.name,
    address: company.address,
    kvk: company.kvk,
    city: company.city,
    country: company.country,
    tradenames: company.tradenames,
    vat_numbers: company.vatNumbers,
    support_phone: company.supportPhone,
    delete_discount: company.deleteDiscount,
    added: company.added.toISOString(),
  };
}
