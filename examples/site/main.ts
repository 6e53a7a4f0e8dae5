// `make example-site`: reads the settings (settings.ts) and serves the site until stopped.
import { readSettings, type SiteSettings } from './settings.js';
import { startSite } from './site.js';

let settings: SiteSettings;
try {
  settings = readSettings();
} catch (error) {
  console.error(`example site: ${(error as Error).message}`);
  process.exit(64);
}
const site = await startSite(settings, process.env.HOST ?? '127.0.0.1');
console.log(`Example site on ${site.url} (articles of workspace ${settings.workspaceId} from ${settings.apiUrl})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void site.close().then(() => process.exit(0)));
}
