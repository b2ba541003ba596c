// The lines of an import's input file (gzip-compressed when its name ends in .gz), streamed, with how many of the
// file's bytes have been read so far (for progress against the file's size).
import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';

export interface FileLines {
  lines: AsyncIterable<string>;
  /** The file's size in bytes. */
  total: number;
  /** Bytes of the file read so far (compressed bytes for a .gz file). */
  bytesRead(): number;
  /** Stops reading (an import that failed midway). */
  close(): void;
}

export function fileLines(file: string): FileLines {
  const total = fs.statSync(file).size;
  const raw = fs.createReadStream(file);
  let read = 0;
  raw.on('data', (chunk) => { read += chunk.length; });
  const text = /\.gz$/i.test(file) ? raw.pipe(zlib.createGunzip()) : raw;
  const lines = readline.createInterface({ input: text, crlfDelay: Infinity });
  return {
    lines,
    total,
    bytesRead: () => read,
    close: () => {
      lines.close();
      raw.destroy();
    },
  };
}
