// The builder of a template draft: its sections (add, change, delete — the API moves a deleted
// section's fields to the top), its fields in their order (edit and add on the field page, delete,
// Move up / Move down through reorderTemplateFields) and publishing. Every write sends the ETag of
// the version the page was rendered from: a 412 re-renders the builder from the current version
// with "changed by someone else" and nothing saved. Without TemplateAdmin + Write, or for a version
// that is not a Draft, the builder shows the same page with every control disabled and the reason.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { field, formFailure, submitWithETag, type Conflict, type FormFailure } from '../../http/forms.js';
import { render, setFlash } from '../../views/render.js';
import { isUuid } from '../screen-forms.js';
import { abilitiesIn } from '../workspace-scope.js';
import { draftPermission } from './draft-rules.js';
import { templateLinks, versionAddress } from './links.js';
import { modelChoices, namesOf } from './model-choices.js';
import { fieldGroups, readVersion } from './version-layout.js';

type TemplateVersion = components['schemas']['TemplateVersionResponse'];

export const BUILDER_PATH = '/workspaces/:workspaceId/templates/:id/versions/:versionNumber/edit';

/** The draft a builder request addresses. */
export interface DraftAt {
  ws: string;
  id: string;
  n: number;
  links: ReturnType<typeof templateLinks>;
  builder: string;
}

export function draftAt(req: express.Request): DraftAt | undefined {
  const at = versionAddress(req);
  if (!at) return undefined;
  const links = templateLinks(at.ws, at.id);
  return { ...at, links, builder: links.builder(at.n) };
}

/** The version as the conflict box lists it: its sections and fields now. */
export function versionConflict(version: TemplateVersion, etag: string): Conflict {
  const sections = [...version.sections].sort((a, b) => a.order - b.order);
  return {
    etag,
    current: [
      { label: 'Status', value: version.status },
      { label: 'Sections', value: sections.map((s) => s.name).join(', ') },
      { label: 'Fields', value: version.fields.map((f) => `${f.key} (${f.label})`).join(', ') },
    ],
  };
}

interface SectionValues {
  name: string;
  description: string;
  isCollapsible: boolean;
  order: number;
}

const sectionValuesOf = (req: express.Request): SectionValues => {
  const order = Number(field(req, 'order'));
  return {
    name: field(req, 'name').trim(),
    description: field(req, 'description').trim(),
    isCollapsible: field(req, 'isCollapsible') === 'true',
    order: Number.isInteger(order) && order >= 0 ? order : 0,
  };
};

const sectionBody = (v: SectionValues) => ({ name: v.name, description: v.description === '' ? null : v.description, order: v.order, isCollapsible: v.isCollapsible });

interface BuilderState {
  /** The form a failure or conflict belongs to: 'section-new', 'section-<id>', or 'page' (moves, deletes, publish). */
  form?: string;
  values?: SectionValues;
  failure?: FormFailure;
  conflict?: Conflict;
  /** What a page-level action was, for the "nothing was saved" notice. */
  attempted?: string;
}

async function builderPage(res: express.Response, at: DraftAt, state: BuilderState = {}, status?: number): Promise<void> {
  const [abilities, { template, version, etag }, choices] = await Promise.all([abilitiesIn(res, at.ws), readVersion(res, at.ws, at.id, at.n), modelChoices(res, at.ws)]);
  const edit = draftPermission(abilities.model, version.status, at.n);
  const sections = [...version.sections].sort((a, b) => a.order - b.order);
  await render(
    res,
    'templates/builder',
    {
      title: `Build ${template.name} — version ${at.n}`,
      workspace: abilities.workspace,
      template,
      version,
      etag: state.conflict?.etag ?? etag,
      links: at.links,
      builder: at.builder,
      n: at.n,
      edit,
      groups: fieldGroups(version, namesOf(choices)),
      nextSectionOrder: sections.length === 0 ? 0 : Math.max(...sections.map((s) => s.order)) + 1,
      form: state.form,
      values: state.values,
      problem: state.failure?.problem,
      errors: state.failure?.errors ?? {},
      conflict: state.conflict,
      attempted: state.attempted,
    },
    status,
  );
}

/**
 * One write on the draft with the form's ETag, then to `to` (default: back to the builder, at
 * `anchor`); a 412 or a refusal the user can fix re-renders the builder with it, at the form it
 * belongs to.
 */
async function editDraft(
  req: express.Request,
  res: express.Response,
  at: DraftAt,
  opts: { write: (ifMatch: string) => Promise<unknown>; form: string; attempted: string; done: string; values?: SectionValues; anchor?: string; to?: string },
): Promise<void> {
  try {
    const outcome = await submitWithETag({
      etag: field(req, '_etag'),
      write: opts.write,
      readCurrent: async () => {
        const now = await readVersion(res, at.ws, at.id, at.n);
        return versionConflict(now.version, now.etag);
      },
    });
    if (!outcome.ok) return void (await builderPage(res, at, { form: opts.form, values: opts.values, conflict: outcome.conflict, attempted: opts.attempted }, 409));
    setFlash(res, 'success', opts.done);
    res.redirect(303, opts.to ?? at.builder + (opts.anchor ?? ''));
  } catch (err) {
    const failure = formFailure(err);
    if (!failure) throw err;
    await builderPage(res, at, { form: opts.form, values: opts.values, failure, attempted: opts.attempted }, failure.problem.status);
  }
}

export function register(router: express.Router): void {
  router.get(BUILDER_PATH, async (req, res, next) => {
    const at = draftAt(req);
    if (!at) return next();
    await builderPage(res, at);
  });

  router.post(`${BUILDER_PATH}/sections`, async (req, res, next) => {
    const at = draftAt(req);
    if (!at) return next();
    const values = sectionValuesOf(req);
    const path = { workspaceId: at.ws, id: at.id, versionNumber: at.n };
    await editDraft(req, res, at, {
      form: 'section-new',
      values,
      attempted: 'Adding the section',
      done: `Section “${values.name}” added.`,
      write: (ifMatch) => apiFor(res).createTemplateSection({ path, body: sectionBody(values) }, { ifMatch }),
    });
  });

  router.post(`${BUILDER_PATH}/sections/:sectionId`, async (req, res, next) => {
    const at = draftAt(req);
    const sectionId = req.params.sectionId;
    if (!at || !isUuid(sectionId)) return next();
    const values = sectionValuesOf(req);
    const path = { workspaceId: at.ws, id: at.id, versionNumber: at.n, sectionId };
    await editDraft(req, res, at, {
      form: `section-${sectionId}`,
      values,
      attempted: 'Saving the section',
      done: `Section “${values.name}” saved.`,
      anchor: `#section-${sectionId}`,
      write: (ifMatch) => apiFor(res).updateTemplateSection({ path, body: sectionBody(values) }, { ifMatch }),
    });
  });

  router.post(`${BUILDER_PATH}/sections/:sectionId/delete`, async (req, res, next) => {
    const at = draftAt(req);
    const sectionId = req.params.sectionId;
    if (!at || !isUuid(sectionId)) return next();
    const path = { workspaceId: at.ws, id: at.id, versionNumber: at.n, sectionId };
    await editDraft(req, res, at, {
      form: 'page',
      attempted: 'Deleting the section',
      done: `Section “${field(req, 'name')}” deleted; its fields moved to the top of the template.`,
      write: (ifMatch) => apiFor(res).deleteTemplateSection({ path }, { ifMatch }),
    });
  });

  router.post(`${BUILDER_PATH}/fields/:fieldId/delete`, async (req, res, next) => {
    const at = draftAt(req);
    const fieldId = req.params.fieldId;
    if (!at || !isUuid(fieldId)) return next();
    const path = { workspaceId: at.ws, id: at.id, versionNumber: at.n, fieldId };
    await editDraft(req, res, at, {
      form: 'page',
      attempted: 'Deleting the field',
      done: `Field “${field(req, 'key')}” deleted.`,
      write: (ifMatch) => apiFor(res).deleteTemplateField({ path }, { ifMatch }),
    });
  });

  router.post(`${BUILDER_PATH}/fields/:fieldId/move`, async (req, res, next) => {
    const at = draftAt(req);
    const fieldId = req.params.fieldId;
    const direction = field(req, 'direction');
    if (!at || !isUuid(fieldId) || (direction !== 'up' && direction !== 'down')) return next();
    // The neighbours come from the version as it is now; the write still carries the page's ETag,
    // so a version changed since the page was opened is a 412, never a reorder of something unseen.
    const { version } = await readVersion(res, at.ws, at.id, at.n);
    const moving = version.fields.find((f) => f.id === fieldId);
    const siblings = version.fields.filter((f) => f.sectionId === (moving?.sectionId ?? null));
    const i = siblings.findIndex((f) => f.id === fieldId);
    const j = direction === 'up' ? i - 1 : i + 1;
    if (i >= 0 && j >= 0 && j < siblings.length) [siblings[i], siblings[j]] = [siblings[j]!, siblings[i]!];
    const path = { workspaceId: at.ws, id: at.id, versionNumber: at.n };
    await editDraft(req, res, at, {
      form: 'page',
      attempted: `Moving the field ${direction}`,
      done: `Field “${moving?.key ?? ''}” moved ${direction}.`,
      anchor: `#field-${fieldId}`,
      write: (ifMatch) => apiFor(res).reorderTemplateFields({ path, body: siblings.map((f, order) => ({ fieldId: f.id, order })) }, { ifMatch }),
    });
  });

  router.post(`${BUILDER_PATH}/publish`, async (req, res, next) => {
    const at = draftAt(req);
    if (!at) return next();
    const path = { workspaceId: at.ws, id: at.id, versionNumber: at.n };
    await editDraft(req, res, at, {
      form: 'page',
      attempted: 'Publishing',
      done: `Version ${at.n} published: new content uses it; earlier published versions are archived.`,
      to: at.links.root,
      write: (ifMatch) => apiFor(res).publishTemplateVersion({ path }, { ifMatch }),
    });
  });
}
