import { expect, test } from '@playwright/test';
import { apiCall, apiSignIn } from '../support/api';
import { useLanguage } from '../support/language';
import { codeSentBy } from '../support/outbox';
import { keepScreenshot } from '../support/screenshots';
import { signUp } from '../support/sign-in';
import { textsFor } from '../support/texts';
import { DEMO_POLICY } from '../support/demo';

type Resource = { resourceId: string; policies: { policyId: string; policyName: string }[] };
type StatementLine = { transactionAmount: string; reciprocalAccountName: string; attachInfo: { contractId?: string } };

test('a newcomer activates the wallet, signs in for coins and pays for a licence in the contract drawer; both statements show the payment', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await useLanguage(context, 'en_US');
  const t = await textsFor(page.request, 'en_US');
  const suffix = Date.now().toString(36);
  const email = `payer-${suffix}@tessera.local`;
  const username = `payer-${suffix}`;
  await signUp(page, t, email, username, 'Welcome2026');
  await expect(page.getByRole('button', { name: t('account.menu.label').replace('{name}', username) })).toBeVisible();

  // A new account: activated with a code and a 6-digit pay password, then the daily sign-in brings coins.
  await page.goto('/logged/wallet');
  const activation = page.getByTestId('wallet-activation');
  const code = await codeSentBy(email, () => activation.getByRole('button', { name: t('account.code.send') }).click());
  await activation.getByLabel(t('account.field.authCode')).fill(code);
  await activation.getByLabel(t('walletPage.field.password')).fill('246810');
  await activation.getByLabel(t('walletPage.field.confirm')).fill('246810');
  await activation.getByRole('button', { name: t('walletPage.activate.submit') }).click();
  await expect(page.getByTestId('wallet-balance-amount')).toContainText('0.00');
  await page.getByTestId('sign-in-button').click();
  await expect(page.getByTestId('sign-in-result')).toBeVisible();
  await expect(page.getByTestId('wallet-balance-amount')).toContainText('100.00');
  await keepScreenshot(page, 'wallet-signed-in-en_US', { fullPage: true });

  // Alice's photograph costs 10.00 under its pay-once policy; the newcomer signs it for a resource of theirs.
  const alice = await apiSignIn(request, 'alice');
  const photo = await apiCall<Resource>(request, 'GET', `/resources/${encodeURIComponent('alice/morning-mist')}`);
  const payOnce = photo.policies.find((policy) => policy.policyName === DEMO_POLICY.payOnce)?.policyId ?? '';
  const licensee = await apiCall<Resource>(page.request, 'POST', '/resources', {
    name: `paid-${suffix}`,
    resourceTypeCode: 'image',
  });
  const [contract] = await apiCall<{ contractId: string }[]>(page.request, 'POST', '/contracts/batchSign', {
    subjects: [{ subjectId: photo.resourceId, policyId: payOnce }],
    subjectType: 1,
    licenseeId: licensee.resourceId,
    licenseeIdentityType: 1,
  });
  const contractId = contract?.contractId ?? '';

  // Pending until paid; the drawer offers the payment, and a double click charges once.
  await page.goto(`/logged/contract?contractId=${contractId}`);
  const drawer = page.getByRole('dialog', { name: /一次付费 Pay once/ });
  await expect(drawer.getByTestId('contract-state')).toHaveAttribute('data-state', 'inactive');
  await drawer.getByTestId('contract-pay').click();
  const pay = page.getByRole('dialog', { name: t('walletPage.pay.title') });
  await expect(pay.getByTestId('pay-amount')).toContainText('10.00');
  await expect(pay.getByTestId('pay-balance-after')).toContainText('90.00');
  await pay.getByLabel(t('walletPage.pay.password')).fill('246810');
  await pay.getByRole('button', { name: t('walletPage.pay.submit', { amount: '10.00' }) }).dblclick();
  await expect(pay.getByTestId('pay-result')).toBeVisible();
  await keepScreenshot(page, 'wallet-paid-en_US', { animations: 'disabled' });
  await pay
    .getByRole('button', { name: t('walletPage.pay.close') })
    .first()
    .click();
  await expect(drawer.getByTestId('contract-state')).toHaveAttribute('data-state', 'active');

  // The payer's statement shows the payment once; alice's shows the income.
  await page.goto('/logged/wallet');
  await expect(page.getByTestId('wallet-balance-amount')).toContainText('90.00');
  await expect(page.getByTestId('statement-line').filter({ hasText: '-10.00' })).toHaveCount(1);
  await keepScreenshot(page, 'wallet-statement-en_US', { fullPage: true });
  const account = await apiCall<{ accountId: string }>(request, 'GET', `/accounts/individualAccounts/${alice.userId}`);
  const income = await apiCall<{ dataList: StatementLine[] }>(
    request,
    'GET',
    `/transactions/details/${account.accountId}?limit=20`,
  );
  expect(income.dataList.filter((line) => line.attachInfo.contractId === contractId)).toEqual([
    expect.objectContaining({ transactionAmount: '10.00', reciprocalAccountName: username }),
  ]);
});
