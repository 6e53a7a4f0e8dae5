// scripts/media-restore.sql, the maintenance restore of the spec's rule 1, run as an operator runs
// it (the asset id and operator as session settings, then the file) on both providers: it brings
// a soft-deleted asset back before its purge, and refuses — changing nothing — when a deletion
// worker holds a live lease, the deadline has passed, the asset is not deleted or is already gone.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import { REPO_ROOT } from '../../server/src/contract.js';
import { claimDueIntents } from '../../server/src/db/media/media-deletion-intents.js';
import { newLease } from '../../server/src/workers/lease.js';
import { runDeletionPass } from '../../server/src/workers/media-deletion.js';
import { dbQuery } from '../helpers/actors.js';
import { assetRow, download, forEachProvider, intentsFor, lifecycleOf, uploadPng, type MediaWorld } from './media-world.js';

const SCRIPT = fs.readFileSync(path.join(REPO_ROOT, 'scripts/media-restore.sql'), 'utf8');

/** Runs the script for one asset on its own connection; resolves with the error message, if any. */
async function restore(w: MediaWorld, assetId: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: w.api.databaseUrl });
  await client.connect();
  try {
    await client.query(`SET verso.restore_asset_id = '${assetId}'`);
    await client.query(`SET verso.restore_operator = 'ops on call'`);
    await client.query(SCRIPT);
    return null;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    return (err as Error).message;
  } finally {
    await client.end();
  }
}

async function deleted(w: MediaWorld, name: string) {
  const asset = await uploadPng(w, name, 300);
  const res = await w.api.delete(`${w.base}/media/${asset.id}`, { token: w.editor, headers: { 'if-match': asset.etag } });
  expect(res.status).to.equal(204);
  return asset.id;
}

async function state(w: MediaWorld, id: string) {
  return { asset: await assetRow(w, id), intents: await intentsFor(w, 'media_asset_id = $1', [id]) };
}

forEachProvider('scripts/media-restore.sql', (world) => {
  it('restores a soft-deleted asset before its purge: Available again, intent cancelled, audited; the worker leaves it', async () => {
    const w = world();
    const id = await deleted(w, 'back.png');
    expect(await restore(w, id)).to.equal(null);
    const { asset, intents } = await state(w, id);
    expect(asset).to.include({ blob_state: 'Available', is_deleted: false, deleted_at: null, deleted_by_user_id: null, deletion_requested_at: null, purge_after: null });
    expect(intents).to.have.length(1);
    expect(intents[0]).to.include({ cancel_reason: 'restored', lease_owner: null, completed_at: null });
    expect((await w.api.get(`${w.base}/media/${id}`, { token: w.reader })).status).to.equal(200);
    expect((await download(w, id)).status).to.equal(200);
    const [entry] = await dbQuery(w.api, `SELECT actor_type, actor_display_name, change_delta FROM audit_log WHERE entity_id = $1 AND action = 'Updated'`, [id]);
    expect(entry).to.deep.include({ actor_type: 'System', actor_display_name: 'maintenance restore by ops on call' });
    expect(entry!.change_delta.blobState).to.deep.equal({ before: 'DeletePending', after: 'Available' });
    await dbQuery(w.api, `UPDATE media_deletion_intents SET due_at = now() WHERE media_asset_id = $1`, [id]);
    await runDeletionPass(lifecycleOf(w), new AbortController().signal);
    expect((await assetRow(w, id))!.blob_state).to.equal('Available');
  });

  it('refuses while a deletion worker holds a live lease, and changes nothing', async () => {
    const w = world();
    const id = await deleted(w, 'leased.png');
    await dbQuery(w.api, `UPDATE media_deletion_intents SET due_at = now() WHERE media_asset_id = $1`, [id]);
    const lease = newLease(60_000);
    const claims = await claimDueIntents(w.api.running.deps.db, lease, 100);
    expect(claims.map((c) => c.media_asset_id)).to.include(id);
    const before = await state(w, id);
    expect(await restore(w, id)).to.match(/holds the intent .* pause the reconcilers and wait for the lease to expire/);
    expect(await state(w, id)).to.deep.equal(before);
  });

  it('refuses after the recovery deadline, for an asset that is not deleted, and for one already purged', async () => {
    const w = world();
    const late = await deleted(w, 'late.png');
    await dbQuery(w.api, `UPDATE media_assets SET purge_after = now() - interval '1 minute' WHERE id = $1`, [late]);
    const before = await state(w, late);
    expect(await restore(w, late)).to.match(/recovery deadline .* passed/);
    expect(await state(w, late)).to.deep.equal(before);

    const live = await uploadPng(w, 'live.png');
    expect(await restore(w, live.id)).to.match(/is Available, not a deleted asset/);

    const purged = await deleted(w, 'purged.png');
    await dbQuery(w.api, `UPDATE media_assets SET purge_after = now() - interval '1 second' WHERE id = $1`, [purged]);
    await dbQuery(w.api, `UPDATE media_deletion_intents SET due_at = now(), lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL WHERE media_asset_id = ANY($1)`, [[purged, late]]);
    await runDeletionPass(lifecycleOf(w), new AbortController().signal);
    expect(await assetRow(w, purged)).to.equal(undefined);
    expect(await restore(w, purged)).to.match(/does not exist .* matched database and storage backup/);
  });
});
