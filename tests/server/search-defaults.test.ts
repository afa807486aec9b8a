// Where a member's search starts: the gender they look for, in their own country. The page reads
// the member's profile with the session; the search gives the same start either way.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession, findSessionUser } from '@/lib/server/auth/sessions';
import { profiles } from '@/lib/server/db/schema';
import { defaultSearchFilters } from '@/lib/server/members/default-filters';
import { createMember } from '../factories/create-member';
import { withTestDatabase } from '../helpers/database';

const db = withTestDatabase();
const settings = { countries: ['NL', 'DE', 'BE'], geoip_country: 'DE' };

describe('the search a page starts with', () => {
  it('comes from the profile read with the session, the same as read on its own', async () => {
    const userId = await createMember(db.handle().db, { gender: 'male', country: 'BE' });
    await db.handle().db.update(profiles).set({ sexuality: 'gay' }).where(eq(profiles.userId, userId));
    const session = await findSessionUser({ token: await createSession({ userId }) });
    expect(session?.searchProfile).toEqual({ gender: 'male', sexuality: 'gay', country: 'BE' });

    const fromSession = await defaultSearchFilters({
      viewerId: userId,
      settings,
      viewerProfile: session?.searchProfile,
    });
    const readAlone = await defaultSearchFilters({ viewerId: userId, settings });
    expect(fromSession).toEqual({ gender: 'male', country: 'BE' });
    expect(readAlone).toEqual(fromSession);

    // A visitor starts in the country the site places them in.
    expect(await defaultSearchFilters({ viewerId: null, settings })).toEqual({ country: 'DE' });
  });
});
