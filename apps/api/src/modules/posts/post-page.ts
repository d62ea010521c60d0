import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ID_PATTERN, postDescription, postTitle, type PublicPost } from '@app/domain';
import { AppError } from '../../lib/app-error.js';
import type { PostsService } from './posts.service.js';

const SITE_NAME = 'Revuhub';
const DESCRIPTION_MAX = 200;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Link previews need absolute addresses: PUBLIC_URL when configured, else the address asked for. */
function origin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}

/** The Open Graph and Twitter card tags of a post; every value is escaped. */
export function postMetaTags(post: PublicPost, pageUrl: string, base: string): string {
  const title = clip(postTitle(post) || `A review by ${post.authorName}`, 120);
  const description = clip(
    postDescription(post) || `Read ${post.authorName}'s review on ${SITE_NAME}`,
    DESCRIPTION_MAX,
  );
  const image = post.postData.data[0]?.url;
  const imageUrl = image ? new URL(image, base).toString() : undefined;
  const tags: Array<[string, string, string]> = [
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['name', 'twitter:card', imageUrl ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
  if (imageUrl) tags.push(['property', 'og:image', imageUrl], ['name', 'twitter:image', imageUrl]);
  return [
    `<title>${escapeHtml(`${title} | ${SITE_NAME}`)}</title>`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
  ].join('\n    ');
}

/** index.html without its own title and description, which the post's tags replace. */
function loadShell(webDist: string): string | undefined {
  const file = path.join(webDist, 'index.html');
  if (!fs.existsSync(file)) return undefined;
  return fs
    .readFileSync(file, 'utf8')
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>/, '');
}

const FALLBACK_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /></head><body></body></html>';

/**
 * `/post/{infId}/{postId}`: the built web app with the post's preview tags in its head, so a shared
 * link previews in WhatsApp and social apps (their crawlers run no JavaScript); the app then takes over.
 */
export async function registerPostPage(
  app: FastifyInstance,
  { posts, webDist, publicUrl }: { posts: PostsService; webDist: string; publicUrl: string | undefined },
) {
  const shell = loadShell(webDist) ?? FALLBACK_SHELL;
  app.get<{ Params: { infId: string; postId: string } }>(
    '/post/:infId/:postId',
    { schema: { hide: true } },
    async (request, reply) => {
      const { infId, postId } = request.params;
      let head = `<title>${SITE_NAME}</title>`;
      let status = 200;
      if (ID_PATTERN.test(infId) && ID_PATTERN.test(postId)) {
        try {
          const post = await posts.getPost(infId, postId);
          const base = origin(request, publicUrl);
          head = postMetaTags(post, `${base}/post/${infId}/${postId}`, base);
        } catch (error) {
          if (!(error instanceof AppError) || error.status !== 404) throw error;
          status = 404;
          // A post held for its account holder's code, or one moderators took down: no preview of it,
          // and not for search engines.
          if (error.code === 'AWAITING_CONFIRMATION' || error.code === 'POST_REMOVED') {
            head = `<title>${escapeHtml(error.message)} | ${SITE_NAME}</title>\n  <meta name="robots" content="noindex" />`;
          }
        }
      } else {
        status = 404;
      }
      return reply
        .status(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(shell.replace('</head>', `  ${head}\n  </head>`));
    },
  );
}
