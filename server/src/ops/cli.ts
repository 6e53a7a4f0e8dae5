// `make backup DEST=<dir>` and `make restore FROM=<dir> [FORCE=1]`: node server/dist/ops/cli.js
// backup <dir> | restore <dir> [--force], with the same settings (environment) as `make run`.
// Exit codes: 0 done; 1 failed; 2 usage; 3 a restore refused (its reason printed); 78 bad settings.
import { ConfigError, loadConfig } from '../config.js';
import { readVersion, REPO_ROOT } from '../contract.js';
import { runBackup } from './backup.js';
import { RestoreRefused, runRestore } from './restore.js';

const log = (m: string) => console.log(`verso: ${m}`);

async function main(argv: string[]): Promise<number> {
  const [command, dir, ...rest] = argv;
  const force = rest.includes('--force');
  if ((command !== 'backup' && command !== 'restore') || !dir || rest.some((a) => a !== '--force') || (force && command !== 'restore')) {
    console.error('usage: cli.js backup <dest dir> | restore <backup dir> [--force]');
    return 2;
  }
  let config;
  try {
    config = loadConfig(process.env, { version: readVersion(), cwd: process.env.INIT_CWD ?? REPO_ROOT });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 78;
    }
    throw err;
  }
  try {
    if (command === 'backup') {
      const { dest, manifest } = await runBackup(config, dir, log);
      log(`backup written to ${dest} (Verso ${manifest.versoVersion}, migration ${manifest.migrations.at(-1)?.version ?? 0})`);
      log(`keyring key ids the stored secrets need: ${manifest.keyring.keyIdsReferenced.join(', ') || 'none'} — the keys are NOT in the backup: keep the keyring (Secrets__*) safe separately`);
    } else {
      const { manifest, missingKeyIds } = await runRestore(config, dir, { force }, log);
      log(`restored the backup of ${manifest.createdAt} (Verso ${manifest.versoVersion}); start Verso, then make verify-deployment`);
      if (missingKeyIds.length > 0) log(`WARNING: the configured keyring lacks key ids ${missingKeyIds.join(', ')}, which webhook signing secrets are sealed under: configure those keys before starting Verso`);
    }
    return 0;
  } catch (err) {
    console.error(`verso: ${command} ${err instanceof RestoreRefused ? 'refused' : 'failed'}: ${(err as Error).message}`);
    return err instanceof RestoreRefused ? 3 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
