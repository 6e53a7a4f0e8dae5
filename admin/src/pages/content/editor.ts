// The content editor of one version: `/workspaces/<ws>/content/<item>/versions/<n>/edit`. One input
// per field (views/content/fields/*), the effective window in the user's zone, the workflow bar.
// Saving writes inline children first (editor-save.ts), then the version with the ETag the page was
// opened from (If-Match): a 412 shows "changed by someone else" with the current values and a
// re-apply button; a 422 is shown at the inputs it concerns with every value kept. A version the
// user may not change (status, role, grant) renders read-only with the reason.
// The same post with `X-Verso-Autosave: 1` (public/content-editor.js, Drafts only) is answered with
// JSON instead of a page (editor-autosave.ts): the new ETag, or why nothing was saved.
import type express from 'express';
import { apiFor } from '../../api.js';
import { field, formFailure, submitWithETag, type FieldErrors, type FormFailure, type Conflict } from '../../http/forms.js';
import { contentLinks } from './content-links.js';
import { inputFromInstant, instantFromInput, zoneOf } from '../../time.js';
import { render, setFlash } from '../../views/render.js';
import { assetFacts } from '../media/asset-facts.js';
import { mediaPaths } from '../media/media-scope.js';
import { isUuid } from '../screen-forms.js';
import { versionNumberOf } from '../templates/links.js';
import { editable, workflowBar, type ContentStatus } from './workflow-rules.js';
import { runOp, type OpResult } from './editor-form.js';
import { loadVersion, type LoadedVersion } from './editor-load.js';
import { titleInVersion } from './item-paths.js';
import { rejectionOf } from './rejection.js';
import { conflictValues, writeInlineChildren } from './editor-save.js';
import { fieldViews, idValuesOf, sectioned, type ViewContext } from './field-views.js';
import { autosaveReply, isAutosave, savedChildren } from './editor-autosave.js';
import * as markdownPreview from './markdown-preview.js';
import { openPreview } from './preview.js';
import * as editorLive from './editor-live.js';
import * as referenceSearch from './reference-search.js';
import { loadTranslationSource, sharedFieldsOf, sharedKeys, type TranslationSource } from './translation-source.js';
import { encodeValues, errorsByPath, opOf, parseTree, stateFromTree, stateFromValues, type FieldsState } from './value-form.js';


/** The URLs of one item's pages (the item page, its versions' workflow routes and viewer are H4's). */
export { contentLinks };

/** The view context shared by the editor and the create form. */
export function viewContext(loaded: Pick<LoadedVersion, 'schema' | 'abilities'>, workspaceId: string, opts: { readOnly: boolean; errors?: FieldErrors; op?: OpResult; zone: string }): ViewContext {
  const links = contentLinks(workspaceId);
  return {
    schema: loaded.schema,
    errors: opts.errors ?? {},
    previews: opts.op?.previews ?? {},
    results: opts.op?.results ?? {},
    focus: opts.op?.focus,
    readOnly: opts.readOnly,
    zone: opts.zone,
    childEditable: (status) => editable(status as ContentStatus, loaded.abilities),
    mayCreate: loaded.abilities.editContent,
    links: { editor: links.editor, item: links.item, asset: (assetId) => mediaPaths(workspaceId, assetId).asset },
  };
}

interface Window {
  start: string;
  end: string;
}

interface EditorPage {
  state: FieldsState;
  window: Window;
  etag: string;
  errors?: FieldErrors;
  failure?: FormFailure;
  conflict?: Conflict;
  op?: OpResult;
  /** The member's translation source when already read (a save reads it to keep shared values). */
  source?: TranslationSource | null;
}

async function editorPage(res: express.Response, workspaceId: string, loaded: LoadedVersion, page: EditorPage, status?: number) {
  const { version, abilities, schema } = loaded;
  const links = contentLinks(workspaceId);
  const canEdit = editable(version.status, abilities);
  const errors = page.errors ?? {};
  const ctx = viewContext(loaded, workspaceId, { readOnly: !canEdit.allowed, errors, op: page.op, zone: zoneOf(res) });
  ctx.assets = await assetFacts(res, workspaceId, idValuesOf(page.state));
  const [source, rejection] = await Promise.all([
    page.source === undefined ? loadTranslationSource(res, workspaceId, version) : page.source,
    rejectionOf(res, workspaceId, version.contentItemId, version),
  ]);
  const shared = source ? sharedKeys(schema, version.templateVersionId) : new Set<string>();
  // A member with a source: each field carries the source's value, and a shared field is read-only.
  const views = schema.fields(version.templateVersionId).map((f) => {
    const isShared = shared.has(f.key.toLowerCase());
    const view = fieldViews(ctx, [f], page.state, '', 0, ctx.readOnly || isShared)[0]!;
    const translation = source ? { label: source.label, values: source.values.get(f.key.toLowerCase()) ?? [], shared: isShared ? (source.editorHref ?? source.itemHref) : null } : null;
    return Object.assign(view, { translation });
  });
  const name = titleInVersion(version.fields, schema.version(version.templateVersionId)?.titleFieldKey) || version.slug || 'untitled item';
  await render(
    res,
    'content/editor',
    {
      title: `Edit ${name} · version ${version.versionNumber}`,
      workspaceId,
      name,
      version,
      links: { list: links.list, item: links.item(version.contentItemId) },
      action: links.editor(version.contentItemId, version.versionNumber),
      previewUrl: markdownPreview.markdownPreviewPath(workspaceId),
      searchUrl: referenceSearch.referenceSearchPath(workspaceId),
      sections: sectioned(ctx, version.templateVersionId, views),
      window: page.window,
      zone: zoneOf(res),
      etag: page.etag,
      conflict: page.conflict,
      problem: page.failure?.problem,
      errors,
      readOnlyReason: canEdit.allowed ? null : canEdit.reason,
      // Autosave writes Drafts only: a save of a version in Review or Approved is a decision (it may
      // send the version back to Draft), so it stays with the Save button.
      autosave: canEdit.allowed && version.status === 'Draft',
      bar: workflowBar(version.status, abilities),
      rejection,
      barAction: links.workflow(version.contentItemId, version.versionNumber),
      translationSource: source && { label: source.label, itemHref: source.itemHref, versionNumber: source.versionNumber, served: source.served },
      live: editorLive.livePreviewView(res, workspaceId, loaded),
    },
    status,
  );
}

/**
 * A workflow refusal that names fields (submit or publish of a version missing required values: 422
 * `/fields/<key>`) shown where they can be fixed: the editor of that version with its stored values
 * and each message at its field's input.
 */
export async function editorWithRefusal(res: express.Response, at: { workspaceId: string; itemId: string; versionNumber: number }, failure: FormFailure, status: number): Promise<void> {
  const loaded = await loadVersion(res, at.workspaceId, at.itemId, at.versionNumber);
  const { version, schema } = loaded;
  const fields = schema.fields(version.templateVersionId);
  const zone = zoneOf(res);
  const state = stateFromValues(schema, fields, version.fields, loaded.children, zone);
  const window = { start: inputFromInstant(version.effectiveStartAt, zone), end: inputFromInstant(version.effectiveEndAt, zone) };
  await editorPage(res, at.workspaceId, loaded, { state, etag: loaded.etag, window, failure, errors: errorsByPath(failure.errors, { origins: [] }, fields) }, status);
}

/** The window inputs as instants (null = blank), or the inputs that are not date-times. */
function windowBody(window: Window, zone: string): { start: string | null; end: string | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const read = (value: string, pointer: string) => {
    const t = instantFromInput(value, zone);
    if (t === null) errors[pointer] = [`Enter a date and time (${zone}), or leave it blank.`];
    return t ?? null;
  };
  return { start: read(window.start, '/effectiveStartAt'), end: read(window.end, '/effectiveEndAt'), errors };
}

/** Inline children the user may not change keep their stored values (their disabled inputs post nothing). */
function keepLockedChildren(loaded: LoadedVersion, state: FieldsState, zone: string): void {
  for (const f of loaded.schema.fields(loaded.version.templateVersionId).filter((x) => x.kind === 'Inline')) {
    for (const row of state[f.id] ?? []) {
      const child = row.inline && loaded.children.get(row.inline.itemId);
      if (!row.inline || !child) continue;
      row.inline.status = child.version.status;
      if (!editable(child.version.status, loaded.abilities).allowed) {
        row.inline.fields = stateFromValues(loaded.schema, loaded.schema.fields(child.version.templateVersionId), child.version.fields, new Map(), zone);
      }
    }
  }
}

/**
 * A member with a source shows its shared fields read-only (no inputs posted): the stored values are
 * kept, so a save neither changes nor drops them. Returns the source (null: none, or no shared fields).
 */
async function keepSharedValues(res: express.Response, workspaceId: string, loaded: LoadedVersion, state: FieldsState, zone: string): Promise<TranslationSource | null | undefined> {
  const { schema, version } = loaded;
  const shared = sharedKeys(schema, version.templateVersionId);
  if (shared.size === 0) return undefined;
  const source = await loadTranslationSource(res, workspaceId, version);
  if (!source) return null;
  const fields = sharedFieldsOf(schema.fields(version.templateVersionId), shared);
  const stored = stateFromValues(schema, fields, version.fields, loaded.children, zone);
  for (const f of fields) {
    if (stored[f.id]) state[f.id] = stored[f.id]!;
    else delete state[f.id];
  }
  return source;
}

function address(req: express.Request): { workspaceId: string; itemId: string; versionNumber: number } | undefined {
  const { workspaceId, itemId } = req.params as Record<string, string>;
  const versionNumber = versionNumberOf(req.params.n);
  return isUuid(workspaceId) && isUuid(itemId) && versionNumber !== undefined ? { workspaceId, itemId, versionNumber } : undefined;
}

const PATH = '/workspaces/:workspaceId/content/:itemId/versions/:n/edit';

export function register(router: express.Router): void {
  markdownPreview.register(router);
  referenceSearch.register(router);
  editorLive.register(router);

  router.get(PATH, async (req, res, next) => {
    const at = address(req);
    if (!at) return next();
    const loaded = await loadVersion(res, at.workspaceId, at.itemId, at.versionNumber);
    const zone = zoneOf(res);
    const { version, schema } = loaded;
    const state = stateFromValues(schema, schema.fields(version.templateVersionId), version.fields, loaded.children, zone);
    await editorPage(res, at.workspaceId, loaded, { state, etag: loaded.etag, window: { start: inputFromInstant(version.effectiveStartAt, zone), end: inputFromInstant(version.effectiveEndAt, zone) } });
  });

  router.post(PATH, async (req, res, next) => {
    const at = address(req);
    if (!at) return next();
    const { workspaceId, itemId, versionNumber } = at;
    const loaded = await loadVersion(res, workspaceId, itemId, versionNumber);
    const { schema, version } = loaded;
    const zone = zoneOf(res);
    const fields = schema.fields(version.templateVersionId);
    const state = stateFromTree(schema, fields, parseTree(req.body));
    keepLockedChildren(loaded, state, zone);
    const source = await keepSharedValues(res, workspaceId, loaded, state, zone);
    const window = { start: field(req, 'effectiveStartAt'), end: field(req, 'effectiveEndAt') };
    const etag = field(req, '_etag');
    const page = { state, window, etag, source };

    const auto = isAutosave(req);
    const op = opOf(field(req, '_op'));
    if (auto && op) return autosaveReply(res, { kind: 'refused', reason: 'this change needs the Save button' });
    if (op) return void (await editorPage(res, workspaceId, loaded, { ...page, op: await runOp(res, workspaceId, schema, fields, state, op) }));

    const times = windowBody(window, zone);
    if (Object.keys(times.errors).length > 0) {
      if (auto) return autosaveReply(res, { kind: 'refused', reason: Object.values(times.errors).flat()[0] ?? 'the effective window could not be read' });
      return void (await editorPage(res, workspaceId, loaded, { ...page, errors: times.errors, failure: { problem: { status: 422, title: 'The effective window could not be read', detail: null }, errors: times.errors } }, 422));
    }
    const children = await writeInlineChildren(res, { workspaceId, schema, fields, state, loaded: loaded.children, editable: (s) => editable(s as ContentStatus, loaded.abilities), parentEtag: etag, zone });
    if (!children.ok) {
      if (auto) return autosaveReply(res, 'conflict' in children ? { kind: 'conflict' } : { kind: 'refused', reason: children.failure.problem.title });
      if ('conflict' in children) return void (await editorPage(res, workspaceId, loaded, { ...page, conflict: children.conflict }, 409));
      return void (await editorPage(res, workspaceId, loaded, { ...page, failure: children.failure, errors: children.failure.errors }, 422));
    }
    const encoded = encodeValues(fields, state, '', zone);
    if (Object.keys(encoded.errors).length > 0) {
      if (auto) return autosaveReply(res, { kind: 'refused', reason: Object.values(encoded.errors).flat()[0] ?? 'some values could not be read' });
      return void (await editorPage(res, workspaceId, loaded, { ...page, errors: encoded.errors, failure: { problem: { status: 422, title: 'Some values could not be read', detail: 'Correct the marked inputs and save again.' }, errors: encoded.errors } }, 422));
    }
    try {
      const outcome = await submitWithETag({
        etag,
        write: (ifMatch) => apiFor(res).call('updateContentVersion', { path: { workspaceId, id: itemId, versionNumber }, query: { expandChildren: false }, body: { fields: encoded.values, effectiveStartAt: times.start, effectiveEndAt: times.end } }, { ifMatch }),
        readCurrent: async () => {
          const now = await apiFor(res).call('getContentVersion', { path: { workspaceId, id: itemId, versionNumber }, query: { expandChildren: false } });
          return { etag: now.etag ?? '', current: conflictValues(schema, now.data, zone) };
        },
      });
      if (auto) return autosaveReply(res, outcome.ok ? { kind: 'saved', etag: outcome.result.etag ?? '', zone, inputs: savedChildren(fields, state) } : { kind: 'conflict' });
      if (!outcome.ok) return void (await editorPage(res, workspaceId, loaded, { ...page, conflict: outcome.conflict }, 409));
      // "Save and preview" (its form targets a new tab): saved, now the preview of what was saved.
      if (field(req, '_then') === 'preview') return void (await openPreview(res, { workspaceId, itemId }));
      // The API sends an edited Review or Approved version back to Draft (its approval covered what was approved).
      const from = outcome.result.data.returnedToDraftFrom;
      setFlash(res, 'success', from ? `Version ${versionNumber} saved. It was ${from === 'Approved' ? 'approved' : 'in review'}, so it is a Draft again: submit it for review.` : `Version ${versionNumber} saved.`);
      res.redirect(303, contentLinks(workspaceId).editor(itemId, versionNumber));
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      const errors = errorsByPath(failure.errors, encoded, fields);
      if (auto) return autosaveReply(res, { kind: 'refused', reason: Object.values(errors).flat()[0] ?? failure.problem.title });
      await editorPage(res, workspaceId, loaded, { ...page, failure, errors }, 422);
    }
  });
}
