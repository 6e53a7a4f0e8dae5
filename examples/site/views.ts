// The site's HTML, as template literals with every value escaped. The article's markup is one
// function (articleHtml) used both for the page and for live preview's re-render, so what the editor
// sees while typing is exactly what the published page will be: the same Markdown, the same srcset.
import { srcSet, type PublicMediaSettings } from '@verso/sdk';
import { sourceAttribute, type SourceMap } from '@verso/sdk/live-preview';
import type { ArticleSummary, ArticleVersion } from './content.js';
import { renderMarkdown } from './markdown.js';
import { ARTICLE_FIELDS } from './model.js';

type FieldValue = ArticleVersion['fields'][number];

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

export interface ArticleContext {
  readonly apiUrl: string;
  readonly media: PublicMediaSettings;
  /** Present in preview: values get `data-verso` markers for click-to-edit. */
  readonly sourceMap: SourceMap | null;
}

/** ` data-verso="…"` for the value at `pointer` in preview, nothing otherwise. */
function marker(context: ArticleContext, pointer: string): string {
  const value = context.sourceMap ? sourceAttribute(context.sourceMap, pointer) : undefined;
  return value === undefined ? '' : ` data-verso="${escapeHtml(value)}"`;
}

/** The values of field `key` in order, each with its index in `fields` (its JSON pointer). */
function valuesOf(version: ArticleVersion, key: string): { value: FieldValue; index: number }[] {
  return version.fields
    .map((value, index) => ({ value, index }))
    .filter((v) => v.value.key === key)
    .sort((a, b) => a.value.order - b.value.order);
}

/** The article's title (its `title` value, else the item's title or slug) and the value's pointer. */
export function titleOf(version: ArticleVersion): { text: string; pointer: string | null } {
  const [title] = valuesOf(version, ARTICLE_FIELDS.title);
  if (title?.value.textValue) return { text: title.value.textValue, pointer: `/fields/${title.index}/textValue` };
  return { text: version.title ?? version.slug ?? 'Untitled', pointer: null };
}

// Asset URLs in delivery answers are paths on the API; the browser fetches them from there.
const absolute = (apiUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : apiUrl + url);

function heroHtml(version: ArticleVersion, context: ArticleContext): string {
  const [hero] = valuesOf(version, ARTICLE_FIELDS.hero);
  const asset = hero?.value.asset;
  if (!hero || !asset || (!asset.renditionUrl && !asset.url)) return '';
  const pointer = `/fields/${hero.index}/asset`;
  const alt = escapeHtml(asset.altText ?? '');
  const size = asset.width && asset.height ? ` width="${asset.width}" height="${asset.height}"` : '';
  if (!asset.renditionUrl || !context.media.enabled) {
    if (!asset.url) return '';
    return `<img class="hero" src="${escapeHtml(absolute(context.apiUrl, asset.url))}" alt="${alt}"${size}${marker(context, pointer)}>`;
  }
  // The published widths up to the image's own (never upscaled), at most four of them.
  const widths = context.media.widths.filter((w) => w <= (asset.width ?? Infinity) && w <= context.media.maxWidth).slice(-4);
  if (widths.length === 0) widths.push(Math.min(...context.media.widths));
  const set = srcSet(asset, widths, { settings: context.media, format: 'auto' })
    .split(', ')
    .map((entry) => absolute(context.apiUrl, entry))
    .join(', ');
  const fallback = set.split(', ').at(-1)!.split(' ')[0]!;
  return `<img class="hero" src="${escapeHtml(fallback)}" srcset="${escapeHtml(set)}" sizes="(max-width: 48rem) 100vw, 48rem" alt="${alt}"${size}${marker(context, pointer)}>`;
}

function relatedHtml(version: ArticleVersion, context: ArticleContext): string {
  const items = valuesOf(version, ARTICLE_FIELDS.related).flatMap(({ value, index }) => {
    const child = value.child;
    if (!child?.slug) return [];
    // The list item names the parent's field (reorder, remove); the title inside names the child (edit it).
    const title = titleOf(child);
    const titleMarker = title.pointer ? marker(context, `/fields/${index}/child${title.pointer}`) : '';
    return [`<li${marker(context, `/fields/${index}/childContentItemId`)}><a href="/articles/${encodeURIComponent(child.slug)}"><span${titleMarker}>${escapeHtml(title.text)}</span></a></li>`];
  });
  if (items.length === 0) return '';
  return `<aside class="related"><h2>Related articles</h2><ul>${items.join('')}</ul></aside>`;
}

/** The article itself: title, hero, Markdown body, related articles. */
export function articleHtml(version: ArticleVersion, context: ArticleContext): string {
  const title = titleOf(version);
  const [body] = valuesOf(version, ARTICLE_FIELDS.body);
  const bodyHtml = body?.value.textValue ? `<div class="body"${marker(context, `/fields/${body.index}/textValue`)}>${renderMarkdown(body.value.textValue)}</div>` : '';
  const date = version.publishedAt ?? version.updatedAt;
  return [
    `<h1${title.pointer ? marker(context, title.pointer) : ''}>${escapeHtml(title.text)}</h1>`,
    `<p class="date"><time datetime="${escapeHtml(date)}">${escapeHtml(formatDate(date))}</time></p>`,
    heroHtml(version, context),
    bodyHtml,
    relatedHtml(version, context),
  ].join('\n');
}

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export interface PageOptions {
  readonly title: string;
  readonly main: string;
  /** In preview: the banner, and — when the admin's origin is set — the live-preview script. */
  readonly preview?: { readonly adminOrigin: string | null };
}

export function page(options: PageOptions): string {
  const live = options.preview?.adminOrigin
    ? `<meta name="verso-admin-origin" content="${escapeHtml(options.preview.adminOrigin)}">\n<script type="module" src="/preview.js"></script>`
    : '';
  const banner = options.preview ? '<p class="preview-banner" role="status">Preview: you are seeing unpublished changes. <a href="/api/preview/exit">Leave preview</a></p>' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="/site.css">
${live}
</head>
<body>
${banner}
<header><a href="/">Verso example site</a></header>
<main id="verso-article">
${options.main}
</main>
</body>
</html>
`;
}

export function homeHtml(articles: readonly ArticleSummary[]): string {
  if (articles.length === 0) return '<h1>Articles</h1>\n<p>Nothing is published yet.</p>';
  const items = articles.map((a) => {
    const date = a.currentlyServingVersion?.publishedAt ?? a.updatedAt;
    return `<li><a href="/articles/${encodeURIComponent(a.slug!)}">${escapeHtml(a.title ?? a.slug!)}</a> <time datetime="${escapeHtml(date)}">${escapeHtml(formatDate(date))}</time></li>`;
  });
  return `<h1>Articles</h1>\n<ul class="articles">\n${items.join('\n')}\n</ul>`;
}

export function messageHtml(heading: string, sentence: string): string {
  return `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(sentence)}</p>`;
}
