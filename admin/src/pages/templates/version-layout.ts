// A template version as its pages show it: the fields without a section first, then each section in
// its order, each with its fields in their order (the API lists fields in exactly that order).
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { fieldRow, type FieldRow } from './field-summary.js';

type TemplateVersion = components['schemas']['TemplateVersionResponse'];
type Section = components['schemas']['TemplateSectionResponse'];

export interface FieldGroup {
  /** undefined: the fields without a section. */
  section?: Section;
  fields: (FieldRow & { first: boolean; last: boolean })[];
}

export function fieldGroups(version: TemplateVersion, names: ReadonlyMap<string, string>): FieldGroup[] {
  const sections = [...version.sections].sort((a, b) => a.order - b.order);
  const groups: FieldGroup[] = [{ fields: [] }, ...sections.map((section) => ({ section, fields: [] }))];
  for (const f of version.fields) {
    const group = groups.find((g) => (g.section?.id ?? null) === f.sectionId) ?? groups[0]!;
    group.fields.push({ ...fieldRow(f, names), first: false, last: false });
  }
  for (const g of groups) {
    g.fields.forEach((f, i) => {
      f.first = i === 0;
      f.last = i === g.fields.length - 1;
    });
  }
  return groups;
}

/** The template and one of its versions, with the version's ETag (the If-Match of every draft edit). */
export async function readVersion(res: express.Response, workspaceId: string, id: string, versionNumber: number) {
  const api = apiFor(res);
  const [template, { data: version, etag }] = await Promise.all([
    api.getTemplate({ path: { workspaceId, id } }),
    api.call('getTemplateVersion', { path: { workspaceId, id, versionNumber } }),
  ]);
  return { template, version, etag: etag ?? '' };
}
