import { describe, expect, it } from 'vitest';
import { creditBadge, titleWithCount, unreadBadgeText } from '@/lib/shared/badges';

describe('unread badge', () => {
  it('shows nothing at zero and the count up to 99', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
  });

  it('shows 99+ above 99', () => {
    expect(unreadBadgeText(100)).toBe('99+');
    expect(unreadBadgeText(5000)).toBe('99+');
  });
});

describe('credits badge', () => {
  it('is hidden above 10 credits', () => {
    expect(creditBadge(11)).toBeNull();
    expect(creditBadge(250)).toBeNull();
  });

  it('uses the warning colour from 10 down to 1', () => {
    expect(creditBadge(10)).toEqual({ text: '10', variant: 'warning' });
    expect(creditBadge(1)).toEqual({ text: '1', variant: 'warning' });
  });

  it('uses the danger colour at 0', () => {
    expect(creditBadge(0)).toEqual({ text: '0', variant: 'danger' });
  });
});

describe('page title count', () => {
  it('prefixes the count in parentheses only when there is something new', () => {
    expect(titleWithCount('Lovelane', 3)).toBe('(3) Lovelane');
    expect(titleWithCount('Lovelane', 0)).toBe('Lovelane');
  });
});
