import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { diagnosticCount } from '@codemirror/lint';
import { compilePolicy } from '@tessera/domain';
import { COMPILING_EXAMPLES } from '@tessera/domain/policy-examples';
import { startTestServer, type TestServer } from '../../testing/test-server';
import {
  buttonName,
  codeView,
  labelOf,
  policyUser,
  renderEditorStory,
  replaceCode,
  storyText,
  waitForCode,
  waitForCodeText,
} from './testing';

const PAY_ONCE =
  'for public\n\ninitial:\n  ~freelog.TransactionEvent("10.00","self.account") => paid\n\npaid[active]:\n  terminate';
/** DOMAIN §4.10 G: `finish` is not defined (line 3, column 53). */
const UNDEFINED_TARGET = 'for public\ninitial[active]:\n  ~freelog.TransactionEvent("10","self.account") => finish';

const POLICY_D = COMPILING_EXAMPLES.D;

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const status = () => screen.getByTestId('policy-status').textContent;
const translation = () => screen.getByTestId('policy-translation').textContent;
const modeButton = (label: '可视化' | '代码') => screen.getByRole('button', { name: buttonName(label) });

describe('PolicyEditor', { timeout: 20_000 }, () => {
  it('opens an empty policy on the templates with an invitation, not an error, in both languages', async () => {
    await renderEditorStory(server);
    expect(screen.getByTestId('policy-templates').closest('[hidden]')).toBeNull();
    expect(status()).toBe('还没有内容：选择一个模板，或从空白开始搭建');
    expect(screen.queryByRole('heading', { name: '问题' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('写下策略后，这里会用日常语言说明它。')).toBeTruthy();
    cleanup();
    await renderEditorStory(server, {}, { language: 'en_US' });
    expect(status()).toBe('Nothing written yet: pick a template or start from scratch');
    expect(screen.queryByRole('heading', { name: 'Problems' })).toBeNull();
  });

  it('fills the editor from a template that compiles, asking before it replaces edits', async () => {
    await renderEditorStory(server);
    const user = policyUser();
    const templates = screen.getByTestId('policy-templates');
    await user.click(labelOf(within(templates).getByRole('radio', { name: '一次付费' })));
    await user.click(within(templates).getByRole('button', { name: '使用此模板' }));
    expect(storyText()).toBe(PAY_ONCE);
    expect(compilePolicy(storyText()).ok).toBe(true);
    expect(status()).toBe('策略有效');
    expect(screen.getByTestId('policy-templates').closest('[hidden]')).not.toBeNull();

    // The builder now shows the template: edit it, then pick another template.
    await user.click(screen.getAllByRole('checkbox', { name: '正式授权' })[0] as HTMLElement);
    expect(storyText()).toContain('initial[active]:');
    await user.click(screen.getByRole('button', { name: buttonName('模板') }));
    await user.click(labelOf(within(templates).getByRole('radio', { name: '免费' })));
    await user.click(within(templates).getByRole('button', { name: '使用此模板' }));
    const confirm = await screen.findByRole('dialog', { name: '用模板替换当前策略？' });
    await user.click(within(confirm).getByRole('button', { name: buttonName('取消') }));
    expect(storyText()).toContain('initial[active]:');
    await user.click(within(templates).getByRole('button', { name: '使用此模板' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '用模板替换当前策略？' })).getByRole('button', {
        name: buttonName('替换'),
      }),
    );
    await waitFor(() => expect(storyText()).toBe('for public\n\ninitial[active]:\n  terminate'));
    expect(status()).toBe('策略有效：这是一个免费策略');
  });

  it('turns visual edits into policy text that compiles, and shows it in code', async () => {
    await renderEditorStory(server);
    const user = policyUser();
    await user.click(screen.getByRole('button', { name: '添加状态' }));
    // The new state has the focus; it grants nothing yet, which the builder points out at once.
    expect(document.activeElement).toBe(screen.getByLabelText('状态名'));
    expect(within(screen.getByTestId('policy-issues')).getByText('该策略的任何状态都不授予授权')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: '正式授权' }));
    expect(storyText()).toBe('for public\n\ninitial[active]:\n  terminate');

    await user.click(screen.getByRole('button', { name: '添加状态' }));
    const paidName = screen.getAllByLabelText('状态名')[1] as HTMLInputElement;
    await user.tripleClick(paidName);
    await user.paste('paid');
    await user.click(screen.getAllByRole('button', { name: '添加事件' })[0] as HTMLElement);
    const amount = screen.getByLabelText('金额（代币）');
    await user.tripleClick(amount);
    await user.paste('25.5');
    await user.click(screen.getAllByRole('checkbox', { name: '正式授权' })[1] as HTMLElement);
    // Initial still grants authorization; the payment leads to `paid`, which grants it for good.
    expect(storyText()).toBe(
      'for public\n\ninitial[active]:\n  ~freelog.TransactionEvent("25.5","self.account") => paid\n\npaid[active]:\n  terminate',
    );
    expect(compilePolicy(storyText()).ok).toBe(true);
    expect(status()).toBe('策略有效');
    expect(translation()).toContain('支付 25.50 代币给授权方，进入 paid');

    // Renaming a state keeps the events that lead to it.
    await user.click(paidName);
    await user.paste('_forever');
    expect(storyText()).toContain('=> paid_forever\n\npaid_forever[active]:');

    await user.click(modeButton('代码'));
    await waitForCodeText(storyText());
    expect(screen.queryByTestId('policy-visual-builder')).toBeNull();
    await user.click(modeButton('可视化'));
    expect((screen.getAllByLabelText('状态名')[1] as HTMLInputElement).value).toBe('paid_forever');
    expect(document.body.textContent).not.toMatch(/policy(Editor)?\.[a-z]/);
  });

  it('shows a code error translated with its line and column, and stays in code', async () => {
    await renderEditorStory(server, { initialText: UNDEFINED_TARGET });
    const user = policyUser();
    // A text the builder cannot read opens in code, with the reason.
    expect(modeButton('代码').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('policy-mode-blocked').textContent).toContain('3:53 目标状态“finish”未定义');
    const issue = within(screen.getByTestId('policy-issues')).getByRole('button', {
      name: '转到第 3 行第 53 列：目标状态“finish”未定义',
    });
    expect(issue.textContent).toBe('错误3:53目标状态“finish”未定义');
    expect(status()).toBe('有 1 个错误');
    await waitForCode();
    await waitFor(() => expect(diagnosticCount(codeView().state)).toBe(1));

    await user.click(issue);
    const { from, to } = codeView().state.selection.main;
    expect(codeView().state.sliceDoc(from, to)).toBe('finish');

    await user.click(modeButton('可视化'));
    expect(modeButton('代码').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('policy-mode-blocked').getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('policy-visual-builder')).toBeNull();

    // Typing a fix is checked once typing pauses; then the builder opens.
    act(() => replaceCode(`${UNDEFINED_TARGET}\nfinish:\n  terminate`));
    expect(storyText()).toContain('finish:\n  terminate');
    await waitFor(() => expect(status()).toBe('策略有效'));
    expect(screen.queryByTestId('policy-issues')).toBeNull();
    expect(diagnosticCount(codeView().state)).toBe(0);
    await user.click(modeButton('可视化'));
    expect(screen.getByTestId('policy-visual-builder')).toBeTruthy();
  });

  it('updates the plain-language translation as the code changes, in either language', async () => {
    const { services } = await renderEditorStory(server, { initialText: PAY_ONCE, defaultMode: 'code' });
    await waitForCode();
    expect(translation()).toContain('签约对象：所有人');
    expect(translation()).toContain('支付 10.00 代币给授权方，进入 paid');
    act(() => replaceCode(PAY_ONCE.replace('"10.00"', '"19.9"')));
    await waitFor(() => expect(translation()).toContain('支付 19.90 代币给授权方，进入 paid'));

    act(() => services.i18n.setLanguage('en_US'));
    expect(translation()).toContain('Who may sign: everyone');
    expect(translation()).toContain('Pay 19.90 coins to the licensor to enter paid');
    expect(translation()).toContain('State “paid”: grants authorization for good; nothing changes after this');
    expect(status()).toBe('The policy is valid');

    act(() => replaceCode(PAY_ONCE.replace('"10.00"', '"0"')));
    // The payment no longer leads to `paid`: it cannot be reached any more (a warning).
    await waitFor(() => expect(status()).toBe('1 error(s) to fix, 1 warning(s)'));
    expect(screen.getByText('Fix the errors to read the policy in plain words here.')).toBeTruthy();
    expect(
      within(screen.getByTestId('policy-issues')).getByText(
        'Amount must be between 0.01 and 1000000.00 with at most 2 decimals',
      ),
    ).toBeTruthy();
  });

  it('shows each event with its inputs, and a problem at its field', async () => {
    await renderEditorStory(server, { initialText: POLICY_D });
    const user = policyUser();
    expect(await screen.findByDisplayValue('2030-01-01 00:00')).toBe(screen.getByLabelText('日期时间（平台时间）'));
    expect(screen.getByLabelText('数量')).toHaveProperty('value', '6');
    // `always testActive` reads as test authorization in every state.
    expect(
      screen.getAllByRole('checkbox', { name: '测试授权' }).map((box) => (box as HTMLInputElement).checked),
    ).toEqual([true, true, true]);

    const amount = screen.getByLabelText('金额（代币）');
    await user.tripleClick(amount);
    await user.keyboard('{Backspace}');
    const message = '金额必须在 0.01 到 1000000.00 之间，最多两位小数';
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(amount.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    expect(status()).toBe('有 1 个错误');
    amount.blur();
    await user.click(
      within(screen.getByTestId('policy-issues')).getByRole('button', { name: `转到initial：${message}` }),
    );
    expect(document.activeElement).toBe(amount);
  });

  it('offers test authorization only for resources', async () => {
    await renderEditorStory(server, { initialText: 'for public\n\ninitial[active]:\n  terminate', subjectType: 2 });
    expect(screen.getByRole('checkbox', { name: '正式授权' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: '测试授权' })).toBeNull();
  });

  it('read-only: the translation with the coloured code beside, no editor loaded, nothing to edit', async () => {
    await renderEditorStory(server, { initialText: PAY_ONCE, readOnly: true }, { language: 'en_US' });
    expect(translation()).toContain('Initial state “initial”: grants no authorization');
    expect(translation()).toContain('Pay 10.00 coins to the licensor to enter paid');
    const code = screen.getByTestId('policy-code-view');
    expect(code.textContent).toContain(PAY_ONCE);
    expect(within(code).getByLabelText('Policy code').textContent).toBe(PAY_ONCE);
    expect(code.querySelector('[data-kind="keyword"]')?.textContent).toBe('for');
    expect(code.querySelector('.cm-editor')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Policy code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Templates' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/policy(Editor)?\.[a-z]/);
  });

  it('read-only with errors: the code editor marks them, read-only', async () => {
    const broken = 'for public\n\ninitial[active]:\n  ~freelog.NoSuchEvent() => gone';
    await renderEditorStory(server, { initialText: broken, readOnly: true }, { language: 'en_US' });
    await waitForCodeText(broken);
    expect(codeView().state.readOnly).toBe(true);
    expect(screen.queryByTestId('policy-code-view')).toBeNull();
    expect(screen.getByTestId('policy-issues')).toBeTruthy();
  });
});
