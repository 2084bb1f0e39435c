// What every route handler receives.
import type { IncomingMessage } from 'node:http';
import type { Database } from './db.ts';
import type { ObjectStore } from './object-store.ts';

export interface Ctx {
  db: Database;
  objects: ObjectStore;
  req: IncomingMessage;
  url: URL;
  method: string;
  /** The path below the service prefix, e.g. `/rpc/capture_starter_kit_email`. */
  path: string;
  /** This stand-in's own address, for GoTrue's `iss` claim. */
  baseUrl: string;
  /** The request body, read once and cached; `limit` in bytes. */
  body(limit?: number): Promise<Buffer>;
}
