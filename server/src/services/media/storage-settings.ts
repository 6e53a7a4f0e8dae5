// The storage settings an Admin can see: which provider media uses, and a probe that writes, reads
// back and deletes a small object under the managed prefix (upstream's "test connection"). A failed
// probe is an answer (success false, with the step and the error's kind), never a 500: the point of
// the probe is to tell an operator that storage is broken. Messages never carry a credential — only
// error names and codes, not provider messages (which can quote a signed URL or an access key id).
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { StorageConfig } from '../../config.js';
import type { StorageConfigResponse, StorageTestResponse } from '../../generated/schemas.js';
import type { StorageProvider } from '../../storage/provider.js';
import { PROBE_PREFIX } from './storage-keys.js';

type ProviderName = StorageConfigResponse['provider'];

const PROBE_TIMEOUT_MS = 15_000;

function providerName(storage: StorageProvider): ProviderName {
  return storage.name === 's3' ? 's3' : 'local';
}

/**
 * Configured: local storage always is (it defaults under the data directory); S3 when its settings
 * are present — start-up refuses an incomplete S3 configuration, so a running server is configured
 * unless a replica runs without storage settings at all.
 */
export function storageSettings(storage: StorageProvider, config: StorageConfig): StorageConfigResponse {
  const provider = providerName(storage);
  return { provider, isConfigured: provider === 'local' || config.s3 !== null };
}

/** An error's kind, safe to show: its code or name, never its message. */
function errorKind(err: unknown): string {
  const e = err as { code?: unknown; name?: unknown; Code?: unknown };
  const kind = [e?.code, e?.Code, e?.name].find((v): v is string => typeof v === 'string' && /^[\w.-]{1,64}$/.test(v));
  return kind ?? 'unknown error';
}

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    length += (chunk as Buffer).length;
    if (length > limit) throw new Error('the probe object came back larger than written');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function testStorage(storage: StorageProvider): Promise<StorageTestResponse> {
  const provider = providerName(storage);
  const key = `${PROBE_PREFIX}${crypto.randomUUID()}.txt`;
  const payload = Buffer.from(`verso storage probe ${new Date().toISOString()}\n`);
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  let step = 'write';
  try {
    await storage.put(key, Readable.from([payload]), { contentType: 'text/plain', signal });
    step = 'read back';
    const object = await storage.get(key);
    if (!object) return { provider, success: false, message: `The probe object ${key} was written but could not be read back.` };
    const read = await readAll(object.body, payload.length);
    if (!read.equals(payload)) return { provider, success: false, message: `The probe object ${key} came back different from what was written.` };
    step = 'delete';
    await storage.delete(key);
    step = 'check the deletion of';
    if (await storage.head(key)) return { provider, success: false, message: `The probe object ${key} is still there after being deleted.` };
    return { provider, success: true, message: `Wrote, read back and deleted ${key} (${payload.length} bytes).` };
  } catch (err) {
    // Best effort: a probe object left behind is an orphan the lifecycle removes after its grace.
    if (step !== 'write') await storage.delete(key).catch(() => undefined);
    return { provider, success: false, message: `Could not ${step} the probe object ${key}: ${errorKind(err)}.` };
  }
}
