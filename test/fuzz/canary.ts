// A canary workspace the fuzzer never targets (no id of it is in any pool), seeded through the API
// like the target. Its snapshot is taken twice, before and after the run, two ways: the bodies of
// every read the API offers on it (byte for byte), and every database row that hangs off it (found
// by walking foreign keys down from its `workspaces` row, plus tables keyed by `workspace_id`
// without a foreign key, such as the audit log). Any difference means a request aimed elsewhere
// changed it.
import type { TestApi } from '../helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../helpers/actors.js';
import { seedCall, seedContent, seedModel } from './world-seed.js';

/** Bookkeeping that background workers may write on their own (leases, delivery progress). */
const VOLATILE_COLUMNS = new Set(['processed_at', 'lease_owner', 'lease_token', 'lease_expires_at', 'attempts']);

export interface Canary {
  readonly ws: string;
  snapshot(): Promise<Map<string, string>>;
}

export async function seedCanary(api: TestApi): Promise<Canary> {
  const { id: ws } = await createWorkspace(api, { slug: `fuzz-canary-${Date.now().toString(36)}` });
  const owner = await createActor(api, { role: 'Admin', grants: { [ws]: 'Write' } });
  const base = `/api/v1/workspaces/${ws}`;
  const model = await seedModel(api, base, owner.token);
  await seedContent(api, base, owner.token, model, 4);
  await seedCall(api, owner.token, 'POST', '/api/v1/clients', { name: 'canary client', role: 'Reader', workspaceId: ws }, 201);
  // Reads go through a TemplateAdmin with Read only: it may see the audit log but change nothing.
  const reader = await createActor(api, { role: 'TemplateAdmin', grants: { [ws]: 'Read' } });
  return { ws, snapshot: async () => new Map([...(await apiSnapshot(api, base, reader.token)), ...(await databaseSnapshot(api, ws))]) };
}

async function apiSnapshot(api: TestApi, base: string, token: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const read = async (path: string): Promise<any> => {
    const res = await api.request('GET', path, { token, unchecked: true });
    out.set(`GET ${path}`, `${res.status} ${res.text}`);
    return res.status === 200 ? res.body : undefined;
  };
  const items = async (path: string): Promise<{ id: string }[]> => ((await read(`${base}${path}${path.includes('?') ? '&' : '?'}pageSize=100`))?.items ?? []) as { id: string }[];
  await read(base);
  for (const t of await items('/templates')) {
    await read(`${base}/templates/${t.id}`);
    for (const v of await items(`/templates/${t.id}/versions`)) await read(`${base}/templates/${t.id}/versions/${(v as any).versionNumber}`);
  }
  for (const c of await items('/components')) {
    const component = await read(`${base}/components/${c.id}`);
    if (component?.currentVersion) await read(`${base}/components/${c.id}/versions/${component.currentVersion.versionNumber}`);
  }
  for (const p of await items('/picklists')) await read(`${base}/picklists/${p.id}`);
  await items('/tags');
  await read(`${base}/content?resolve=true&pageSize=100`);
  for (const item of await items('/content')) {
    await read(`${base}/content/${item.id}`);
    await read(`${base}/content/${item.id}/translations`);
    for (const v of await items(`/content/${item.id}/versions`)) await read(`${base}/content/${item.id}/versions/${(v as any).versionNumber}`);
  }
  await read(`${base}/audit?pageSize=100`);
  return out;
}

async function databaseSnapshot(api: TestApi, ws: string): Promise<Map<string, string>> {
  const foreignKeys = await dbQuery<{ child: string; column: string; parent: string }>(
    api,
    `SELECT c.conrelid::regclass::text AS child, a.attname AS column, c.confrelid::regclass::text AS parent
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND cardinality(c.conkey) = 1`,
  );
  const keyed = await dbQuery<{ table: string }>(
    api,
    `SELECT table_name AS table FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'workspace_id'`,
  );
  const ids = new Map<string, Set<string>>([['workspaces', new Set([ws])]]);
  const rows = new Map<string, string>();
  const take = (table: string, found: Record<string, unknown>[]) => {
    let grew = false;
    for (const row of found) {
      const stable = Object.fromEntries(Object.entries(row).filter(([k]) => !VOLATILE_COLUMNS.has(k)));
      const key = `db ${table} ${typeof row.id === 'string' ? row.id : JSON.stringify(stable)}`;
      if (!rows.has(key)) grew = true;
      rows.set(key, JSON.stringify(stable));
      if (typeof row.id === 'string') {
        const set = ids.get(table) ?? new Set<string>();
        if (!set.has(row.id)) grew = true;
        set.add(row.id);
        ids.set(table, set);
      }
    }
    return grew;
  };
  take('workspaces', await dbQuery(api, 'SELECT * FROM workspaces WHERE id = $1', [ws]));
  for (const { table } of keyed) if (table !== 'workspaces') take(table, await dbQuery(api, `SELECT * FROM "${table}" WHERE workspace_id = $1`, [ws]));
  // Down the foreign keys until nothing new turns up (versions → fields → values …).
  for (let grew = true, rounds = 0; grew && rounds < 20; rounds++) {
    grew = false;
    for (const fk of foreignKeys) {
      const parents = ids.get(fk.parent);
      if (!parents?.size) continue;
      const found = await dbQuery(api, `SELECT * FROM ${fk.child} WHERE "${fk.column}" = ANY($1::uuid[])`, [[...parents]]);
      if (take(fk.child, found)) grew = true;
    }
  }
  return rows;
}

/** The keys whose value differs (or exists on one side only), with a short before/after each. */
export function compareSnapshots(before: Map<string, string>, after: Map<string, string>): string[] {
  const diffs: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(key);
    const b = after.get(key);
    if (a !== b) diffs.push(`${key}\n      before: ${(a ?? '(absent)').slice(0, 300)}\n      after:  ${(b ?? '(absent)').slice(0, 300)}`);
  }
  return diffs;
}
