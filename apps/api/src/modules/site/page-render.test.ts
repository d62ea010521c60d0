import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { pageRenderer } from './page-render.js';

/**
 * The API's side of drawing shared pages on the server: it loads the web app's renderer once, keeps
 * a page drawn from the same answers, and sends the page undrawn when there is no renderer or a
 * render fails. (The render itself, hydrated in a real browser: e2e/tests/shared-page-boot.spec.ts.)
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-render-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A renderer module like apps/web/dist-server's, counting its renders in a file beside it. */
function writeRenderer(name: string, body: string): string {
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(
    file,
    `import fs from 'node:fs';
const count = ${JSON.stringify(`${file}.count`)};
export async function renderSharedPage(url, answers) {
  fs.appendFileSync(count, 'x');
  ${body}
}`,
  );
  return file;
}
const renders = (file: string) =>
  fs.existsSync(`${file}.count`) ? fs.readFileSync(`${file}.count`, 'utf8').length : 0;

const log = pino({ level: 'silent' });

describe('drawing a shared page on the server', () => {
  it('draws from the parsed answers, and draws once for the same address and answers', async () => {
    const file = writeRenderer(
      'echo',
      "return { html: `<h1>${answers.get('GET /store').name}</h1>`, queryState: JSON.stringify({ url }) };",
    );
    const render = pageRenderer(file, log);
    const answers = new Map([['GET /store', '{"name":"Gowda Footwear"}']]);
    const page = await render('https://revuhub.example/viewstore/true/a1', answers);
    expect(page).toEqual({
      html: '<h1>Gowda Footwear</h1>',
      queryState: '{"url":"https://revuhub.example/viewstore/true/a1"}',
    });
    await render('https://revuhub.example/viewstore/true/a1', new Map(answers));
    expect(renders(file)).toBe(1);

    // The store renamed: another answer is another page.
    const renamed = await render(
      'https://revuhub.example/viewstore/true/a1',
      new Map([['GET /store', '{"name":"Gowda Shoes"}']]),
    );
    expect(renamed?.html).toBe('<h1>Gowda Shoes</h1>');
    await render('https://revuhub.example/viewstore/true/a1?view=business', answers);
    expect(renders(file)).toBe(3);
  });

  it('sends the page undrawn without a built renderer, or when a render fails', async () => {
    const missing = pageRenderer(path.join(dir, 'not-built.mjs'), log);
    expect(await missing('https://revuhub.example/product/p1', new Map())).toBeUndefined();

    const failing = writeRenderer('failing', "throw new Error('window is not defined');");
    const render = pageRenderer(failing, log);
    expect(await render('https://revuhub.example/product/p1', new Map())).toBeUndefined();
    // Not tried again for every visitor of the same page while it is kept.
    expect(await render('https://revuhub.example/product/p1', new Map())).toBeUndefined();
    expect(renders(failing)).toBe(1);
  });
});
