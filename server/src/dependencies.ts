// What handlers and services can reach. Built once in server.ts; tests build it the same way.
import type { HotRenditions } from './services/media/hot-renditions.js';
import type { PublicAssetCache } from './services/media/public-asset-cache.js';
import type { Config } from './config.js';
import type { Db } from './db/pool.js';
import type { HotPool } from './db/hot-pool.js';
import type { Logger } from './logging/logger.js';
import type { StorageProvider } from './storage/provider.js';
import type { Authenticator } from './access/authentication.js';
import type { WorkspaceDirectory } from './access/workspace-access.js';
import type { CredentialCache } from './services/identity/credential-cache.js';
import type { DeliveryCache } from './services/delivery/delivery-cache.js';
import type { Metrics } from './telemetry/metrics.js';
import type { SecretBox, WebhookSender } from './services/webhooks/webhook-ports.js';
import type { PublicUrlSigner } from './services/media/public-url-signer.js';
import type { RenditionEngine } from './services/media/rendition-engine.js';
import type { SignInKeys } from './services/identity/sign-in-keys.js';

export interface ProcessIdentity {
  /** The process's place in the cluster (Api__Processes), from 0; 0 when the API runs as one process. */
  readonly index: number;
  readonly pid: number;
  /** Whether the background workers run in this process (Workers__Enabled, and the cluster's choice). */
  readonly runsWorkers: boolean;
}

export interface Dependencies {
  readonly config: Config;
  readonly db: Db;
  /** The hot paths' own small pool: credential lookups and stored delivery documents (db/hot-pool.ts). */
  readonly hot: HotPool;
  readonly storage: StorageProvider;
  readonly logger: Logger;
  readonly authenticator: Authenticator;
  readonly workspaces: WorkspaceDirectory;
  /** Verified credentials of this process; services evict what they change (credential-changes.ts). */
  readonly credentialCache: CredentialCache;
  /** Finished delivery-read responses; writes under a workspace invalidate it (http/openapi-router.ts). */
  readonly deliveryCache: DeliveryCache;
  /** This process's operational instruments (meter Verso.Operational); one provider per startApi. */
  readonly metrics: Metrics;
  /** The signing-secret keyring (Secrets__*), read and checked before the API listens. */
  readonly secretBox: SecretBox;
  /** Secrets__Rotation__*: what the rotation worker does (see workers/secret-rotation.ts). */
  readonly secretRotation: { readonly enabled: boolean; readonly batchSize: number; readonly delayMs: number };
  /**
   * The egress client webhook deliveries go through. Production builds the default one (public
   * destinations only); tests alone override it with one built with a test resolver, address
   * policy and CA, so that a receiver on loopback can be reached.
   */
  readonly webhookSender: WebhookSender;
  /** Signs and verifies public media URLs with the keyring's keys (Media__Public__SigningKeyId). */
  readonly publicUrls: PublicUrlSigner;
  /** The sign-in throttle's row keys: HMACs under a key derived from the keyring's active key. */
  readonly signInKeys: SignInKeys;
  /** This process's rendition transforms: the queue and single flight (Media__Public__Concurrency). */
  readonly renditions: RenditionEngine;
  /** The public route's asset rows, kept for seconds and ended by the delivery notices. */
  readonly publicAssets: PublicAssetCache;
  /** Small stored renditions as bytes (Media__Public__HotCacheBytes). */
  readonly hotRenditions: HotRenditions;
  /** Which API process this is (reported by /health/ready; see cluster/). */
  readonly processIdentity: ProcessIdentity;
  /** The bundled contract, served at /openapi.json. */
  readonly document: Readonly<Record<string, unknown>>;
}
