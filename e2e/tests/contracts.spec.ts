import { expect, test } from '@playwright/test';
import { apiCall, apiSignIn } from '../support/api';
import { useLanguage } from '../support/language';
import { keepScreenshot } from '../support/screenshots';
import { signIn } from '../support/sign-in';
import { textsFor } from '../support/texts';

type Resource = { resourceId: string; policies: { policyId: string; policyName: string }[] };
type Contract = { contractId: string; fsmCurrentState: string; status: number };

// A policy that licenses for one minute, then ends: the smallest time limit the policy language has.
// The scheduler fires it on the server's own clock, so the test waits for the state, up to a few minutes.
const oneMinutePolicy = (ending: string) => `for public

initial[active]:
~freelog.RelativeTimeEvent("1","minute") => ${ending}

${ending}:
terminate`;

test('a time-limited licence ends when its minute is up, and the licensee sees it end', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  await useLanguage(context, 'en_US');
  const t = await textsFor(page.request, 'en_US');
  const suffix = Date.now().toString(36);

  // Alice offers her photograph under a one-minute licence.
  await apiSignIn(request, 'alice');
  const photo = await apiCall<Resource>(request, 'GET', `/resources/${encodeURIComponent('alice/morning-mist')}`);
  const policyName = `Minute ${suffix}`;
  const offered = await apiCall<Resource>(request, 'PUT', `/resources/${photo.resourceId}`, {
    addPolicies: [{ policyName, policyText: encodeURIComponent(oneMinutePolicy(`ended_${suffix}`)), status: 1 }],
  });
  const policyId = offered.policies.find((policy) => policy.policyName === policyName)?.policyId ?? '';
  expect(policyId).not.toBe('');

  // Bob signs it for a resource of his.
  await signIn(page, t, '/logged/contract', 'bob');
  await expect(page.getByTestId('contract-row').first()).toBeVisible();
  const licensee = await apiCall<Resource>(page.request, 'POST', '/resources', {
    name: `trial-${suffix}`,
    resourceTypeCode: 'image',
  });
  const [contract] = await apiCall<Contract[]>(page.request, 'POST', '/contracts/batchSign', {
    subjects: [{ subjectId: photo.resourceId, policyId }],
    subjectType: 1,
    licenseeId: licensee.resourceId,
    licenseeIdentityType: 1,
  });
  expect(contract?.fsmCurrentState).toBe('initial');

  // Its drawer says it is authorised now and when it will end.
  await page.goto(`/logged/contract?contractId=${contract?.contractId ?? ''}`);
  const drawer = page.getByRole('dialog', { name: new RegExp(policyName) });
  await expect(drawer.getByTestId('contract-current-state')).toHaveText('initial');
  await expect(drawer.getByTestId('contract-state')).toHaveAttribute('data-state', 'active');
  await expect(drawer.getByTestId('contract-next')).toContainText(`ended_${suffix}`);
  await expect(drawer.getByTestId('policy-state-graph')).toBeVisible();
  await keepScreenshot(page, 'contract-drawer-active-en_US', { animations: 'disabled' });

  // When the minute is up the scheduler ends it; the page shows it once it is read again.
  await expect(async () => {
    await page.reload();
    // The reload itself may be slow on a busy machine: wait for the drawer, then read its state once.
    await expect(drawer.getByTestId('contract-state')).toBeVisible({ timeout: 30_000 });
    await expect(drawer.getByTestId('contract-state')).toHaveAttribute('data-state', 'terminal', { timeout: 1_000 });
  }).toPass({ timeout: 180_000, intervals: [5_000] });
  await expect(drawer.getByTestId('contract-current-state')).toHaveText(`ended_${suffix}`);
  await expect(drawer.getByTestId('contract-history').getByRole('listitem')).toHaveCount(2);
  await expect(drawer.getByTestId('policy-state-graph')).toBeVisible();
  await keepScreenshot(page, 'contract-drawer-ended-en_US', { animations: 'disabled' });
});
