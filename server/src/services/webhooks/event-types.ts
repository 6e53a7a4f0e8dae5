// The events an endpoint can subscribe to: the content event types of the spec plus upstream's
// two others (template.version_published, workspace.updated) and Verso's release.published, exactly the contract's
// WebhookEventType. The three types 0.4.0 removed are refused by name with what replaced them, so
// a client upgrading from an old subscription learns what to send instead.
import type { ValidationErrors } from '../../errors.js';
import type { WebhookEventType } from '../../generated/schemas.js';

export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  'content.created',
  'content.updated',
  'content.deleted',
  'content.version_created',
  'content.version_updated',
  'content.version_deleted',
  'content.version_status_changed',
  'content.version_published',
  'content.version_template_upgraded',
  'template.version_published',
  'workspace.updated',
  'release.published',
];

const CURRENT = new Set<string>(WEBHOOK_EVENT_TYPES);

/** Removed in 0.4.0 when events were split into item and version types (spec, Versioning). */
const REMOVED: Readonly<Record<string, string>> = {
  'content.published': 'content.version_published',
  'content.status_changed': 'content.version_status_changed',
  'content.archived': 'content.version_status_changed',
};

const isEventType = (name: string): name is WebhookEventType => CURRENT.has(name);

/**
 * The subscription list as stored: at least one type, each current, duplicates once (first
 * occurrence keeps its place). What breaks the rules comes back as messages, one per offending
 * entry at `/events/<index>`, naming it.
 */
export function readSubscriptions(events: readonly string[]): { list: WebhookEventType[]; errors: ValidationErrors } {
  const errors: ValidationErrors = {};
  if (events.length === 0) errors['/events'] = ['must name at least one event type'];
  const list: WebhookEventType[] = [];
  events.forEach((name, i) => {
    if (isEventType(name)) {
      if (!list.includes(name)) list.push(name);
    } else if (Object.hasOwn(REMOVED, name)) {
      errors[`/events/${i}`] = [`${JSON.stringify(name)} is no longer emitted (removed in 0.4.0); subscribe to "${REMOVED[name]}" instead`];
    } else {
      errors[`/events/${i}`] = [`${JSON.stringify(name)} is not an event type; expected one of ${WEBHOOK_EVENT_TYPES.join(', ')}`];
    }
  });
  return { list, errors };
}

/** A stored list read back (the column is text[]); a type no longer known is left out. */
export function storedSubscriptions(events: readonly string[]): WebhookEventType[] {
  return events.filter(isEventType);
}
