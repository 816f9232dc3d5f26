// `supplygraph check --server URL [--token T] sbom.json`: the CI gate (docs/api.md, "Policies and
// verdicts"). Sends the SBOM to POST /v0/verdicts, prints a readable report (or the verdict as
// JSON), and exits 0 on pass or warn, 1 on fail, 2 when no verdict could be had.
import { readFile } from 'node:fs/promises';

export interface CheckOptions {
  server: string;
  token?: string;
  project?: string;
  store: boolean;
  json: boolean;
}

interface VerdictAnswer {
  verdict: 'pass' | 'warn' | 'fail';
  project: string | null;
  policies: string[];
  violations: {
    policy: string;
    action: string;
    package: string;
    vulnerability?: string;
    license?: string;
    path: string[];
  }[];
}

function verdictUrl(options: CheckOptions): string {
  const url = new URL('/v0/verdicts', options.server);
  if (options.store) url.searchParams.set('store', 'true');
  if (options.project) url.searchParams.set('project', options.project);
  return url.toString();
}

function report(v: VerdictAnswer): string[] {
  const lines = [
    `verdict: ${v.verdict.toUpperCase()} (project ${v.project ?? '-'}; policies: ${v.policies.join(', ') || 'none'})`,
  ];
  for (const x of v.violations) {
    const what = x.vulnerability ?? (x.license ? `licence ${x.license}` : 'component');
    lines.push(`  ${x.action.toUpperCase()} ${x.policy}: ${x.package} ${what}`);
    lines.push(`    via ${x.path.join(' → ')}`);
  }
  return lines;
}

export async function runCheck(file: string, options: CheckOptions): Promise<number> {
  let answer: VerdictAnswer;
  try {
    const body = await readFile(file);
    const res = await fetch(verdictUrl(options), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body,
    });
    const text = await res.text();
    if (res.status !== 200) {
      const detail = (JSON.parse(text) as { detail?: string }).detail ?? text;
      console.error(`supplygraph check: the server answered ${res.status}: ${detail}`);
      return 2;
    }
    answer = JSON.parse(text) as VerdictAnswer;
  } catch (err) {
    console.error(`supplygraph check: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
  if (options.json) console.log(JSON.stringify(answer));
  else for (const line of report(answer)) console.log(line);
  return answer.verdict === 'fail' ? 1 : 0;
}
