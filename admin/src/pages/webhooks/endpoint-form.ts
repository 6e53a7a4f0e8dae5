// The create and edit forms of an endpoint: the posted values, the request bodies, where the API's
// 422 messages go (an `/events/<i>` message is about the i-th type sent: it goes to that type's
// checkbox), and what the conflict box shows after a 412.
import type express from 'express';
import type { components } from '@verso/sdk';
import { field, fieldValues, type Conflict, type FieldErrors } from '../../http/forms.js';
import { when } from '../screen-forms.js';
import type { Endpoint } from './endpoint-scope.js';
import { EVENT_TYPES } from './event-types.js';

type CreateBody = components['schemas']['CreateWebhookEndpointRequest'];
type UpdateBody = components['schemas']['UpdateWebhookEndpointRequest'];

export interface EndpointValues {
  name: string;
  url: string;
  /** The ticked event types, in the form's order. */
  events: string[];
  isActive: boolean;
  /** Create only: the caller's own signing secret ('' = let the API generate one). */
  secret: string;
}

export const emptyValues = (): EndpointValues => ({ name: '', url: '', events: [], isActive: true, secret: '' });

export const valuesFrom = (e: Endpoint): EndpointValues => ({ name: e.name, url: e.url, events: [...e.events], isActive: e.isActive, secret: '' });

/** Every value of a repeated form field (the ticked checkboxes). */
export function valuesOf(req: express.Request): EndpointValues {
  return {
    name: field(req, 'name').trim(),
    url: field(req, 'url').trim(),
    events: fieldValues(req, 'events'),
    isActive: field(req, 'isActive') === 'true',
    // Exactly as typed: a secret is compared byte for byte by receivers.
    secret: field(req, 'secret'),
  };
}

export const createBody = (v: EndpointValues): CreateBody => ({ name: v.name, url: v.url, events: v.events, secret: v.secret === '' ? null : v.secret });

export const updateBody = (v: EndpointValues): UpdateBody => ({ name: v.name, url: v.url, events: v.events, isActive: v.isActive });

const KNOWN = new Set<string>(EVENT_TYPES.map((e) => e.type));
const FORM_POINTERS = /^\/(name|url|secret|isActive|events)$/;

/**
 * The API's messages keyed for the form: `/events/<i>` becomes `/events/<type>` (that checkbox),
 * or `/events` (the group) when the type sent is not one the form offers.
 */
export function errorsAtInputs(errors: FieldErrors, sent: readonly string[]): FieldErrors {
  const out: FieldErrors = {};
  for (const [pointer, messages] of Object.entries(errors)) {
    const index = /^\/events\/(\d+)$/.exec(pointer)?.[1];
    const type = index === undefined ? undefined : sent[Number(index)];
    const key = index === undefined ? pointer : type !== undefined && KNOWN.has(type) ? `/events/${type}` : '/events';
    (out[key] ??= []).push(...messages);
  }
  return out;
}

/** Messages no input of the form shows (listed above it, so nothing the API said is lost). */
export const otherErrors = (errors: FieldErrors): [string, string[]][] =>
  Object.entries(errors).filter(([pointer]) => !FORM_POINTERS.test(pointer) && !(pointer.startsWith('/events/') && KNOWN.has(pointer.slice('/events/'.length))));

/** What the conflict box shows: the endpoint as it is now. */
export const conflictOf = (e: Endpoint, etag: string | undefined, zone: string): Conflict => ({
  etag: etag ?? '',
  current: [
    { label: 'Name', value: e.name },
    { label: 'URL', value: e.url },
    { label: 'Events', value: e.events.join(', ') },
    { label: 'Active', value: e.isActive ? 'Yes' : 'No' },
    { label: 'Last changed', value: when(e.updatedAt, zone) },
  ],
});
