import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, gate, type TestServer } from '../../../testing/test-server';
import { rawAccountKeys, requestsTo } from '../testing';
import { AVATAR_MAX_BYTES } from './avatar-file';
import { openSetting, sectionOf, startSettingServer } from './testing';

const UPLOAD = '/v2/users/current/uploadHeadImg';
const NEW_ADDRESS = '/avatars/10001?t=1767225600000';

let server: TestServer;
beforeEach(async () => {
  server = await startSettingServer();
  // jsdom has neither object URLs nor a drawing canvas: the browser's parts are stood in for.
  Object.assign(URL, { createObjectURL: () => 'blob:avatar', revokeObjectURL: () => undefined });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const avatar = () => sectionOf('avatar-section');
const png = (size = 2048, name = 'me.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** The canvas records what is drawn and encodes a PNG of 1 KiB. */
function standInCanvas() {
  const drawn: unknown[][] = [];
  const context = { drawImage: (...args: unknown[]) => drawn.push(args) } as unknown as CanvasRenderingContext2D;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
  ) {
    callback(new Blob([new Uint8Array(1024)], { type: 'image/png' }));
  });
  return drawn;
}

/** Chooses `file` and lets the browser "load" it as an image of the given size. */
async function pickImage(user: ReturnType<typeof userEvent.setup>, file: File, width = 800, height = 600) {
  await user.upload(screen.getByTestId('avatar-file-input'), file);
  const image = await screen.findByTestId('avatar-crop-image');
  Object.defineProperties(image, { naturalWidth: { value: width }, naturalHeight: { value: height } });
  fireEvent.load(image);
  await waitFor(() => expect((screen.getByRole('slider', { name: /缩放/ }) as HTMLInputElement).disabled).toBe(false));
}

describe('the avatar section', { timeout: 20_000 }, () => {
  it('refuses a dropped file that is not an image at once', async () => {
    await openSetting(server);
    fireEvent.drop(screen.getByTestId('avatar-drop-zone'), {
      dataTransfer: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
    });
    expect(avatar().getByRole('alert').textContent).toBe(
      '“cv.pdf”不是支持的图片格式，请选择 JPG、PNG、GIF 或 WebP 图片。',
    );
    expect(screen.queryByTestId('avatar-crop-area')).toBeNull();
    expect(rawAccountKeys(document.body.textContent)).toEqual([]);
  });

  it('refuses an image over 5 MiB at once', async () => {
    await openSetting(server);
    const user = userEvent.setup({ delay: null });
    await user.upload(screen.getByTestId('avatar-file-input'), png(AVATAR_MAX_BYTES + 1, 'huge.png'));
    expect(avatar().getByRole('alert').textContent).toBe('“huge.png”有 5.00 MB，头像图片不能超过 5 MB。');
    expect(screen.queryByTestId('avatar-crop-area')).toBeNull();
    expect(requestsTo(server, UPLOAD)).toHaveLength(0);
  });

  it('crops with the keyboard, draws 512×512 and uploads it as multipart `file`; the header avatar follows', async () => {
    server.route(UPLOAD, { body: envelope(NEW_ADDRESS) });
    const drawn = standInCanvas();
    await openSetting(server);
    const user = userEvent.setup({ delay: null });
    await pickImage(user, png());

    const area = screen.getByRole('group', { name: '裁剪区域' });
    area.focus();
    await user.keyboard('++'); // zoom 1.2: a 500-pixel square around the centre
    await user.keyboard('{ArrowRight}'); // the picture moves right by 10 view pixels
    expect(screen.getByRole('slider', { name: /缩放/ }).getAttribute('aria-valuetext')).toBe('120%');
    const currentUserReads = requestsTo(server, '/v2/users/current').length;
    await user.click(avatar().getByRole('button', { name: '上传头像' }));

    await waitFor(() => expect(avatar().getByRole('status').textContent).toBe('头像已更新'));
    const step = (10 * 500) / 280;
    const [drawing] = drawn;
    const [x, y, width, height] = (drawing?.slice(1, 5) ?? []) as number[];
    expect(x).toBeCloseTo(150 - step, 6);
    expect([y, width, height]).toEqual([50, 500, 500]);
    expect(drawing?.slice(5)).toEqual([0, 0, 512, 512]);
    const [sent] = requestsTo(server, UPLOAD);
    expect(sent?.method).toBe('POST');
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body).toContain('Content-Disposition: form-data; name="file"; filename="avatar.png"');
    expect(sent?.body).toContain('Content-Type: image/png');
    expect((avatar().getByRole('img', { name: 'alice 当前的头像' }) as HTMLImageElement).getAttribute('src')).toBe(
      NEW_ADDRESS,
    );
    // The user is read again, once for the header and the page alike.
    await waitFor(() => expect(requestsTo(server, '/v2/users/current').length).toBe(currentUserReads + 1));
  });

  it('shows the upload percent and can cancel it', async () => {
    const held = gate();
    server.route(UPLOAD, { body: envelope(NEW_ADDRESS), after: held.promise });
    standInCanvas();
    await openSetting(server);
    const user = userEvent.setup({ delay: null });
    await pickImage(user, png());
    await user.click(avatar().getByRole('button', { name: '上传头像' }));

    expect(await avatar().findByText('正在上传：100%')).toBeTruthy();
    expect(avatar().getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await user.click(avatar().getByRole('button', { name: '取消上传' }));
    await waitFor(() => expect(avatar().getByRole('status').textContent).toBe('已取消上传，头像未更改。'));
    expect(avatar().getByRole('button', { name: '上传头像' })).toBeTruthy();
    held.open();
  });
});
