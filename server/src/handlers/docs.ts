import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { notFound } from '../errors.js';
import type { operations } from '../generated/openapi.js';
import type { Handler } from '../http/operation.js';

const require = createRequire(import.meta.url);
const swaggerUiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/**
 * Only these files of swagger-ui-dist are served; nothing else on disk is reachable. A Map, because
 * the name comes from the URL: on a plain object `constructor` or `toString` would be "found" and
 * read from disk (issue #23: an anonymous 500 with a stack in the log).
 */
const ASSETS: ReadonlyMap<string, string> = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'application/javascript; charset=utf-8'],
  ['swagger-ui-standalone-preset.js', 'application/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
  ['verso-docs.js', 'application/javascript; charset=utf-8'],
]);

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

// validatorUrl null: otherwise Swagger UI asks validator.swagger.io for a badge (telling it where the
// document lives), which the page's CSP rightly blocks. docExpansion 'none': the page opens as the
// list of tags, each opened on demand; every operation of the whole contract expanded at once is a
// page too long to use, and more than Swagger UI renders (it stopped after the second tag).
const INITIALIZER = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null, docExpansion: 'none',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });
`;

const NO_REFERRER = { 'Referrer-Policy': 'no-referrer' };

type OpenApiDocument = operations['getOpenApiDocument']['responses'][200]['content']['application/json'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The contract was validated as OpenAPI 3.1 at start-up; this only restates its top-level shape for the compiler. */
const isOpenApiDocument = (d: Readonly<Record<string, unknown>>): d is OpenApiDocument =>
  typeof d.openapi === 'string' && isRecord(d.info) && isRecord(d.paths);

export const getOpenApiDocument: Handler<'getOpenApiDocument'> = ({ deps, reply }) => {
  if (!deps.config.api.swaggerEnabled) throw notFound('The API document');
  if (!isOpenApiDocument(deps.document)) throw new Error('the served contract has no openapi, info or paths');
  return reply(200, deps.document);
};

export const getApiDocsViewer: Handler<'getApiDocsViewer'> = ({ deps, reply }) => {
  if (!deps.config.api.swaggerEnabled) throw notFound('The API documentation');
  return reply(200, VIEWER_HTML, { ...NO_REFERRER, 'Content-Type': 'text/html; charset=utf-8' });
};

export const getApiDocsAsset: Handler<'getApiDocsAsset'> = async ({ deps, request, reply }) => {
  const { asset } = request.params;
  const type = ASSETS.get(asset);
  if (!deps.config.api.swaggerEnabled || !type) throw notFound('The file');
  const body = asset === 'verso-docs.js' ? INITIALIZER : await fs.readFile(path.join(swaggerUiDir, asset));
  return reply(200, body, { ...NO_REFERRER, 'Cache-Control': 'public, max-age=3600', 'Content-Type': type });
};
