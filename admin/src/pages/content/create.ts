// Creating a content item: `/workspaces/<ws>/content/new`. First choose a template (only templates
// with a published version: the item is created on that version), then the slug, locale, tags and
// the template's fields with the editor's inputs. The slug follows the title field until it is
// edited by hand (public/content-editor.js; without JavaScript it is just an input). Inline children
// are created first, then the item (createContent); success opens the new version in the editor.
import type express from 'express';
import { apiFor } from '../../api.js';
import { assetFacts } from '../media/asset-facts.js';
import { field, formFailure, type FieldErrors, type FormFailure } from '../../http/forms.js';
import { workspacePaths } from '../../nav.js';
import { zoneOf } from '../../time.js';
import { render, setFlash } from '../../views/render.js';
import { isUuid, queryValue, refuse } from '../screen-forms.js';
import { abilitiesIn, type WorkspaceAbilities } from '../workspace-scope.js';
import { runOp, type OpResult } from './editor-form.js';
import { loadEditorSchema, type EditorField, type EditorSchema } from './editor-schema.js';
import { writeInlineChildren } from './editor-save.js';
import { localeChoices } from './locale-choices.js';
import { contentLinks, viewContext } from './editor.js';
import { fieldViews, sectioned, idValuesOf } from './field-views.js';
import { markdownPreviewPath } from './markdown-preview.js';
import { itemNameOf } from './item-paths.js';
import { referenceSearchPath } from './reference-search.js';
import { encodeValues, errorsByPath, opOf, parseTree, stateFromTree, type FieldsState } from './value-form.js';

export const createPath = (workspaceId: string) => `${workspacePaths(workspaceId).content}/new`;

interface Meta {
  slug: string;
  locale: string;
  tags: string;
}

interface CreatePage {
  abilities: WorkspaceAbilities;
  schema: EditorSchema;
  templateId: string;
  templateName: string;
  templateVersionId: string;
  meta: Meta;
  state: FieldsState;
  /** The user edited the slug by hand: it no longer follows the title. */
  slugEdited: boolean;
  tagNames: string[];
  errors?: FieldErrors;
  failure?: FormFailure;
  op?: OpResult;
}

/**
 * The field whose text the slug follows: the template version's title field (`titleFieldKey`, #25 —
 * the API resolves its default, the first Text field), else one keyed `title` or `name`, else the
 * first Text field.
 */
function titleField(fields: readonly EditorField[], titleFieldKey: string | null | undefined): EditorField | undefined {
  const text = fields.filter((f) => f.kind === 'Text');
  const named = titleFieldKey ? text.find((f) => f.key.toLowerCase() === titleFieldKey.toLowerCase()) : undefined;
  return named ?? text.find((f) => /^(title|name)$/i.test(f.key)) ?? text[0];
}

async function createPage(res: express.Response, workspaceId: string, page: CreatePage, status?: number) {
  const errors = page.errors ?? {};
  const ctx = viewContext(page, workspaceId, { readOnly: false, errors, op: page.op, zone: zoneOf(res) });
  ctx.assets = await assetFacts(res, workspaceId, idValuesOf(page.state));
  const fields = page.schema.fields(page.templateVersionId);
  const views = fieldViews(ctx, fields, page.state);
  const title = titleField(fields, page.schema.version(page.templateVersionId)?.titleFieldKey);
  const tagErrors = Object.entries(errors).filter(([p]) => p.startsWith('/tags')).flatMap(([, m]) => m);
  const locales = await localeChoices(res, workspaceId, page.meta.locale);
  await render(
    res,
    'content/create',
    {
      title: `New ${page.templateName} item`,
      workspaceId,
      templateName: page.templateName,
      templateId: page.templateId,
      templateVersionId: page.templateVersionId,
      action: createPath(workspaceId),
      listPath: contentLinks(workspaceId).list,
      previewUrl: markdownPreviewPath(workspaceId),
      searchUrl: referenceSearchPath(workspaceId),
      meta: page.meta,
      localeChoices: locales,
      slugSource: title ? `f-${title.id}-0` : '',
      slugEdited: page.slugEdited,
      tagNames: page.tagNames,
      sections: sectioned(ctx, page.templateVersionId, views),
      problem: page.failure?.problem,
      errors: { ...errors, '/tags': tagErrors },
      zone: zoneOf(res),
    },
    status,
  );
}

async function tagNames(res: express.Response, workspaceId: string): Promise<string[]> {
  return (await apiFor(res).listTags({ path: { workspaceId }, query: { pageSize: 100 } })).items.map((t) => t.name);
}

/** The template to create on, and the published version the item will be written against. */
async function templateFor(res: express.Response, workspaceId: string, templateId: string) {
  const template = await apiFor(res).getTemplate({ path: { workspaceId, id: templateId } });
  return { template, versionId: template.currentVersionId };
}

export function register(router: express.Router): void {
  router.get('/workspaces/:workspaceId/content/new', async (req, res, next) => {
    const workspaceId = req.params.workspaceId;
    if (!isUuid(workspaceId)) return next();
    const abilities = await abilitiesIn(res, workspaceId);
    if (!abilities.editContent.allowed) return refuse(res, abilities.editContent.reason);
    const templateId = queryValue(req.query, 'template');
    if (!isUuid(templateId)) {
      const list = await apiFor(res).listTemplates({ path: { workspaceId }, query: { pageSize: 100 } });
      return void (await render(res, 'content/create-choose', {
        title: 'New content item',
        workspaceId,
        action: createPath(workspaceId),
        listPath: contentLinks(workspaceId).list,
        templates: list.items.filter((t) => t.currentVersionId),
        unpublished: list.items.filter((t) => !t.currentVersionId).length,
        templatesPath: workspacePaths(workspaceId).templates,
      }));
    }
    const [{ template, versionId }, tags] = await Promise.all([templateFor(res, workspaceId, templateId), tagNames(res, workspaceId)]);
    if (!versionId) return refuse(res, `The template ${template.name} has no published version yet: publish it before creating items with it.`);
    const schema = await loadEditorSchema(res, workspaceId, [versionId]);
    await createPage(res, workspaceId, { abilities, schema, templateId, templateName: template.name, templateVersionId: versionId, meta: { slug: '', locale: '', tags: '' }, state: {}, slugEdited: false, tagNames: tags });
  });

  router.post('/workspaces/:workspaceId/content/new', async (req, res, next) => {
    const workspaceId = req.params.workspaceId;
    const templateId = field(req, 'template');
    const templateVersionId = field(req, 'templateVersion');
    if (!isUuid(workspaceId) || !isUuid(templateId) || !isUuid(templateVersionId)) return next();
    const [abilities, { template }, tags] = await Promise.all([abilitiesIn(res, workspaceId), templateFor(res, workspaceId, templateId), tagNames(res, workspaceId)]);
    const schema = await loadEditorSchema(res, workspaceId, [templateVersionId]);
    const fields = schema.fields(templateVersionId);
    const state = stateFromTree(schema, fields, parseTree(req.body));
    const meta = { slug: field(req, 'slug').trim(), locale: field(req, 'localeCode').trim(), tags: field(req, 'tags') };
    const page: CreatePage = { abilities, schema, templateId, templateName: template.name, templateVersionId, meta, state, slugEdited: field(req, 'slugEdited') === '1', tagNames: tags };

    const op = opOf(field(req, '_op'));
    if (op) return void (await createPage(res, workspaceId, { ...page, op: await runOp(res, workspaceId, schema, fields, state, op) }));

    const children = await writeInlineChildren(res, { workspaceId, schema, fields, state, loaded: new Map(), editable: () => abilities.editContent, parentEtag: '', zone: zoneOf(res) });
    if (!children.ok) {
      // New children have no ETag to conflict on; only a failure can come back here.
      const failure = 'failure' in children ? children.failure : { problem: { status: 409, title: 'Changed by someone else', detail: null }, errors: {} };
      return void (await createPage(res, workspaceId, { ...page, failure, errors: failure.errors }, 422));
    }
    const encoded = encodeValues(fields, state, '', zoneOf(res));
    if (Object.keys(encoded.errors).length > 0) {
      return void (await createPage(res, workspaceId, { ...page, errors: encoded.errors, failure: { problem: { status: 422, title: 'Some values could not be read', detail: 'Correct the marked inputs and try again.' }, errors: encoded.errors } }, 422));
    }
    const tagList = meta.tags.split(',').map((t) => t.trim()).filter(Boolean);
    try {
      const created = await apiFor(res).createContent({
        path: { workspaceId },
        body: { templateVersionId, slug: meta.slug || null, localeCode: meta.locale || null, tags: tagList, fields: encoded.values },
      });
      setFlash(res, 'success', `“${itemNameOf(created)}” created.`);
      res.redirect(303, contentLinks(workspaceId).editor(created.id, created.versions[0]?.versionNumber ?? 1));
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await createPage(res, workspaceId, { ...page, failure, errors: errorsByPath(failure.errors, encoded, fields) }, 422);
    }
  });
}
