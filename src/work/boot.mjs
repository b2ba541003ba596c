// A worker thread's start under tsx (npm start, the tests): Node 20 does not carry the main thread's module hooks
// (--import tsx) into a worker, so the worker registers tsx's itself, then loads the TypeScript entry (pool.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
