// Article bodies are Markdown, rendered as the admin renders its previews: raw HTML in the source
// is escaped (`html: false`), markdown-it's link check refuses javascript:, vbscript:, file: and
// non-image data: URLs, and links carry rel="nofollow noopener noreferrer".
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet('rel', 'nofollow noopener noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}
