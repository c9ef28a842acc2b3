import { parentPort } from 'node:worker_threads';
import { readXlsxTable } from './roster-xlsx.js';

/** The worker thread of roster-file.ts: reads one .xlsx per message, off the event loop, and answers it. */
parentPort?.on('message', (m: { id: number; content: Uint8Array; maxRows: number }) => {
  try {
    const table = readXlsxTable(Buffer.from(m.content.buffer, m.content.byteOffset, m.content.byteLength), m.maxRows);
    parentPort?.postMessage({ id: m.id, ok: true, table });
  } catch {
    parentPort?.postMessage({ id: m.id, ok: false });
  }
});
