import { expect, test } from './fixtures';

test.use({ acceptEntryWarning: false });

test('the adult-content warning must be accepted once and is remembered', async ({ page }) => {
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Adult content' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('#site-entry-warning')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Leave' })).toBeVisible();
  await dialog.getByRole('button', { name: 'I am 18 or older – enter' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
