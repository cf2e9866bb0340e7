import type { Config } from './config/env.js';
import type { Db } from './db/client.js';
import type { JobQueue } from './jobs/queue.js';
import type { ObjectStore } from './storage/object-store.js';
import type { Mailer } from './mail/mailer.js';
import type { Realtime } from './realtime/realtime.js';

/** What every domain's routes and services are given; built once per app. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  realtime: Realtime;
  /** Durable background work; domains define their queues when they register. */
  jobs: JobQueue;
  /** Where processed media are kept and read from: the uploads folder, or an S3 bucket. */
  store: ObjectStore;
  /** Clock, replaceable in tests. */
  now(): Date;
}
