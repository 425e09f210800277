import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { apiCall, apiSignIn } from '../support/api';

// Issue 16: image, audio and video details pages preview their file. The demo image and video have a free
// policy (a visitor sees them); the demo audio is paid only, so a visitor reads that a licence is needed
// and its owner gets the player, whose source serves Range requests so it can seek.

const idOf = async (request: APIRequestContext, name: string) =>
  (await apiCall<{ resourceId: string }>(request, 'GET', `/resources/${encodeURIComponent(name)}`)).resourceId;

/** The media element's source answers a Range request with 206 and those bytes. */
async function expectRangeServed(request: APIRequestContext, media: Locator) {
  const source = await media.evaluate(
    (element) => (element as HTMLMediaElement).currentSrc || element.getAttribute('src'),
  );
  expect(source).toMatch(/\/versions\/1\.0\.0\/preview$/);
  const answer = await request.get(source ?? '', { headers: { Range: 'bytes=0-15' } });
  expect(answer.status()).toBe(206);
  expect(answer.headers()['content-range']).toMatch(/^bytes 0-15\/\d+$/);
  expect(answer.headers()['accept-ranges']).toBe('bytes');
  expect((await answer.body()).length).toBe(16);
}

test('a visitor sees the demo image loaded and the demo video player', async ({ page }) => {
  await page.goto(`/resource/details/${await idOf(page.request, 'alice/morning-mist')}`);
  const image = page.getByTestId('preview-image');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('alt', /.+/);
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  await page.goto(`/resource/details/${await idOf(page.request, 'alice/ocean-waves')}`);
  const video = page.getByTestId('preview-video');
  await expect(video).toHaveAttribute('preload', 'metadata');
  await expect(video).toHaveAttribute('aria-label', /.+/);
  await expectRangeServed(page.request, video);
  // The demo video is a real clip the browser decodes: its picture and its four seconds are known.
  await expect
    .poll(() =>
      video.evaluate((element) => {
        const media = element as HTMLVideoElement;
        return media.readyState >= 1 ? [media.videoWidth, media.videoHeight, Math.round(media.duration)] : null;
      }),
    )
    .toEqual([480, 270, 4]);
});

test('the paid demo audio: a licence line for a visitor, a seekable player for its owner', async ({ page }) => {
  const path = `/resource/details/${await idOf(page.request, 'alice/rain-sounds')}`;
  await page.goto(path);
  await expect(page.getByTestId('preview-licence-needed')).toBeVisible();
  await expect(page.locator('audio')).toHaveCount(0);

  await apiSignIn(page.request, 'alice');
  await page.goto(path);
  const audio = page.getByTestId('preview-audio');
  await expect(audio).toBeVisible();
  await expect(audio).toHaveAttribute('controls', '');
  await expect(audio).toHaveAttribute('aria-label', /.+/);
  await expectRangeServed(page.request, audio);
});
