// Markdown previews in the content editor and viewer. Rendering is sanitised by construction: raw
// HTML in the source is not passed through (`html: false` escapes it), and markdown-it's link check
// refuses javascript:, vbscript:, file: and non-image data: URLs. Links open nothing on their own
// (rel="nofollow noopener noreferrer"), and the admin's CSP blocks inline script and foreign
// resources besides. The size is capped so a preview request cannot pin the event loop.
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet('rel', 'nofollow noopener noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** The most source a preview renders (the API accepts up to 1,000,000 characters per value). */
export const MARKDOWN_PREVIEW_LIMIT = 1_000_000;

/** Safe HTML for `source` (escaped HTML, checked links). */
export function renderMarkdown(source: string): string {
  return md.render(source.length > MARKDOWN_PREVIEW_LIMIT ? source.slice(0, MARKDOWN_PREVIEW_LIMIT) : source);
}
