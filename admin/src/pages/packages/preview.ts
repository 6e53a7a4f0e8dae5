// What the import preview shows: the API's previewPackageImport / previewOfficialPackageImport answer
// (what will be created, updated, reused, and the conflicts) and, per conflicting picklist or
// component, a resolution chooser. The chosen resolutions are posted as `resolve.picklist.<slug>` and
// `resolve.component.<slug>` radio groups and sent as PackageImportResolutionsRequest; anything that
// is not a slug and one of the API's three resolutions is dropped (the API checks the rest).
import type express from 'express';
import type { components } from '@verso/sdk';

type Preview = components['schemas']['PackageImportPreviewResponse'];
type Resolution = components['schemas']['PackageResolution'];
type ItemStatus = components['schemas']['PackageItemStatus'];
export type Resolutions = components['schemas']['PackageImportResolutionsRequest'];

const RESOLUTIONS: readonly Resolution[] = ['useExisting', 'replace', 'importAsNew'];
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The choices, in the order shown, with what each does. */
export const RESOLUTION_CHOICES: { value: Resolution; label: string; hint: string }[] = [
  { value: 'useExisting', label: 'Keep this workspace’s', hint: 'The package’s fields are bound to the one that exists; it is not changed.' },
  { value: 'replace', label: 'Replace with the package’s', hint: 'The existing one gets the package’s definition (a new revision or version).' },
  { value: 'importAsNew', label: 'Import as a new one', hint: 'A second one is created with a numbered slug; the package’s fields use it.' },
];

const STATUS_TEXT: Record<ItemStatus, string> = {
  Create: 'New: will be created',
  Update: 'Exists: gets a new published version',
  Unchanged: 'Identical one exists: reused',
  Conflict: 'Conflict: a different one exists',
};

const isResolution = (v: unknown): v is Resolution => typeof v === 'string' && (RESOLUTIONS as readonly string[]).includes(v);

/** The resolutions a preview form posted. */
export function resolutionsOf(req: express.Request): Resolutions {
  const pickLists: Record<string, Resolution> = {};
  const comps: Record<string, Resolution> = {};
  for (const [key, value] of Object.entries((req.body as Record<string, unknown> | undefined) ?? {})) {
    const m = /^resolve\.(picklist|component)\.(.+)$/.exec(key);
    if (!m || !SLUG.test(m[2]!) || !isResolution(value)) continue;
    (m[1] === 'picklist' ? pickLists : comps)[m[2]!] = value;
  }
  return { pickLists, components: comps };
}

/** The resolution preselected for a conflict: the one posted before, else the API's suggestion. */
function chosen(slug: string, suggested: string, posted: Record<string, Resolution> | null | undefined): Resolution {
  // Own keys only: `constructor` is a valid slug, and on a plain object it would "find" Object.
  const before = posted && Object.hasOwn(posted, slug) ? posted[slug] : undefined;
  if (before) return before;
  return isResolution(suggested) ? suggested : 'useExisting';
}

export function previewModel(preview: Preview, posted?: Resolutions) {
  const count = (status: ItemStatus) =>
    preview.pickLists.filter((p) => p.status === status).length + preview.components.filter((c) => c.status === status).length + preview.templates.filter((t) => t.status === status).length;
  return {
    packageNamespace: preview.packageNamespace,
    id: preview.id,
    version: preview.version,
    installedVersions: preview.installedVersions,
    counts: { create: count('Create'), update: count('Update'), unchanged: count('Unchanged'), conflict: count('Conflict') },
    pickLists: preview.pickLists.map((p) => ({
      ...p,
      statusText: STATUS_TEXT[p.status],
      optionsText: p.options.map((o) => `${o.label} (${o.value})`).join(', '),
      existingOptionsText: (p.existingOptions ?? []).map((o) => `${o.label} (${o.value})`).join(', '),
      resolution: p.status === 'Conflict' ? chosen(p.slug, p.suggestedAction, posted?.pickLists) : undefined,
    })),
    components: preview.components.map((c) => ({
      ...c,
      statusText: STATUS_TEXT[c.status],
      resolution: c.status === 'Conflict' ? chosen(c.slug, c.suggestedAction, posted?.components) : undefined,
    })),
    templates: preview.templates.map((t) => ({ ...t, statusText: STATUS_TEXT[t.status] })),
    choices: RESOLUTION_CHOICES,
  };
}
