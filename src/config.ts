// All configuration comes from the environment, read once at start.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PURDY_LEVELS } from './modules/germplasm/pedigree/purdy.js';

export interface Config {
  port: number;
  host: string;
  /** URL prefix of the BrAPI API. */
  basePath: string;
  neo4j: { uri?: string; user?: string; password?: string; database?: string; timeoutMs: number };
  /** Directory of the bundled development Neo4j used when NEO4J_URI is unset. */
  devDbDir: string;
  /**
   * How long the start waits for the bundled Neo4j to answer (NEO4J_START_TIMEOUT_MS). A busy 2-core machine took
   * 84-110 s; the default leaves room for a slower one, and the wait reports its progress meanwhile.
   */
  devDbStartTimeoutMs: number;
  /**
   * The time limit of each demo-load transaction (BRAPI_DEMO_TIMEOUT_MS). The demo is not a request: its SoyBase
   * pedigree is one transaction that can take minutes on a busy machine, far over a request's NEO4J_TIMEOUT_MS.
   */
  demoTimeoutMs: number;
  /** Preferred ports of the bundled Neo4j (taken when free; 0 means any). */
  devDbPorts: { http: number; bolt: number };
  /**
   * JVM options for the bundled Neo4j, after the launcher's own (BRAPI_DEV_DB_JVM_OPTIONS, separated by spaces): a
   * later option wins, so `-Xmx2g` raises the heap; `-XX:TieredStopAtLevel=1` makes a start take less CPU.
   */
  devDbJvmOptions: string[];
  maxPageSize: number;
  maxBodyBytes: number;
  /**
   * When an empty database receives the demo data: `bundled` (default) only the bundled development Neo4j, so a
   * production database named by NEO4J_URI never does; `always` any empty database; `never`.
   */
  demoData: 'bundled' | 'always' | 'never';
  logLevel: string;
  search: SearchConfig;
  auth: AuthConfig;
  /** Longest array a request body may hold at any depth (POST of many records, a list's items). */
  maxArrayItems: number;
  /** Most germplasm (with records, and their ancestors) one breeding-value fit may hold; more is a 400. */
  breedingValuesMaxGermplasm: number;
  /** Most genotyped germplasm of a genomic or single-step fit (dense G_w, A22 and their inverses). */
  breedingValuesMaxGenotyped: number;
  /** Breeding-value fits computed at once (each in its own worker thread); more wait in a queue. */
  breedingValuesWorkers: number;
  /** Origins whose browser pages may call the API (CORS): `*` (any, the default) or a list of exact origins. */
  corsOrigins: '*' | string[];
  /** Generations of unnamed parents a pedigree string (Purdy notation) expands below a germplasm. */
  purdyLevels: number;
  /**
   * The JSON file describing the in-house genotyping lab's services (GET /vendor/specifications), a
   * VendorSpecification; unset: fixtures/vendor/specification.json. Checked when the service starts.
   */
  vendorSpecificationFile: string;
}

export interface AuthConfig {
  /** BRAPI_AUTH_DISABLED=true: no checks at all (local development only; the server warns at start). */
  disabled: boolean;
  /** Reads (GET, POST /search) need a token with the read role too; public by default. */
  privateReads: boolean;
  /** BRAPI_ADMIN_TOKEN: registered as an admin token at start. */
  adminToken?: string;
  jwt: JwtConfig;
}

export interface JwtConfig {
  /** One of: an HMAC secret, a PEM public key file, a JWKS file. None: JWTs are not accepted. */
  secret?: string;
  publicKeyFile?: string;
  jwksFile?: string;
  issuer?: string;
  audience?: string;
  /** Claim holding the roles (an array, or a space- or comma-separated string). */
  rolesClaim: string;
}

export interface SearchConfig {
  /** `saved`: POST answers 202 with a searchResultsDbId, results come from GET (default); `immediate`: POST answers 200. */
  style: 'saved' | 'immediate';
  /** How long saved results stay readable. */
  ttlSeconds: number;
  /** How long POST waits for a saved search to finish; a slower one keeps running and its GET answers 202 until done. */
  waitMs: number;
  /** Tests only: every search waits this long before running, to exercise the asynchronous path. */
  testDelayMs: number;
}

/** The lab description that ships with the service (a relative BRAPI_VENDOR_SPECIFICATION is from the working directory). */
export const DEFAULT_VENDOR_SPECIFICATION = fileURLToPath(new URL('../fixtures/vendor/specification.json', import.meta.url));

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = int(env, name, fallback);
  if (n < 1) throw new Error(`${name} must be a positive integer, got "${env[name]}"`);
  return n;
}

function jvmOptions(raw: string | undefined): string[] {
  const options = (raw ?? '').split(/\s+/).filter(Boolean);
  // A word that is not an option would be taken by java as the class to run, and Neo4j would not start.
  const bad = options.find((o) => !o.startsWith('-'));
  if (bad !== undefined) throw new Error(`BRAPI_DEV_DB_JVM_OPTIONS holds JVM options, each starting with "-", got "${bad}"`);
  return options;
}

function searchStyle(raw: string | undefined): SearchConfig['style'] {
  if (raw === undefined || raw === '' || raw === 'saved') return 'saved';
  if (raw === 'immediate') return 'immediate';
  throw new Error(`BRAPI_SEARCH_STYLE must be "saved" or "immediate", got "${raw}"`);
}

function bool(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new Error(`${name} must be "true" or "false", got "${raw}"`);
}

/**
 * BRAPI_CORS_ORIGINS: unset or `*` allows any origin. That is safe here because the API takes credentials only from
 * the Authorization header, never from cookies, so a foreign page can do nothing its own user's token does not
 * allow, and credentials are never allowed cross-origin. (A deployment that keeps its public reads private by network
 * alone should list its origins.) Otherwise a comma-separated list of origins (`https://app.example.org`), each
 * checked and normalised as browsers send it.
 */
function corsOrigins(raw: string | undefined): Config['corsOrigins'] {
  const entries = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (entries.length === 0 || (entries.length === 1 && entries[0] === '*')) return '*';
  return entries.map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      // reported below
    }
    if (!url || url.origin === 'null' || url.pathname !== '/' || url.search || url.hash || url.username) {
      throw new Error(`BRAPI_CORS_ORIGINS must be "*" or a comma-separated list of origins such as https://app.example.org, got "${entry}"`);
    }
    return url.origin;
  });
}

function readPolicy(raw: string | undefined): 'public' | 'private' {
  if (raw === undefined || raw === '' || raw === 'public') return 'public';
  if (raw === 'private') return 'private';
  throw new Error(`BRAPI_READS must be "public" or "private", got "${raw}"`);
}

function jwtConfig(env: NodeJS.ProcessEnv): JwtConfig {
  const jwt: JwtConfig = {
    secret: env.BRAPI_JWT_SECRET || undefined,
    publicKeyFile: env.BRAPI_JWT_PUBLIC_KEY_FILE || undefined,
    jwksFile: env.BRAPI_JWT_JWKS_FILE || undefined,
    issuer: env.BRAPI_JWT_ISSUER || undefined,
    audience: env.BRAPI_JWT_AUDIENCE || undefined,
    rolesClaim: env.BRAPI_JWT_ROLES_CLAIM || 'roles',
  };
  const keys = [jwt.secret, jwt.publicKeyFile, jwt.jwksFile].filter(Boolean).length;
  if (keys > 1) throw new Error('Set only one of BRAPI_JWT_SECRET, BRAPI_JWT_PUBLIC_KEY_FILE, BRAPI_JWT_JWKS_FILE');
  // Without both, a token minted for another service would be accepted here.
  if (keys && (!jwt.issuer || !jwt.audience)) throw new Error('JWTs need BRAPI_JWT_ISSUER and BRAPI_JWT_AUDIENCE');
  if (jwt.secret && jwt.secret.length < 32) throw new Error('BRAPI_JWT_SECRET must be at least 32 characters');
  return jwt;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    basePath: (env.BRAPI_BASE_PATH || '/brapi/v2').replace(/\/+$/, ''),
    neo4j: {
      uri: env.NEO4J_URI || undefined,
      user: env.NEO4J_USER || undefined,
      password: env.NEO4J_PASSWORD || undefined,
      database: env.NEO4J_DATABASE || undefined,
      timeoutMs: int(env, 'NEO4J_TIMEOUT_MS', 30_000),
    },
    devDbDir: env.BRAPI_DEV_DB_DIR || '.data/neo4j',
    devDbStartTimeoutMs: positive(env, 'NEO4J_START_TIMEOUT_MS', 600_000),
    demoTimeoutMs: positive(env, 'BRAPI_DEMO_TIMEOUT_MS', 1_800_000),
    devDbPorts: { http: int(env, 'BRAPI_DEV_DB_HTTP_PORT', 7474), bolt: int(env, 'BRAPI_DEV_DB_BOLT_PORT', 7687) },
    devDbJvmOptions: jvmOptions(env.BRAPI_DEV_DB_JVM_OPTIONS),
    maxPageSize: int(env, 'BRAPI_MAX_PAGE_SIZE', 10_000),
    maxBodyBytes: int(env, 'BRAPI_MAX_BODY_BYTES', 50 * 1024 * 1024),
    demoData: env.BRAPI_DEMO_DATA === 'true' ? 'always' : env.BRAPI_DEMO_DATA === 'false' ? 'never' : 'bundled',
    logLevel: env.LOG_LEVEL || 'info',
    search: {
      style: searchStyle(env.BRAPI_SEARCH_STYLE),
      ttlSeconds: int(env, 'BRAPI_SEARCH_TTL_SECONDS', 24 * 3600),
      waitMs: int(env, 'BRAPI_SEARCH_WAIT_MS', 2000),
      testDelayMs: int(env, 'BRAPI_SEARCH_TEST_DELAY_MS', 0),
    },
    auth: {
      disabled: bool(env, 'BRAPI_AUTH_DISABLED'),
      privateReads: readPolicy(env.BRAPI_READS) === 'private',
      adminToken: env.BRAPI_ADMIN_TOKEN || undefined,
      jwt: jwtConfig(env),
    },
    maxArrayItems: int(env, 'BRAPI_MAX_ARRAY_ITEMS', 100_000),
    breedingValuesMaxGermplasm: positive(env, 'BRAPI_BREEDING_VALUES_MAX_GERMPLASM', 250_000),
    breedingValuesMaxGenotyped: positive(env, 'BRAPI_BREEDING_VALUES_MAX_GENOTYPED', 2_000),
    breedingValuesWorkers: positive(env, 'BRAPI_BREEDING_VALUES_WORKERS', 1),
    corsOrigins: corsOrigins(env.BRAPI_CORS_ORIGINS),
    purdyLevels: positive(env, 'BRAPI_PURDY_LEVELS', DEFAULT_PURDY_LEVELS),
    vendorSpecificationFile: env.BRAPI_VENDOR_SPECIFICATION ? path.resolve(env.BRAPI_VENDOR_SPECIFICATION) : DEFAULT_VENDOR_SPECIFICATION,
  };
}
