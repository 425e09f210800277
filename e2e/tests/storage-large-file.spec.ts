import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import { useLanguage } from '../support/language';
import { textsFor } from '../support/texts';

// Files over 32 MB are hashed by our incremental SHA-1 in a Web Worker (Web Crypto cannot digest in
// pieces): the server must agree with it, byte for byte.
test('a large file is hashed in a worker and stored under the SHA-1 the server computes', async ({ page, context }) => {
  test.setTimeout(90_000);
  await useLanguage(context, 'en_US');
  const t = await textsFor(page.request, 'en_US');
  const bytes = Buffer.alloc(40 * 1024 * 1024);
  for (let offset = 0; offset < bytes.length; offset += 4) bytes.writeUInt32LE((offset * 2654435761) >>> 0, offset);
  const sha1 = createHash('sha1').update(bytes).digest('hex');

  await page.goto(`/login?goTo=${encodeURIComponent('/storage?createBucket=1')}`);
  await page.getByLabel(t('account.field.loginName')).fill('bob');
  await page.getByLabel(t('account.field.password'), { exact: true }).fill('Tessera2026');
  await page.getByRole('button', { name: t('account.login.submit') }).click();
  const bucket = `large-${Date.now().toString(36)}`;
  const dialog = page.getByRole('dialog', { name: t('storagePage.create.title') });
  const name = dialog.getByRole('textbox', { name: t('storagePage.create.name') });
  await name.fill(bucket);
  await expect(name).toHaveValue(bucket);
  await dialog.getByRole('button', { name: t('storagePage.create.ok'), exact: true }).click();
  // The other worker's uploads share the server's two cores: creating may take longer than usual.
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`bucketName=${bucket}`));

  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page
    .getByTestId('upload-input')
    .setInputFiles([{ name: 'large.bin', mimeType: 'application/octet-stream', buffer: bytes }]);
  const task = page.getByTestId('upload-task').filter({ hasText: 'large.bin' });
  await expect(task).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  expect(workers.length).toBeGreaterThan(0);

  const objects = (await (await page.request.get(`/v2/storages/buckets/${bucket}/objects`)).json()) as {
    data: { dataList: { objectName: string; sha1: string }[] };
  };
  expect(objects.data.dataList).toEqual([expect.objectContaining({ objectName: 'large.bin', sha1 })]);
});
