// The field editor of a component draft. replaceComponentFields replaces the whole list, so the
// page is one form of field rows: "Add a field", "Remove", "Move up" / "Move down" edit the posted
// rows and show them again (nothing saved yet), "Save fields" sends them all with the version's
// ETag (a 412 shows the version as it is now and keeps the rows for "Re-apply my changes"), and
// "Publish" publishes what is saved (the API refuses a version without fields and says so). Without
// TemplateAdmin + Write, or for a version that is not a Draft, the page is read-only with the reason.
import type express from 'express';
import { VersoApiError, type components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { field, formFailure, submitWithETag, type Conflict, type FormFailure } from '../../http/forms.js';
import { render, setFlash } from '../../views/render.js';
import { draftPermission } from '../templates/draft-rules.js';
import { picklistOptions, type FieldInputs } from '../templates/field-basics.js';
import { fieldRow } from '../templates/field-summary.js';
import { componentLinks, versionAddress } from '../templates/links.js';
import { modelChoices, namesOf } from '../templates/model-choices.js';
import { abilitiesIn } from '../workspace-scope.js';
import { applyRowOp, COMPONENT_FIELD_KINDS, readRows, rowErrors, rowOpOf, rowPrefix, rowsBody, rowsFromFields } from './field-rows.js';

type ComponentVersion = components['schemas']['ComponentVersionResponse'];

const EDITOR_PATH = '/workspaces/:workspaceId/components/:id/versions/:versionNumber/edit';

interface DraftAt {
  ws: string;
  id: string;
  n: number;
  links: ReturnType<typeof componentLinks>;
}

function draftAt(req: express.Request): DraftAt | undefined {
  const at = versionAddress(req);
  return at && { ...at, links: componentLinks(at.ws, at.id) };
}

async function readDraft(res: express.Response, at: DraftAt) {
  const { data, etag } = await apiFor(res).call('getComponentVersion', { path: { workspaceId: at.ws, id: at.id, versionNumber: at.n } });
  return { version: data, etag: etag ?? '' };
}

function versionConflict(version: ComponentVersion, etag: string): Conflict {
  return {
    etag,
    current: [
      { label: 'Status', value: version.status },
      { label: 'Fields', value: [...version.fields].sort((a, b) => a.order - b.order).map((f) => `${f.key} (${f.label})`).join(', ') },
    ],
  };
}

/** A nesting cycle the API reported (422 circular-component-reference, `cycle`: component names). */
function cycleOf(err: unknown): string[] | undefined {
  if (!(err instanceof VersoApiError)) return undefined;
  const cycle = err.problem.extensions.cycle;
  return Array.isArray(cycle) && cycle.every((x) => typeof x === 'string') ? cycle : undefined;
}

interface EditorState {
  rows?: FieldInputs[];
  /** The ETag the rows were opened from (kept while rows are edited, so a save still detects a change). */
  etag?: string;
  /** 'rows' (the save form) or 'page' (publish). */
  form?: 'rows' | 'page';
  failure?: FormFailure;
  conflict?: Conflict;
  cycle?: string[];
  focus?: string;
  unsaved?: boolean;
}

async function editorPage(res: express.Response, at: DraftAt, state: EditorState = {}, status?: number): Promise<void> {
  const [abilities, component, { version, etag }, choices] = await Promise.all([
    abilitiesIn(res, at.ws),
    apiFor(res).getComponent({ path: { workspaceId: at.ws, id: at.id } }),
    readDraft(res, at),
    modelChoices(res, at.ws, { templates: false }),
  ]);
  const edit = draftPermission(abilities.model, version.status, at.n);
  const rows = state.rows ?? rowsFromFields(version.fields);
  const idsByName = new Map(choices.components.map((c) => [c.name, c.id]));
  const errors = rowErrors(state.failure?.errors ?? {}, rows, state.cycle ? { names: state.cycle, idsByName } : undefined);
  const componentOptions = choices.components.map((c) => ({ value: c.id, label: c.id === component.id ? `${c.name} (this component)` : c.name }));
  await render(
    res,
    'components/editor',
    {
      title: `Fields of ${component.name} — version ${at.n}`,
      workspace: abilities.workspace,
      component,
      version,
      n: at.n,
      links: at.links,
      action: at.links.editor(at.n),
      etag: state.conflict?.etag ?? state.etag ?? etag,
      edit,
      form: state.form,
      problem: state.failure?.problem,
      listErrors: errors.list,
      conflict: state.conflict,
      unsaved: state.unsaved === true,
      rows: rows.map((v, i) => ({
        p: rowPrefix(i),
        idp: rowPrefix(i),
        v,
        errs: errors.rows[i]!.byInput,
        other: errors.rows[i]!.other,
        kinds: COMPONENT_FIELD_KINDS,
        componentOptions,
        picklistOptions: picklistOptions(choices.picklists, v.picklist),
        focus: state.focus,
      })),
      focus: state.focus,
      fields: [...version.fields].sort((a, b) => a.order - b.order).map((f) => fieldRow(f, namesOf(choices))),
    },
    status,
  );
}

export function register(router: express.Router): void {
  router.get(EDITOR_PATH, async (req, res, next) => {
    const at = draftAt(req);
    if (!at) return next();
    await editorPage(res, at);
  });

  router.post(EDITOR_PATH, async (req, res, next) => {
    const at = draftAt(req);
    if (!at) return next();
    const rows = readRows(req);
    const op = rowOpOf(req, rows.length);
    const posted = field(req, '_etag');
    if (op.op !== 'save') {
      const edited = applyRowOp(rows, op);
      return editorPage(res, at, { rows: edited.rows, etag: posted, focus: edited.focus, unsaved: true });
    }
    const { body, errors } = rowsBody(rows);
    if (Object.keys(errors).length > 0) {
      const failure: FormFailure = { problem: { status: 422, title: 'Check the numbers', detail: 'Some inputs are not whole numbers.' }, errors };
      return editorPage(res, at, { rows, etag: posted, form: 'rows', failure, unsaved: true }, 422);
    }
    try {
      const outcome = await submitWithETag({
        etag: posted,
        write: (ifMatch) => apiFor(res).replaceComponentFields({ path: { workspaceId: at.ws, id: at.id, versionNumber: at.n }, body }, { ifMatch }),
        readCurrent: async () => {
          const now = await readDraft(res, at);
          return versionConflict(now.version, now.etag);
        },
      });
      if (!outcome.ok) return editorPage(res, at, { rows, form: 'rows', conflict: outcome.conflict, unsaved: true }, 409);
      setFlash(res, 'success', `${outcome.result.fields.length} field${outcome.result.fields.length === 1 ? '' : 's'} saved.`);
      res.redirect(303, at.links.editor(at.n));
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await editorPage(res, at, { rows, etag: posted, form: 'rows', failure, cycle: cycleOf(err), unsaved: true }, failure.problem.status);
    }
  });

  router.post(`${EDITOR_PATH}/publish`, async (req, res, next) => {
    const at = draftAt(req);
    if (!at) return next();
    try {
      const outcome = await submitWithETag({
        etag: field(req, '_etag'),
        write: (ifMatch) => apiFor(res).publishComponentVersion({ path: { workspaceId: at.ws, id: at.id, versionNumber: at.n } }, { ifMatch }),
        readCurrent: async () => {
          const now = await readDraft(res, at);
          return versionConflict(now.version, now.etag);
        },
      });
      if (!outcome.ok) return editorPage(res, at, { form: 'page', conflict: outcome.conflict }, 409);
      setFlash(res, 'success', `Version ${at.n} of “${outcome.result.name}” published.`);
      res.redirect(303, at.links.root);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await editorPage(res, at, { form: 'page', failure }, failure.problem.status);
    }
  });
}
