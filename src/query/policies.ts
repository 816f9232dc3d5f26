// Policies as the API writes them, and verdicts as the API gives them (docs/api.md, "Policies
// and verdicts"): a policy checked and compiled before it is stored; a stored build judged by the
// policies of its project, or an SBOM judged from its own facts; each verdict recorded.
import type { GraphView } from '../index/graph-view.js';
import { buildOf } from '../model/build.js';
import { buildInputOf } from './projects.js';
import type { DocumentFacts } from '../model/facts.js';
import { compilePolicy, PolicyCompileError, type Policy, type PolicyScope } from '../policy/policy.js';
import type { PolicyStore, ProjectCatalogue, StoredBuild } from '../store/types.js';
import { InvalidInputError, NotFoundError } from './errors.js';
import { documentContents, judge, storedBuildContents, type Verdict } from './verdicts.js';

const POLICY_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A policy from the API's fields, checked and compiled; 400 naming the field otherwise. */
export function checkedPolicy(
  name: string,
  body: { expression: string; subject?: Policy['subject']; action?: Policy['action']; scope?: PolicyScope },
): Policy {
  if (!POLICY_NAME.test(name)) {
    throw new InvalidInputError(
      'name',
      `name: "${name.slice(0, 80)}" is not a policy name (letters, digits, ".", "_", "-"; 128 at most)`,
    );
  }
  const policy: Policy = {
    name,
    expression: body.expression,
    subject: body.subject ?? 'finding',
    action: body.action ?? 'fail',
    scope: body.scope ?? { kind: 'global' },
  };
  try {
    compilePolicy(policy.expression, policy.subject);
  } catch (err) {
    if (err instanceof PolicyCompileError) throw new InvalidInputError('expression', `expression: ${err.message}`);
    throw err;
  }
  return policy;
}

export interface JudgedVerdict extends Verdict {
  project: string | null;
  digest: string | null;
}

type Catalogue = Pick<ProjectCatalogue, 'getBuild' | 'getProject'> & Pick<PolicyStore, 'listPolicies'>;

async function labelsOf(store: Catalogue, project: string | null): Promise<Readonly<Record<string, string>>> {
  return project === null ? {} : ((await store.getProject(project))?.labels ?? {});
}

/**
 * A stored build judged: named by its SBOM document's digest, or by a project name (its latest
 * build). 404 when neither names one.
 */
export async function judgeStoredBuild(index: GraphView, store: Catalogue, ref: string): Promise<JudgedVerdict> {
  const found = await storedBuild(store, ref);
  const policies = await store.listPolicies();
  const labels = await labelsOf(store, found.project);
  const verdict = judge(policies, found.project, labels, storedBuildContents(index, found.build.subjectNode));
  return { ...verdict, project: found.project, digest: found.build.digest };
}

async function storedBuild(store: Catalogue, ref: string): Promise<{ project: string | null; build: StoredBuild }> {
  const digest = /^(?:sha256:)?([0-9a-f]{64})$/i.exec(ref)?.[1];
  if (digest) {
    const build = await store.getBuild(`sha256:${digest.toLowerCase()}`);
    if (build) return build;
    throw new NotFoundError(
      'SG_DOCUMENT_NOT_FOUND',
      `build: no stored SBOM has the digest sha256:${digest.toLowerCase()}`,
    );
  }
  const project = await store.getProject(ref);
  if (project?.latest) return { project: project.name, build: project.latest };
  throw new NotFoundError('SG_PROJECT_NOT_FOUND', `build: no project is named "${ref}" (nor is it an SBOM digest)`);
}

/** An SBOM judged from its own facts (not stored); its project named, or derived as an upload's would be. */
export async function judgeDocument(
  index: GraphView,
  store: Catalogue,
  facts: DocumentFacts,
  project: string | undefined,
): Promise<JudgedVerdict> {
  if (facts.sboms.length === 0) throw new InvalidInputError('body', 'body: the document has no SBOM to judge');
  const named =
    project === undefined
      ? (buildOf(facts, {}, new Date().toISOString())?.project ?? null)
      : buildInputOf({ project })!.project!;
  const verdict = judge(
    await store.listPolicies(),
    named,
    await labelsOf(store, named),
    documentContents(index, facts),
  );
  return { ...verdict, project: named, digest: null };
}
