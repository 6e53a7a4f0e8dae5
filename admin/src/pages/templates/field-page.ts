// The field form of a template draft: add a field (to the section it was opened from) or change one.
// It posts the whole TemplateFieldRequest with the version's ETag; a 412 shows what the field (or
// the version) is now and keeps the user's inputs for "Re-apply my changes"; a 422 (a rule, a
// composition cycle) is shown at the inputs it names, the inputs kept.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { field, formFailure, submitWithETag, type Conflict, type FormFailure } from '../../http/forms.js';
import { PageNotFound } from '../../http/page-errors.js';
import { render, setFlash } from '../../views/render.js';
import { isUuid, queryValue } from '../screen-forms.js';
import { abilitiesIn } from '../workspace-scope.js';
import { BUILDER_PATH, draftAt, versionConflict, type DraftAt } from './builder.js';
import { draftPermission } from './draft-rules.js';
import { picklistOptions } from './field-basics.js';
import { fieldRow } from './field-summary.js';
import { modelChoices, namesOf } from './model-choices.js';
import {
  allowedTypeOptions,
  emptyTemplateInputs,
  readTemplateFieldInputs,
  TEMPLATE_KINDS,
  templateFieldBody,
  templateFieldErrors,
  templateInputsFromField,
  type TemplateFieldInputs,
} from './template-field.js';
import { readVersion } from './version-layout.js';

type TemplateVersion = components['schemas']['TemplateVersionResponse'];
type TemplateField = components['schemas']['TemplateFieldResponse'];

interface FieldPage {
  /** undefined: a new field. */
  fieldId?: string;
  inputs?: TemplateFieldInputs;
  failure?: FormFailure;
  conflict?: Conflict;
}

/** The field as the conflict box shows it now (or that it is gone). */
function fieldConflict(version: TemplateVersion, etag: string, fieldId: string | undefined, names: ReadonlyMap<string, string>): Conflict {
  const f = fieldId ? version.fields.find((x) => x.id === fieldId) : undefined;
  if (!fieldId || !f) {
    const base = versionConflict(version, etag);
    return fieldId ? { ...base, current: [{ label: 'This field', value: 'Deleted by someone else' }, ...base.current] } : base;
  }
  const row = fieldRow(f, names);
  const section = version.sections.find((s) => s.id === f.sectionId)?.name ?? 'No section';
  return {
    etag,
    current: [
      { label: 'Key', value: row.key },
      { label: 'Label', value: row.label },
      { label: 'Help text', value: row.helpText },
      { label: 'Section', value: section },
      { label: 'Type', value: row.type },
      { label: 'Required', value: row.required ? 'Yes' : 'No' },
      { label: 'Occurrences', value: row.occurrences },
    ],
  };
}

async function fieldPage(req: express.Request, res: express.Response, at: DraftAt, page: FieldPage, status?: number): Promise<void> {
  const [abilities, { template, version, etag }, choices] = await Promise.all([abilitiesIn(res, at.ws), readVersion(res, at.ws, at.id, at.n), modelChoices(res, at.ws)]);
  const existing = page.fieldId ? version.fields.find((f) => f.id === page.fieldId) : undefined;
  if (page.fieldId && !existing && !page.conflict) throw new PageNotFound();
  const section = queryValue(req.query, 'section');
  const inputs = page.inputs ?? (existing ? templateInputsFromField(existing) : emptyTemplateInputs(version.sections.some((s) => s.id === section) ? section : ''));
  const errors = templateFieldErrors(page.failure?.errors ?? {}, inputs);
  const edit = draftPermission(abilities.model, version.status, at.n);
  const title = existing ? `Field ${existing.key} — ${template.name} version ${at.n}` : `New field — ${template.name} version ${at.n}`;
  await render(
    res,
    'templates/field',
    {
      title,
      heading: existing ? `Field ${existing.label}` : 'New field',
      workspace: abilities.workspace,
      template,
      n: at.n,
      builder: at.builder,
      action: `${at.builder}/fields/${page.fieldId ?? 'new'}`,
      etag: page.conflict?.etag ?? etag,
      conflict: page.conflict,
      problem: page.failure?.problem,
      other: errors.other,
      edit,
      fieldInputs: {
        p: '',
        idp: 'field-',
        v: inputs,
        errs: errors.byInput,
        kinds: TEMPLATE_KINDS,
        componentOptions: choices.components.map((c) => ({ value: c.id, label: c.name })),
        picklistOptions: picklistOptions(choices.picklists, inputs.picklist),
        template: {
          sections: [...version.sections].sort((a, b) => a.order - b.order),
          templateOptions: choices.templates.map((t) => ({ value: t.id, label: t.id === template.id ? `${t.name} (this template)` : t.name })),
          allowedOptions: allowedTypeOptions(choices.templates),
        },
      },
    },
    status,
  );
}

/** Where a field goes in its section: its place when it stays there, else after the section's last field. */
function orderIn(version: TemplateVersion, sectionId: string | null, existing: TemplateField | undefined): number {
  if (existing && existing.sectionId === sectionId) return existing.order;
  const siblings = version.fields.filter((f) => f.sectionId === sectionId && f.id !== existing?.id);
  return siblings.length === 0 ? 0 : Math.max(...siblings.map((f) => f.order)) + 1;
}

async function saveField(req: express.Request, res: express.Response, at: DraftAt, fieldId: string | undefined): Promise<void> {
  const inputs = readTemplateFieldInputs(req);
  // The order comes from the version as it is now; the write carries the page's ETag, so a version
  // changed since the form was opened is a 412 rather than a field placed among unseen ones.
  const { version } = await readVersion(res, at.ws, at.id, at.n);
  const existing = fieldId ? version.fields.find((f) => f.id === fieldId) : undefined;
  const { body, errors } = templateFieldBody(inputs, orderIn(version, inputs.sectionId || null, existing));
  if (Object.keys(errors).length > 0) {
    const failure: FormFailure = { problem: { status: 422, title: 'Check the numbers', detail: 'Some inputs are not whole numbers.' }, errors };
    return fieldPage(req, res, at, { fieldId, inputs, failure }, 422);
  }
  const path = { workspaceId: at.ws, id: at.id, versionNumber: at.n };
  try {
    const outcome = await submitWithETag({
      etag: field(req, '_etag'),
      write: (ifMatch) =>
        fieldId ? apiFor(res).updateTemplateField({ path: { ...path, fieldId }, body }, { ifMatch }) : apiFor(res).createTemplateField({ path, body }, { ifMatch }),
      readCurrent: async () => {
        const [now, choices] = await Promise.all([readVersion(res, at.ws, at.id, at.n), modelChoices(res, at.ws)]);
        return fieldConflict(now.version, now.etag, fieldId, namesOf(choices));
      },
    });
    if (!outcome.ok) return fieldPage(req, res, at, { fieldId, inputs, conflict: outcome.conflict }, 409);
    setFlash(res, 'success', `Field “${outcome.result.key}” ${fieldId ? 'saved' : 'added'}.`);
    res.redirect(303, `${at.builder}#field-${outcome.result.id}`);
  } catch (err) {
    const failure = formFailure(err);
    if (!failure) throw err;
    await fieldPage(req, res, at, { fieldId, inputs, failure }, failure.problem.status);
  }
}

export function register(router: express.Router): void {
  router.get(`${BUILDER_PATH}/fields/new`, async (req, res, next) => {
    const at = draftAt(req);
    if (!at) return next();
    await fieldPage(req, res, at, {});
  });

  router.post(`${BUILDER_PATH}/fields/new`, async (req, res, next) => {
    const at = draftAt(req);
    if (!at) return next();
    await saveField(req, res, at, undefined);
  });

  router.get(`${BUILDER_PATH}/fields/:fieldId`, async (req, res, next) => {
    const at = draftAt(req);
    if (!at || !isUuid(req.params.fieldId)) return next();
    await fieldPage(req, res, at, { fieldId: req.params.fieldId.toLowerCase() });
  });

  router.post(`${BUILDER_PATH}/fields/:fieldId`, async (req, res, next) => {
    const at = draftAt(req);
    if (!at || !isUuid(req.params.fieldId)) return next();
    await saveField(req, res, at, req.params.fieldId.toLowerCase());
  });
}
