// The admin process: serves the admin app on Admin__Port; stops cleanly on SIGINT/SIGTERM.
// A bad setting (or a cookie key file that is missing and cannot be created) stops start-up with
// the setting's name and exit code 78, like the API.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createAdminApp } from './app.js';
import { AdminConfigError, loadAdminConfig, type AdminConfig } from './config.js';
import { createAdminLogger } from './log.js';
import { adminDir } from './paths.js';

const version = (JSON.parse(fs.readFileSync(path.join(adminDir, 'package.json'), 'utf8')) as { version: string }).version;
const logger = createAdminLogger();
let config: AdminConfig;
let app: ReturnType<typeof createAdminApp>;
try {
  config = loadAdminConfig(process.env, { version });
  app = createAdminApp(config, { logger });
} catch (err) {
  if (err instanceof AdminConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  throw err;
}
const server = http.createServer(app);
server.listen(config.port, config.host, () => {
  logger.info(`Verso admin listening on http://${config.host}:${config.port}`, { version, api: config.apiBaseUrl, secureCookie: config.auth.secureCookie });
});
server.on('error', (err) => {
  logger.error('Admin could not listen', { message: err.message });
  process.exit(1);
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
