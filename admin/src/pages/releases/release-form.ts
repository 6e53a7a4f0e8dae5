// The create and edit form of a release: name, description and the time it is published at, typed on
// the user's own clock (the zone is named beside the input) and sent as the UTC instant. A time the
// clock skips, or text that is no date, is refused here at the field before anything is sent.
import type express from 'express';
import type { components } from '@verso/sdk';
import { field, type Conflict, type FormFailure } from '../../http/forms.js';
import { inputFromInstant, instantFromInput, zoneLabel } from '../../time.js';
import { when } from '../screen-forms.js';
import type { Release } from './release-scope.js';

type CreateBody = components['schemas']['CreateReleaseRequest'];

export interface ReleaseValues {
  name: string;
  description: string;
  /** A datetime-local value on the user's clock ('' = publish when someone presses Publish). */
  publishAt: string;
}

export const emptyValues = (): ReleaseValues => ({ name: '', description: '', publishAt: '' });

export const valuesFrom = (r: Release, zone: string): ReleaseValues => ({ name: r.name, description: r.description ?? '', publishAt: inputFromInstant(r.publishAt, zone) });

export const valuesOf = (req: express.Request): ReleaseValues => ({
  name: field(req, 'name').trim(),
  description: field(req, 'description').trim(),
  publishAt: field(req, 'publishAt').trim(),
});

/** The request body, or the failure to show when the time cannot be read on `zone`'s clock. */
export function bodyOf(v: ReleaseValues, zone: string): { body: CreateBody } | { failure: FormFailure } {
  const publishAt = instantFromInput(v.publishAt, zone);
  if (publishAt === null) {
    return {
      failure: {
        problem: { status: 422, title: 'Check the publish time', detail: `“${v.publishAt}” is not a date and time on the clock of ${zoneLabel(zone)}; nothing was saved.` },
        errors: { '/publishAt': [`Enter a date and time that exists in ${zoneLabel(zone)} (a time skipped by a daylight-saving change does not), or leave it empty to publish by hand.`] },
      },
    };
  }
  return { body: { name: v.name, description: v.description === '' ? null : v.description, publishAt: publishAt ?? null } };
}

/** What the conflict box shows after a 412: the release as it is now. */
export const conflictOf = (r: Release, etag: string | undefined, zone: string): Conflict => ({
  etag: etag ?? '',
  current: [
    { label: 'Name', value: r.name },
    { label: 'Description', value: r.description ?? '' },
    { label: 'State', value: r.state },
    { label: 'Publish at', value: when(r.publishAt, zone) },
    { label: 'Entries', value: String(r.entryCount) },
    { label: 'Last changed', value: when(r.updatedAt, zone) },
  ],
});
