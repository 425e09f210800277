import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Language } from '@tessera/domain';
import { createTestServices, renderInProviders } from '../../../testing/render-app';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { buttonName, policyUser, renderEditorStory } from '../testing';
import { TryPolicyPanel } from './TryPolicyPanel';
import type { PolicySimulatorProps } from './PolicySimulator';

const TRIAL_THEN_PAY = `for public
initial[active]:
  ~freelog.RelativeTimeEvent("7","day") => expired
  ~freelog.TransactionEvent("10","self.account") => active
expired:
  ~freelog.TransactionEvent("10","self.account") => active
active[active]:
  terminate`;

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

/** The panel as a page shows it, opened, with the simulator signed at `start` (platform time). */
async function openSimulator(props: PolicySimulatorProps, language: Language, start: string) {
  const services = createTestServices(server, { language });
  renderInProviders(<TryPolicyPanel {...props} />, services, { antdStyles: false });
  const user = policyUser();
  const toggle = await screen.findByRole('button', { name: language === 'zh_CN' ? '试用此策略' : 'Try this policy' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  await user.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  const simulator = await screen.findByTestId('policy-simulator', {}, { timeout: 10_000 });
  const startField = within(simulator).getByLabelText(language === 'zh_CN' ? '签约时间' : 'Signed at');
  await user.clear(startField);
  await user.type(startField, start);
  await user.click(
    within(simulator).getByRole('button', { name: buttonName(language === 'zh_CN' ? '重新开始' : 'Start over') }),
  );
  return { user, simulator };
}

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';
const historyItems = () => within(screen.getByTestId('simulator-history')).getAllByRole('listitem');
const nextItems = () => within(screen.getByTestId('simulator-next')).getAllByRole('listitem');

describe('the policy simulator', { timeout: 20_000 }, () => {
  it('zh_CN: a trial, then the trial ends after 7 days, then a payment gives a permanent licence', async () => {
    const { user, simulator } = await openSimulator({ text: TRIAL_THEN_PAY }, 'zh_CN', '2027-01-01 12:00');
    expect(text('simulator-state')).toBe('initial');
    expect(text('simulator-auth')).toBe('正式授权');
    expect(text('simulator-clock')).toBe('2027/01/01 12:00');
    expect(nextItems().map((item) => item.textContent)).toEqual([
      '支付 10.00 代币 → active',
      '2027/01/08 12:00 → expired等到那时',
    ]);
    expect(simulator.textContent).toContain('UTC+08:00');

    const count = within(simulator).getByLabelText('等待时长');
    await user.clear(count);
    await user.type(count, '7');
    await user.selectOptions(within(simulator).getByLabelText('时间单位'), '天');
    await user.click(within(simulator).getByRole('button', { name: buttonName('等待') }));
    expect(text('simulator-state')).toBe('expired');
    expect(text('simulator-auth')).toBe('未授权');
    expect(text('simulator-clock')).toBe('2027/01/08 12:00');
    expect(text('simulator-announcement')).toBe('在 initial 中满 7 天，进入 expired。当前状态 expired：未授权');

    await user.click(within(simulator).getByRole('button', { name: '支付 10.00 代币 → active' }));
    expect(text('simulator-state')).toBe('active');
    expect(text('simulator-auth')).toBe('正式授权 · 永久授权，合约不再变化');
    expect(within(simulator).getByText('不会再发生任何事件。')).toBeTruthy();
    expect(within(simulator).queryByLabelText('等待时长')).toBeNull();
    expect(historyItems().map((item) => item.textContent)).toEqual([
      '2027/01/01 12:00 签约，进入 initial',
      '2027/01/08 12:00 在 initial 中满 7 天，进入 expired',
      '2027/01/08 12:00 支付了 10.00 代币，进入 active，永久获得授权',
    ]);
  });

  it('en_US: waiting until the next event, waiting until a date, paying during the trial', async () => {
    const { user, simulator } = await openSimulator({ text: TRIAL_THEN_PAY }, 'en_US', '2027-01-01 12:00');
    expect(nextItems().map((item) => item.textContent)).toEqual([
      'Pay 10.00 coins → active',
      'On 2027/01/08 12:00 → expiredWait until then',
    ]);
    await user.click(within(simulator).getByRole('button', { name: 'Wait until 2027/01/08 12:00' }));
    expect(text('simulator-state')).toBe('expired');
    expect(text('simulator-auth')).toBe('Not authorized');

    // Nothing more is timed in `expired`: waiting a long time changes nothing but the clock.
    const until = within(simulator).getByLabelText('Wait until (YYYY-MM-DD HH:mm)');
    await user.type(until, '2030-06-30 08:00');
    await user.click(within(simulator).getByRole('button', { name: 'Wait until' }));
    expect(text('simulator-clock')).toBe('2030/06/30 08:00');
    expect(text('simulator-state')).toBe('expired');

    // Start over and pay during the trial.
    await user.click(within(simulator).getByRole('button', { name: 'Start over' }));
    expect(text('simulator-state')).toBe('initial');
    await user.click(within(simulator).getByRole('button', { name: 'Pay 10.00 coins → active' }));
    expect(text('simulator-auth')).toBe('Authorized · A permanent licence: nothing changes any more');
    expect(historyItems().map((item) => item.textContent)).toEqual([
      '2027/01/01 12:00 Signed: entered initial',
      '2027/01/01 12:00 Paid 10.00 coins: entered active; authorized for good',
    ]);
    expect(text('simulator-announcement')).toBe(
      'Paid 10.00 coins: entered active; authorized for good. Now in active: Authorized',
    );
  });

  it('tells what is wrong with a time or a duration, and refuses to wait backwards', async () => {
    const { user, simulator } = await openSimulator({ text: TRIAL_THEN_PAY }, 'en_US', '2027-01-01 12:00');
    const count = within(simulator).getByLabelText('Wait for');
    await user.clear(count);
    await user.type(count, '1.5');
    await user.click(within(simulator).getByRole('button', { name: 'Wait' }));
    expect(count.getAttribute('aria-invalid')).toBe('true');
    expect(within(simulator).getByText('Enter a whole number from 1 to 999999')).toBeTruthy();

    const until = within(simulator).getByLabelText('Wait until (YYYY-MM-DD HH:mm)');
    await user.type(until, '2026-12-31 23:59');
    await user.click(within(simulator).getByRole('button', { name: 'Wait until' }));
    expect(within(simulator).getByText('That is before the simulated time 2027/01/01 12:00')).toBeTruthy();
    await user.clear(until);
    await user.type(until, '2027-02-30 00:00');
    await user.click(within(simulator).getByRole('button', { name: 'Wait until' }));
    expect(within(simulator).getByText('Enter a real time as YYYY-MM-DD HH:mm')).toBeTruthy();
    expect(text('simulator-clock')).toBe('2027/01/01 12:00');
  });

  it('stops a policy that keeps firing and goes on when asked', async () => {
    const everyMinute = 'for public\ninitial[active]:\n  ~freelog.RelativeTimeEvent("1","minute") => initial';
    const { user, simulator } = await openSimulator({ text: everyMinute }, 'en_US', '2027-01-01 00:00');
    const count = within(simulator).getByLabelText('Wait for');
    await user.clear(count);
    await user.type(count, '12');
    await user.selectOptions(within(simulator).getByLabelText('Unit'), 'hours');
    await user.click(within(simulator).getByRole('button', { name: 'Wait' }));
    const halted = screen.getByTestId('simulator-halted');
    expect(halted.textContent).toContain('Stopped after 500 events at 2027/01/01 08:20');
    expect(text('simulator-clock')).toBe('2027/01/01 08:20');
    await user.click(within(halted).getByRole('button', { name: 'Go on waiting' }));
    expect(text('simulator-clock')).toBe('2027/01/01 12:00');
    expect(screen.queryByTestId('simulator-halted')).toBeNull();
    expect(historyItems()).toHaveLength(12 * 60 + 1);
  });

  it('says so when the policy does not compile', async () => {
    const services = createTestServices(server, { language: 'en_US' });
    renderInProviders(<TryPolicyPanel text="for public initial:" />, services, { antdStyles: false });
    await policyUser().click(await screen.findByRole('button', { name: 'Try this policy' }));
    expect((await screen.findByTestId('policy-simulator-invalid', {}, { timeout: 10_000 })).textContent).toBe(
      'The policy has errors: fix them to try it.',
    );
  });
});

describe('where the simulator is offered', { timeout: 20_000 }, () => {
  it('below a stored policy (the resource details page) and beside the translation in the editor', async () => {
    const view = await renderEditorStory(server, { initialText: TRIAL_THEN_PAY, readOnly: true });
    const user = policyUser();
    await user.click(within(screen.getByTestId('policy-read-only')).getByRole('button', { name: '试用此策略' }));
    expect(await screen.findByTestId('policy-simulator', {}, { timeout: 10_000 })).toBeTruthy();
    view.unmount();

    await renderEditorStory(server, { initialText: TRIAL_THEN_PAY });
    const summary = screen.getByRole('complementary', { name: '检查结果与策略说明' });
    await user.click(within(summary).getByRole('button', { name: '试用此策略' }));
    const simulator = await within(summary).findByTestId('policy-simulator', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(simulator).getByTestId('simulator-state').textContent).toBe('initial'));
  });
});
