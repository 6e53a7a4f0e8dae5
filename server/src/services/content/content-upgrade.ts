// Upgrade-template-version (spec rule 5): moves a Draft, Review or Approved version to its
// template's published version. Without `fields` the values are remapped by field key (values
// whose key is gone are dropped); with `fields` they are replaced by values naming the target's
// fields. Everything is validated before anything is written: a failure is 422 and changes nothing.
// A Review or Approved version whose template version or values change goes back to Draft (issue
// #25), as on update.
import type { DatabasePool } from 'slonik';
import { conflict } from '../../errors.js';
import type { Actor } from '../../access/actor.js';
import { touchItem } from '../../db/content/content-items.js';
import { findPublishedTemplateVersion } from '../../db/content/content-schema.js';
import { deleteValues, insertValues, loadValues, valueAsInput } from '../../db/content/content-values.js';
import { findLatestVersion, updateVersionContent } from '../../db/content/content-versions.js';
import type { ContentFieldValueRequest, ContentVersionDetailResponse, UpgradeTemplateVersionRequest } from '../../generated/schemas.js';
import { recordContentChange } from './content-events.js';
import type { Tagged } from './content-presenter.js';
import { getContentVersion } from '../delivery/content-reads.js';
import { requireItem, requireVersion, validateForTemplateVersion, type VersionAddress } from './content-rules.js';
import { remapValuesByKey } from './content-validation.js';
import { editReturnsToDraft, isEditable } from './content-workflow.js';
import { sameValues, storedAsNormalized } from './content-value-equality.js';
import { returnToDraft } from './content-versions.js';
import { loadTemplateVersionFields } from '../../db/content/content-schema.js';

export async function upgradeTemplateVersion(
  db: DatabasePool,
  actor: Actor,
  address: VersionAddress,
  body: UpgradeTemplateVersionRequest | undefined,
): Promise<Tagged<ContentVersionDetailResponse>> {
  const returnedFrom = await db.transaction(async (tx) => {
    const item = await requireItem(tx, address.workspaceId, address.itemId, true);
    const version = await requireVersion(tx, item.id, address.versionNumber, true);
    if (!isEditable(version.status)) {
      throw conflict(`Version ${version.version_number} is ${version.status}; only Draft, Review and Approved versions can be upgraded.`);
    }
    const target = await findPublishedTemplateVersion(tx, version.template_id);
    if (target === null) throw conflict(`The template "${version.template_name}" has no published version to upgrade to.`);
    let values: readonly ContentFieldValueRequest[];
    const stored = (await loadValues(tx, [version.id])).get(version.id) ?? [];
    if (body?.fields) {
      values = body.fields;
    } else {
      const fields = await loadTemplateVersionFields(tx, [version.template_version_id, target]);
      values = remapValuesByKey(stored.map(valueAsInput), fields.get(version.template_version_id) ?? [], fields.get(target) ?? []);
    }
    const normalized = await validateForTemplateVersion(tx, address.workspaceId, target, values);
    const changed = target !== version.template_version_id || !sameValues(stored.map(storedAsNormalized), normalized);
    const returning = changed && editReturnsToDraft(version.status) ? version.status : null;
    const status = returning === null ? version.status : 'Draft';
    await deleteValues(tx, version.id);
    await insertValues(tx, version.id, normalized);
    await updateVersionContent(tx, version.id, {
      effectiveStartAt: version.effective_start_at,
      effectiveEndAt: version.effective_end_at,
      templateVersionId: target,
    });
    // The item's informational template version follows when its latest version moves (0.6.2).
    const latest = await findLatestVersion(tx, item.id);
    await touchItem(tx, item.id, latest?.id === version.id ? { id: target, templateId: version.template_id } : undefined);
    await recordContentChange(tx, actor, {
      event: 'content.version_template_upgraded',
      workspaceId: address.workspaceId,
      itemId: item.id,
      templateVersionId: target,
      version: { id: version.id, versionNumber: version.version_number, status },
      before: { templateVersionId: version.template_version_id, publishAt: version.publish_at },
      after: { templateVersionId: target, publishAt: null, fieldValueCount: normalized.length },
    });
    if (returning === null) return null;
    await returnToDraft(tx, actor, address.workspaceId, { ...version, template_version_id: target });
    return returning;
  });
  const read = await getContentVersion(db, address.workspaceId, address.itemId, address.versionNumber);
  return returnedFrom === null ? read : { ...read, body: { ...read.body, returnedToDraftFrom: returnedFrom } };
}
