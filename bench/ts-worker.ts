// A worker thread running one of the bench's TypeScript files. A worker does not inherit tsx's loader: it registers
// it, then loads the file.
import { Worker } from 'node:worker_threads';

export function tsWorker(file: URL, workerData?: unknown): Worker {
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); })`, {
    eval: true,
    workerData,
  });
}
