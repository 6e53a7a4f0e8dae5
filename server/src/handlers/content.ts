// Content routes (tag Content): thin — read what the contract validated, call one service, reply.
import type { Actor } from '../access/actor.js';
import type { Dependencies } from '../dependencies.js';
import type { ContentItemSummaryResponsePagedResponse, ContentVersionDetailResponse } from '../generated/schemas.js';
import { CodedJson } from './content-coding.js';
import { alreadySerialized, serializeJson, type Handler, type HandlerResponse, type RequestBody } from '../http/operation.js';
import { noneMatch } from './if-none-match.js';
import * as items from '../services/content/content-items.js';
import * as reads from '../services/delivery/content-reads.js';
import * as versions from '../services/content/content-versions.js';
import * as publishing from '../services/content/content-publishing.js';
import * as queues from '../services/content/version-queues.js';
import { upgradeTemplateVersion } from '../services/content/content-upgrade.js';
import { duplicateContentItem } from '../services/content/content-duplicate.js';
import { compareContentVersions as compareVersions } from '../services/content/version-comparison.js';
import { readsAtNow, type VersionAddress } from '../services/content/content-rules.js';
import type { WorkflowAction } from '../services/content/content-workflow.js';
import { previewBySlug, previewList, previewVersion } from '../services/delivery/content-preview.js';
import { bySlugDocument, bySlugDocumentTag } from '../services/delivery/delivery-documents.js';
import { storedListPage, usesStoredListPages } from '../services/delivery/stored-list-pages.js';
import { listKey, purgeKeyHeaders, purgeKeysOfItems, purgeKeysOfList, workspaceKey } from '../services/delivery/purge-keys.js';
import { deliveryRead } from './delivery-read.js';
import { requireDeliveryOnlyBySlug, requireDeliveryOnlyList } from '../services/delivery/delivery-only-reads.js';
import { PREVIEW_DELIVERY_HEADERS, PREVIEW_HEADERS, previewScopeOf } from './preview-read.js';
import { assetLinksOf } from './asset-links.js';
import { withEtag } from './response-headers.js';
import { requestedLocale } from '../services/localization/requested-locale.js';

const base = (ws: string) => `/api/v1/workspaces/${ws}/content`;

/** The path of every …/content/{id}/versions/{versionNumber} route. */
interface VersionPath {
  readonly workspaceId: string;
  readonly id: string;
  readonly versionNumber: number;
}

const versionOf = (params: VersionPath): VersionAddress => ({
  workspaceId: params.workspaceId,
  itemId: params.id,
  versionNumber: params.versionNumber,
});

export const listContent: Handler<'listContent'> = async ({ request, actor, deps, reply }) => {
  const preview = previewScopeOf(actor);
  if (preview) return reply(200, await previewList(deps.db, preview, request.query), PREVIEW_DELIVERY_HEADERS);
  requireDeliveryOnlyList(actor, request.query);
  const { workspaceId } = request.params;
  const slots = deps.config.delivery.listPages;
  const answer = await deliveryRead(deps, request, {
    // A resolved read at "now" through the stored pages (one statement when exact); others read in full.
    produce: usesStoredListPages(request.query, slots)
      ? async () => {
          const p = await storedListPage(deps.hot, deps.db, workspaceId, request.query, slots);
          const headers = withEtag(p.etag, purgeKeyHeaders(deps.config.cdn, purgeKeysOfList(workspaceId, p.items)));
          const json = p.json ? alreadySerialized<ContentItemSummaryResponsePagedResponse>(p.json) : undefined;
          return { coded: CodedJson.of({ json, gzip: p.gzip }), itemId: null, headers };
        }
      : async () => {
          const { body, etag } = await reads.listContent(deps.hot, deps.db, workspaceId, request.query);
          const headers = purgeKeyHeaders(deps.config.cdn, purgeKeysOfList(workspaceId, body.items.map((i) => i.id)));
          return { body, headers: etag === null ? headers : withEtag(etag, headers) };
        },
    tag: async () => {
      const etag = await reads.listContentTag(deps.hot, workspaceId, request.query);
      // Without the page, the keys that purge it whatever it holds: any change to an item of the
      // workspace is purged with the list key.
      return etag === null ? null : { etag, headers: purgeKeyHeaders(deps.config.cdn, [workspaceKey(workspaceId), listKey(workspaceId)]) };
    },
  });
  const cacheControl = { 'Cache-Control': deps.config.cdn.cacheControl };
  if (answer.status === 304) return reply(304, undefined, { ...answer.headers, ...cacheControl });
  return reply(200, answer.body, { ...answer.headers, ...cacheControl });
};

export const createContent: Handler<'createContent'> = async ({ request, actor, deps, reply }) => {
  const ws = request.params.workspaceId;
  const { body, etag } = await items.createContentItem(deps.db, actor, ws, request.body);
  return reply(201, body, withEtag(etag, { Location: `${base(ws)}/${body.id}` }));
};

export const getContent: Handler<'getContent'> = async ({ request, deps, reply }) => {
  const { body, etag } = await items.readItemDetail(deps.db, request.params.workspaceId, request.params.id);
  return reply(200, body, withEtag(etag));
};

export const updateContent: Handler<'updateContent'> = async ({ request, actor, deps, reply }) => {
  const { workspaceId, id } = request.params;
  const { body, etag } = await items.updateContentItem(deps.db, actor, workspaceId, id, request.headers['if-match'], request.body);
  return reply(200, body, withEtag(etag));
};

export const deleteContent: Handler<'deleteContent'> = async ({ request, actor, deps, reply }) => {
  await items.deleteContentItem(deps.db, actor, request.params.workspaceId, request.params.id, request.headers['if-match']);
  return reply(204);
};

export const getContentBySlug: Handler<'getContentBySlug'> = async ({ request, actor, deps, reply }) => {
  const preview = previewScopeOf(actor);
  if (preview) {
    // A preview answer carries no validators: nothing may keep it, so nothing revalidates it.
    const { body, contentLanguage } = await previewBySlug(deps.db, assetLinksOf(deps), preview, request.params.slug, request.query);
    return reply(200, body, contentLanguage === null ? PREVIEW_DELIVERY_HEADERS : { ...PREVIEW_DELIVERY_HEADERS, 'Content-Language': contentLanguage });
  }
  requireDeliveryOnlyBySlug(actor, request.query);
  const { workspaceId, slug } = request.params;
  // A locale that is no language tag is a 400 before anything is read.
  const locale = requestedLocale(request.query.locale);
  const headersOf = (etag: string, items: readonly string[], contentLanguage: string | null = null) => {
    const headers = withEtag(etag, purgeKeyHeaders(deps.config.cdn, purgeKeysOfItems(workspaceId, items)));
    return contentLanguage === null ? headers : { ...headers, 'Content-Language': contentLanguage };
  };
  // At "now", through the stored documents (one lookup when exact); at an explicit asOf, read in full.
  // Either way the in-process entry hangs on the slug's own item (items[0], anchorId), whichever
  // member of its translation group a read in a locale serves: a change to any member announces it.
  const expand = request.query.expandChildren ?? true;
  // `sourceMap` is honoured for preview tokens only: a published read ignores it, so it must not
  // split the cache (or the answer's tag) into copies that differ by nothing.
  const { sourceMap: _ignored, ...published } = request.query;
  const answer = await deliveryRead(deps, { ...request, query: published }, deps.config.delivery.documents && readsAtNow(request.query.asOf)
    ? {
        produce: async () => {
          const d = await bySlugDocument(deps.hot, deps.db, assetLinksOf(deps), workspaceId, slug, expand, locale);
          return { serialized: alreadySerialized<ContentVersionDetailResponse>(d.json), itemId: d.items[0]!, headers: headersOf(d.etag, d.items, d.contentLanguage) };
        },
        tag: async () => {
          const d = await bySlugDocumentTag(deps.hot, assetLinksOf(deps), workspaceId, slug, expand, locale);
          return d && { etag: d.etag, headers: headersOf(d.etag, d.items) };
        },
      }
    : {
        produce: async () => {
          const a = await reads.getContentBySlug(deps.db, assetLinksOf(deps), workspaceId, slug, request.query);
          return { serialized: serializeJson(a.body), itemId: a.anchorId, headers: headersOf(a.etag, a.items, a.contentLanguage) };
        },
        tag: async () => {
          const etag = await reads.getContentBySlugTag(deps.db, workspaceId, slug, request.query);
          return etag === null ? null : { etag, headers: {} };
        },
      });
  const cacheControl = { 'Cache-Control': deps.config.cdn.cacheControl };
  if (answer.status === 304) return reply(304, undefined, { ...answer.headers, ...cacheControl });
  return reply(200, answer.body, { ...answer.headers, ...cacheControl });
};

export const duplicateContent: Handler<'duplicateContent'> = async ({ request, actor, deps, reply }) => {
  const ws = request.params.workspaceId;
  const { body, etag } = await duplicateContentItem(deps.db, actor, ws, request.params.id, request.body);
  return reply(201, body, withEtag(etag, { Location: `${base(ws)}/${body.id}` }));
};

export const linkContentTranslation: Handler<'linkContentTranslation'> = async ({ request, actor, deps, reply }) =>
  reply(200, await items.linkTranslation(deps.db, actor, request.params.workspaceId, request.params.id, request.body));

export const listContentTranslations: Handler<'listContentTranslations'> = async ({ request, deps, reply }) =>
  reply(200, await items.listTranslations(deps.db, request.params.workspaceId, request.params.id, request.query));

export const listContentVersions: Handler<'listContentVersions'> = async ({ request, deps, reply }) =>
  reply(200, await reads.listContentVersions(deps.db, request.params.workspaceId, request.params.id, request.query));

export const createContentVersion: Handler<'createContentVersion'> = async ({ request, actor, deps, reply }) => {
  const { workspaceId, id } = request.params;
  const { body, etag } = await versions.createContentVersion(deps.db, actor, workspaceId, id, request.body, request.query);
  return reply(201, body, withEtag(etag, { Location: `${base(workspaceId)}/${id}/versions/${body.versionNumber}` }));
};

export const rollbackContentVersion: Handler<'rollbackContentVersion'> = async ({ request, actor, deps, reply }) => {
  const address = versionOf(request.params);
  const { body, etag } = await versions.rollbackContentVersion(deps.db, actor, address, request.query);
  return reply(201, body, withEtag(etag, { Location: `${base(address.workspaceId)}/${address.itemId}/versions/${body.versionNumber}` }));
};

export const getContentVersion: Handler<'getContentVersion'> = async ({ request, actor, deps, reply }) => {
  const { workspaceId, itemId, versionNumber } = versionOf(request.params);
  const preview = previewScopeOf(actor);
  if (preview) {
    const { body, etag } = await previewVersion(deps.db, assetLinksOf(deps), preview, itemId, versionNumber, request.query);
    return reply(200, body, withEtag(etag, PREVIEW_HEADERS));
  }
  const { body, etag } = await reads.getContentVersion(deps.db, workspaceId, itemId, versionNumber, request.query);
  return reply(200, body, withEtag(etag));
};

export const compareContentVersions: Handler<'compareContentVersions'> = async ({ request, deps, reply }) => {
  const { workspaceId, id } = request.params;
  // The tag is made from what the answer is made of, before the values are read: a 304 spares
  // reading, serializing and sending two whole versions (the admin keeps what it made of them).
  const { etag, body } = await compareVersions(deps.db, workspaceId, id, request.query);
  if (noneMatch(request.headers['if-none-match'], etag)) return reply(304, undefined, { ETag: etag });
  return reply(200, serializeJson(await body()), { ETag: etag });
};

export const updateContentVersion: Handler<'updateContentVersion'> = async ({ request, actor, deps, reply }) => {
  const address = { ...versionOf(request.params), ifMatch: request.headers['if-match'] };
  const { body, etag } = await versions.updateContentVersion(deps.db, actor, address, request.body, request.query);
  return reply(200, body, withEtag(etag));
};

export const deleteContentVersion: Handler<'deleteContentVersion'> = async ({ request, actor, deps, reply }) => {
  await versions.deleteContentVersion(deps.db, actor, { ...versionOf(request.params), ifMatch: request.headers['if-match'] });
  return reply(204);
};

type WorkflowOperation = 'submitContentVersion' | 'approveContentVersion' | 'rejectContentVersion' | 'archiveContentVersion' | 'restoreContentVersion';

/**
 * The five workflow routes, generic over the operation K they serve. Inside the generic body K's
 * contract types cannot be resolved, so the context is the slice the route reads (as in
 * model-resource.ts); binding the result as `Handler<K>` checks, per K, that K's context provides
 * it: a version path, that body, and a 200 of the version's detail with its ETag.
 */
const workflowRoute =
  <K extends WorkflowOperation>(action: WorkflowAction, reasonOf: (body: RequestBody<K>) => string | null) =>
  async ({
    request,
    actor,
    deps,
    reply,
  }: {
    readonly request: { readonly params: VersionPath; readonly body: RequestBody<K> };
    readonly actor: Actor;
    readonly deps: Dependencies;
    readonly reply: (status: 200, body: ContentVersionDetailResponse, headers: { ETag: string }) => HandlerResponse<K>;
  }) => {
    const { body, etag } = await publishing.changeVersionStatus(deps.db, actor, versionOf(request.params), action, reasonOf(request.body));
    return reply(200, body, withEtag(etag));
  };

const noReason = () => null;

export const submitContentVersion: Handler<'submitContentVersion'> = workflowRoute('submit', noReason);
export const approveContentVersion: Handler<'approveContentVersion'> = workflowRoute('approve', noReason);
export const rejectContentVersion: Handler<'rejectContentVersion'> = workflowRoute('reject', (body) => body.reason);
export const archiveContentVersion: Handler<'archiveContentVersion'> = workflowRoute('archive', noReason);
export const restoreContentVersion: Handler<'restoreContentVersion'> = workflowRoute('restore', noReason);

export const publishContentVersion: Handler<'publishContentVersion'> = async ({ request, actor, deps, reply }) => {
  const { body, etag } = await publishing.publishContentVersion(deps.db, actor, versionOf(request.params), request.body);
  return reply(200, body, withEtag(etag));
};

export const upgradeContentVersionTemplate: Handler<'upgradeContentVersionTemplate'> = async ({ request, actor, deps, reply }) => {
  const { body, etag } = await upgradeTemplateVersion(deps.db, actor, versionOf(request.params), request.body);
  return reply(200, body, withEtag(etag));
};

export const listWorkspaceContentVersions: Handler<'listWorkspaceContentVersions'> = async ({ request, actor, deps, reply }) =>
  reply(200, await queues.listWorkspaceContentVersions(deps.db, actor, request.params.workspaceId, request.query));
