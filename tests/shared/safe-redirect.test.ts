import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '@/lib/shared/safe-redirect';

describe('safeRedirectPath: only same-site paths are followed after login', () => {
  it.each([
    ['/chats', '/chats'],
    ['/members/12?tab=photos#top', '/members/12?tab=photos#top'],
    ['/settings/delete', '/settings/delete'],
    ['/a/../members', '/members'],
    ['/members?q=%2F%2Fx', '/members?q=%2F%2Fx'],
  ])('follows %s as %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/./\\evil.example',
    '//evil.example',
    '//evil.example/path',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '/%2Fevil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%E0%A4%A',
    'https://evil.example',
    'https://evil.example/',
    'http:/evil.example',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,hi',
    'evil.example',
    '/\tx',
    '/\n/evil.example',
    '/\u0000x',
    '',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});
