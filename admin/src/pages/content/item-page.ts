// The content item page: the item's identity (slug, locale, tags — saved with the item's ETag), its
// versions (a paged table with each version's status, effective window, schedule, publish and
// archive times and what it was duplicated from, and per version View, Edit, Duplicate, Delete and
// Upgrade), the selected version's workflow bar, and deleting the item. Forms on this page (and the
// workflow routes) re-render it with their problem, field errors or conflict in place.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import type { Conflict, FieldErrors, FormFailure } from '../../http/forms.js';
import type { ShownProblem } from '../../http/page-errors.js';
import { zoneOf } from '../../time.js';
import { render } from '../../views/render.js';
import { pageLinks, pageOf, queryValue, when } from '../screen-forms.js';
import { abilitiesIn, type Permission, type WorkspaceAbilities } from '../workspace-scope.js';
import { itemPaths, versionNumberOf, type ItemAddress, itemNameOf } from './item-paths.js';
import { localeChoicesOf } from './locale-choices.js';
import { rejectionOf } from './rejection.js';
import { translationPanel } from './translation-status.js';
import { hasNewerTarget, upgradeTargetOf } from './upgrade-target.js';
import { deletable, editable, editsThroughDraft, workflowBar } from './workflow-rules.js';

export type Item = components['schemas']['ContentItemDetailResponse'];
type VersionSummary = components['schemas']['ContentVersionSummaryResponse'];

const PAGE_SIZE = 20;
/** The id of the one visible sentence saying why this user cannot change the item (Reader, Read grant). */
export const READONLY_REASON_ID = 'item-readonly-reason';

export interface IdentityValues {
  slug: string;
  localeCode: string;
  /** Comma-separated, as typed. */
  tags: string;
  /** Kept as it is (linking translations is its own screen); sent back so a save does not clear it. */
  translationGroupId: string;
}

export const identityFrom = (item: Item): IdentityValues => ({
  slug: item.slug ?? '',
  localeCode: item.localeCode ?? '',
  tags: item.tags.join(', '),
  translationGroupId: item.translationGroupId ?? '',
});

export interface WorkflowState {
  problem?: ShownProblem;
  errors?: FieldErrors;
  values?: { publishAt?: string; reason?: string };
}

export interface ItemPageState {
  /** The version whose panel (facts and workflow bar) is shown; default `?version=`, else the latest. */
  selected?: number;
  identity?: { values: IdentityValues; etag?: string; failure?: FormFailure; conflict?: Conflict };
  workflow?: WorkflowState;
  /** A refusal of a version action (new version, duplicate) shown above the versions table. */
  versionsProblem?: ShownProblem;
  /** A refusal of "Translate to …" shown in the Translations panel. */
  translationsProblem?: ShownProblem;
}

interface RowAction {
  enabled: boolean;
  /** The id of the sentence that says why not (aria-describedby). */
  reasonId?: string;
  /** Shown next to the control unless it is the page's shared read-only sentence. */
  reason?: string;
}

/** An action's state: enabled, or disabled pointing at the shared read-only sentence or its own reason. */
function rowAction(permission: Permission, abilities: WorkspaceAbilities, ownId: string): RowAction {
  if (permission.allowed) return { enabled: true };
  if (!abilities.editContent.allowed) return { enabled: false, reasonId: READONLY_REASON_ID };
  return { enabled: false, reasonId: ownId, reason: permission.reason };
}

export function windowOf(v: Pick<VersionSummary, 'effectiveStartAt' | 'effectiveEndAt'>, zone: string): string {
  if (!v.effectiveStartAt && !v.effectiveEndAt) return '';
  return `${when(v.effectiveStartAt, zone) || '…'} – ${when(v.effectiveEndAt, zone) || '…'}`;
}

/** Loads what the item page shows and renders it with `state` (`status` for a re-render after a refusal). */
export async function renderItemPage(req: express.Request, res: express.Response, address: ItemAddress, state: ItemPageState = {}, status?: number): Promise<void> {
  const { workspaceId, itemId } = address;
  const api = apiFor(res);
  const page = pageOf(req.query);
  const [abilities, { data: item, etag }, versions, translationStatus, workspaceLocales] = await Promise.all([
    abilitiesIn(res, workspaceId),
    api.call('getContent', { path: { workspaceId, id: itemId } }),
    api.listContentVersions({ path: { workspaceId, id: itemId }, query: { page, pageSize: PAGE_SIZE } }),
    api.getContentTranslationStatus({ path: { workspaceId, id: itemId } }),
    api.getWorkspaceLocales({ path: { workspaceId } }),
  ]);
  const translations = translationPanel(translationStatus, workspaceId, itemId, abilities.editContent);
  const zone = zoneOf(res);
  const paths = itemPaths(workspaceId, itemId);

  const wanted = state.selected ?? versionNumberOf(queryValue(req.query, 'version'));
  const selected = item.versions.find((v) => v.versionNumber === wanted) ?? item.versions[0];
  const [upgrade, rejection] = await Promise.all([upgradeTargetOf(res, workspaceId, item.templateVersionId), selected ? rejectionOf(res, workspaceId, itemId, selected) : null]);

  // The API keeps an item's last version (delete the item instead); its Delete says so.
  const onlyVersion: Permission | undefined = item.versions.length <= 1 && abilities.editContent.allowed ? { allowed: false, reason: 'This is the item’s only version; delete the content item instead.' } : undefined;
  const rows = versions.items.map((v) => {
    const n = v.versionNumber;
    const canDelete = deletable(v.status, abilities);
    const canEdit = editable(v.status, abilities);
    return {
      ...v,
      paths: paths.version(n),
      select: paths.selected(n),
      isSelected: v.versionNumber === selected?.versionNumber,
      isServed: item.currentlyServingVersion?.versionNumber === n,
      window: windowOf(v, zone),
      scheduled: when(v.publishAt, zone),
      published: when(v.publishedAt, zone),
      archived: when(v.archivedAt, zone),
      edit: canEdit.allowed,
      duplicate: rowAction(abilities.editContent, abilities, `v${n}-duplicate-reason`),
      // Only Drafts can be deleted: other rows show no Delete at all.
      delete: v.status === 'Draft' ? rowAction(onlyVersion ?? canDelete, abilities, `v${n}-delete-reason`) : undefined,
      upgrade: hasNewerTarget(upgrade, v.templateVersionId) ? rowAction(canEdit, abilities, `v${n}-upgrade-reason`) : undefined,
    };
  });

  const panel = selected && {
    ...selected,
    paths: paths.version(selected.versionNumber),
    window: windowOf(selected, zone),
    scheduled: when(selected.publishAt, zone),
    published: when(selected.publishedAt, zone),
    archived: when(selected.archivedAt, zone),
    created: when(selected.createdAt, zone),
    updated: when(selected.updatedAt, zone),
    bar: workflowBar(selected.status, abilities),
    // The served version's Edit already stands beside "Served now": one Edit per version.
    editLive: editsThroughDraft(selected.status, abilities) && item.currentlyServingVersion?.versionNumber !== selected.versionNumber,
    isServed: item.currentlyServingVersion?.versionNumber === selected.versionNumber,
    rejection,
  };

  const identity = state.identity ?? { values: identityFrom(item) };
  const locales = localeChoicesOf(workspaceLocales, identity.values.localeCode);
  const name = itemNameOf(item);
  await render(
    res,
    'content/item',
    {
      title: `${name} · Content`,
      workspaceId,
      name,
      item,
      etag,
      zone,
      paths,
      tab: 'item',
      readonlyReason: abilities.editContent.allowed ? undefined : abilities.editContent.reason,
      readonlyReasonId: READONLY_REASON_ID,
      served: item.currentlyServingVersion,
      editServed: item.currentlyServingVersion ? editsThroughDraft(item.currentlyServingVersion.status, abilities) : false,
      draft: item.versions.find((v) => v.status === 'Draft'),
      rows,
      totalCount: versions.totalCount,
      page,
      totalPages: versions.totalPages,
      links: pageLinks(paths.root, selected ? { version: String(selected.versionNumber) } : {}, page, versions.totalPages),
      panel,
      workflow: state.workflow ?? {},
      versionsProblem: state.versionsProblem,
      localeChoices: locales,
      identity: { values: identity.values, etag: identity.etag ?? etag, problem: identity.failure?.problem, errors: identity.failure?.errors ?? {}, conflict: identity.conflict },
      upgradeTarget: upgrade.target,
      translations: { ...translations, action: paths.translate, problem: state.translationsProblem, locales: `/workspaces/${workspaceId}/locales` },
      created: when(item.createdAt, zone),
      updated: when(item.updatedAt, zone),
    },
    status,
  );
}
