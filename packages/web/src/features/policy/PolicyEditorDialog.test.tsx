import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { policyNameProblem } from './policy-name';
import type { PolicyDraft } from './PolicyEditorDialog';
import { buttonName, policyUser, renderDialogStory, replaceCode, waitForCode } from './testing';

const FREE = 'for public\n\ninitial[active]:\n  terminate';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

function dialogActions() {
  const onSave = vi.fn<(draft: PolicyDraft) => unknown>();
  const onClose = vi.fn();
  return { onSave, onClose };
}

const nameInput = () => screen.getByLabelText('策略名称') as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: buttonName('保存') });
/**
 * antd names every dialog after the same id in tests, so the question is found by its text (the
 * latest one: a question answered before stays in the page, hidden).
 */
async function discardQuestion(): Promise<HTMLElement> {
  const titles = await screen.findAllByText('放弃这个策略？');
  return titles[titles.length - 1]?.closest('[role="dialog"]') as HTMLElement;
}
const cancelButton = () => screen.getByRole('button', { name: buttonName('取消') });

describe('policy names', () => {
  it('take 2 to 20 characters, unique within the subject whatever the case', () => {
    expect(policyNameProblem('  ', [])).toBe('policyEditor.dialog.nameRequired');
    expect(policyNameProblem('a', [])).toBe('policyEditor.dialog.nameLength');
    expect(policyNameProblem('会员', [])).toBeNull();
    expect(policyNameProblem('x'.repeat(20), [])).toBeNull();
    expect(policyNameProblem('x'.repeat(21), [])).toBe('policyEditor.dialog.nameLength');
    expect(policyNameProblem(' VIP ', ['vip'])).toBe('policyEditor.dialog.nameTaken');
  });
});

describe('PolicyEditorDialog', { timeout: 20_000 }, () => {
  it('checks the name before saving, then hands over the name and the policy', async () => {
    const actions = dialogActions();
    await renderDialogStory(server, { ...actions, initialText: FREE, takenNames: ['Standard'] });
    const user = policyUser();
    expect(screen.getByRole('dialog', { name: '添加授权策略' })).toBeTruthy();

    await user.click(saveButton());
    expect(await screen.findByText('请输入策略名称')).toBeTruthy();
    await user.type(nameInput(), 'a');
    expect(await screen.findByText('策略名称需为 2–20 个字符')).toBeTruthy();
    await user.clear(nameInput());
    await user.paste('x'.repeat(21));
    expect(await screen.findByText('策略名称需为 2–20 个字符')).toBeTruthy();
    await user.clear(nameInput());
    await user.paste('standard');
    expect(await screen.findByText('已有同名的策略')).toBeTruthy();
    await user.click(saveButton());
    expect(actions.onSave).not.toHaveBeenCalled();

    await user.clear(nameInput());
    await user.paste(' 会员 ');
    await user.click(saveButton());
    await waitFor(() => expect(actions.onClose).toHaveBeenCalledTimes(1));
    expect(actions.onSave).toHaveBeenCalledWith({ policyName: '会员', policyText: FREE });
  });

  it('refuses a policy that does not compile, and shows what the save answered', async () => {
    const actions = dialogActions();
    actions.onSave.mockResolvedValue('策略名称重复');
    await renderDialogStory(server, {
      ...actions,
      initialName: '会员',
      initialText: 'for public\n\ninitial:\n  terminate',
    });
    const user = policyUser();
    await user.click(saveButton());
    expect((await screen.findByTestId('policy-dialog-error')).textContent).toBe('策略还有错误，修正后才能保存');
    expect(actions.onSave).not.toHaveBeenCalled();

    // It opened in code (the builder cannot read it); granting authorization makes it a free policy.
    await waitForCode();
    act(() => replaceCode(FREE));
    await user.click(saveButton());
    await waitFor(() => expect(screen.getByTestId('policy-dialog-error').textContent).toBe('策略名称重复'));
    expect(actions.onSave).toHaveBeenCalledWith({ policyName: '会员', policyText: FREE });
    expect(actions.onClose).not.toHaveBeenCalled();
  });

  it('closes at once when nothing was entered', async () => {
    const actions = dialogActions();
    await renderDialogStory(server, { ...actions, initialText: FREE });
    await policyUser().click(cancelButton());
    expect(actions.onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before dropping unsaved work', async () => {
    const actions = dialogActions();
    await renderDialogStory(server, { ...actions, initialText: FREE });
    const user = policyUser();
    await user.type(nameInput(), '会员');
    await user.click(cancelButton());
    await user.click(within(await discardQuestion()).getByRole('button', { name: '继续编辑' }));
    expect(actions.onClose).not.toHaveBeenCalled();
    expect(nameInput().value).toBe('会员');

    await user.click(cancelButton());
    await user.click(within(await discardQuestion()).getByRole('button', { name: buttonName('放弃') }));
    await waitFor(() => expect(actions.onClose).toHaveBeenCalledTimes(1));
  });
});
