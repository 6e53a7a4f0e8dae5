// One template: its details (name and description change under the template's ETag; the slug never
// does), its version history (newest first, a page at a time) with a read-only view of each version,
// the builder of the draft, a new draft from any version that is not the draft (the API copies that
// version's sections and fields into it), and delete after a confirmation (the API refuses while content uses the template).
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { field, formFailure, submitWithETag, type Conflict, type FormFailure } from '../../http/forms.js';
import { workspacePaths } from '../../nav.js';
import { zoneOf } from '../../time.js';
import { render, setFlash } from '../../views/render.js';
import { pageLinks, pageOf, when } from '../screen-forms.js';
import { abilitiesIn } from '../workspace-scope.js';
import { newDraftPermission } from './draft-rules.js';
import { resourceAddress, templateLinks } from './links.js';

type Template = components['schemas']['TemplateResponse'];

const PAGE_SIZE = 20;

interface DetailValues {
  name: string;
  description: string;
}

const detailValuesOf = (req: express.Request): DetailValues => ({ name: field(req, 'name').trim(), description: field(req, 'description').trim() });
const detailValuesFrom = (t: Template): DetailValues => ({ name: t.name, description: t.description ?? '' });

function conflictOf(t: Template, etag: string | undefined, zone: string): Conflict {
  return {
    etag: etag ?? '',
    current: [
      { label: 'Name', value: t.name },
      { label: 'Description', value: t.description ?? '' },
      { label: 'Last changed', value: when(t.updatedAt, zone) },
    ],
  };
}

async function readTemplate(res: express.Response, workspaceId: string, id: string) {
  const { data, etag } = await apiFor(res).call('getTemplate', { path: { workspaceId, id } });
  return { template: data, etag };
}

interface PageState {
  values?: DetailValues;
  failure?: FormFailure;
  conflict?: Conflict;
  draftFailure?: FormFailure;
}

/** The template's page: details form and version history. */
async function templatePage(req: express.Request, res: express.Response, ws: string, id: string, state: PageState = {}, status?: number): Promise<void> {
  const page = pageOf(req.query);
  const [abilities, { template, etag }, versions] = await Promise.all([
    abilitiesIn(res, ws),
    readTemplate(res, ws, id),
    apiFor(res).listTemplateVersions({ path: { workspaceId: ws, id }, query: { page, pageSize: PAGE_SIZE } }),
  ]);
  const zone = zoneOf(res);
  const links = templateLinks(ws, id);
  // Versions are listed newest first and a template has at most one draft, so a draft is the
  // newest version: the first of page 1.
  const newest = page === 1 ? versions.items[0] : (await apiFor(res).listTemplateVersions({ path: { workspaceId: ws, id }, query: { page: 1, pageSize: 1 } })).items[0];
  const draftNumber = newest?.status === 'Draft' ? newest.versionNumber : undefined;
  const published = template.currentVersionId ? versions.items.find((v) => v.id === template.currentVersionId) : undefined;
  await render(
    res,
    'templates/template',
    {
      title: `Template ${template.name}`,
      workspace: abilities.workspace,
      back: workspacePaths(ws).templates,
      template,
      etag,
      links,
      values: state.values ?? detailValuesFrom(template),
      problem: state.failure?.problem,
      errors: state.failure?.errors ?? {},
      conflict: state.conflict,
      draftProblem: state.draftFailure?.problem,
      model: abilities.model,
      newDraft: newDraftPermission(abilities.model, draftNumber),
      draftNumber,
      publishedNumber: published?.versionNumber,
      versions: versions.items.map((v) => ({
        ...v,
        published: when(v.publishedAt, zone),
        current: v.id === template.currentVersionId,
        view: links.version(v.versionNumber),
        builder: v.status === 'Draft' ? links.builder(v.versionNumber) : undefined,
      })),
      updated: when(template.updatedAt, zone),
      page,
      totalPages: versions.totalPages,
      pageLinks: pageLinks(links.root, {}, page, versions.totalPages),
    },
    status,
  );
}

export function register(router: express.Router): void {
  const at = '/workspaces/:workspaceId/templates/:id';

  router.get(at, async (req, res, next) => {
    const p = resourceAddress(req);
    if (!p) return next();
    await templatePage(req, res, p.ws, p.id);
  });

  router.post(at, async (req, res, next) => {
    const p = resourceAddress(req);
    if (!p) return next();
    const values = detailValuesOf(req);
    try {
      const outcome = await submitWithETag({
        etag: field(req, '_etag'),
        write: (ifMatch) =>
          apiFor(res).updateTemplate({ path: { workspaceId: p.ws, id: p.id }, body: { name: values.name, description: values.description === '' ? null : values.description } }, { ifMatch }),
        readCurrent: async () => {
          const now = await readTemplate(res, p.ws, p.id);
          return conflictOf(now.template, now.etag, zoneOf(res));
        },
      });
      if (!outcome.ok) return void (await templatePage(req, res, p.ws, p.id, { values, conflict: outcome.conflict }, 409));
      setFlash(res, 'success', `Template “${outcome.result.name}” saved.`);
      res.redirect(303, templateLinks(p.ws, p.id).root);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await templatePage(req, res, p.ws, p.id, { values, failure }, 422);
    }
  });

  router.post(`${at}/versions`, async (req, res, next) => {
    const p = resourceAddress(req);
    if (!p) return next();
    const notes = field(req, 'notes').trim();
    // The version the form was on (any status); anything else lets the API copy the current one.
    const source = Number(field(req, 'sourceVersionNumber'));
    const sourceVersionNumber = Number.isInteger(source) && source >= 1 ? source : null;
    try {
      const draft = await apiFor(res).createTemplateVersion({ path: { workspaceId: p.ws, id: p.id }, body: { notes: notes === '' ? null : notes, sourceVersionNumber } });
      setFlash(res, 'success', `Version ${draft.versionNumber} is a new draft, copied from ${sourceVersionNumber ? `version ${sourceVersionNumber}` : 'the published version'}.`);
      res.redirect(303, templateLinks(p.ws, p.id).builder(draft.versionNumber));
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await templatePage(req, res, p.ws, p.id, { draftFailure: failure }, failure.problem.status);
    }
  });

  router.get(`${at}/delete`, async (req, res, next) => {
    const p = resourceAddress(req);
    if (!p) return next();
    const [abilities, { template, etag }] = await Promise.all([abilitiesIn(res, p.ws), readTemplate(res, p.ws, p.id)]);
    await render(res, 'templates/delete', { title: `Delete template ${template.name}`, workspace: abilities.workspace, template, etag, links: templateLinks(p.ws, p.id), model: abilities.model, errors: {} });
  });

  router.post(`${at}/delete`, async (req, res, next) => {
    const p = resourceAddress(req);
    if (!p) return next();
    const links = templateLinks(p.ws, p.id);
    const again = async (state: { problem?: FormFailure['problem']; errors?: FormFailure['errors']; conflict?: Conflict }, status: number) => {
      const [abilities, { template, etag }] = await Promise.all([abilitiesIn(res, p.ws), readTemplate(res, p.ws, p.id)]);
      await render(res, 'templates/delete', { title: `Delete template ${template.name}`, workspace: abilities.workspace, template, etag, links, model: abilities.model, errors: {}, ...state }, status);
    };
    if (field(req, 'confirm') !== 'yes') {
      return again({ problem: { status: 422, title: 'Confirm the deletion', detail: 'Tick the box to confirm that the template and all its versions are deleted.' }, errors: { '/confirm': ['Tick this box to delete the template.'] } }, 422);
    }
    try {
      const outcome = await submitWithETag({
        etag: field(req, '_etag'),
        write: (ifMatch) => apiFor(res).deleteTemplate({ path: { workspaceId: p.ws, id: p.id } }, { ifMatch }),
        readCurrent: async () => {
          const now = await readTemplate(res, p.ws, p.id);
          return conflictOf(now.template, now.etag, zoneOf(res));
        },
      });
      if (!outcome.ok) return again({ conflict: outcome.conflict }, 409);
      setFlash(res, 'success', `Template “${field(req, 'name')}” deleted.`);
      res.redirect(303, workspacePaths(p.ws).templates);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await again({ problem: failure.problem, errors: failure.errors }, failure.problem.status);
    }
  });
}
