import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { notFound } from '../errors.js';
import type { OperationHandler } from '../http/operation.js';

const require = createRequire(import.meta.url);
const swaggerUiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** Only these files of swagger-ui-dist are served; nothing else on disk is reachable. */
const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'verso-docs.js': 'application/javascript; charset=utf-8',
};

const VIEWER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Verso API</title>
<link rel="icon" href="/swagger/assets/favicon-32x32.png">
<link rel="stylesheet" href="/swagger/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/swagger/assets/swagger-ui-bundle.js"></script>
<script src="/swagger/assets/swagger-ui-standalone-preset.js"></script>
<script src="/swagger/assets/verso-docs.js"></script>
</body></html>
`;

const INITIALIZER = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });
`;

const NO_REFERRER = { 'Referrer-Policy': 'no-referrer' };

export const getOpenApiDocument: OperationHandler = ({ deps }) => {
  if (!deps.config.api.swaggerEnabled) throw notFound('The API document');
  return { status: 200, body: deps.document };
};

export const getApiDocsViewer: OperationHandler = ({ deps }) => {
  if (!deps.config.api.swaggerEnabled) throw notFound('The API documentation');
  return { status: 200, body: VIEWER_HTML, contentType: 'text/html; charset=utf-8', headers: NO_REFERRER };
};

export const getApiDocsAsset: OperationHandler = async ({ deps, request }) => {
  const asset = String(request.params.asset);
  const type = ASSETS[asset];
  if (!deps.config.api.swaggerEnabled || !type) throw notFound('The file');
  const body = asset === 'verso-docs.js' ? INITIALIZER : await fs.readFile(path.join(swaggerUiDir, asset));
  return { status: 200, body, contentType: type, headers: { ...NO_REFERRER, 'Cache-Control': 'public, max-age=3600' } };
};
