// `supplygraph audit`: the newest records of the audit log (uploads, deletions, token changes,
// refused requests), newest first, as aligned lines or JSON.
import { auditEventView } from '../http/schemas/audit.js';
import { openStore } from '../store/open.js';
import { printColumns } from './columns.js';
import { requireExistingStore } from './preflight.js';

export async function runAudit(location: string, limit: number, json: boolean): Promise<number> {
  requireExistingStore(location);
  const store = await openStore(location);
  try {
    const { events, total } = await store.listAudit({ limit });
    const shown = events.map(auditEventView);
    if (json) {
      console.log(JSON.stringify({ total, events: shown }));
      return 0;
    }
    const rows = [
      ['AT', 'TOKEN', 'CLIENT', 'ACTION', 'RESULT', 'DIGEST'],
      ...shown.map((e) => [e.at, e.token ?? '-', e.client, e.action, e.result, e.digest ?? '-']),
    ];
    printColumns(rows);
    console.error(`${shown.length} of ${total} records, newest first`);
    return 0;
  } finally {
    await store.close();
  }
}
