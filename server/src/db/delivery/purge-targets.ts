// Which items' delivery answers a change to one item makes stale (issue #27 §2, the purge keys of
// content webhooks): the item, every member of its translation group (a read in a locale may fall
// back to any member, and every member serves the fields its group shares), and every item that
// embeds any of them, at any depth up to the expansion limit. The walk is the one the delivery-cache
// notices use (verso_delivery_dependents, migrations 0016 and 0042: one recursive query over the
// child references of all versions and the groups' members), so a CDN is told exactly what the
// server's own cache drops. It runs inside the statement that writes the event (db/platform/outbox.ts):
// a statement of its own cost a publish a round trip, about 5 % (bench/content.ts, purge), for a walk
// that executes in well under a tenth of a millisecond.
import { sql, type FragmentSqlToken } from 'slonik';

/** At most this many items are named; beyond, the workspace key (which tags every read) instead. */
export const MAX_PURGE_ITEMS = 1000;

/**
 * A jsonb expression `{"purgeKeys": [...]}`: `list-<ws>`, `item-<itemId>`, then the key of every
 * other member of its group and every embedding item in id order; past MAX_PURGE_ITEMS of them
 * `ws-<ws>` and `list-<ws>`.
 */
export function purgeKeysJson(workspaceId: string, itemId: string): FragmentSqlToken {
  return purgeKeysJsonOf(workspaceId, sql.fragment`${itemId}::uuid`);
}

/** purgeKeysJson of the item that the uuid expression `itemId` names (a column: one statement for many items' events). */
export function purgeKeysJsonOf(workspaceId: string, itemId: FragmentSqlToken): FragmentSqlToken {
  return sql.fragment`(SELECT jsonb_build_object('purgeKeys', CASE
      WHEN count(*) > ${MAX_PURGE_ITEMS} THEN jsonb_build_array('ws-' || ${workspaceId}::text, 'list-' || ${workspaceId}::text)
      ELSE jsonb_build_array('list-' || ${workspaceId}::text, 'item-' || (${itemId})::text)
        || coalesce(jsonb_agg('item-' || t.d::text ORDER BY t.d::text) FILTER (WHERE t.d <> ${itemId}), '[]'::jsonb)
    END)
    FROM (SELECT d FROM verso_delivery_dependents(ARRAY[${itemId}]) d LIMIT ${MAX_PURGE_ITEMS + 1}) t)`;
}
