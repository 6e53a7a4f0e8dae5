// Exporting a package from a workspace (TemplateAdmin + Write): a form choosing templates, components
// and picklists by checkbox (nothing ticked exports the whole workspace; the API adds what the chosen
// ones depend on) with the package's namespace, id and version. The POST asks the API (exportPackage)
// and sends its JSON back as a download named `<id>-<version>.json`; a refusal re-renders the form
// with the API's messages at their fields and the user's choices kept.
import type express from 'express';
import { apiFor } from '../../api.js';
import { fieldValues, formFailure, pointerOf, type FieldErrors, type FormFailure } from '../../http/forms.js';
import { workspacePaths } from '../../nav.js';
import { render } from '../../views/render.js';
import { isUuid } from '../screen-forms.js';
import { abilitiesIn, type WorkspaceAbilities } from '../workspace-scope.js';

const ROUTE = '/workspaces/:workspaceId/packages/export';
/** A package holds at most 200 of each kind (CtpPackage maxItems), so the form offers as many. */
const MAX_OFFERED = 200;

interface Choice {
  id: string;
  name: string;
  slug: string;
}

interface ExportValues {
  packageNamespace: string;
  id: string;
  version: string;
  templateIds: string[];
  componentIds: string[];
  picklistIds: string[];
}

const KINDS = ['templateIds', 'componentIds', 'picklistIds'] as const;
const META = ['packageNamespace', 'id', 'version'] as const;

function workspaceOf(req: express.Request): string | undefined {
  const id = req.params.workspaceId;
  return isUuid(id) ? id.toLowerCase() : undefined;
}

/** Ticked checkboxes of one kind (only UUIDs: the API says whether they exist here). */
const ticked = (req: express.Request, name: string): string[] => fieldValues(req, name).filter(isUuid).map((x) => x.toLowerCase());

function valuesOf(req: express.Request): ExportValues {
  const text = (name: string) => {
    const v = (req.body as Record<string, unknown> | undefined)?.[name];
    return typeof v === 'string' ? v.trim() : '';
  };
  return {
    packageNamespace: text('packageNamespace'),
    id: text('id'),
    version: text('version'),
    templateIds: ticked(req, 'templateIds'),
    componentIds: ticked(req, 'componentIds'),
    picklistIds: ticked(req, 'picklistIds'),
  };
}

/** The first MAX_OFFERED of one list operation (pages of 100: at most two calls each). */
async function firstOf(items: AsyncIterable<Choice>): Promise<{ items: Choice[]; more: boolean }> {
  const out: Choice[] = [];
  for await (const x of items) {
    if (out.length === MAX_OFFERED) return { items: out, more: true };
    out.push({ id: x.id, name: x.name, slug: x.slug });
  }
  return { items: out, more: false };
}

/** The API names query parameters `query.<name>`; the form's fields have the same names. */
function errorsAtFields(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [pointer, messages] of Object.entries(errors)) {
    const key = pointerOf(pointer.replace(/^\/query\//, ''));
    (out[key] ??= []).push(...messages);
  }
  return out;
}

async function formPage(res: express.Response, scope: WorkspaceAbilities, values: ExportValues, failure?: FormFailure, status?: number) {
  const workspaceId = scope.workspace.id;
  const api = apiFor(res);
  const query = { pageSize: 100 };
  const [templates, comps, picklists] = await Promise.all([
    firstOf(api.listAll('listTemplates', { path: { workspaceId }, query })),
    firstOf(api.listAll('listComponents', { path: { workspaceId }, query })),
    firstOf(api.listAll('listPickLists', { path: { workspaceId }, query })),
  ]);
  const errors = failure ? errorsAtFields(failure.errors) : {};
  await render(
    res,
    'packages/export',
    {
      title: 'Export a package',
      paths: workspacePaths(workspaceId),
      workspace: scope.workspace,
      allowed: scope.model,
      values,
      groups: [
        { name: 'templateIds', legend: 'Templates', ...templates },
        { name: 'componentIds', legend: 'Components', ...comps },
        { name: 'picklistIds', legend: 'Picklists', ...picklists },
      ],
      problem: failure?.problem,
      errors,
      otherErrors: Object.entries(errors).filter(([k]) => ![...KINDS, ...META].some((n) => k === `/${n}`)),
    },
    status,
  );
}

/** A file name from the package's own id and version (already the API's patterns; kept to safe characters). */
const fileNameOf = (id: string, version: string) => `${id}-${version}.json`.replace(/[^a-z0-9.-]/gi, '_');

export function registerExport(router: express.Router): void {
  router.get(ROUTE, async (req, res, next) => {
    const workspaceId = workspaceOf(req);
    if (!workspaceId) return next();
    const scope = await abilitiesIn(res, workspaceId);
    await formPage(res, scope, { packageNamespace: 'custom', id: 'export', version: '1.0.0', templateIds: [], componentIds: [], picklistIds: [] });
  });

  router.post(ROUTE, async (req, res, next) => {
    const workspaceId = workspaceOf(req);
    if (!workspaceId) return next();
    const values = valuesOf(req);
    try {
      const { data } = await apiFor(res).call('exportPackage', {
        path: { workspaceId },
        query: {
          packageNamespace: values.packageNamespace,
          id: values.id,
          version: values.version,
          templateIds: values.templateIds.join(','),
          componentIds: values.componentIds.join(','),
          picklistIds: values.picklistIds.join(','),
        },
      });
      res.setHeader('Content-Disposition', `attachment; filename="${fileNameOf(data.id, data.version)}"`);
      res.setHeader('Cache-Control', 'no-store');
      res.type('application/json').send(JSON.stringify(data, null, 2) + '\n');
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await formPage(res, await abilitiesIn(res, workspaceId), values, failure, failure.problem.status);
    }
  });
}
