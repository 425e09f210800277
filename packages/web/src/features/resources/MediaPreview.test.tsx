import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { envelope, type TestAnswer, type TestServer } from '../../testing/test-server';
import type { Resource } from './resources-api';
import { openPage, requestsTo, resourceWire, startResourceServer, versionWire } from './testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

function media(type: string): TestAnswer {
  return { status: 206, headers: { 'content-type': type, 'content-range': 'bytes 0-0/8' }, body: PNG.subarray(0, 1) };
}

const released = (overrides: Partial<Resource>): Resource => {
  const resource = resourceWire({
    resourceTitle: '雨声',
    resourceVersions: [{ version: '1.0.0', versionId: 'v1', createDate: '2026-03-01T08:30:00.000Z' }],
    latestVersion: '1.0.0',
    ...overrides,
  });
  return { ...resource, latestVersionInfo: versionWire(resource, { version: '1.0.0', versionId: 'v1' }) };
};

/** The details page of `resource` with its preview answered by `preview`. */
async function open(resource: Resource, preview: TestAnswer, language: 'zh_CN' | 'en_US' = 'zh_CN') {
  server = await startResourceServer();
  const base = `/v2/resources/${resource.resourceId}`;
  server.route(base, { body: envelope(resource) });
  server.route(`${base}/versions/1.0.0/preview`, preview);
  server.route(`/v2/collections/resources/${resource.resourceId}/count`, { body: envelope(0) });
  openPage(server, `/resource/details/${resource.resourceId}`, language);
  await screen.findByRole('heading', { level: 1 });
  return `${base}/versions/1.0.0/preview`;
}

describe('the media preview of a details page', { timeout: 20_000 }, () => {
  it('shows an image the caller may see, labelled, opening full size', async () => {
    const path = await open(released({ resourceType: ['image'], resourceTitle: '山间晨雾' }), media('image/png'));
    const image = await screen.findByRole('img', { name: '山间晨雾 的图片预览' });
    expect(new URL(image.getAttribute('src') ?? '').pathname).toBe(path);
    expect(image.closest('a')?.getAttribute('href')).toBe(image.getAttribute('src'));
    expect(screen.getByRole('region', { name: '预览' })).toBeTruthy();
    // The access was asked with a one-byte Range.
    expect(requestsTo(server, 'GET', path)[0]?.headers.range).toBe('bytes=0-0');
  });

  it('gives audio a labelled player that loads only its metadata first', async () => {
    await open(released({ resourceType: ['audio'], resourceTypeCode: 'audio' }), media('audio/wav'), 'en_US');
    const player = await screen.findByTestId('preview-audio');
    expect(player.tagName).toBe('AUDIO');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.getAttribute('preload')).toBe('metadata');
    expect(player.getAttribute('aria-label')).toBe('Audio preview of 雨声');
  });

  it('gives video a player with the cover as its poster', async () => {
    const cover = 'https://example.test/cover.jpg';
    await open(
      released({ resourceType: ['video'], resourceTypeCode: 'video', coverImages: [cover] }),
      media('video/mp4'),
    );
    const player = await screen.findByTestId('preview-video');
    expect([player.tagName, player.getAttribute('poster'), player.getAttribute('preload')]).toEqual([
      'VIDEO',
      cover,
      'metadata',
    ]);
    expect(player.getAttribute('aria-label')).toBe('雨声 的视频预览');
  });

  it('says a licence is needed when the server asks for one, with no player', async () => {
    await open(
      released({ resourceType: ['audio'], resourceTypeCode: 'audio' }),
      { body: envelope(null, { errCode: 3, msg: 'A licence is needed' }) },
      'en_US',
    );
    expect((await screen.findByTestId('preview-licence-needed')).textContent).toBe(
      'A licence is needed to preview this resource.',
    );
    expect(document.querySelector('audio')).toBeNull();
  });

  it('shows nothing for another refusal or another type', async () => {
    const path = await open(released({ resourceType: ['image'] }), { body: envelope(null, { errCode: 2 }) });
    await waitFor(() => expect(requestsTo(server, 'GET', path)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('media-preview')).toBeNull());
    expect(document.querySelector('img[data-testid="preview-image"]')).toBeNull();
    await server.close();

    const notes = await open(
      released({ resourceType: ['markdown'], resourceTypeCode: 'markdown' }),
      media('image/png'),
    );
    expect(screen.getByTestId('resource-details')).toBeTruthy();
    expect(requestsTo(server, 'GET', notes)).toEqual([]);
    expect(screen.queryByTestId('media-preview')).toBeNull();
  });
});
