import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectNoA11yViolations, reviewScreenshot, test } from '../fixtures';

// Issue 39: review photos were 175 px on a phone and could not be opened. Each now opens full size
// in a viewer that works by keyboard: arrows between photos, Escape back to the photo it came from.

const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-output/screens');

test('a visitor at 390 px opens a review photo full size, moves to the next by keyboard, and closes it', async ({
  page,
  api,
}) => {
  // Two photos the demo reviews use, on a new review of its own.
  const feed = await api.get('/api/inflncr/getAllInfluencersPostsWithoutMobileAndEmail/all/1/20');
  const urls = [
    ...new Set(
      ((await feed.json()) as { Data: Array<{ postData: { data: Array<{ url: string }> } }> }).Data.flatMap(
        (p) => p.postData.data.map((m) => m.url),
      ),
    ),
  ].slice(0, 2);
  expect(urls).toHaveLength(2);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const title = `Two photos ${stamp.slice(-5)}`;
  const made = await api.post('/api/inflncr/addReview', {
    data: {
      type: 'IMAGE',
      caption: [{ index: 0, value: title }],
      description: [{ index: 0, value: 'The colour in daylight, and the weave up close.' }],
      data: urls.map((url, i) => ({ name: `photo-${i + 1}.webp`, url })),
      products: [],
      links: { data: [], index: 0 },
      hashtags: [],
      isPrivate: false,
      userData: { name: 'Nandini Rao', email: `nandini.${stamp}@example.com`, mobile: `9${stamp.slice(-9)}` },
      influencerData: { name: 'Nandini Rao', isService: false },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { postId, infId } = (await made.json()) as { postId: string; infId: string };

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/post/${infId}/${postId}`);
  const first = page.getByRole('link', { name: `Image 1 of ${title}, open full size` });
  // Drawn by the server, the link opens the file itself; once the app has taken the page over
  // (its query state read and removed), the viewer opens instead.
  await expect(first).toHaveAttribute('href', urls[0]!);
  await expect.poll(() => page.evaluate(() => document.getElementById('server-query-state'))).toBeNull();
  await first.click();
  const viewer = page.getByRole('dialog', { name: `Image 1 of ${title}` });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img')).toHaveAttribute('src', urls[0]!);
  await expect(viewer.getByText('Photo 1 of 2')).toBeVisible();
  // The photo fills the phone's width, not 175 px.
  const box = await viewer.getByRole('img').boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
  await expectNoA11yViolations(page, 'photo viewer');
  await reviewScreenshot(page, { path: path.join(SCREENS, 'photo-viewer-390.png') });

  await page.keyboard.press('ArrowRight');
  await expect(
    page.getByRole('dialog', { name: `Image 2 of ${title}` }).getByText('Photo 2 of 2'),
  ).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog').getByText('Photo 1 of 2')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(first).toBeFocused();

  // Without a pointer: Tab to the second photo, Enter opens it, the Close button closes it.
  await page.getByRole('link', { name: `Image 2 of ${title}, open full size` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: `Image 2 of ${title}` })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
