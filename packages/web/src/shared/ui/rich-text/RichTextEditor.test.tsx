import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestServices, renderInProviders } from '../../../testing/render-app';
import { findRichText } from '../../../testing/rich-text';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { RichTextField } from './RichTextField';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

/** A labelled field holding `initial`, as the version pages use it; `changes` records what it reports. */
async function renderField(initial: string, props: { maxLength?: number; readOnly?: boolean } = {}) {
  server = await startTestServer({});
  const changes = vi.fn<(html: string) => void>();
  function Field() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <span id="label">说明</span>
        <RichTextField
          labelledBy="label"
          value={value}
          {...props}
          onChange={(html) => {
            changes(html);
            setValue(html);
          }}
        />
      </>
    );
  }
  renderInProviders(<Field />, createTestServices(server, { language: 'zh_CN' }), { antdStyles: false });
  return { box: await findRichText('说明'), changes, user: userEvent.setup() };
}

describe('the rich-text field', { timeout: 40_000 }, () => {
  it('shows stored HTML formatted, never as markup, and reports nothing until edited', async () => {
    const { box, changes } = await renderField(
      '<h2>新</h2><p>一段<strong>加粗</strong>的<a href="https://example.com">链接</a></p>',
    );
    expect(box.textContent).toBe('新一段加粗的链接');
    expect(box.querySelector('h2')?.textContent).toBe('新');
    expect(box.querySelector('strong')?.textContent).toBe('加粗');
    expect(box.querySelector('a')?.getAttribute('href')).toBe('https://example.com');
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(changes).not.toHaveBeenCalled();
  });

  it('types paragraphs and turns bold on from the toolbar, which says what is on', async () => {
    const { box, changes, user } = await renderField('');
    const bold = screen.getByRole('button', { name: '加粗' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    await user.click(box);
    await user.click(bold);
    await waitFor(() => expect(bold.getAttribute('aria-pressed')).toBe('true'));
    await user.keyboard('重点');
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith('<p><strong>重点</strong></p>'));
    expect(screen.getByRole('toolbar', { name: '格式' })).toBeTruthy();
  });

  it('refuses a script address for a link and says why, then sets a good one', async () => {
    const { box, changes, user } = await renderField('<p>文档</p>');
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: '链接' }));
    const address = screen.getByRole('textbox', { name: '链接地址' });
    await user.clear(address);
    await user.type(address, 'javascript:alert(1){Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('请输入以 http:// 或 https:// 开头的地址');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    await user.clear(address);
    await user.type(address, 'https://example.com/docs');
    await user.click(screen.getByRole('button', { name: '应用' }));
    await waitFor(() =>
      expect(changes).toHaveBeenLastCalledWith(
        '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/docs">文档</a></p>',
      ),
    );
  });

  it('says when the text is longer than the server takes', async () => {
    const { box } = await renderField(`<p>${'长'.repeat(30)}</p>`, { maxLength: 20 });
    expect((await screen.findByRole('alert')).textContent).toBe('内容过长：37 / 20 个字符');
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('has no toolbar and takes no typing when read-only', async () => {
    const { box } = await renderField('<p>只读</p>', { readOnly: true });
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(box.getAttribute('contenteditable')).toBe('false');
    expect(box.getAttribute('aria-readonly')).toBe('true');
  });
});
