// One bundled Neo4j and one service for the whole suite: started by the root hooks in test/setup.ts, in a fresh
// throwaway directory, with the demo data loaded, and always stopped at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';

let running: RunningServer | undefined;

/** The suite's admin token (BRAPI_ADMIN_TOKEN of the test server); api() sends it unless told otherwise. */
export const ADMIN_TOKEN = 'test-admin-token-0123456789';
let workDir: string | undefined;

export async function startTestServer(): Promise<RunningServer> {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brapi-neo4j-test-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    BRAPI_DEV_DB_DIR: workDir,
    BRAPI_DEV_DB_HTTP_PORT: '0',
    BRAPI_DEV_DB_BOLT_PORT: '0',
    BRAPI_MAX_BODY_BYTES: String(1024 * 1024),
    BRAPI_MAX_PAGE_SIZE: '5000',
    BRAPI_ADMIN_TOKEN: ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    // A loaded 2-core machine can take longer than the default 30 s over the demo load's large batches.
    NEO4J_TIMEOUT_MS: '120000',
  });
  running = await startServer(config, createLogger('silent'));
  return running;
}

export async function stopTestServer(): Promise<void> {
  await running?.stop();
  running = undefined;
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
}

export function server(): RunningServer {
  if (!running) throw new Error('The test server is not running (root hooks in test/setup.ts start it).');
  return running;
}

/**
 * fetch against the BrAPI base URL as the admin; JSON bodies are sent as JSON. Pass `authorization` in headers to
 * call as someone else, or as '' to send no token.
 */
export async function api(method: string, pathAndQuery: string, body?: unknown, headers: Record<string, string> = {}) {
  const all: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${ADMIN_TOKEN}`,
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...headers,
  };
  if (all.authorization === '') delete all.authorization;
  const res = await fetch(server().baseUrl + pathAndQuery, {
    method,
    headers: all,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** POSTs records to /<path> as the admin, expects 200, and returns the records as created. */
export async function createRecords(path: string, records: object[]): Promise<any[]> {
  const res = await api('POST', `/${path}`, records);
  if (res.status !== 200) throw new Error(`POST /${path}: ${res.status} ${res.text}`);
  return res.json.result.data;
}
