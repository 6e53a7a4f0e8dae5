// One component: its details (name, slug and description change under the component's ETag), its
// versions (as the component lists them, newest first), and a new draft (the API copies the latest
// version's fields, or answers with the draft that already exists).
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { field, formFailure, submitWithETag, type Conflict, type FormFailure } from '../../http/forms.js';
import { workspacePaths } from '../../nav.js';
import { zoneOf } from '../../time.js';
import { render, setFlash } from '../../views/render.js';
import { when } from '../screen-forms.js';
import { componentLinks, resourceAddress } from '../templates/links.js';
import { nameBody, nameValuesOf, type NameValues } from '../templates/name-form.js';
import { abilitiesIn } from '../workspace-scope.js';

type Component = components['schemas']['ComponentResponse'];

async function readComponent(res: express.Response, workspaceId: string, id: string) {
  const { data, etag } = await apiFor(res).call('getComponent', { path: { workspaceId, id } });
  return { component: data, etag };
}

function conflictOf(c: Component, etag: string | undefined, zone: string): Conflict {
  return {
    etag: etag ?? '',
    current: [
      { label: 'Name', value: c.name },
      { label: 'Slug', value: c.slug },
      { label: 'Description', value: c.description ?? '' },
      { label: 'Last changed', value: when(c.updatedAt, zone) },
    ],
  };
}

interface PageState {
  values?: NameValues;
  failure?: FormFailure;
  conflict?: Conflict;
  draftFailure?: FormFailure;
}

async function componentPage(res: express.Response, ws: string, id: string, state: PageState = {}, status?: number): Promise<void> {
  const [abilities, { component, etag }] = await Promise.all([abilitiesIn(res, ws), readComponent(res, ws, id)]);
  const zone = zoneOf(res);
  const versions = component.versions.map((v) => ({ ...v, published: when(v.publishedAt, zone) }));
  await render(
    res,
    'components/component',
    {
      title: `Component ${component.name}`,
      workspace: abilities.workspace,
      back: workspacePaths(ws).components,
      component,
      etag,
      links: componentLinks(ws, component.id),
      values: state.values ?? { name: component.name, slug: component.slug, description: component.description ?? '' },
      problem: state.failure?.problem,
      errors: state.failure?.errors ?? {},
      conflict: state.conflict,
      draftProblem: state.draftFailure?.problem,
      model: abilities.model,
      versions,
      draft: versions.find((v) => v.status === 'Draft'),
      published: versions.find((v) => v.status === 'Published'),
      updated: when(component.updatedAt, zone),
    },
    status,
  );
}

export function register(router: express.Router): void {
  const at = '/workspaces/:workspaceId/components/:id';

  router.get(at, async (req, res, next) => {
    const p = resourceAddress(req);
    if (!p) return next();
    await componentPage(res, p.ws, p.id);
  });

  router.post(at, async (req, res, next) => {
    const p = resourceAddress(req);
    if (!p) return next();
    const values = nameValuesOf(req);
    try {
      const outcome = await submitWithETag({
        etag: field(req, '_etag'),
        write: (ifMatch) => apiFor(res).updateComponent({ path: { workspaceId: p.ws, id: p.id }, body: nameBody(values) }, { ifMatch }),
        readCurrent: async () => {
          const now = await readComponent(res, p.ws, p.id);
          return conflictOf(now.component, now.etag, zoneOf(res));
        },
      });
      if (!outcome.ok) return void (await componentPage(res, p.ws, p.id, { values, conflict: outcome.conflict }, 409));
      setFlash(res, 'success', `Component “${outcome.result.name}” saved.`);
      res.redirect(303, componentLinks(p.ws, p.id).root);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await componentPage(res, p.ws, p.id, { values, failure }, 422);
    }
  });

  router.post(`${at}/versions`, async (req, res, next) => {
    const p = resourceAddress(req);
    if (!p) return next();
    const notes = field(req, 'notes').trim();
    try {
      const draft = await apiFor(res).createComponentVersion({ path: { workspaceId: p.ws, id: p.id }, body: { notes: notes === '' ? null : notes } });
      setFlash(res, 'success', `Version ${draft.versionNumber} is the draft: change its fields, then publish it.`);
      res.redirect(303, componentLinks(p.ws, p.id).editor(draft.versionNumber));
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await componentPage(res, p.ws, p.id, { draftFailure: failure }, failure.problem.status);
    }
  });
}
