// The Markdown preview of the content editor, for public/content-editor.js: POST the source (with the
// form's CSRF token, checked by the app like any other post) and get the sanitised HTML fragment
// (markdown.ts: raw HTML escaped, unsafe links refused). Without JavaScript the editor's own
// "Preview" button re-renders the whole form with the same rendering.
import type express from 'express';
import { field } from '../../http/forms.js';
import { renderMarkdown } from '../../markdown.js';
import { workspacePaths } from '../../nav.js';

export const markdownPreviewPath = (workspaceId: string) => `${workspacePaths(workspaceId).content}/markdown-preview`;

export function register(router: express.Router): void {
  router.post('/workspaces/:workspaceId/content/markdown-preview', (req, res) => {
    res.type('html').setHeader('Cache-Control', 'no-store');
    res.send(renderMarkdown(field(req, 'source')));
  });
}
