// Every content mutation records its webhook event (outbox) and its audit entry in the transaction
// that makes it. This module is content's one door to both, so event names, payloads (upstream's
// {contentItemId, workspaceId, templateVersionId, contentVersionId, versionNumber, status}, with
// null version members on item events, plus Verso's purgeKeys, localeCode and translationGroupId)
// and audit entity types stay uniform.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { purgeKeysJsonOf } from '../../db/delivery/purge-targets.js';
import { translationPayloadJsonOf } from '../../db/content/translation-payload.js';
import { enqueueOutboxEvents, type OutboxEvent } from '../../db/platform/outbox.js';
import type { Actor } from '../../access/actor.js';
import type { VersionRow } from '../../db/content/content-versions.js';
import { recordAudits, type AuditAction, type AuditRecord } from '../platform/audit.js';

export type ContentEventType =
  | 'content.created'
  | 'content.updated'
  | 'content.deleted'
  | 'content.version_created'
  | 'content.version_updated'
  | 'content.version_deleted'
  | 'content.version_status_changed'
  | 'content.version_published'
  | 'content.version_template_upgraded';

const AUDIT_ACTION: Readonly<Record<ContentEventType, AuditAction>> = {
  'content.created': 'Created',
  'content.updated': 'Updated',
  'content.deleted': 'Deleted',
  'content.version_created': 'Created',
  'content.version_updated': 'Updated',
  'content.version_deleted': 'Deleted',
  'content.version_status_changed': 'StatusChanged',
  'content.version_published': 'StatusChanged',
  'content.version_template_upgraded': 'Updated',
};

export interface ContentChange {
  readonly event: ContentEventType;
  readonly workspaceId: string;
  readonly itemId: string;
  /** The item's template version (item events) or the version's (version events). */
  readonly templateVersionId: string;
  readonly version?: { readonly id: string; readonly versionNumber: number; readonly status: string } | null;
  readonly before?: Readonly<Record<string, unknown>> | null;
  readonly after?: Readonly<Record<string, unknown>> | null;
}

/**
 * What every event about one version shares: its workspace, item and template version, and the
 * version with `status` (after the change; by default the one it has).
 */
export function aboutVersion(workspaceId: string, version: VersionRow, status: string = version.status) {
  return {
    workspaceId,
    itemId: version.content_item_id,
    templateVersionId: version.template_version_id,
    version: { id: version.id, versionNumber: version.version_number, status },
  };
}

/** The members every content event's payload computes as it is written: purge keys, locale and translation group. */
export function contentPayloadExtra(workspaceId: string, itemId: string): FragmentSqlToken {
  return contentPayloadExtraOf(workspaceId, sql.fragment`${itemId}::uuid`);
}

/** contentPayloadExtra of the item that the uuid expression `itemId` names (a column: one statement for many items' events). */
export function contentPayloadExtraOf(workspaceId: string, itemId: FragmentSqlToken): FragmentSqlToken {
  return sql.fragment`(${purgeKeysJsonOf(workspaceId, itemId)} || ${translationPayloadJsonOf(itemId)})`;
}

/** `actor` is null for changes the scheduler makes on its own. */
export async function recordContentChange(tx: CommonQueryMethods, actor: Actor | null, change: ContentChange): Promise<void> {
  await recordContentChanges(tx, actor, [change]);
}

/** The outbox events (purge keys not yet merged) and audit records of `changes`, in order. */
export function contentChangeRecords(actor: Actor | null, changes: readonly ContentChange[]): { events: OutboxEvent[]; audits: AuditRecord[] } {
  const events: OutboxEvent[] = [];
  const audits: AuditRecord[] = [];
  for (const change of changes) {
    const version = change.version ?? null;
    const entityType = version ? 'ContentVersion' : 'ContentItem';
    const entityId = version ? version.id : change.itemId;
    events.push({
      workspaceId: change.workspaceId,
      eventType: change.event,
      entityType,
      entityId,
      payload: {
        contentItemId: change.itemId,
        workspaceId: change.workspaceId,
        templateVersionId: change.templateVersionId,
        contentVersionId: version?.id ?? null,
        versionNumber: version?.versionNumber ?? null,
        status: version?.status ?? null,
      },
      // What a CDN must purge (README, Behind a CDN): the lists, the item and every item embedding it;
      // and the item's locale and translation group as the event is written.
      computedPayload: contentPayloadExtra(change.workspaceId, change.itemId),
    });
    audits.push({
      workspaceId: change.workspaceId,
      entityType,
      entityId,
      contentItemId: change.itemId,
      action: AUDIT_ACTION[change.event],
      actor,
      before: change.before ?? null,
      after: change.after ?? null,
    });
  }
  return { events, audits };
}

/**
 * Several changes of one write, in order: their outbox events in one statement and their audit
 * entries in another, whatever their number.
 */
export async function recordContentChanges(tx: CommonQueryMethods, actor: Actor | null, changes: readonly ContentChange[]): Promise<void> {
  const { events, audits } = contentChangeRecords(actor, changes);
  await enqueueOutboxEvents(tx, events);
  await recordAudits(tx, audits);
}
