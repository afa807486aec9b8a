import { describe, expect, it } from 'vitest';
import {
  memberPageClass,
  offerOf,
  parsePageClass,
  standInOffers,
  standInUser,
} from '@/lib/shared/page-class';
import { pageHolesElement, type MemberOffers } from '@/lib/shared/page-holes';
import type { User } from '@/lib/shared/schemas/user';

const user: User = {
  status: 'confirmed',
  credits: 120,
  paid_user: false,
  fictional_icon: true,
  language: 'de',
  notifications_disabled: ['email:like'],
  email_notifications_stopped: null,
  push_offer_dismissed_at: null,
  profile: { status: 'active', name: 'Anna', country: 'DE', main_image: null },
};

const welcome: NonNullable<MemberOffers['welcome']> = {
  code: 'WELCOME25',
  country: null,
  user_id: null,
  expires: '2026-12-02T00:00:00.000Z',
  value_percentage: 25,
  currency: null,
  minimum_order_value: null,
  status: 'active',
  validity: 'once_per_user',
  expired: false,
  paymentmethods: [],
};
const now = Date.parse('2026-11-29T12:00:00.000Z');

describe('page classes', () => {
  it('hold nothing of the member but what every member of the class shares', () => {
    const pageClass = memberPageClass(user, null);
    const standIn = standInUser(pageClass as Extract<typeof pageClass, { kind: 'member' }>);
    expect(standIn.profile.name).toBe('');
    expect(standIn.credits).toBe(0);
    expect(standIn.notifications_disabled).toEqual([]);
    expect(standIn.paid_user).toBe(false);
    expect(JSON.stringify(pageClass)).not.toContain('Anna');
  });

  it('are read back only when whole', () => {
    const pageClass = memberPageClass(user, { kind: 'welcome', code: 'WELCOME25', percentage: 25 });
    expect(parsePageClass(JSON.stringify(pageClass))).toEqual(pageClass);
    expect(parsePageClass(JSON.stringify({ ...pageClass, name: 'Anna' }))).toBeNull();
    expect(parsePageClass(JSON.stringify({ kind: 'member' }))).toBeNull();
    expect(parsePageClass('{')).toBeNull();
    expect(parsePageClass(null)).toBeNull();
    expect(parsePageClass(JSON.stringify({ kind: 'visitor' }))).toEqual({ kind: 'visitor' });
  });

  it('name the discount the banner shows: the time bonus before the welcome code', () => {
    const bonus = { code: 'TIMEBONUS25', value_percentage: 25, seconds_left: 600 };
    expect(offerOf({ welcome, timeBonus: bonus }, now)).toEqual({
      kind: 'time_bonus',
      code: 'TIMEBONUS25',
      percentage: 25,
    });
    expect(offerOf({ welcome, timeBonus: null }, now)).toEqual({
      kind: 'welcome',
      code: 'WELCOME25',
      percentage: 25,
    });
    expect(offerOf({ welcome: { ...welcome, expired: true }, timeBonus: null }, now)).toBeNull();
    expect(offerOf({ welcome, timeBonus: null }, Date.parse('2026-12-03T00:00:00.000Z'))).toBeNull();
    expect(offerOf(null, now)).toBeNull();
  });

  it('render the class’s discount without anyone’s time left', () => {
    const pageClass = memberPageClass(user, { kind: 'welcome', code: 'WELCOME25', percentage: 25 });
    const offers = standInOffers(pageClass as Extract<typeof pageClass, { kind: 'member' }>);
    expect(offers.welcome?.code).toBe('WELCOME25');
    expect(offers.welcome?.expires).toBeNull();
    expect(offers.timeBonus).toBeNull();
  });
});

describe('page holes', () => {
  it('are JSON that cannot close their element', () => {
    const element = pageHolesElement({
      since: 1,
      user: { ...user, profile: { ...user.profile, name: '</script><script>alert(1)</script>' } },
    });
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    const json = element.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    expect((JSON.parse(json) as { user: User }).user.profile.name).toBe('</script><script>alert(1)</script>');
  });
});
