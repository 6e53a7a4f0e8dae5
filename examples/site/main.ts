// `make example-site`: reads the settings (settings.ts) and serves the site until stopped.
import { readSettings } from './settings.js';
import { startSite } from './site.js';

const settings = readSettings();
const site = await startSite(settings, process.env.HOST ?? '127.0.0.1');
console.log(`Example site on ${site.url} (articles of workspace ${settings.workspaceId} from ${settings.apiUrl})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void site.close().then(() => process.exit(0)));
}
