// The workspace's Locales screen (`/workspaces/<ws>/locales`): its languages, the default, and each
// language's fallback chain, which every delivery read with `locale` follows. Every role sees them;
// TemplateAdmin and Admin with Write change them with one form (the whole set is replaced, as the
// API's PUT does) carrying the ETag it was opened from: a change someone made since is a 412 shown
// with the current locales and a re-apply button, and the API's 422 is shown at the inputs it names.
import type express from 'express';
import { apiFor } from '../../api.js';
import { field, formFailure, submitWithETag, type Conflict, type FormFailure } from '../../http/forms.js';
import { workspacePaths } from '../../nav.js';
import { render, setFlash } from '../../views/render.js';
import { abilitiesIn, workspaceIdsOf, type WorkspaceAbilities } from '../workspace-scope.js';
import { formFrom, formOf, requestOf, rowErrors, withBlanks, type LocalesForm, type LocalesResponse } from './locales-form.js';

const ROUTE = '/workspaces/:workspaceId/locales';

/** The locales as the conflict box and the read-only table show them. */
export function localeLines(saved: LocalesResponse): { code: string; name: string; chain: string; isDefault: boolean }[] {
  return saved.locales.map((l) => ({
    code: l.code,
    name: l.name,
    chain: l.fallback.join(' → '),
    isDefault: saved.defaultLocale !== null && l.code.toLowerCase() === saved.defaultLocale.toLowerCase(),
  }));
}

const conflictOf = (saved: LocalesResponse, etag: string | undefined): Conflict => ({
  etag: etag ?? '',
  current: [
    { label: 'Default locale', value: saved.defaultLocale ?? 'None' },
    ...localeLines(saved).map((l) => ({ label: `${l.name} (${l.code})`, value: l.chain ? `falls back to ${l.chain}` : 'no fallback' })),
  ],
});

async function readLocales(res: express.Response, workspaceId: string) {
  const { data, etag } = await apiFor(res).call('getWorkspaceLocales', { path: { workspaceId } });
  return { saved: data, etag };
}

interface LocalesPage {
  scope: WorkspaceAbilities;
  saved: LocalesResponse;
  etag: string | undefined;
  form: LocalesForm;
  failure?: FormFailure;
  conflict?: Conflict;
}

async function localesPage(res: express.Response, page: LocalesPage, status?: number) {
  const paths = workspacePaths(page.scope.workspace.id);
  await render(
    res,
    'locales/form',
    {
      title: `Locales · ${page.scope.workspace.name}`,
      paths,
      action: paths.locales,
      workspace: page.scope.workspace,
      edit: page.scope.model,
      lines: localeLines(page.saved),
      defaultLocale: page.saved.defaultLocale,
      form: page.form,
      etag: page.etag,
      problem: page.failure?.problem,
      errors: page.failure?.errors ?? {},
      conflict: page.conflict,
    },
    status,
  );
}

export function register(router: express.Router): void {
  router.get(ROUTE, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const [scope, { saved, etag }] = await Promise.all([abilitiesIn(res, ids.workspaceId), readLocales(res, ids.workspaceId)]);
    await localesPage(res, { scope, saved, etag, form: formFrom(saved) });
  });

  router.post(ROUTE, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const { workspaceId } = ids;
    const form = formOf(req);
    const { body, rowOf } = requestOf(form);
    const scope = await abilitiesIn(res, workspaceId);
    let current: Awaited<ReturnType<typeof readLocales>> | undefined;
    try {
      // The API refuses a Reader or Editor (403, its problem page); the form is never offered to them.
      const outcome = await submitWithETag({
        etag: field(req, '_etag'),
        write: (ifMatch) => apiFor(res).updateWorkspaceLocales({ path: { workspaceId }, body }, { ifMatch }),
        readCurrent: async () => {
          current = await readLocales(res, workspaceId);
          return conflictOf(current.saved, current.etag);
        },
      });
      if (!outcome.ok) return void (await localesPage(res, { scope, saved: current!.saved, etag: current!.etag, form: withBlanks(form), conflict: outcome.conflict }, 409));
    } catch (err) {
      const failure = formFailure(err, [400, 409, 422]);
      if (!failure) throw err;
      const { saved } = await readLocales(res, workspaceId);
      return void (await localesPage(res, { scope, saved, etag: field(req, '_etag'), form: withBlanks(form), failure: { ...failure, errors: rowErrors(failure.errors, rowOf) } }, failure.problem.status));
    }
    const count = body.locales.length;
    setFlash(res, 'success', count === 0 ? 'Locales saved: none configured, so items may carry any locale.' : `Locales saved: ${count} locale${count === 1 ? '' : 's'}, default ${body.defaultLocale ?? 'none'}.`);
    res.redirect(303, workspacePaths(workspaceId).locales);
  });
}
