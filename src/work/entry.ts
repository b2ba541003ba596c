// A worker thread's side of pool.ts: runs each named task it is sent and posts back its value (typed arrays moved,
// not copied) or its error (an HttpError by class name, so that the service answers the same status).
import { parentPort } from 'node:worker_threads';
import { HttpError } from '../errors.js';
import { tasks, type TaskName } from './tasks.js';

export interface TaskMessage {
  id: number;
  name: TaskName;
  args: unknown[];
}

export type ReplyMessage =
  | { id: number; value: unknown }
  | { id: number; error: { name: string; message: string; http: boolean; stack?: string } };

/** The buffers of the typed arrays in `value`, to move them with the reply. */
function buffers(value: unknown, found = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) found.add(value.buffer);
  } else if (Array.isArray(value)) {
    for (const v of value) if (v !== null && typeof v === 'object') buffers(v, found);
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) if (v !== null && typeof v === 'object') buffers(v, found);
  }
  return [...found];
}

parentPort!.on('message', ({ id, name, args }: TaskMessage) => {
  let reply: ReplyMessage;
  try {
    const value = (tasks[name] as (...a: unknown[]) => unknown)(...args);
    parentPort!.postMessage({ id, value } satisfies ReplyMessage, buffers(value));
    return;
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    reply = { id, error: { name: e.constructor.name, message: e.message, http: e instanceof HttpError, stack: e.stack } };
  }
  parentPort!.postMessage(reply);
});
