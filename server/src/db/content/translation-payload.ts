// The locale and translation group a content webhook names (WebhookContentEventPayload.localeCode,
// translationGroupId): the item's as the event is written, read inside the statement that writes
// it (as the purge keys are, db/delivery/purge-targets.ts), so every writer — the API's routes,
// the one-statement publish, the scheduler — says the same without reading the item first.
import { sql, type FragmentSqlToken } from 'slonik';

/** A jsonb expression `{"localeCode": …, "translationGroupId": …}` of item `itemId` (both null when it has none). */
export function translationPayloadJson(itemId: string): FragmentSqlToken {
  return translationPayloadJsonOf(sql.fragment`${itemId}::uuid`);
}

/** translationPayloadJson of the item that the uuid expression `itemId` names (a column: one statement for many items' events). */
export function translationPayloadJsonOf(itemId: FragmentSqlToken): FragmentSqlToken {
  return sql.fragment`coalesce((SELECT jsonb_build_object('localeCode', ci.locale_code, 'translationGroupId', ci.translation_group_id)
    FROM content_items ci WHERE ci.id = ${itemId}), jsonb_build_object('localeCode', NULL, 'translationGroupId', NULL))`;
}
