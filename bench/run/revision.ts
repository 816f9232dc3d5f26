// The code a run measured: git HEAD, plus a mark when src/ has uncommitted changes.
import { ROOT } from '../lib/paths.js';
import { runToEnd } from '../lib/proc.js';

export async function gitRevision(): Promise<string> {
  const head = await runToEnd('git', ['-C', ROOT, 'log', '-1', '--format=%h %s'], '/dev/null', 10_000).catch(
    () => undefined,
  );
  const dirty = await runToEnd('git', ['-C', ROOT, 'status', '--porcelain', '--', 'src'], '/dev/null', 10_000).catch(
    () => undefined,
  );
  if (!head || head.code !== 0) return 'unknown';
  return `${head.stdout.trim()}${dirty && dirty.stdout.trim() ? ' + uncommitted changes in src/' : ''}`;
}
