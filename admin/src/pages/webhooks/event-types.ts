// The event types an endpoint can subscribe to, in the contract's order, each with the short
// description the create and edit forms show next to its checkbox. Typed against the contract's
// WebhookEventType: a type added to the contract fails the typecheck here until it is described.
import type { components } from '@verso/sdk';

export type WebhookEventType = components['schemas']['WebhookEventType'];

const DESCRIPTIONS: Record<WebhookEventType, string> = {
  'content.created': 'A content item was created.',
  'content.updated': 'A content item’s slug, locale, tags or translation group changed.',
  'content.deleted': 'A content item was deleted.',
  'content.version_created': 'A new version of a content item was started.',
  'content.version_updated': 'A version’s values or its publication schedule changed.',
  'content.version_deleted': 'A version was deleted.',
  'content.version_status_changed': 'A version moved in the workflow (submitted, approved, rejected, archived…).',
  'content.version_published': 'A version was published, by hand or on its schedule.',
  'content.version_template_upgraded': 'A version was moved to a newer template version.',
  'template.version_published': 'A template version was published.',
  'workspace.updated': 'The workspace’s name, slug or locales changed.',
  'release.published': 'A release was published: every entry went live (or was archived) at once.',
};

export interface EventTypeChoice {
  readonly type: WebhookEventType;
  readonly description: string;
}

/** Every event type with its description, as the forms list them. */
export const EVENT_TYPES: readonly EventTypeChoice[] = (Object.keys(DESCRIPTIONS) as WebhookEventType[]).map((type) => ({ type, description: DESCRIPTIONS[type] }));
