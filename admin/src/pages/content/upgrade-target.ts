// Which template version a content version would move to on upgrade-template-version: its
// template's published (current) version. The content version names only its template version's
// id, so the template comes from that version (two reads: the version by id, then the template).
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';

type TemplateVersion = components['schemas']['TemplateVersionResponse'];
type Template = components['schemas']['TemplateResponse'];

export interface UpgradeTarget {
  /** The template version the content is written against now. */
  source: TemplateVersion;
  template: Template;
  /** The template's published version, when it has one. */
  target: TemplateVersion | null;
}

export async function upgradeTargetOf(res: express.Response, workspaceId: string, templateVersionId: string): Promise<UpgradeTarget> {
  const api = apiFor(res);
  const source = await api.getTemplateVersionById({ path: { workspaceId, versionId: templateVersionId } });
  const template = await api.getTemplate({ path: { workspaceId, id: source.templateId } });
  // `currentVersion` is the published version, or the draft while nothing is published.
  const target = template.currentVersionId !== null && template.currentVersion?.id === template.currentVersionId ? template.currentVersion : null;
  return { source, template, target };
}

/**
 * Whether content on `templateVersionId` has a template version to move to: the published one, when
 * it is another (and, where this read knows its number, a later) version.
 */
export function hasNewerTarget(upgrade: UpgradeTarget, templateVersionId: string): boolean {
  const { source, target } = upgrade;
  if (target === null || target.id === templateVersionId) return false;
  return templateVersionId !== source.id || target.versionNumber > source.versionNumber;
}
