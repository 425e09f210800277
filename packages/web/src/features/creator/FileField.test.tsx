import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { policyUser } from '../policy/testing';
import { requestsTo } from '../resources/testing';
import { createTestServices, renderInProviders } from '../../testing/render-app';
import { envelope, type TestServer } from '../../testing/test-server';
import { FileField, type ChosenFile } from './FileField';
import { FILE_SHA1, startCreatorServer } from './testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

const objectsPath = '/v2/storages/buckets/photos/objects';

/** The file step alone, with alice's bucket `photos` holding fog.png and notes.md. */
async function renderFileField(resourceTypeCode?: string) {
  server = await startCreatorServer();
  const onChange = vi.fn<(file: ChosenFile | null) => void>();
  renderInProviders(
    <MemoryRouter>
      <FileField value={null} onChange={onChange} resourceTypeCode={resourceTypeCode} />
    </MemoryRouter>,
    createTestServices(server, { language: 'zh_CN' }),
    { antdStyles: false },
  );
  const picker = await screen.findByRole('combobox', { name: '存储空间中的对象' });
  return { onChange, picker, user: policyUser() };
}

/** The picker's options in the order they are listed. */
const optionNames = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));

describe('the file step’s object picker', { timeout: 20_000 }, () => {
  it('narrows the list by the server’s name search and takes the picked object through the reuse check', async () => {
    const { onChange, picker, user } = await renderFileField();
    await user.click(picker);
    expect(await screen.findByTitle('fog.png')).toBeTruthy();
    expect(screen.getByTitle('notes.md')).toBeTruthy();

    await user.type(picker, 'fo');
    await waitFor(() =>
      expect(requestsTo(server, 'GET', objectsPath).some((request) => request.query.get('keywords') === 'fo')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(screen.queryByTitle('notes.md')).toBeNull());
    expect(screen.getByTitle('fog.png')).toBeTruthy();

    // Enter picks the first match (antd reads keyCode, which user-event does not set); the server says
    // whether the file may be used, then it is chosen.
    fireEvent.keyDown(picker, { key: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ fileSha1: FILE_SHA1, filename: 'fog.png' }));
    expect(
      requestsTo(server, 'GET', '/v2/resources/versions/isCanBeCreate').some(
        (request) => request.query.get('fileSha1') === FILE_SHA1,
      ),
    ).toBe(true);
  });

  it('offers the objects of the resource’s own type first, the others after them', async () => {
    const { picker, user } = await renderFileField('markdown');
    await user.click(picker);
    await screen.findByTitle('notes.md');
    expect(optionNames()).toEqual(['notes.md', 'fog.png']);
  });

  it('keeps the server’s order (newest first) when the type is not known yet', async () => {
    const { picker, user } = await renderFileField();
    await user.click(picker);
    await screen.findByTitle('notes.md');
    expect(optionNames()).toEqual(['fog.png', 'notes.md']);
  });

  it('says when no object’s name has the typed words', async () => {
    const { picker, user } = await renderFileField();
    await user.click(picker);
    await user.type(picker, 'zzz');
    expect(await screen.findByText('没有名称包含“zzz”的对象')).toBeTruthy();
  });

  it('shows "taken" and chooses nothing when another user’s resource uses the file', async () => {
    const { onChange, picker, user } = await renderFileField();
    server.route('/v2/resources/versions/isCanBeCreate', { body: envelope(false) });
    await user.click(picker);
    await user.click(await screen.findByTitle('notes.md'));
    expect((await screen.findByRole('alert')).textContent).toContain('该文件已被其他用户的资源使用');
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ filename: 'notes.md' }));
  });
});
