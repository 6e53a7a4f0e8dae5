// IP bans (Admin and host superadmin, under settings; the addresses are every tenant's): the ban events the API's edge recorded, newest first, filtered by
// one address. A ban lives in the memory of the replica that imposed it and ends at bannedUntil;
// this page shows the record, so "active" means "not yet past bannedUntil", not "still held by a
// replica" (a restart forgets bans early).
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../api.js';
import { formFailure, type FormFailure } from '../http/forms.js';
import { PATHS } from '../nav.js';
import { render } from '../views/render.js';
import { zoneOf } from '../time.js';
import { pageLinks, pageOf, queryValue, when } from './screen-forms.js';

type BanEvent = components['schemas']['IpBanEventResponse'];
const PAGE_SIZE = 50;
/** The contract's limit on the filter (an IPv6 address with a zone fits well within it). */
const MAX_ADDRESS_LENGTH = 64;
const base = PATHS.ipBans;

function present(e: BanEvent, zone: string, now: number) {
  return {
    ...e,
    bannedAtText: when(e.bannedAt, zone),
    bannedUntilText: when(e.bannedUntil, zone),
    active: Date.parse(e.bannedUntil) > now,
    filterHref: `${base}?ipAddress=${encodeURIComponent(e.ipAddress)}`,
  };
}

export function register(router: express.Router): void {
  router.get(base, async (req, res) => {
    const ipAddress = queryValue(req.query, 'ipAddress').trim();
    const page = pageOf(req.query);
    let failure: FormFailure | undefined;
    let result: components['schemas']['IpBanEventResponsePagedResponse'] | undefined;
    if (ipAddress.length > MAX_ADDRESS_LENGTH) {
      failure = { problem: { status: 400, title: 'Check the highlighted filter', detail: null }, errors: { '/ipAddress': [`At most ${MAX_ADDRESS_LENGTH} characters.`] } };
    } else {
      try {
        result = await apiFor(res).listIpBans({ query: { ipAddress: ipAddress || undefined, page, pageSize: PAGE_SIZE } });
      } catch (err) {
        // A refused filter is shown on the form; 403 (not an Admin superadmin) is the API's page.
        failure = formFailure(err, [400]);
        if (!failure) throw err;
      }
    }
    const now = Date.now();
    await render(
      res,
      'ip-bans/list',
      {
        title: 'IP bans',
        ipAddress,
        filtered: ipAddress !== '',
        bans: result ? result.items.map((e) => present(e, zoneOf(res), now)) : [],
        totalCount: result?.totalCount ?? 0,
        page,
        totalPages: result?.totalPages ?? 0,
        links: pageLinks(base, { ipAddress }, page, result?.totalPages ?? 0),
        problem: failure?.problem,
        errors: failure?.errors ?? {},
      },
      failure ? 400 : undefined,
    );
  });
}
